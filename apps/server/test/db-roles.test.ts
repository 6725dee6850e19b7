import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, SYSTEM, openDatabase, type Database, type Scope } from '../src/db/database';
import { applyPrivileges, TABLE_PRIVILEGES, UnlistedTableError } from '../src/db/privileges';
import { revokeUserSessions } from '../src/auth/queries';
import { createCustomer, createUser } from '../src/admin';
import { ManualClock } from '../src/clock';
import { DATABASE_KINDS, POSTGRES_URL, freshDatabase, type TestDatabase } from './support/databases';

/** The SQLSTATE of "permission denied". */
const DENIED = '42501';

async function sqlState(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe.each(DATABASE_KINDS)('database roles on %s (least privilege)', (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 9));
  let alpha: number;
  let beta: number;
  let alphaUser: number;
  let betaUser: number;

  beforeAll(async () => {
    testDb = await freshDatabase(kind);
    database = await openDatabase({ url: testDb.url, dataDir: null });
    alpha = await createCustomer(database, clock, { name: 'Alpha', qtyResources: 10 });
    beta = await createCustomer(database, clock, { name: 'Beta', qtyResources: 10 });
    const user = (customer: string, email: string) =>
      createUser(database, clock, {
        role: 'Customer',
        email,
        password: 'Strong.Pass1',
        name: 'N',
        lastName: 'L',
        customer,
        forceChangePassword: false,
      });
    alphaUser = await user('Alpha', `a.${kind}@example.test`);
    betaUser = await user('Beta', `b.${kind}@example.test`);
    await database.asOwner(async (tx) => {
      await tx
        .insertInto('app_settings')
        .values({ key: 'probe', value: 'secret' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      for (const [id, userId] of [
        [`s-${kind}-a`, alphaUser],
        [`s-${kind}-b`, betaUser],
      ] as const) {
        await tx
          .insertInto('sessions')
          .values({
            id,
            user_id: userId,
            kind: 'session',
            created_at: clock.now(),
            expires_at: new Date(clock.now().getTime() + 3_600_000),
          })
          .execute();
      }
    });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  const CUSTOMER: () => Scope = () => ({ kind: 'customer', customerId: alpha });
  const STAFF: Scope = { kind: 'staff' };

  it('keeps the signing secret in app_settings from every app role; only the owner reads it', async () => {
    for (const scope of [CUSTOMER(), STAFF, SYSTEM, AUTH]) {
      expect(await sqlState(database.scoped(scope, (tx) => tx.selectFrom('app_settings').selectAll().execute()))).toBe(
        DENIED,
      );
    }
    expect(
      await database.asOwner((tx) =>
        tx.selectFrom('app_settings').select('value').where('key', '=', 'probe').executeTakeFirst(),
      ),
    ).toEqual({ value: 'secret' });
  });

  it('lets only the auth role read sessions, codes, reset requests, rate limits and password hashes', async () => {
    type Tx = Parameters<Parameters<Database['scoped']>[1]>[0];
    const reads: ((tx: Tx) => Promise<unknown>)[] = [
      (tx) => tx.selectFrom('sessions').select('id').execute(),
      (tx) => tx.selectFrom('verification_codes').select('code_hash').execute(),
      (tx) => tx.selectFrom('password_reset_tokens').select('token_hash').execute(),
      (tx) => tx.selectFrom('sms_reset_requests').select('code_hash').execute(),
      (tx) => tx.selectFrom('rate_limits').select('bucket').execute(),
      (tx) => tx.selectFrom('users').select('password_hash').execute(),
    ];
    for (const read of reads) {
      for (const scope of [CUSTOMER(), STAFF, SYSTEM])
        expect(await sqlState(database.scoped(scope, read))).toBe(DENIED);
      expect(await sqlState(database.scoped(AUTH, read))).toBeNull();
    }
    // every other column of users stays readable to the people screens
    const names = await database.scoped(CUSTOMER(), (tx) =>
      tx.selectFrom('users').select(['id', 'email', 'search_text']).execute(),
    );
    expect(names.map((row) => row.id)).toEqual([alphaUser]);
  });

  it("ends sessions only through the function, and a customer only its own users'", async () => {
    const open = () =>
      database.asOwner((tx) =>
        tx.selectFrom('sessions').select(['user_id']).where('revoked_at', 'is', null).orderBy('user_id').execute(),
      );
    expect(
      await sqlState(
        database.scoped(CUSTOMER(), (tx) => tx.updateTable('sessions').set({ revoked_at: clock.now() }).execute()),
      ),
    ).toBe(DENIED);
    // Alpha's unit of work names Beta's user: nothing ends
    expect(await database.scoped(CUSTOMER(), (tx) => revokeUserSessions(tx, betaUser, clock.now()))).toBe(0);
    expect((await open()).map((row) => row.user_id)).toEqual([alphaUser, betaUser].sort((a, b) => a - b));
    expect(await database.scoped(CUSTOMER(), (tx) => revokeUserSessions(tx, alphaUser, clock.now()))).toBe(1);
    expect(await database.scoped(STAFF, (tx) => revokeUserSessions(tx, betaUser, clock.now()))).toBe(1);
    expect(await open()).toEqual([]);
    expect(beta).toBeGreaterThan(alpha);
  });

  it("searches events outside row-level security only for the session's customer (staff and the system any, sign-in none)", async () => {
    await database.asOwner((tx) =>
      tx
        .insertInto('events')
        .values([
          {
            customer_id: alpha,
            case_id: `A-${kind}`,
            short_event_subject: 'disk full on alpha',
            short_event_body: 'b',
          },
          { customer_id: beta, case_id: `B-${kind}`, short_event_subject: 'disk full on beta', short_event_body: 'b' },
        ])
        .execute(),
    );
    type Tx = Parameters<Parameters<Database['scoped']>[1]>[0];
    const search = (customer: number) => (tx: Tx) =>
      sql<{ subject: string }>`select e.short_event_subject as subject from events e
        where e.event_id in (select s.event_id from relevo_event_search(${customer}::integer, 'DISK'::text, '%disk%'::text, null::integer, null::integer, null::text, null::text, null::timestamptz, null::timestamptz) as s(event_id))`
        .execute(tx)
        .then((result) => result.rows.map((row) => row.subject).sort());
    const byCase = (customer: number, caseId: string) => (tx: Tx) =>
      sql<{
        n: number;
      }>`select count(*)::integer as n from relevo_event_search(${customer}::integer, ${caseId}::text, '%no such words%'::text, null::integer, null::integer, null::text, null::text, null::timestamptz, null::timestamptz)`
        .execute(tx)
        .then((result) => result.rows[0]!.n);
    expect(await database.scoped(CUSTOMER(), search(alpha))).toEqual(['disk full on alpha']);
    expect(await database.scoped(CUSTOMER(), byCase(alpha, `A-${kind}`))).toBe(1);
    // Alpha's unit of work naming Beta is refused, not answered with Beta's events
    expect(await sqlState(database.scoped(CUSTOMER(), search(beta)))).toBe(DENIED);
    expect(await sqlState(database.scoped(CUSTOMER(), byCase(beta, `B-${kind}`)))).toBe(DENIED);
    expect(await database.scoped(STAFF, search(beta))).toEqual(['disk full on beta']);
    expect(await sqlState(database.scoped(AUTH, search(alpha)))).toBe(DENIED);
    // the incident texts a search's total adds up (migration 0018): the same callers, the same refusals
    const texts = (customer: number) => (tx: Tx) =>
      sql<{
        subject: string;
        events: number;
      }>`select s.subject, sum(s.events)::integer as events from relevo_event_subject_search(${customer}::integer, '%disk%'::text) as s group by 1`
        .execute(tx)
        .then((result) => result.rows);
    expect(await database.scoped(CUSTOMER(), texts(alpha))).toEqual([{ subject: 'disk full on alpha', events: 1 }]);
    expect(await sqlState(database.scoped(CUSTOMER(), texts(beta)))).toBe(DENIED);
    expect(await database.scoped(STAFF, texts(beta))).toEqual([{ subject: 'disk full on beta', events: 1 }]);
    expect(await sqlState(database.scoped(AUTH, texts(alpha)))).toBe(DENIED);
  });

  it('refuses to start while a table has no decided privileges', async () => {
    await database.asOwner((tx) => sql`create table undecided_probe (id integer)`.execute(tx));
    try {
      const error = await applyPrivileges(database.db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnlistedTableError);
      expect((error as Error).message).toBe(
        'Table privileges are not decided for: undecided_probe (apps/server/src/db/privileges.ts)',
      );
    } finally {
      await database.asOwner((tx) => sql`drop table undecided_probe`.execute(tx));
    }
    // every table of the migrated database has its line
    const tables = await database.asOwner((tx) =>
      sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(tx),
    );
    expect(tables.rows.map((row) => row.name).filter((name) => !(name in TABLE_PRIVILEGES))).toEqual([]);
  });
});

describe.each(POSTGRES_URL ? ['postgres' as const] : [])('pooled connections on %s', (kind) => {
  let testDb: TestDatabase;
  const outsider = 'relevo_t_outsider';
  beforeAll(async () => {
    testDb = await freshDatabase(kind);
    // migrate as the owner first, so the roles exist
    await (await openDatabase({ url: testDb.url, dataDir: null })).close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL! });
    await admin.connect();
    try {
      await admin.query(
        `do $$ begin if not exists (select 1 from pg_roles where rolname = '${outsider}') then create role ${outsider} login; end if; end $$`,
      );
    } finally {
      await admin.end();
    }
  });
  afterAll(async () => testDb?.drop());

  it('fails a connection whose switch to the app role fails, instead of using it as its login role', async () => {
    // a login that is not a member of relevo_app cannot `set role relevo_app`
    const url = new URL(testDb.url!);
    url.username = outsider;
    const database = await openDatabase({ url: url.toString(), dataDir: null, migrate: false });
    try {
      const first = await sqlState(database.db.selectFrom('roles').select('rol_id').execute());
      expect(first).toBe(DENIED);
      // the next use gets a new connection that fails the same way: none was kept half set up
      expect(await sqlState(sql`select current_user`.execute(database.db))).toBe(DENIED);
    } finally {
      await database.close();
    }
  });
});
