/**
 * Lighthouse on the built web app: the performance, accessibility and best-practices scores, the
 * largest contentful paint and the initial JavaScript of /login (signed out), /dashboard and
 * /events (signed in), served by the built server (the one `npm start` runs) with the demo data
 * and a few dozen incidents, so both signed-in screens draw real rows and charts. The initial
 * JavaScript is every script the run loaded (the entry, the route's chunk and their imports:
 * nothing is clicked), by its transfer size and by the size of its gzip copy in apps/web/dist.
 *
 * The server answers HTTPS (over HTTP/2, as a deployment serves phones: docs/operations.md, "HTTPS")
 * with the tests' certificate for 127.0.0.1, which Chromium is told to accept; LIGHTHOUSE_HTTPS=0
 * runs it on plain HTTP (HTTP/1.1: six connections, a round trip each request) instead.
 *
 * Debian's Chromium through chrome-launcher (--headless=new --no-sandbox --disable-gpu); the session
 * cookie of the demo Customer goes with every request (Lighthouse's extraHeaders). RUNS runs a
 * route (default 3), the median kept, on two form factors, each its own table:
 * - desktop: Lighthouse's desktop preset (a 1350 x 940 screen, simulated throttling of a desktop on
 *   a fast network); aim: each score >= 95, LCP < 1.5 s;
 * - mobile: Lighthouse's default config (a 412 x 823 phone screen at 1.75x, simulated slow 4G:
 *   150 ms round trip, 1.6 Mbit/s down, and a CPU slowed 4 times); aim: each score >= 95, LCP
 *   < 2.5 s (the "good" threshold of Core Web Vitals).
 * Both aim at most 150 KB gzip of initial JavaScript. Lighthouse's CPU slowdown of 4 is set for a fast
 * desktop (a benchmark index of 1500 to 2000, its documentation says); a slower or busier machine
 * emulates a slower phone with it. Each table's heading gives the median benchmark index of its runs,
 * and LIGHTHOUSE_CPU_SLOWDOWN=n runs the mobile form with another slowdown, to compare.
 *
 *   npx nx run-many -t build -p server web && npx tsx tools/bench/lighthouse.ts
 *
 * LIGHTHOUSE_FORM=desktop or mobile runs one form factor (default: both, desktop first), and
 * LIGHTHOUSE_ROUTES=/dashboard,/events some of the routes (default: all three). RUNS and
 * INCIDENTS change the runs a route and the incidents made first; LIGHTHOUSE_REPORT_DIR keeps each
 * run's full report there (JSON, `<form>-<route>-<run>.json`), to see what an audit found.
 * BENCH_SERVER_MAIN (tools/bench/lib.ts) runs another copy of the builds: a snapshot of apps/server/dist
 * and apps/web/dist side by side, which a rebuild of the checkout during the runs does not change.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { defaultConfig, desktopConfig, type Config, type Flags } from 'lighthouse';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  demoBench,
  demoModuleKey,
  fmt,
  median,
  SERVER_MAIN,
  signIn,
  signInDemoRoot,
  startServer,
  TEST_TLS,
  withTrustedCertificate,
} from './lib';

const HTTPS = process.env.LIGHTHOUSE_HTTPS !== '0';
// the benchmark's own calls (signing in, the incidents) go over HTTPS too
if (HTTPS) withTrustedCertificate();
const RUNS = Number(process.env.RUNS ?? 3);
const INCIDENTS = Number(process.env.INCIDENTS ?? 40);
const ALL_ROUTES = [
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/events', signedIn: true },
];
/** LIGHTHOUSE_ROUTES=/events,/dashboard runs those routes only (default: all three) */
const ONLY_ROUTES = process.env.LIGHTHOUSE_ROUTES?.split(',').map((route) => route.trim());
const ROUTES = ALL_ROUTES.filter((route) => !ONLY_ROUTES || ONLY_ROUTES.includes(route.path));
if (ROUTES.length === 0) throw new Error(`LIGHTHOUSE_ROUTES names none of ${ALL_ROUTES.map((r) => r.path).join(', ')}`);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
/** where each run's full report goes (JSON, to read what made a figure), when set */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** a form factor: its Lighthouse config and its aims */
interface Form {
  name: 'desktop' | 'mobile';
  config: Config;
  /** the aims: each category's score, the largest contentful paint, the initial JavaScript (gzip) */
  aim: { score: number; lcpMs: number; scriptBytes: number };
}
const ALL_FORMS: Form[] = [
  { name: 'desktop', config: desktopConfig, aim: { score: 95, lcpMs: 1500, scriptBytes: 150 * 1024 } },
  { name: 'mobile', config: defaultConfig, aim: { score: 95, lcpMs: 2500, scriptBytes: 150 * 1024 } },
];
const FORM = process.env.LIGHTHOUSE_FORM ?? 'both';
if (!['desktop', 'mobile', 'both'].includes(FORM))
  throw new Error(`LIGHTHOUSE_FORM is desktop, mobile or both, not ${FORM}`);
