/**
 * A list of the built server against its floor: a bare Fastify process answering the same list
 * with one query on the same database, as its owner (`bare-list.mjs`, `bare-catalogue.mjs`). What
 * `list-floor.ts` and `catalogue-lists.ts` share: the bench and the run's settings, starting the
 * floor on the product's data, checking that both answer the same list, and measuring both in
 * alternating rounds.
 */
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import {
  demoBench,
  getJson,
  measureSide,
  median,
  named,
  startFloor,
  startServer,
  summary,
  tempDir,
  type Round,
  type Started,
} from './lib';

/** The aim: each list at this share of its floor's requests per second or better. */
export const AIM = 0.7;
/** the application names of each side's database connections */
const PRODUCT_APPLICATION = 'relevo-bench-product';
const FLOOR_APPLICATION = 'relevo-bench-floor';

/** One side's figures: the medians of its rounds, with its database's CPU per request. */
export type Side = ReturnType<typeof summary> & { db: number };

/** How the lists are measured: autocannon's connections, rounds of `duration` seconds, each side warmed first. */
interface RunSettings {
  connections: number;
  duration: number;
  rounds: number;
  warmSeconds: number;
}

/** What one list's measure checks: the product's session cookie, the list's name in errors, its rows. */
interface ListCheck {
  cookie: Record<string, string>;
  label?: string;
  rows?: number;
}

type FloorBench = Awaited<ReturnType<typeof demoBench>> & { floorDir: string; run: RunSettings };

/**
 * A floor benchmark's bench: the demo bench (`demoBench`, its product's connections named) on
 * PostgreSQL when --postgres or BENCH_DATABASE_URL gives an address, else on PGlite; a directory
 * for the floor's copy of the embedded database; and the run's settings: 50 connections, ROUNDS
 * rounds (3) of DURATION seconds (`duration` unless set), each side warmed `warmSeconds` first.
 * `close()` removes the directory and the bench.
 */
export async function floorBench(
  prefixes: { bench: string; floorDir: string },
  defaults: { duration: number; warmSeconds: number },
): Promise<FloorBench> {
  const { values: args } = parseArgs({ options: { postgres: { type: 'string' } } });
  const bench = await demoBench(
    prefixes.bench,
    args.postgres || process.env.BENCH_DATABASE_URL || undefined,
    PRODUCT_APPLICATION,
  );
  const floorDir = tempDir(prefixes.floorDir);
  return {
    ...bench,
    floorDir,
    run: {
      connections: 50,
      duration: Number(process.env.DURATION ?? defaults.duration),
      rounds: Number(process.env.ROUNDS ?? 3),
      warmSeconds: defaults.warmSeconds,
    },
    async close() {
      rmSync(floorDir, { recursive: true, force: true });
      await bench.close();
    },
  };
}

/**
 * Starts the floor `script` for the customer `customerId` on the product's data: on PostgreSQL
 * through its own named connections; on the embedded database on a copy of the data directory,
 * taken at rest (the server is stopped for it and started again: the embedded database allows one
 * process). Answers the server that runs now, the floor, and `measure`, which measures one list of
 * both (its product and floor URLs); a floor that fails to start stops the server.
 */
export async function startFloorOnSameData(
  bench: FloorBench,
  server: Started,
  floor: { script: string; customerId: number },
) {
  const { database, dataDir, serverEnv, floorDir, run } = bench;
  if (!database) {
    await server.stop();
    cpSync(dataDir, floorDir, { recursive: true, filter: (source) => !source.endsWith('relevo.pid') });
    server = await startServer(serverEnv);
  }
  let started: { child: ChildProcess; url: string };
  try {
    started = await startFloor(floor.script, {
      CUSTOMER_ID: String(floor.customerId),
      ...(database ? { DATABASE_URL: named(database.url, FLOOR_APPLICATION) } : { PGLITE_DIR: floorDir }),
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  const product = server;
  return {
    server,
    floor: started,
    async measure(urls: { product: string; floor: string }, check: ListCheck) {
      await sameListFromBoth(urls, check);
      return alternateRounds(
        database?.url,
        { url: urls.floor, pid: started.child.pid! },
        { url: urls.product, pid: product.child.pid!, headers: check.cookie },
        run,
      );
    },
  };
}

/**
 * The list from the product (with the session cookie) and from the floor, which must be the same,
 * or the comparison means nothing; with `rows`, the product's must hold that many first.
 */
async function sameListFromBoth(urls: { product: string; floor: string }, check: ListCheck): Promise<void> {
  const prefix = check.label ? `${check.label}: ` : '';
  const fromProduct = await getJson<{ total: number; list: unknown[] }>(urls.product, check.cookie);
  const fromFloor = await getJson<unknown>(urls.floor, {});
  if (check.rows !== undefined && (fromProduct.total !== check.rows || fromProduct.list.length !== check.rows))
    throw new Error(`${prefix}the product answers ${fromProduct.total} rows, not ${check.rows}`);
  if (!isDeepStrictEqual(fromProduct, fromFloor)) {
    throw new Error(
      `${prefix}the floor answers another list:\nproduct ${JSON.stringify(fromProduct)}\nfloor   ${JSON.stringify(fromFloor)}`,
    );
  }
}

/**
 * Warms the floor, then the product, with autocannon, then measures them in alternating rounds, so
 * that a burst of other load hits both alike. Answers each side's figures and each round's ratio of
 * the product's requests per second to the floor's.
 */
async function alternateRounds(
  databaseUrl: string | undefined,
  floor: { url: string; pid: number },
  product: { url: string; pid: number; headers: Record<string, string> },
  { connections, duration, rounds, warmSeconds }: RunSettings,
): Promise<{ base: Side; product: Side; ratios: number[] }> {
  await autocannon({ url: floor.url, connections, duration: warmSeconds });
  await autocannon({ url: product.url, connections, duration: warmSeconds, headers: product.headers });
  const floorRounds: (Round & { dbPerRequest: number })[] = [];
  const productRounds: (Round & { dbPerRequest: number })[] = [];
  for (let i = 0; i < rounds; i++) {
    floorRounds.push(await measureSide(databaseUrl, FLOOR_APPLICATION, { ...floor, connections, duration }));
    productRounds.push(await measureSide(databaseUrl, PRODUCT_APPLICATION, { ...product, connections, duration }));
  }
  return {
    base: { ...summary(floorRounds), db: median(floorRounds.map((r) => r.dbPerRequest)) },
    product: { ...summary(productRounds), db: median(productRounds.map((r) => r.dbPerRequest)) },
    ratios: productRounds.map((r, i) => r.rps / floorRounds[i]!.rps),
  };
}
