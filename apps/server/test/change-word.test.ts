import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CHURN_TABLES } from '../src/db/database';
import { wake } from '../src/db/wake';
import { announceEventChanges, EVENTS_CHANNEL } from '../src/incidents/event-changes';
import { foldEventCounts, Housekeeping } from '../src/jobs/housekeeping';
import { ManualClock } from '../src/clock';
import { createLogger } from '../src/logger';
import { DATABASE_KINDS } from './support/databases';
import { migratedDatabase, type MigratedDatabase } from './support/migrated';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Word of changes without a NOTIFY in the transactions that make them (migration 0016): the
 * events' triggers mark the customer, one announcement notifies for all the marks since; wake-ups
 * of the workers are sent after the commit, many calls making at most two.
 */
describe.each(DATABASE_KINDS)('word of changes on %s', (kind) => {
  let m: MigratedDatabase;
  let alpha: number;
  let beta: number;
  const heard: string[] = [];
  const woken: string[] = [];

  beforeAll(async () => {
    m = await migratedDatabase(kind);
    [alpha, beta] = await m.database.asOwner(async (tx) => {
      const made = await tx
        .insertInto('customers')
        .values([{ customer_name: `Alpha ${kind}` }, { customer_name: `Beta ${kind}` }])
        .returning('customer_id')
        .execute();
      return made.map((row) => row.customer_id) as [number, number];
    });
    await m.database.listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
    await m.database.listen('relevo_change_word_probe', (payload) => woken.push(payload));
  });
  afterAll(async () => m?.close());

  const addEvent = (customerId: number, caseId: string) =>
    m.database.scoped({ kind: 'customer', customerId }, (tx) =>
      tx
        .insertInto('events')
        .values({ customer_id: customerId, case_id: caseId, short_event_subject: 'disk full', short_event_body: 'b' })
        .execute(),
    );

  it('notifies nothing from the transactions that change events, then once per customer when announced', async () => {
    await addEvent(alpha, 'W1');
    await addEvent(alpha, 'W2');
    await addEvent(beta, 'W3');
    await m.database.scoped({ kind: 'customer', customerId: alpha }, (tx) =>
      tx.updateTable('events').set({ event_status: 'progress' }).where('case_id', '=', 'W1').execute(),
    );
    await sleep(300);
    expect(heard).toEqual([]);
    // the marks are the owner's alone
    const read = await m.database
      .scoped({ kind: 'staff' }, (tx) => sql`select count(*) from event_change_marks`.execute(tx))
      .catch((error: Error) => error.message);
    expect(read).toMatch(/permission denied/);

    expect(await announceEventChanges(m.database)).toBe(4);
    await sleep(300);
    expect([...heard].sort()).toEqual([String(alpha), String(beta)].sort());
    // nothing new: nothing said
    expect(await announceEventChanges(m.database)).toBe(0);
    await sleep(200);
    expect(heard).toHaveLength(2);
  });

  it('keeps the totals of the changes apart until they are folded, and the same after', async () => {
    const totals = () =>
      m.database.scoped({ kind: 'staff' }, async (tx) => ({
        kept: await tx
          .selectFrom('event_counts')
          .select(['event_status', 'events'])
          .where('customer_id', '=', alpha)
          .orderBy('event_status')
          .execute(),
        pending: Number(
          (
            await tx
              .selectFrom('event_count_changes')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('customer_id', '=', alpha)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      }));
    const before = await totals();
    expect(before.kept).toEqual([]);
    expect(before.pending).toBeGreaterThan(0);
    // a customer's unit of work may read its changes, not write them
    const written = await m.database
      .scoped({ kind: 'customer', customerId: alpha }, (tx) =>
        tx
          .insertInto('event_count_changes')
          .values({ customer_id: alpha, month: new Date(), event_status: 'open', events: 1000 })
          .execute(),
      )
      .catch((error: Error) => error.message);
    expect(written).toMatch(/permission denied/);
    const folded = await m.database
      .scoped({ kind: 'customer', customerId: alpha }, (tx) => sql`select relevo_fold_event_counts()`.execute(tx))
      .catch((error: Error) => error.message);
    expect(folded).toMatch(/permission denied/);
    // the monthly part of the fold is the owner's alone: the worker calls the whole fold
    const part = await m.database
      .scoped({ kind: 'staff' }, (tx) => sql`select relevo_fold_event_month_counts()`.execute(tx))
      .catch((error: Error) => error.message);
    expect(part).toMatch(/permission denied/);

    expect(await foldEventCounts(m.database)).toBeGreaterThan(0);
    const after = await totals();
    expect(after.pending).toBe(0);
    expect(after.kept).toEqual([
      { event_status: 'open', events: 1 },
      { event_status: 'progress', events: 1 },
    ]);
    expect(await foldEventCounts(m.database)).toBe(0);
  });

  it("keeps each customer's counts of incident texts, folded with the rest: readable by the customer alone, written by no app role", async () => {
    const texts = (customerId: number) =>
      m.database.scoped({ kind: 'customer', customerId }, async (tx) => ({
        kept: await tx.selectFrom('event_subject_counts').select(['customer_id', 'subject', 'events']).execute(),
        pending: await tx
          .selectFrom('event_subject_count_changes')
          .select(['customer_id', 'subject', 'events'])
          .execute(),
      }));
    // folded by the test before: alpha's two events and beta's one, each customer seeing its own
    expect(await texts(alpha)).toEqual({
      kept: [{ customer_id: alpha, subject: 'disk full', events: 2 }],
      pending: [],
    });
    expect(await texts(beta)).toEqual({ kept: [{ customer_id: beta, subject: 'disk full', events: 1 }], pending: [] });
    await addEvent(beta, 'W4');
    expect((await texts(beta)).pending).toEqual([{ customer_id: beta, subject: 'disk full', events: 1 }]);
    expect((await texts(alpha)).pending).toEqual([]);
    for (const table of ['event_subject_counts', 'event_subject_count_changes'] as const) {
      const written = await m.database
        .scoped({ kind: 'customer', customerId: alpha }, (tx) =>
          tx.insertInto(table).values({ customer_id: alpha, subject: 'forged', events: 1000 }).execute(),
        )
        .catch((error: Error) => error.message);
      expect(written).toMatch(/permission denied/);
    }
    expect(await foldEventCounts(m.database)).toBeGreaterThan(0);
    expect(await texts(beta)).toEqual({ kept: [{ customer_id: beta, subject: 'disk full', events: 2 }], pending: [] });
  });

  it('sends one wake-up for a call alone, and at most two for many calls at once', async () => {
    woken.length = 0;
    await wake(m.database, 'relevo_change_word_probe');
    await sleep(200);
    expect(woken).toHaveLength(1);

    woken.length = 0;
    await Promise.all(Array.from({ length: 50 }, () => wake(m.database, 'relevo_change_word_probe')));
    await sleep(200);
    expect(woken.length).toBeGreaterThanOrEqual(1);
    expect(woken.length).toBeLessThanOrEqual(2);

    // a call after those have been sent is sent again
    woken.length = 0;
    await wake(m.database, 'relevo_change_word_probe');
    await sleep(200);
    expect(woken).toHaveLength(1);
  });

  it('vacuums the passing rows as the owner and leaves every connection as the app role', async () => {
    const dead = () =>
      m.database.asOwner(async (tx) =>
        Number(
          (
            await sql<{
              n: number;
            }>`select coalesce(sum(n_dead_tup), 0)::integer as n from pg_stat_user_tables where relname in ('event_change_marks', 'event_count_changes')`.execute(
              tx,
            )
          ).rows[0]!.n,
        ),
      );
    await addEvent(alpha, 'W5');
    await announceEventChanges(m.database);
    await foldEventCounts(m.database);
    await expect.poll(dead, { timeout: 5000, interval: 200 }).toBeGreaterThan(0);
    const pages = () =>
      m.database.asOwner(async (tx) =>
        Number(
          (await sql<{ n: number }>`select pg_relation_size('event_count_changes')::integer as n`.execute(tx)).rows[0]!
            .n,
        ),
      );
    const before = await pages();
    expect(before).toBeGreaterThan(0);
    await Promise.all([
      m.database.vacuum(CHURN_TABLES),
      m.database.vacuum(CHURN_TABLES),
      m.database.vacuum(CHURN_TABLES),
    ]);
    await expect.poll(dead, { timeout: 5000, interval: 200 }).toBe(0);
    // its emptied pages are kept, not handed back (migration 0018): a truncation would lock out every writer of an event
    expect(await pages()).toBe(before);
    const users = await Promise.all(
      Array.from({ length: 12 }, () =>
        sql<{ who: string }>`select current_user as who`.execute(m.database.db).then((result) => result.rows[0]!.who),
      ),
    );
    expect(new Set(users)).toEqual(new Set(['relevo_app']));
  });

  it("does all three as the worker's chore every 10 s", async () => {
    await addEvent(beta, 'W6');
    const left = () =>
      m.database.asOwner(async (tx) => ({
        marks: Number(
          (await sql<{ n: number }>`select count(*)::integer as n from event_change_marks`.execute(tx)).rows[0]!.n,
        ),
        changes: Number(
          (await sql<{ n: number }>`select count(*)::integer as n from event_count_changes`.execute(tx)).rows[0]!.n,
        ),
        texts: Number(
          (await sql<{ n: number }>`select count(*)::integer as n from event_subject_count_changes`.execute(tx))
            .rows[0]!.n,
        ),
      }));
    expect(await left()).toEqual({ marks: 1, changes: 1, texts: 1 });
    // the dashboard's day counts: every customer's changes (alpha's events above too), not only one's
    const days = () =>
      m.database.asOwner(async (tx) => ({
        changes: Number(
          (
            await sql<{
              n: number;
            }>`select (select count(*) from event_day_count_changes) + (select count(*) from event_day_responder_changes) as n`.execute(
              tx,
            )
          ).rows[0]!.n,
        ),
        customers: Number(
          (
            await sql<{
              n: number;
            }>`select count(distinct customer_id)::integer as n from event_day_count_changes`.execute(tx)
          ).rows[0]!.n,
        ),
        counted: (
          await sql<{
            customer_id: number;
            events: number;
          }>`select customer_id, sum(num_events)::integer as events from (select customer_id, num_events from event_day_counts union all select customer_id, num_events from event_day_count_changes) d group by 1 order by 1`.execute(
            tx,
          )
        ).rows,
      }));
    const before = await days();
    expect(before.customers).toBe(2);
    heard.length = 0;
    const chores = new Housekeeping(
      m.database,
      new ManualClock(new Date('2026-11-25T04:00:00Z')),
      createLogger({ logLevel: 'silent' }),
    );
    await chores.fold();
    expect(await left()).toEqual({ marks: 0, changes: 0, texts: 0 });
    expect(await days()).toEqual({ changes: 0, customers: 0, counted: before.counted });
    await expect.poll(() => heard, { timeout: 2000 }).toEqual([String(beta)]);
    await chores.stop();
  });

  it('counts a deleted event out, and lets its customer go after it', async () => {
    const gamma = await m.database.asOwner(
      async (tx) =>
        (
          await tx
            .insertInto('customers')
            .values({ customer_name: `Gamma ${kind}` })
            .returning('customer_id')
            .executeTakeFirstOrThrow()
        ).customer_id,
    );
    await addEvent(gamma, 'W9');
    /** The customer's events counted in a rollup table and its pending changes, together. */
    const counted = (rollup: string, changes: string) =>
      m.database.scoped({ kind: 'staff' }, async (tx) =>
        Number(
          (
            await sql<{
              n: number;
            }>`select coalesce(sum(events), 0)::integer as n from (select events from ${sql.table(rollup)} where customer_id = ${gamma} union all select events from ${sql.table(changes)} where customer_id = ${gamma}) c`.execute(
              tx,
            )
          ).rows[0]!.n,
        ),
      );
    const summed = () => counted('event_counts', 'event_count_changes');
    const texts = () => counted('event_subject_counts', 'event_subject_count_changes');
    expect(await summed()).toBe(1);
    expect(await texts()).toBe(1);
    await m.database.asOwner((tx) => tx.deleteFrom('events').where('customer_id', '=', gamma).execute());
    expect(await summed()).toBe(0);
    expect(await texts()).toBe(0);
    // folded, a text no event has is gone
    await foldEventCounts(m.database);
    expect(
      await m.database.scoped({ kind: 'staff' }, (tx) =>
        tx.selectFrom('event_subject_counts').select('events').where('customer_id', '=', gamma).execute(),
      ),
    ).toEqual([]);
    await m.database.asOwner((tx) => tx.deleteFrom('customers').where('customer_id', '=', gamma).execute());
    const left = await m.database.scoped({ kind: 'staff' }, (tx) =>
      tx.selectFrom('event_count_changes').select('events').where('customer_id', '=', gamma).execute(),
    );
    expect(left).toEqual([]);
    const leftTexts = await m.database.scoped({ kind: 'staff' }, (tx) =>
      tx.selectFrom('event_subject_count_changes').select('events').where('customer_id', '=', gamma).execute(),
    );
    expect(leftTexts).toEqual([]);
  });
});