const FORMS = ALL_FORMS.filter((form) => FORM === 'both' || form.name === FORM);
/** the mobile runs' CPU slowdown when not Lighthouse's default (4) */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1)) throw new Error('LIGHTHOUSE_CPU_SLOWDOWN is a number from 1');
/** the web app the server serves: ../../web/dist from its main.js (apps/server/src/main.ts) */
const WEB_DIST = resolve(dirname(SERVER_MAIN), '../../web/dist');

/** What one Lighthouse run found: the scores, the paint and blocking metrics, and the scripts it loaded. */
interface Run {
  scores: Record<Category, number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed during the run */
  benchmarkIndex: number;
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
    benchmarkIndex: lhr.environment.benchmarkIndex,
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

if (!existsSync(join(WEB_DIST, 'index.html')))
  throw new Error(`${WEB_DIST} is missing: build the web app first (npx nx run web:build)`);
const bench = await demoBench('relevo-bench-lighthouse-', undefined);
const server = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'warn', ...(HTTPS ? TEST_TLS : {}) });
const chrome = await launch({
  chromePath: '/usr/bin/chromium',
  // the tests' certificate is nobody's: Chromium takes it as it is
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...(HTTPS ? ['--ignore-certificate-errors'] : [])],
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
  const flags = (form: Form, signedIn: boolean): Flags => ({
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
    // merged into the config's throttling (the network settings stay)
    ...(form.name === 'mobile' && CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
  });

  for (const form of FORMS) {
    const { aim } = form;
    const rows: string[] = [];
    const scriptLists: string[] = [];
    const benchmarkIndexes: number[] = [];
    for (const { path: route, signedIn } of ROUTES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        // a trace Lighthouse could not read (NO_NAVSTART and the like, seen on a busy machine) is run again
        let lhr: LighthouseResult | undefined;
        for (let attempt = 1; !lhr || lhr.runtimeError; attempt++) {
          if (attempt > 3)
            throw new Error(`${form.name} ${route}: ${lhr?.runtimeError?.message ?? 'no Lighthouse result'}`);
          lhr = (await lighthouse(`${server.url}${route}`, flags(form, signedIn), form.config))?.lhr;
        }
        if (REPORT_DIR)
          writeFileSync(join(REPORT_DIR, `${form.name}-${route.slice(1)}-${run + 1}.json`), JSON.stringify(lhr));
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
              `${form.name} ${route} run ${run + 1}: ${category} ${Math.round((lhr.categories[category]?.score ?? 0) * 100)}: ${failing.join(', ')}`,
            );
        }
      }
      benchmarkIndexes.push(...runs.map((r) => r.benchmarkIndex));
      const score = (category: Category) => median(runs.map((r) => r.scores[category]));
      const lcp = median(runs.map((r) => r.lcp));
      const scripts = runs[0]!.scripts;
      const transfer = median(runs.map((r) => r.scripts.reduce((sum, s) => sum + s.transferBytes, 0)));
      const gzip = scripts.reduce((sum, s) => sum + gzipBytes(s.url), 0);
      const meets = CATEGORIES.every((c) => score(c) >= aim.score) && lcp < aim.lcpMs && gzip <= aim.scriptBytes;
      rows.push(
        `| ${route}${signedIn ? '' : ' (signed out)'} | ${score('performance')} (${runs.map((r) => r.scores.performance).join(', ')}) | ${score('accessibility')} | ${score('best-practices')} | ${fmt(lcp)} (${runs.map((r) => fmt(r.lcp)).join(', ')}) | ${fmt(median(runs.map((r) => r.fcp)))} | ${fmt(median(runs.map((r) => r.tbt)))} | ${median(runs.map((r) => r.cls)).toFixed(3)} | ${scripts.length} | ${fmt(transfer / 1024, 1)} | ${fmt(gzip / 1024, 1)} | ${meets ? 'meets' : 'misses'} |`,
      );
      scriptLists.push(
        `${route}: ${scripts.map((s) => `${new URL(s.url).pathname.replace('/assets/', '')} ${fmt(s.transferBytes / 1024, 1)} / ${fmt(gzipBytes(s.url) / 1024, 1)}`).join(', ')}`,
      );
    }
    const [load1] = loadavg();
    console.log(
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load1!.toFixed(2)}, Node ${process.versions.node}, ${HTTPS ? 'HTTPS (HTTP/2)' : 'plain HTTP (HTTP/1.1)'}, ${RUNS} runs a route, ${form.name === 'desktop' ? 'desktop preset' : `mobile (default config: phone screen, slow 4G, CPU slowed ${CPU_SLOWDOWN ?? 4} times)`}, benchmark index ${fmt(median(benchmarkIndexes))}\n`,
    );
    console.log(
      `| route | performance (runs) | accessibility | best practices | LCP ms (runs) | FCP ms | TBT ms | CLS | scripts | initial JS KB, transfer | initial JS KB, gzip | aim (each ≥ ${aim.score}, LCP < ${fmt(aim.lcpMs)} ms, JS ≤ ${aim.scriptBytes / 1024} KB gzip) |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const row of rows) console.log(row);
    console.log(`\nInitial scripts (KB transfer / gzip):\n${scriptLists.map((line) => `- ${line}`).join('\n')}\n`);
  }
} finally {
  chrome.kill();
  await server.stop();
  await bench.close();
}
