/**
 * `npm start` to first answer: the built server on a fresh embedded database (migrations and demo
 * data included) and again on the database it left, until GET /api/health answers.
 */
import { rmSync } from 'node:fs';
import { fmt, median, startServer, tempDir } from './lib';

const runs = Number(process.env.RUNS ?? 3);
const fresh: number[] = [];
const again: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = tempDir('relevo-bench-start-');
  try {
    // the demo history's own time is measured on its own (docs/perf.md, "Demo history")
    const first = await startServer({ DATA_DIR: dataDir, DEMO_HISTORY_DAYS: '0' });
    fresh.push(first.readyMs);
    await first.stop();
    const second = await startServer({ DATA_DIR: dataDir });
    again.push(second.readyMs);
    await second.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log('| start of the built server | median ms | runs (ms) |');
console.log('|---|---:|---|');
console.log(
  `| fresh embedded database (migrate + demo data) | ${fmt(median(fresh))} | ${fresh.map((n) => fmt(n)).join(', ')} |`,
);
console.log(`| existing embedded database | ${fmt(median(again))} | ${again.map((n) => fmt(n)).join(', ')} |`);
