/**
 * Lighthouse on the built web app: the performance, accessibility and best-practices scores, the
 * largest contentful paint and the initial JavaScript of /login (signed out), /dashboard and
 * /events (signed in), served by the built server (the one `npm start` runs) with the demo data
 * and a few dozen incidents, so both signed-in screens draw real rows and charts. The initial
 * JavaScript is every script the run loaded (the entry, the route's chunk and their imports:
 * nothing is clicked), by its transfer size and by the size of its gzip copy in apps/web/dist.
 *
 * Debian's Chromium through chrome-launcher (--headless=new --no-sandbox --disable-gpu); the session
 * cookie of the demo Customer goes with every request (Lighthouse's extraHeaders). Lighthouse's
 * desktop preset (its simulated throttling of a desktop on a fast network), RUNS runs a route
 * (default 3), the median kept.
 *
 *   npx nx run-many -t build -p server web && npx tsx tools/bench/lighthouse.ts
 *
 * RUNS and INCIDENTS change the runs a route and the incidents made first; LIGHTHOUSE_REPORT_DIR
 * keeps each run's full report there (JSON), to see what an audit found.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { demoBench, demoModuleKey, fmt, median, ROOT, signIn, signInDemoRoot, startServer } from './lib';

const RUNS = Number(process.env.RUNS ?? 3);
const INCIDENTS = Number(process.env.INCIDENTS ?? 40);
const ROUTES = [
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/events', signedIn: true },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
/** where each run's full report goes (JSON, to read what made a figure), when set */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** the aims: each category's score, the largest contentful paint, the initial JavaScript (gzip) */
const AIM = { score: 95, lcpMs: 1500, scriptBytes: 150 * 1024 };
const WEB_DIST = join(ROOT, 'apps/web/dist');

/** What one Lighthouse run found: the scores, the paint and blocking metrics, and the scripts it loaded. */
interface Run {
  scores: Record<Category, number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  scripts: { url: string; transferBytes: number }[];
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function runOf(lhr: LighthouseResult): Run {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // without a click nothing loads after the page settles: the scripts of the run are the entry,
  // the route's chunk and their imports, all loaded before the page answers input
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
      Category,
      number
    >,
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    scripts: requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ url: r.url, transferBytes: r.transferSize ?? 0 })),
  };
}

/** The gzip size of a built script (the build writes a .gz copy beside each file over 1 kB; a smaller file goes as it is). */
function gzipBytes(url: string): number {
  const file = join(WEB_DIST, new URL(url).pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

if (!existsSync(join(ROOT, 'apps/web/dist/index.html')))
  throw new Error('apps/web/dist is missing: build the web app first (npx nx run web:build)');
const bench = await demoBench('relevo-bench-lighthouse-', undefined);
const server = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'warn' });
const chrome = await launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  // incidents of today for the demo module, so the dashboard's widgets and the events list are filled
  const root = await signInDemoRoot(server.url, bench.mailbox);
  const { authorization } = await demoModuleKey(server.url, root.cookie);
  for (let i = 0; i < INCIDENTS; i++) {
    const answer = await fetch(`${server.url}/api/v1/incidents`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        incident: `Checkout errors above ${i}%`,
        description: 'Made by the Lighthouse benchmark to fill the screens.',
      }),
    });
    if (answer.status !== 201) throw new Error(`incident ${i}: ${answer.status} ${await answer.text()}`);
  }

  // the demo Customer (not the root) looks at the screens
  const cookie = await signIn(server.url, bench.mailbox, 'user@democompany.demo', 'User.Demo.2026');
  const flags = (signedIn: boolean): Flags => ({
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
  });

  const rows: string[] = [];
  const scriptLists: string[] = [];
  for (const { path: route, signedIn } of ROUTES) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      // a trace Lighthouse could not read (NO_NAVSTART and the like, seen on a busy machine) is run again
      let lhr: LighthouseResult | undefined;
      for (let attempt = 1; !lhr || lhr.runtimeError; attempt++) {
        if (attempt > 3) throw new Error(`${route}: ${lhr?.runtimeError?.message ?? 'no Lighthouse result'}`);
        lhr = (await lighthouse(`${server.url}${route}`, flags(signedIn), desktopConfig))?.lhr;
      }
      if (REPORT_DIR) writeFileSync(join(REPORT_DIR, `${route.slice(1)}-${run + 1}.json`), JSON.stringify(lhr));
      // still on the route: signed in where it should be, not sent to /login (nor away from it)
      if (!new URL(lhr.finalDisplayedUrl).pathname.startsWith(route))
        throw new Error(`${route} ended at ${lhr.finalDisplayedUrl}`);
      runs.push(runOf(lhr));
      // what keeps a category below 100, to read and fix
      for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
        const refs = lhr.categories[category]?.auditRefs ?? [];
        const failing = refs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        if (failing.length > 0)
          console.error(
            `${route} run ${run + 1}: ${category} ${Math.round((lhr.categories[category]?.score ?? 0) * 100)}: ${failing.join(', ')}`,
          );
      }
    }
    const score = (category: Category) => median(runs.map((r) => r.scores[category]));
    const lcp = median(runs.map((r) => r.lcp));
    const scripts = runs[0]!.scripts;
    const transfer = median(runs.map((r) => r.scripts.reduce((sum, s) => sum + s.transferBytes, 0)));
    const gzip = scripts.reduce((sum, s) => sum + gzipBytes(s.url), 0);
    const meets = CATEGORIES.every((c) => score(c) >= AIM.score) && lcp < AIM.lcpMs && gzip <= AIM.scriptBytes;
    rows.push(
      `| ${route}${signedIn ? '' : ' (signed out)'} | ${score('performance')} (${runs.map((r) => r.scores.performance).join(', ')}) | ${score('accessibility')} | ${score('best-practices')} | ${fmt(lcp)} (${runs.map((r) => fmt(r.lcp)).join(', ')}) | ${fmt(median(runs.map((r) => r.fcp)))} | ${fmt(median(runs.map((r) => r.tbt)))} | ${median(runs.map((r) => r.cls)).toFixed(3)} | ${scripts.length} | ${fmt(transfer / 1024, 1)} | ${fmt(gzip / 1024, 1)} | ${meets ? 'meets' : 'misses'} |`,
    );
    scriptLists.push(
      `${route}: ${scripts.map((s) => `${new URL(s.url).pathname.replace('/assets/', '')} ${fmt(s.transferBytes / 1024, 1)} / ${fmt(gzipBytes(s.url) / 1024, 1)}`).join(', ')}`,
    );
  }
  const [load1] = loadavg();
  console.log(
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load1!.toFixed(2)}, Node ${process.versions.node}, ${RUNS} runs a route, desktop preset\n`,
  );
  console.log(
    `| route | performance (runs) | accessibility | best practices | LCP ms (runs) | FCP ms | TBT ms | CLS | scripts | initial JS KB, transfer | initial JS KB, gzip | aim (each ≥ ${AIM.score}, LCP < ${fmt(AIM.lcpMs)} ms, JS ≤ ${AIM.scriptBytes / 1024} KB gzip) |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  console.log(`\nInitial scripts (KB transfer / gzip):\n${scriptLists.map((line) => `- ${line}`).join('\n')}`);
} finally {
  chrome.kill();
  await server.stop();
  await bench.close();
}
