/**
 * One year of a schedule's shifts (issue "Who is on call now"): the final layer of a schedule with
 * 3 rotations (a weekly one of 4 people under everything, a daily one of 3 restricted to weekdays
 * 09:00-17:00, a 12-hour one of 2 on weekends) and 200 overrides spread over the year, in
 * America/New_York (two daylight-saving changes), computed by the domain's `shifts` as the API's
 * shifts, the feeds and the gap warnings do. Baseline, measured in the same run: the same year of a
 * single weekly rotation with nothing over it. Target: under 20 ms. Prints the first (cold) run,
 * then p50 and p95 over RUNS (100) after WARM_UP (10), and the ratios to the baseline.
 *
 *   npx tsx tools/bench/schedules.ts
 */
import { gapsOf, shifts, type ScheduleDefinition } from '../../libs/domain/src/schedules/on-call';
import { fmt, median, percentile } from './lib';

const RUNS = Number(process.env.RUNS ?? 100);
const WARM_UP = Number(process.env.WARM_UP ?? 10);
const TARGET_MS = 20;
const DAY = 86_400_000;
const FROM = Date.parse('2027-01-01T05:00:00Z');
const TO = FROM + 365 * DAY;

const people = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);

const full: ScheduleDefinition = {
  time_zone: 'America/New_York',
  rotations: [
    {
      participants: people(1, 4),
      shift_length: 1,
      shift_unit: 'W',
      handoff_time: '09:00',
      start: '2026-11-02',
      restrictions: [],
    },
    {
      participants: people(10, 3),
      shift_length: 1,
      shift_unit: 'D',
      handoff_time: '09:00',
      start: '2026-11-02',
      restrictions: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }],
    },
    {
      participants: people(20, 2),
      shift_length: 12,
      shift_unit: 'H',
      handoff_time: '08:00',
      start: '2026-11-07',
      restrictions: [{ days: [6, 7], from: '00:00', to: '00:00' }],
    },
  ],
  // 200 overrides of 1 to 8 hours, some overlapping the next
  overrides: Array.from({ length: 200 }, (_, i) => {
    const start = FROM + Math.floor((i * 365 * DAY) / 200) + (i % 24) * 3_600_000;
    return { override_id: i + 1, resource_id: 30 + (i % 5), start, end: start + (1 + (i % 8)) * 3_600_000 };
  }),
  temporary_schedules: [],
};
const baseline: ScheduleDefinition = { ...full, rotations: [full.rotations[0]!], overrides: [] };

function time(definition: ScheduleDefinition): { cold: number; times: number[]; count: number } {
  let started = performance.now();
  let count = shifts(definition, FROM, TO).length;
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    started = performance.now();
    const final = shifts(definition, FROM, TO);
    gapsOf(final, FROM, TO);
    if (run >= WARM_UP) times.push(performance.now() - started);
    count = final.length;
  }
  return { cold, times, count };
}

// the baseline first and last, so neither side alone has the warm process
const base1 = time(baseline);
const measured = time(full);
const base2 = time(baseline);
const baseTimes = [...base1.times, ...base2.times];
const p50 = median(measured.times);
const p95 = percentile(measured.times, 95);
console.log('| schedule | shifts in the year | first run ms | p50 ms | p95 ms | p50 / baseline |');
console.log('|---|---:|---:|---:|---:|---:|');
console.log(
  `| baseline: one weekly rotation | ${base1.count} | ${fmt(base1.cold, 2)} | ${fmt(median(baseTimes), 2)} | ${fmt(percentile(baseTimes, 95), 2)} | 1.00 |`,
);
console.log(
  `| 3 rotations, 200 overrides | ${measured.count} | ${fmt(measured.cold, 2)} | ${fmt(p50, 2)} | ${fmt(p95, 2)} | ${fmt(p50 / median(baseTimes), 2)} |`,
);
console.log(`\ntarget: p95 under ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'MISSED'}`);
if (p95 >= TARGET_MS) process.exitCode = 1;
