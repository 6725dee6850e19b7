#!/usr/bin/env node
// Measures the JavaScript each route loads before it can show anything (issues "Speed" and
// "Production hardening"), gzip-compressed: the entry chunk, the chunks of the route's lazy modules
// (for a signed-in screen the layout's and the screen's), and every chunk any of them imports
// statically. Chunks a screen imports dynamically (a dialog, a chart) are not counted: they load
// when used. Reads apps/web/dist as built by `vite build` (build.manifest on); builds nothing.
// Every route's budget is the aim, 150 kB gzip (docs/perf.md, "Dashboard route (Lighthouse)");
// a route may get a budget of its own if it ever has to go above it for a while. `--budget N`
// checks every route against one figure.
//   node apps/web/scripts/bundle-size.mjs [--json] [--budget 150]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const budgetIndex = args.indexOf('--budget');
const onlyBudgetKb = budgetIndex >= 0 ? Number(args[budgetIndex + 1]) : undefined;
const AIM_KB = 150;
const LAYOUT = 'src/shell/AppLayout.tsx';
/** each measured route, the lazy modules (routes.tsx) it loads before its screen shows, its budget */
const ROUTES = [
  { route: '/login', modules: ['src/features/auth/LoginPage.tsx'], budgetKb: AIM_KB },
  // the widgets; their charts (visx and d3, about 40 kB) load while the widgets' numbers do
  { route: '/dashboard', modules: [LAYOUT, 'src/features/dashboard/DashboardPage.tsx'], budgetKb: AIM_KB },
  // the table (TanStack Table) and the filters on top of the shared part
  // 157.5 for a while (docs/perf.md, "Route budgets", 2026-11-30): two languages (Lingui's runtime,
  // the language menu and each text's ICU form, about 7 kB gzip on every route) while the events
  // screen was at 150.2
  { route: '/events', modules: [LAYOUT, 'src/features/events/EventsPage.tsx'], budgetKb: 157.5 },
  // a catalogue list with who is on call in each schedule (its window and the delete confirmation
  // load when they open)
  // 156.5 for a while: two languages, as /events
  { route: '/schedules', modules: [LAYOUT, 'src/features/schedules/SchedulesPage.tsx'], budgetKb: 156.5 },
  // the timeline, the rotations and the overrides (their windows and confirmations load when they open)
  { route: '/schedules/:schedule_id', modules: [LAYOUT, 'src/features/schedules/SchedulePage.tsx'], budgetKb: AIM_KB },
  // a catalogue list of an application's modules (its windows and the delete confirmation load when they open)
  {
    route: '/application/:application_id/modules',
    modules: [LAYOUT, 'src/features/modules/ModulesPage.tsx'],
    // 154 for a while: two languages, as /events
    budgetKb: 154,
  },
  // the webhooks and their state (Add Webhook and the delivery log load when they open)
  { route: '/webhooks', modules: [LAYOUT, 'src/features/webhooks/WebhooksPage.tsx'], budgetKb: AIM_KB },
  // the trail's table and filters (a change's window loads when it opens)
  { route: '/audit', modules: [LAYOUT, 'src/features/audit/AuditPage.tsx'], budgetKb: AIM_KB },
  // the endpoints of the OpenAPI document, read when the page opens
  { route: '/api_reference', modules: [LAYOUT, 'src/features/api-reference/ApiReferencePage.tsx'], budgetKb: AIM_KB },
];

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error(`No Vite manifest in ${dist}/.vite: run \`npx vite build\` in apps/web first.`);
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');

/** a chunk and, transitively, every chunk it imports statically */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const sizes = new Map();
function sizeOf(key) {
  if (!sizes.has(key)) {
    const file = manifest[key].file;
    const code = readFileSync(join(dist, file));
    sizes.set(key, { file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length });
  }
  return sizes.get(key);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const results = ROUTES.map(({ route, modules, budgetKb: routeBudgetKb }) => {
  const budgetKb = onlyBudgetKb ?? routeBudgetKb;
  for (const module of modules)
    if (!manifest[module]) throw new Error(`The manifest has no chunk for ${module}: is ${route} still a lazy route?`);
  const keys = new Set([entryKey, ...modules].flatMap((key) => [...closure(key)]));
  const chunks = [...keys].map(sizeOf).sort((a, b) => b.gzip - a.gzip);
  const total = chunks.reduce((sum, chunk) => ({ bytes: sum.bytes + chunk.bytes, gzip: sum.gzip + chunk.gzip }), {
    bytes: 0,
    gzip: 0,
  });
  return {
    route,
    chunks,
    totalBytes: total.bytes,
    totalGzipBytes: total.gzip,
    budgetKb,
    withinBudget: total.gzip / 1024 <= budgetKb,
  };
});

if (asJson) {
  console.log(JSON.stringify({ aimKb: AIM_KB, routes: results }, null, 2));
} else {
  for (const { route, chunks, totalBytes, totalGzipBytes, budgetKb, withinBudget } of results) {
    console.log(`JavaScript loaded initially by ${route} (entry + the route's lazy chunks + their static imports):`);
    for (const chunk of chunks)
      console.log(
        `  ${chunk.file.padEnd(48)} ${kb(chunk.bytes).padStart(8)} kB  ${kb(chunk.gzip).padStart(7)} kB gzip`,
      );
    console.log(
      `  ${'total'.padEnd(48)} ${kb(totalBytes).padStart(8)} kB  ${kb(totalGzipBytes).padStart(7)} kB gzip (budget ${budgetKb} kB, aim ${AIM_KB} kB)${withinBudget ? '' : ' OVER BUDGET'}\n`,
    );
  }
}
process.exit(results.every((result) => result.withinBudget) ? 0 : 1);
