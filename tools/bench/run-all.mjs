#!/usr/bin/env node
// `npm run bench`: every benchmark of tools/bench in turn, each run the way its header describes,
// with its Markdown tables printed as it goes. Exits non-zero if any of them fails.
//
//   npm run bench                                  every benchmark (the server is built first)
//   npm run bench -- session-user                  only the named ones (startup, session-user, list-floor, catalogue-lists, schedules, escalation-priority, user-lists, job-queue, ingest, engine-lag, soak, lighthouse, events-filters, dashboard-summaries)
//   npm run bench -- --postgres postgres://...     also on PostgreSQL (BENCH_DATABASE_URL works too)
//   npm run bench -- user-lists --dry-run          user-lists without rewriting docs/perf.md
//
// Run directly (`node tools/bench/run-all.mjs ...`) it uses the server already built in
// apps/server/dist; `npm run bench` builds it first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const HERE = import.meta.dirname;
const ROOT = resolve(HERE, '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    postgres: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const postgres = options.postgres ?? process.env.BENCH_DATABASE_URL ?? '';

/** One run on PGlite, and one on PostgreSQL when an address is given (the script reads BENCH_DATABASE_URL). */
const onEachDatabase = (name) => () => [
  { label: `${name} (PGlite)`, env: { BENCH_DATABASE_URL: '' } },
  ...(postgres ? [{ label: `${name} (PostgreSQL)`, env: { BENCH_DATABASE_URL: postgres } }] : []),
];

/**
 * How each benchmark is meant to be run: one or more runs of its script, each with its own
 * arguments and environment. `needsBuild`: it starts the built server (apps/server/dist).
 */
const BENCHMARKS = {
  // spawn to first answer, fresh and existing embedded database
  startup: { needsBuild: true, runs: () => [{ label: 'startup' }] },
  // the session read beside a hello world: on PGlite, and on PostgreSQL when an address is given
  'session-user': {
    needsBuild: true,
    runs: onEachDatabase('session-user'),
  },
  // the job layer beside pg-boss: about a minute per database, most of it pg-boss's 30 s takeovers
  'job-queue': {
    needsBuild: false,
    runs: () => [{ label: 'job-queue', args: postgres ? ['--postgres', postgres] : [] }],
  },
  // a list read against a bare Fastify answering it with one query: on PGlite, and on PostgreSQL when an address is given
  'list-floor': {
    needsBuild: true,
    runs: onEachDatabase('list-floor'),
  },
  // each catalogue list against its own one-query floor, about 2 minutes per database
  'catalogue-lists': {
    needsBuild: true,
    runs: onEachDatabase('catalogue-lists'),
  },
  // one year of a schedule's shifts (3 rotations, 200 overrides) beside a single rotation's: a second
  schedules: { needsBuild: false, runs: () => [{ label: 'schedules' }] },
  // the priority save of 999 steps, 50 saves: seconds per database
  'escalation-priority': {
    needsBuild: true,
    runs: onEachDatabase('escalation-priority'),
  },
  // incidents in through the ingest API, each a durable event and its first timer
  ingest: {
    needsBuild: true,
    runs: onEachDatabase('ingest'),
  },
  // due time to the channel with 10,000 active events, 1, 2 and 4 worker processes: PostgreSQL
  // only (the workers share one database), skipped without an address; about 4 minutes
  'engine-lag': {
    needsBuild: true,
    runs: () => (postgres ? [{ label: 'engine-lag (PostgreSQL)', args: ['--postgres', postgres] }] : []),
    skipped: 'PostgreSQL only: give --postgres URL or BENCH_DATABASE_URL',
  },
  // ten minutes of incidents, responders and readers at once on PostgreSQL (one API and one
  // worker process): PostgreSQL only, skipped without an address; about 14 minutes with set-up
  // and drain
  soak: {
    needsBuild: true,
    runs: () => (postgres ? [{ label: 'soak (PostgreSQL)', args: ['--postgres', postgres] }] : []),
    skipped: 'PostgreSQL only: give --postgres URL or BENCH_DATABASE_URL',
  },
  // Lighthouse on /login (signed out), /dashboard and /events (signed in) of the built web app
  // (apps/web/dist too), served by the built server on PGlite; about four minutes
  lighthouse: {
    needsBuild: true,
    runs: () => [{ label: 'lighthouse' }],
  },
  // loads its 100,000 users itself (seconds per database), then times the list calls; minutes in all
  'user-lists': {
    needsBuild: false,
    runs: () => [
      {
        label: 'user-lists',
        args: [...(postgres ? ['--postgres', postgres] : []), ...(options['dry-run'] ? ['--dry-run'] : [])],
      },
    ],
  },
  // writes 1,000,000 events (EVENTS) into the demo customer, then times each filter combination of
  // the events list and the CSV of every event: 5 to 10 minutes on PostgreSQL, about 30 on PGlite
  // (17 of them writing the events)
  'events-filters': {
    needsBuild: true,
    runs: onEachDatabase('events-filters'),
  },
  // the same history, then each dashboard summary and the profile counts (as long to write)
  'dashboard-summaries': {
    needsBuild: true,
    runs: onEachDatabase('dashboard-summaries'),
  },
};

/** Scripts of the folder that are not benchmarks: shared code, and the events generator (it runs alone too). */
const NOT_BENCHMARKS = ['lib.ts', 'events-data.ts'];

// a benchmark added to the folder runs too, plainly, until it is described above
const found = readdirSync(HERE)
  .filter((file) => file.endsWith('.ts') && !NOT_BENCHMARKS.includes(file))
  .map((file) => file.slice(0, -'.ts'.length));
const all = [
  ...Object.keys(BENCHMARKS).filter((name) => found.includes(name)),
  ...found.filter((name) => !(name in BENCHMARKS)),
].sort();

if (options.help) {
  console.log(`usage: node tools/bench/run-all.mjs [${all.join(' | ')} ...] [--postgres URL] [--dry-run]`);
  process.exit(0);
}
const unknown = positionals.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (there are: ${all.join(', ')})`);
  process.exit(2);
}
const chosen = positionals.length > 0 ? all.filter((name) => positionals.includes(name)) : all;

if (chosen.some((name) => BENCHMARKS[name]?.needsBuild) && !existsSync(SERVER_MAIN)) {
  console.error(`${SERVER_MAIN} is missing: build the server first (npx nx run server:build), or use npm run bench`);
  process.exit(1);
}
if (!postgres) console.log('No PostgreSQL address (--postgres URL or BENCH_DATABASE_URL): measuring on PGlite only.');

const results = [];
for (const name of chosen) {
  const runs = BENCHMARKS[name]?.runs() ?? [{ label: name }];
  if (runs.length === 0) {
    console.log(`\n=== ${name}: skipped (${BENCHMARKS[name].skipped}) ===`);
    results.push({ label: name, ok: true, skipped: true, seconds: 0 });
    continue;
  }
  for (const run of runs) {
    console.log(`\n=== ${run.label} ===\n`);
    const started = Date.now();
    const result = spawnSync(process.execPath, [TSX, join(HERE, `${name}.ts`), ...(run.args ?? [])], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...run.env },
    });
    const seconds = Math.round((Date.now() - started) / 1000);
    const ok = result.status === 0;
    results.push({ label: run.label, ok, seconds });
    console.log(
      `\n=== ${run.label}: ${ok ? 'done' : `FAILED (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`} in ${seconds} s ===`,
    );
  }
}

console.log('\n| benchmark | result | seconds |');
console.log('|---|---|---:|');
for (const r of results)
  console.log(`| ${r.label} | ${r.skipped ? 'skipped' : r.ok ? 'done' : 'FAILED'} | ${r.seconds} |`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
