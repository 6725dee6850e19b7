import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASE_KINDS } from './support/databases';
import { startTestApp, type TestApp } from './support/harness';

describe.each(DATABASE_KINDS)('row-level security on %s', (kind) => {
  let t: TestApp;
  let alpha: number;
  let beta: number;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    alpha = await t.createCustomer('Alpha');
    beta = await t.createCustomer('Beta');
    await t.createUser({ role: 'Customer', customer: 'Alpha' });
    await t.createUser({ role: 'Customer', customer: 'Beta' });
  });
  afterAll(async () => t?.close());

  it('runs the app as a role that owns nothing', async () => {
    const who = await sql<{ current_user: string }>`select current_user`.execute(t.database.db);
    expect(who.rows[0]!.current_user).toBe('relevo_app');
    const staff = await t.database.scoped({ kind: 'staff' }, (tx) =>
      sql<{ current_user: string }>`select current_user`.execute(tx),
    );
    expect(staff.rows[0]!.current_user).toBe('relevo_staff');
    // the role of a unit of work ends with it
    expect(
      (await sql<{ current_user: string }>`select current_user`.execute(t.database.db)).rows[0]!.current_user,
    ).toBe('relevo_app');
    const owners = await t.database.scoped({ kind: 'staff' }, (tx) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner in ('relevo_app', 'relevo_staff')`.execute(
        tx,
      ),
    );
    expect(owners.rows[0]!.n).toBe(0);
  });

  it('shows a customer scope only its own rows even with no filter at all', async () => {
    const seen = await t.database.scoped({ kind: 'customer', customerId: alpha }, async (tx) => ({
      users: await tx.selectFrom('users').select('customer_id').execute(),
      customers: await tx.selectFrom('customers').select('customer_id').execute(),
      raw: (await sql<{ n: number }>`select count(*)::int as n from users where customer_id = ${beta}`.execute(tx))
        .rows[0]!.n,
    }));
    expect(new Set(seen.users.map((u) => u.customer_id))).toEqual(new Set([alpha]));
    expect(seen.customers.map((c) => c.customer_id)).toEqual([alpha]);
    expect(seen.raw).toBe(0);
  });

  it('refuses to write a row for another customer, and to move one there', async () => {
    const insert = t.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx
        .insertInto('events')
        .values({ customer_id: beta, case_id: `X-${kind}`, short_event_subject: 's', short_event_body: 'b' })
        .execute(),
    );
    await expect(insert).rejects.toThrow(/row-level security/);
    const moved = await t.database
      .scoped({ kind: 'customer', customerId: alpha }, (tx) =>
        tx.updateTable('users').set({ customer_id: beta }).where('customer_id', '=', alpha).execute(),
      )
      .catch((e: Error) => e);
    expect(String(moved)).toMatch(/row-level security/);
    const updatedOther = await t.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx.updateTable('users').set({ name: 'Hacked' }).where('customer_id', '=', beta).executeTakeFirst(),
    );
    expect(Number(updatedOther.numUpdatedRows)).toBe(0);
  });

  it('refuses a customer scope inserting a user or a customer that is not its own, with no filter in the statement', async () => {
    const before = await t.database.scoped({ kind: 'staff' }, (tx) =>
      tx.selectFrom('users').select('id').orderBy('id').execute(),
    );
    const user = t.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx
        .insertInto('users')
        .values({
          customer_id: beta,
          name: 'In',
          last_name: 'Beta',
          email: `in.beta.${kind}@example.test`,
          password_hash: 'x',
          rol_id: 5,
        })
        .execute(),
    );
    await expect(user).rejects.toThrow(/row-level security/);
    // a customer's unit of work may not write customers at all (db/privileges.ts), its own included
    const customer = t.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx
        .insertInto('customers')
        .values({ customer_name: `Gamma ${kind}` })
        .execute(),
    );
    await expect(customer).rejects.toThrow(/permission denied for table customers/);
    const raised = t.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx.updateTable('customers').set({ customer_qty_resources: 100_000 }).execute(),
    );
    await expect(raised).rejects.toThrow(/permission denied for table customers/);
    const deleted = await t.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx.deleteFrom('users').where('customer_id', '=', beta).executeTakeFirst(),
    );
    expect(Number(deleted.numDeletedRows)).toBe(0);
    expect(
      await t.database.scoped({ kind: 'staff' }, (tx) => tx.selectFrom('users').select('id').orderBy('id').execute()),
    ).toEqual(before);
    // its own customer's user it may write
    await t.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx
        .insertInto('users')
        .values({
          customer_id: alpha,
          name: 'In',
          last_name: 'Alpha',
          email: `in.alpha.${kind}@example.test`,
          password_hash: 'x',
          rol_id: 5,
        })
        .execute(),
    );
  });

  it('shows nothing outside a declared scope', async () => {
    expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('customers').select('customer_id').execute()).toEqual([]);
  });

  it('shows staff every customer', async () => {
    const rows = await t.database.scoped({ kind: 'staff' }, (tx) =>
      tx.selectFrom('customers').select('customer_id').execute(),
    );
    expect(rows.map((r) => r.customer_id)).toEqual(expect.arrayContaining([alpha, beta]));
  });
  it('shows a one-round-trip read in a customer scope only its own rows, with no filter in its statements', async () => {
    const [users, customers, counted] = await t.database.read({ kind: 'customer', customerId: alpha }, [
      t.database.db.selectFrom('users').select('customer_id'),
      t.database.db.selectFrom('customers').select('customer_id'),
      t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', beta),
    ]);
    expect(new Set(users.map((u) => u.customer_id))).toEqual(new Set([alpha]));
    expect(customers.map((c) => c.customer_id)).toEqual([alpha]);
    expect(Number(counted[0]!.n)).toBe(0);
    const [staff] = await t.database.read({ kind: 'staff' }, [
      t.database.db.selectFrom('customers').select('customer_id'),
    ]);
    expect(staff.map((c) => c.customer_id)).toEqual(expect.arrayContaining([alpha, beta]));
  });

  it('keeps tenants apart when a read runs on the plan kept for its statement', async () => {
    // the same statement for both tenants, often enough that PostgreSQL may keep one plan for it
    const everyone = t.database.db.selectFrom('users').select(['id', 'customer_id']).orderBy('id');
    for (let i = 0; i < 12; i++) {
      for (const [customerId, other] of [
        [alpha, beta],
        [beta, alpha],
      ] as const) {
        const [rows] = await t.database.read({ kind: 'customer', customerId }, [everyone]);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.some((row) => row.customer_id === other)).toBe(false);
        expect(rows.every((row) => row.customer_id === customerId)).toBe(true);
      }
    }
    // and PostgreSQL did keep one: the reads ran on a plan made without their tenant
    const [, [kept]] = await t.database.read({ kind: 'customer', customerId: alpha }, [
      everyone,
      {
        compile: () =>
          sql<{ n: number }>`select coalesce(sum(generic_plans), 0)::int as n from pg_prepared_statements`.compile(
            t.database.db,
          ),
      },
    ]);
    expect(kept!.n).toBeGreaterThan(0);
  });

  it('shows nothing outside a declared scope after reads, on any connection', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.database.read({ kind: 'customer', customerId: i % 2 ? alpha : beta }, [
          t.database.db.selectFrom('users').select('id'),
        ]),
      ),
    );
    const outside = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ n: number }>`select count(*)::int as n, pg_sleep(0.02) from users`.execute(t.database.db),
      ),
    );
    expect(outside.map(({ rows }) => rows[0]!.n)).toEqual(Array(10).fill(0));
  });
});
