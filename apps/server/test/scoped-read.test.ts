import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Compilable, type RawBuilder } from 'kysely';
import pg from 'pg';
import { listCustomers, ownUsers } from '@relevo/api';
import type { PageQuery } from '@relevo/domain';
import { SYSTEM, type Scope } from '../src/db/database';
import { USER_FIELDS, listCustomers as readCustomers, listUsers, toUser } from '../src/people/queries';
import { containsPattern } from '../src/db/listing';
import { DATABASE_KINDS } from './support/databases';
import { STRONG_PASSWORD, asSystem, startTestApp, type SignedIn, type TestApp } from './support/harness';

const HOSTILE_SEARCHES = [
  "O'Hara'; drop table users; --",
  "' or '1'='1",
  "'); select pg_sleep(5); --",
  '$1',
  '\\',
  '\\%',
  '%_%',
  '"; delete from customers; --',
  'ünïcödé 🚀',
  'x'.repeat(200),
];

describe.each(DATABASE_KINDS)('list reads in one round trip on %s', (kind) => {
  let t: TestApp;
  let alpha: number;
  let beta: number;
  let alphaRoot: SignedIn;
  let staff: SignedIn;
  const alphaScope = (): Scope => ({ kind: 'customer', customerId: alpha });

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { loginPerAddress: { limit: 1000, windowSeconds: 900 } } });
    alpha = await t.createCustomer('Alpha');
    beta = await t.createCustomer('Beta');
    const root = await t.createUser({ role: 'CustomerRoot', customer: 'Alpha', name: 'Root' });
    alphaRoot = await t.signIn(root.email, root.password);
    const staffRoot = await t.createUser({ role: 'StaffRoot' });
    staff = await t.signIn(staffRoot.email, staffRoot.password);
    const names: [string, string][] = [
      ['Ana', 'Vega'],
      ['ana', 'Torres'],
      ['Bruno', 'Díaz'],
      ['Carla', 'Ortiz'],
      ["O'Hara'; drop table users; --", 'Quote'],
      ['Per%Cent', 'Under_Score'],
      ['Lucía', 'Ramos'],
    ];
    for (const [name, lastName] of names) {
      await t.createUser({ role: 'Customer', customer: 'Alpha', name, lastName });
      await t.createUser({ role: 'Customer', customer: 'Beta', name, lastName });
    }
  });
  afterAll(async () => t?.close());

  /** The list as a unit of work reads it, count and page apart: what the list answered before. */
  async function referenceUsers(
    scope: Scope,
    customerId: number,
    query: PageQuery,
    order: 'name' | 'email',
    direction: 'asc' | 'desc',
  ) {
    return t.database.scoped(scope, async (tx) => {
      let matching = tx
        .selectFrom('users as u')
        .where('u.rol_id', 'in', [4, 5])
        .where('u.customer_id', '=', customerId);
      if (query.search)
        matching = matching.where(sql<boolean>`u.search_text like lower(${containsPattern(query.search)})`);
      const total = Number(
        (await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      );
      const rows = await matching
        .innerJoin('customers as c', 'c.customer_id', 'u.customer_id')
        .select(USER_FIELDS)
        .orderBy(order === 'name' ? sql`lower(u.name)` : sql.ref('u.email'), direction)
        .orderBy('u.id', direction)
        .limit(query.page_size)
        .offset((query.page_num - 1) * query.page_size)
        .execute();
      return { total, list: rows.map(toUser) };
    });
  }

  it('answers each page and total as the count and the page read apart in a unit of work do', async () => {
    const area = { roles: [4, 5] as const, customerId: alpha };
    const cases: [Partial<PageQuery>, 'name' | 'email', 'asc' | 'desc'][] = [
      [{}, 'name', 'asc'],
      [{ page_size: 3, page_num: 2 }, 'name', 'asc'],
      [{ page_size: 3, page_num: 3, order_by_column: 'email', order_by_direction: 'desc' }, 'email', 'desc'],
      [{ search: 'ana' }, 'name', 'asc'],
      [{ search: 'A', page_size: 2, page_num: 2 }, 'name', 'asc'],
      [{ search: '%' }, 'name', 'asc'],
      [{ search: 'nobody' }, 'name', 'asc'],
      [{ page_num: 50 }, 'name', 'asc'],
    ];
    // twice over, so the later reads run on statements the connections already hold (and on plans kept for them)
    for (let round = 0; round < 4; round++) {
      for (const [partial, order, direction] of cases) {
        const query: PageQuery = { page_num: 1, page_size: 10, search: '', ...partial };
        const read = await listUsers(t.database, alphaScope(), area, query, 'name');
        expect(read).toEqual(await referenceUsers(alphaScope(), alpha, query, order, direction));
      }
    }
    const past = await listUsers(t.database, alphaScope(), area, { page_num: 50, page_size: 10, search: '' }, 'name');
    expect(past).toEqual({ total: 8, list: [] });
  });

  it('reads customers for staff and only its own customer for a customer scope', async () => {
    const everyone = await readCustomers(
      t.database,
      { kind: 'staff' },
      { page_num: 1, page_size: 100, search: '' },
      { notRoot: true },
    );
    expect(everyone.list.map((c) => c.customer_id)).toEqual(expect.arrayContaining([alpha, beta]));
    expect(everyone.total).toBe(everyone.list.length);
    const own = await readCustomers(
      t.database,
      alphaScope(),
      { page_num: 1, page_size: 100, search: '' },
      { notRoot: false },
    );
    expect(own).toMatchObject({ total: 1, list: [{ customer_id: alpha }] });
  });

  it('takes hostile search texts as plain text: they match literally, run nothing, and answer 200', async () => {
    const before = await asSystem(t, (tx) =>
      tx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    for (const search of HOSTILE_SEARCHES) {
      const started = performance.now();
      const users = await t.raw<{ total: number; list: { name: string }[] }>(
        'GET',
        `/api/user/clients/not_root?search=${encodeURIComponent(search)}&page_size=100`,
        {
          headers: { authorization: `Bearer ${alphaRoot.token}` },
        },
      );
      expect(users.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(4000);
      // one user is named after the first of them; nobody else matches any
      expect(users.body.list.map((u) => u.name)).toEqual(search === HOSTILE_SEARCHES[0] ? [search] : []);
      const customers = await t.raw<{ total: number }>(
        'GET',
        `/api/procedures/get/customer?search=${encodeURIComponent(search)}`,
        { headers: { authorization: `Bearer ${staff.token}` } },
      );
      expect(customers.status).toBe(200);
      expect(customers.body.total).toBe(0);
    }
    // the wildcards of LIKE are literal too
    expect((await alphaRoot.client.call(ownUsers.list, { query: { search: 'r%c' } })).list.map((u) => u.name)).toEqual([
      'Per%Cent',
    ]);
    expect(
      (await alphaRoot.client.call(ownUsers.list, { query: { search: 'r_s' } })).list.map((u) => u.last_name),
    ).toEqual(['Under_Score']);
    expect((await staff.client.call(listCustomers, { query: { search: "'; --" } })).total).toBe(0);
    const after = await asSystem(t, (tx) =>
      tx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('fails the whole read when one statement fails, and leaves the connection ready for the next read', async () => {
    const users = t.database.db.selectFrom('users').select('id');
    await expect(t.database.read(alphaScope(), [users, statement(t, sql`select 1 / 0 as n`)])).rejects.toThrow(
      /division by zero/,
    );
    await expect(t.database.read(alphaScope(), [users, statement(t, sql`selec nothing`)])).rejects.toThrow(
      /syntax error/,
    );
    // more failures than the pool has connections, then reads on every connection at once
    for (let i = 0; i < 12; i++)
      await expect(t.database.read(alphaScope(), [sqlNumber(t, 'not a number')])).rejects.toThrow(
        /invalid input syntax/,
      );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.database.read(alphaScope(), [sqlNumber(t, String(i)), users])),
    );
    answers.forEach(([[row], rows], i) => {
      expect(row!.n).toBe(i);
      expect(rows).toHaveLength(8);
    });
  });

  it('parses a statement again when a failed read left unknown whether it was parsed', async () => {
    const tagged = (tag: string) => statement(t, sql<{ tag: string }>`select ${sql.lit(tag)} as tag`);
    // a new statement before the failing one (parsed, then the read failed) and one after it (never parsed)
    await expect(t.database.read(alphaScope(), [tagged('before'), sqlNumber(t, 'x'), tagged('after')])).rejects.toThrow(
      /invalid input syntax/,
    );
    for (let i = 0; i < 12; i++) {
      const [before, after] = await t.database.read(alphaScope(), [tagged('before'), tagged('after')]);
      expect([before, after]).toEqual([[{ tag: 'before' }], [{ tag: 'after' }]]);
    }
  });

  it('fails a read whose value cannot be sent before anything reaches the database', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const tagged = (tag: string) => statement(t, sql<{ tag: string }>`select ${sql.lit(tag)} as tag`);
    await expect(
      t.database.read(alphaScope(), [tagged('unsent'), statement(t, sql`select ${circular}::text`)]),
    ).rejects.toThrow(/circular/);
    for (let i = 0; i < 12; i++)
      expect(await t.database.read(alphaScope(), [tagged('unsent')])).toEqual([[{ tag: 'unsent' }]]);
  });

  it('refuses a write handed to a read', async () => {
    const write = t.database.db
      .insertInto('events')
      .values({ customer_id: alpha, case_id: `READ-${kind}`, short_event_subject: 's', short_event_body: 'b' })
      .returning('case_id');
    await expect(t.database.read(alphaScope(), [write])).rejects.toThrow(/read-only transaction/);
    expect(
      await asSystem(t, (tx) =>
        tx.selectFrom('events').select('case_id').where('case_id', '=', `READ-${kind}`).execute(),
      ),
    ).toEqual([]);
  });

  it('leaves no role, tenant or read-only setting on any connection afterwards', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () => t.database.read(alphaScope(), [t.database.db.selectFrom('users').select('id')])),
    );
    // ten statements at once: every pooled connection answers (PGlite has one)
    const seen = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ who: string; tenant: string | null; readOnly: string; plans: string; users: number }>`
          select current_user as who, current_setting('relevo.customer_id', true) as tenant,
                 current_setting('transaction_read_only') as "readOnly", current_setting('plan_cache_mode') as plans,
                 (select count(*)::int from users) as users, pg_sleep(0.05)`.execute(t.database.db),
      ),
    );
    for (const { rows } of seen) {
      expect(rows[0]).toMatchObject({ who: 'relevo_app', readOnly: 'off', plans: 'auto', users: 0 });
      expect(rows[0]!.tenant ?? '').toBe('');
    }
    // and a unit of work still declares its own scope
    const units = await t.database.scoped(SYSTEM, (tx) => tx.selectFrom('users').select('id').execute());
    expect(units.length).toBeGreaterThan(8);
  });

  it('commits a unit of work in its scope, rolls back one that throws or whose statement fails, and leaves every connection clean', async () => {
    const caseId = (tag: string) => `UNIT-${kind}-${tag}`;
    const insert = (tx: Parameters<Parameters<typeof t.database.scoped>[1]>[0], tag: string) =>
      tx
        .insertInto('events')
        .values({ customer_id: alpha, case_id: caseId(tag), short_event_subject: 's', short_event_body: 'b' })
        .execute();
    // in the customer's scope: it sees its own customer only, and its write stays
    const seen = await t.database.scoped(alphaScope(), async (tx) => {
      await insert(tx, 'kept');
      return sql<{
        who: string;
        tenant: string;
      }>`select current_user as who, current_setting('relevo.customer_id', true) as tenant`.execute(tx);
    });
    expect(seen.rows[0]).toEqual({ who: 'relevo_app', tenant: String(alpha) });
    // thrown after a write, and a statement that fails: nothing of either stays
    await expect(
      t.database.scoped(alphaScope(), async (tx) => {
        await insert(tx, 'thrown');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      t.database.scoped(alphaScope(), async (tx) => {
        await insert(tx, 'failed');
        await sql`select 1 / 0`.execute(tx);
      }),
    ).rejects.toThrow(/division by zero/);
    // another customer's row is refused by row-level security, and the unit rolls back
    await expect(
      t.database.scoped(alphaScope(), async (tx) =>
        tx
          .insertInto('events')
          .values({ customer_id: beta, case_id: caseId('other'), short_event_subject: 's', short_event_body: 'b' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    // the same on the engine's named statements
    await expect(
      t.database.scopedPrepared(alphaScope(), async (tx) => {
        await insert(tx, 'prepared');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const stored = await asSystem(t, (tx) =>
      tx.selectFrom('events').select('case_id').where('case_id', 'like', `UNIT-${kind}-%`).orderBy('case_id').execute(),
    );
    expect(stored.map((row) => row.case_id)).toEqual([caseId('kept')]);
    // every connection is out of its transaction (a transaction left open would still show the
    // tenant; one left failed would refuse the statement) and back to the app role
    const after = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{
          who: string;
          tenant: string | null;
        }>`select current_user as who, current_setting('relevo.customer_id', true) as tenant, pg_sleep(0.05)`.execute(
          t.database.db,
        ),
      ),
    );
    for (const { rows } of after) {
      expect(rows[0]).toMatchObject({ who: 'relevo_app' });
      expect(rows[0]!.tenant ?? '').toBe('');
    }
  });

  it('signs in users whose list reads ran meanwhile (units of work and reads share the connections)', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Alpha', password: STRONG_PASSWORD });
    const [session] = await Promise.all([
      t.signIn(user.email, STRONG_PASSWORD),
      ...Array.from({ length: 10 }, () => alphaRoot.client.call(ownUsers.list, { query: {} })),
    ]);
    expect(session.token).toBeTruthy();
  });
});

// PGlite is one in-process connection: nothing can end it from outside
describe.each(DATABASE_KINDS.filter((kind) => kind === 'postgres'))(
  'list reads on %s when a connection ends',
  (kind) => {
    let t: TestApp;
    let scope: Scope;
    beforeAll(async () => {
      t = await startTestApp({ kind });
      scope = { kind: 'customer', customerId: await t.createCustomer('Gamma') };
      for (let i = 0; i < 8; i++) await t.createUser({ role: 'Customer', customer: 'Gamma' });
    });
    afterAll(async () => t?.close());

    it('drops a connection the database ends during a read, and reads on the others', async () => {
      const slow = t.database.read(scope, [statement(t, sql<{ slept: unknown }>`select pg_sleep(1) as slept`)]).then(
        () => null,
        (error: Error) => error,
      );
      const admin = new pg.Client({ connectionString: t.ctx.config.databaseUrl! });
      await admin.connect();
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_sleep(1)%'`,
        );
      } finally {
        await admin.end();
      }
      expect(String(await slow)).toMatch(/terminat/);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.database.read(scope, [t.database.db.selectFrom('users').select('id')])),
      );
      for (const [rows] of answers) expect(rows).toHaveLength(8);
    });
  },
);

/** A raw statement as a read takes it. */
function statement<T>(t: TestApp, query: RawBuilder<T>): Compilable<T> {
  return { compile: () => query.compile(t.database.db) };
}

/** `select $1::int`: fails at execution for a value that is not a number. */
const sqlNumber = (t: TestApp, value: string) => statement(t, sql<{ n: number }>`select ${value}::int as n`);
