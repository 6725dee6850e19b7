/**
 * Lighthouse on the built web app, signed in: the performance score and the largest contentful
 * paint of /dashboard and /events, served by the built server (the one `npm start` runs) with the
 * demo data and a few dozen incidents, so both screens draw real rows and charts.
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
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { demoBench, demoModuleKey, fmt, median, ROOT, signIn, signInDemoRoot, startServer } from './lib';

const RUNS = Number(process.env.RUNS ?? 3);
const INCIDENTS = Number(process.env.INCIDENTS ?? 40);
const ROUTES = ['/dashboard', '/events'];
/** where each run's full report goes (JSON, to read what made a figure), when set */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** spec aims for the signed-in screens */
const AIM = { score: 95, lcpMs: 1500 };

if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: build the web app first (npx nx run web:build)');
const bench = await demoBench('relevo-bench-lighthouse-', undefined);
const server = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'warn' });
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  // incidents of today for the demo module, so the dashboard's widgets and the events list are filled
  const root = await signInDemoRoot(server.url, bench.mailbox);
  const { authorization } = await demoModuleKey(server.url, root.cookie);
  for (let i = 0; i < INCIDENTS; i++) {
    const answer = await fetch(`${server.url}/api/v1/incidents`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ incident: `Checkout errors above ${i}%`, description: 'Made by the Lighthouse benchmark to fill the screens.' }),
    });
    if (answer.status !== 201) throw new Error(`incident ${i}: ${answer.status} ${await answer.text()}`);
  }

  // the demo Customer (not the root) looks at the screens
  const cookie = await signIn(server.url, bench.mailbox, 'user@democompany.demo', 'User.Demo.2026');
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } };

  const rows: string[] = [];
  for (const route of ROUTES) {
    const scores: number[] = [];
    const lcps: number[] = [];
    const fcps: number[] = [];
    const tbts: number[] = [];
    const clss: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.url}${route}`, flags, desktopConfig);
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
      if (REPORT_DIR) writeFileSync(join(REPORT_DIR, `${route.slice(1)}-${run + 1}.json`), JSON.stringify(lhr));
      // signed in: still on the route, not sent to /login
      if (!new URL(lhr.finalDisplayedUrl).pathname.startsWith(route)) throw new Error(`${route} ended at ${lhr.finalDisplayedUrl}: not signed in`);
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      lcps.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      fcps.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
      tbts.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      clss.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
    }
    const score = median(scores);
    const lcp = median(lcps);
    const meets = score >= AIM.score && lcp < AIM.lcpMs;
    rows.push(
      `| ${route} | ${score} (${scores.join(', ')}) | ${fmt(lcp)} (${lcps.map((n) => fmt(n)).join(', ')}) | ${fmt(median(fcps))} | ${fmt(median(tbts))} | ${median(clss).toFixed(3)} | ${meets ? 'meets' : 'misses'} |`,
    );
  }
  const [load1] = loadavg();
  console.log(`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load1!.toFixed(2)}, Node ${process.versions.node}, ${RUNS} runs a route, desktop preset\n`);
  console.log(`| route | performance (runs) | LCP ms (runs) | FCP ms | TBT ms | CLS | aim (≥ ${AIM.score}, LCP < ${fmt(AIM.lcpMs)} ms) |`);
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
} finally {
  chrome.kill();
  await server.stop();
  await bench.close();
}
