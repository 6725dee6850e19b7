/**
 * An authenticated list read against its floor, measured in the same run (issue "a list read costs
 * one round trip of work"): the built server answers a Customer Root's Users list (10 users of the
 * demo customer, first page of 10, by name) with the session cookie, and a bare Fastify process
 * (`bare-list.mjs`) answers the same list with one `count(*) over ()` query on the same database,
 * as its owner. Both with autocannon at 50 connections, in alternating rounds. Aim: the product at
 * 0.7× the floor's requests per second or better.
 *
 *   npx tsx tools/bench/list-floor.ts                                    on PGlite
 *   npx tsx tools/bench/list-floor.ts --postgres postgres://...          on PostgreSQL (or BENCH_DATABASE_URL)
 *
 * On PGlite the floor opens a copy of the server's data directory, made while the server is
 * stopped (the embedded database allows one process). DURATION (seconds per round, 5) and ROUNDS
 * (3) set the length of the run.
 */
import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { AIM, floorBench, startFloorOnSameData } from './floor';
import { DEMO_ROOT, fmt, getJson, signIn, startServer, type Started } from './lib';

const USERS = 10;
const LIST_PATH = `/api/user/clients/not_root?page_num=1&page_size=${USERS}`;

const bench = await floorBench(
  { bench: 'relevo-bench-list-', floorDir: 'relevo-bench-floor-' },
  { duration: 5, warmSeconds: 2 },
);
const { database, serverEnv, run } = bench;

let server: Started | undefined;
let floor: ChildProcess | undefined;

type UserList = { total: number; list: { id: number; customer: { customer_id: number } }[] };

/** Tops the demo customer up to USERS users (the Customer Root and the Customer are there). */
async function seed(url: string, cookie: Record<string, string>): Promise<number> {
  let list = await getJson<UserList>(`${url}${LIST_PATH}`, cookie);
  for (let i = list.total; i < USERS; i++) {
    const answer = await fetch(`${url}/api/user/clients/not_root`, {
      method: 'POST',
      headers: { ...cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: ['Lucía', 'Mateo', 'Valeria', 'Diego', 'Elena', 'Pablo', 'Marta', 'Jorge', 'Sofía', 'Luis'][i],
        last_name: 'Bench',
        email: `bench.${i}@democompany.demo`,
        password: 'Bench.Pass.2026',
        confirm_password: 'Bench.Pass.2026',
        rol_id: 5,
      }),
    });
    if (!answer.ok) throw new Error(`creating a user: ${answer.status} ${await answer.text()}`);
  }
  list = await getJson<UserList>(`${url}${LIST_PATH}`, cookie);
  if (list.total !== USERS || list.list.length !== USERS)
    throw new Error(`the demo customer has ${list.total} users, not ${USERS}`);
  return list.list[0]!.customer.customer_id;
}

try {
  server = await startServer(serverEnv);
  const cookie = { cookie: await signIn(server.url, bench.mailbox, DEMO_ROOT.email, DEMO_ROOT.password) };
  const customerId = await seed(server.url, cookie);
  const pair = await startFloorOnSameData(bench, server, {
    script: join(import.meta.dirname, 'bare-list.mjs'),
    customerId,
  });
  server = pair.server;
  floor = pair.floor.child;
  const floorUrl = `${pair.floor.url}/users?page_num=1&page_size=${USERS}`;
  const productUrl = `${server.url}${LIST_PATH}`;

  const { base, product, ratios } = await pair.measure({ product: productUrl, floor: floorUrl }, { cookie });
  const ratio = product.rps / base.rps;
  const cpuRatio = (base.cpu + base.db) / (product.cpu + product.db);
  console.log(
    `Database: ${database ? 'PostgreSQL' : 'PGlite (embedded, in each server process)'}; ${availableParallelism()} cores, Node ${process.versions.node}\n`,
  );
  console.log(
    `| ${run.connections} connections, median of ${run.rounds} alternating ${run.duration} s rounds | req/s | p50 ms | p99 ms | server CPU µs/request | database CPU µs/request |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  const db = (n: number) => (database ? fmt(n, 1) : 'in the server');
  console.log(
    `| floor: bare Fastify, one \`count(*) over ()\` query | ${fmt(base.rps)} | ${base.p50} | ${base.p99} | ${fmt(base.cpu, 1)} | ${db(base.db)} |`,
  );
  console.log(
    `| GET ${LIST_PATH.split('?')[0]} (Customer Root, ${USERS} users) | ${fmt(product.rps)} | ${product.p50} | ${product.p99} | ${fmt(product.cpu, 1)} | ${db(product.db)} |`,
  );
  console.log(
    `\nratio: ${fmt(ratio, 2)}× the floor's requests per second (aim ≥ ${AIM}×: ${ratio >= AIM ? 'meets' : 'MISSES'})`,
  );
  console.log(`rounds, product/floor req/s: ${ratios.map((r) => fmt(r, 2)).join(', ')}`);
  console.log(`CPU ratio (floor's server and database CPU per request over the product's): ${fmt(cpuRatio, 2)}×`);
} finally {
  floor?.kill('SIGTERM');
  await server?.stop();
  await bench.close();
}
