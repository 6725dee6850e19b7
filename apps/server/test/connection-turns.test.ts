import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, SYSTEM, type Database } from '../src/db/database';

// the embedded database only: PostgreSQL has a pool per line (test/ingest.test.ts)
describe("the turns of the embedded database's one connection", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ url: null, dataDir: null });
  });
  afterAll(async () => database?.close());

  it('serves the urgent line first, in order, and the general line once after every 8 urgent turns while it waits', async () => {
    const served: string[] = [];
    const read = (on: Database, label: string) =>
      on.read(SYSTEM, [on.db.selectNoFrom(sql<number>`1`.as('one'))]).then(() => served.push(label));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // a unit of work holds the connection while both lines fill
    const holding = database.scoped(SYSTEM, () => gate);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const general = Array.from({ length: 6 }, (_, i) => read(database, `g${i}`));
    const urgent = Array.from({ length: 20 }, (_, i) => read(database.urgent, `u${i}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([holding, ...general, ...urgent]);
    const u = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `u${from + i}`);
    expect(served).toEqual([...u(0, 8), 'g0', ...u(8, 16), 'g1', ...u(16, 20), 'g2', 'g3', 'g4', 'g5']);
  });
});
