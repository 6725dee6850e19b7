import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { MIGRATIONS } from '../src/db/migrate';
import { DATABASE_KINDS, freshDatabase, type TestDatabase } from './support/databases';

/** Runs SQL as the owner of a fresh database of the kind. */
interface Owner {
  exec(statement: string): Promise<void>;
  rows<T>(statement: string): Promise<T[]>;
  close(): Promise<void>;
}

async function owner(kind: 'pglite' | 'postgres', testDb: TestDatabase): Promise<Owner> {
  if (kind === 'pglite') {
    const db = await PGlite.create('memory://', { extensions: { pg_trgm } });
    return {
      exec: async (statement) => void (await db.exec(statement)),
      rows: async <T>(statement: string) => (await db.query<T>(statement)).rows,
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: testDb.url! });
  await client.connect();
  return {
    exec: async (statement) => void (await client.query(statement)),
    rows: async <T>(statement: string) => (await client.query(statement)).rows as T[],
    close: () => client.end(),
  };
}

describe.each(DATABASE_KINDS)('migration 0004 of the outbox on %s', (kind) => {
  let testDb: TestDatabase;
  let db: Owner;
  beforeAll(async () => {
    testDb = await freshDatabase(kind);
    db = await owner(kind, testDb);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  it('carries the messages of the former outbox over: a held lease stays a claim, a failed message is dead', async () => {
    const names = Object.keys(MIGRATIONS);
    expect(names.indexOf('0004_job_layer')).toBe(3);
    for (const name of names.slice(0, 3)) for (const statement of MIGRATIONS[name]!.up) await db.exec(statement);
    await db.exec(`insert into outbox (channel, recipient, body, idempotency_key, status, attempts, next_attempt_at, locked_until, locked_by) values
      ('sms', '+1', 'held', 'held', 'pending', 1, now(), now() + interval '1 minute', 'old-worker'),
      ('sms', '+2', null, 'failed', 'failed', 8, now(), null, 'old-worker'),
      ('sms', '+3', 'waiting', 'waiting', 'pending', 0, now(), null, null),
      ('sms', '+4', 'retrying', 'retrying', 'pending', 2, now() + interval '5 minutes', null, 'old-worker'),
      ('sms', '+5', null, 'sent', 'sent', 1, now(), null, 'old-worker')`);
    for (const statement of MIGRATIONS['0004_job_layer']!.up) await db.exec(statement);
    const rows = await db.rows<{
      idempotency_key: string;
      status: string;
      leased: boolean;
      token: boolean;
      body: string | null;
    }>(
      `select idempotency_key, status, locked_until is not null as leased, claim_token is not null as token, body from outbox order by id`,
    );
    expect(rows).toEqual([
      { idempotency_key: 'held', status: 'claimed', leased: true, token: true, body: 'held' },
      { idempotency_key: 'failed', status: 'dead', leased: false, token: false, body: null },
      { idempotency_key: 'waiting', status: 'pending', leased: false, token: false, body: 'waiting' },
      { idempotency_key: 'retrying', status: 'pending', leased: false, token: false, body: 'retrying' },
      { idempotency_key: 'sent', status: 'sent', leased: false, token: false, body: null },
    ]);
    // a claim without its token (or a token without a claim) is refused from now on
    await expect(db.exec(`update outbox set status = 'claimed' where idempotency_key = 'waiting'`)).rejects.toThrow(
      /outbox_claim_check/,
    );
    await expect(db.exec(`update outbox set status = 'failed' where idempotency_key = 'waiting'`)).rejects.toThrow(
      /outbox_status_check/,
    );
  });
});
