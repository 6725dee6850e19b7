import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock';
import { Housekeeping } from '../src/jobs/housekeeping';
import { GapWarnings, gapMail, type ScheduleGap } from '../src/schedules/gap-warnings';
import { HandoffNotices, pruneHandoffs } from '../src/schedules/handoffs';
import { insertResource } from './support/catalogue';
import { dailyRotation as daily, insertSchedule as insertOwnedSchedule } from './support/schedules';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PUBLIC_URL = 'https://relevo.example.test';
/** Monday 2026-01-05, 09:00 in New York (EST): a daily handoff */
const MONDAY_NINE = Date.parse('2026-01-05T14:00:00Z');

describe.each(DATABASE_KINDS)('handoff notices and gap warnings on %s', (kind) => {
  let t: TestApp;
  let acme: number;
  let globex: number;
  const people = { ana: 0, ben: 0, gus: 0 };
  const roots = { first: { id: 0, email: 'root1@acme.test' }, second: { id: 0, email: 'root2@acme.test' } };
  let primary: number;
  let quiet: number;
  let gappy: number;

  const insertSchedule = (
    customerId: number,
    spec: { name: string; definition: object; members: number[]; handoffs?: 'Y' | 'N'; active?: 'Y' | 'N' },
  ) => asSystem(t, (tx) => insertOwnedSchedule(tx, customerId, spec));

  const outbox = (prefix: string) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('outbox')
        .select(['customer_id', 'recipient', 'subject', 'idempotency_key', 'channel'])
        .where('idempotency_key', 'like', `${prefix}%`)
        .orderBy('id')
        .execute(),
    );

  /** One worker's run of the handoff notices at `at` (the clock moved there: the outbox sends what is due). */
  const handoffsAt = (at: number) => {
    t.clock.set(at);
    return new HandoffNotices(t.database, PUBLIC_URL).run(new Date(at));
  };
  /** A worker's run of the gap warnings at `at`. */
  const gapsAt = (warnings: GapWarnings, at: number) => {
    t.clock.set(at);
    return warnings.run(new Date(at));
  };

  beforeAll(async () => {
    t = await startTestApp({ kind, clock: new ManualClock(MONDAY_NINE - HOUR), config: { publicUrl: PUBLIC_URL } });
    acme = await t.createCustomer('Acme');
    globex = await t.createCustomer('Globex');
    roots.first.id = (await t.createUser({ role: 'CustomerRoot', customer: 'Acme', email: roots.first.email })).id;
    roots.second.id = (await t.createUser({ role: 'CustomerRoot', customer: 'Acme', email: roots.second.email })).id;
    const inactive = await t.createUser({ role: 'CustomerRoot', customer: 'Acme', email: 'gone@acme.test' });
    await t.createUser({ role: 'Customer', customer: 'Acme', email: 'reader@acme.test' });
    await t.createUser({ role: 'CustomerRoot', customer: 'Globex', email: 'root@globex.test' });
    await asSystem(t, async (tx) => {
      await tx.updateTable('users').set({ status: 0 }).where('id', '=', inactive.id).execute();
      // the day of the gap warnings is the customer's own
      await tx
        .updateTable('customers')
        .set({ customer_time_zone: 'America/New_York' })
        .where('customer_id', 'in', [acme, globex])
        .execute();
      people.ana = await insertResource(tx, acme, { name: 'Ana Torres', email: 'ana@acme.test', phone: '7875550101' });
      people.ben = await insertResource(tx, acme, { name: 'Ben Ruiz', email: 'ben@acme.test', phone: '7875550102' });
      people.gus = await insertResource(tx, globex, { name: 'Gus', email: 'gus@globex.test', phone: '7875550109' });
    });
    primary = await insertSchedule(acme, {
      name: 'Primary',
      definition: daily([people.ana, people.ben]),
      members: [people.ana, people.ben],
      handoffs: 'Y',
    });
    // the same people and shifts, without handoff notices
    quiet = await insertSchedule(acme, {
      name: 'Quiet',
      definition: daily([people.ben, people.ana]),
      members: [people.ana, people.ben],
    });
    // office hours only: uncovered every night and weekend
    const office = daily([people.ana]);
    office.rotations[0]!.restrictions = [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }];
    gappy = await insertSchedule(acme, { name: 'Office hours', definition: office, members: [people.ana] });
    // inactive: its gaps are nobody's concern
    await insertSchedule(acme, { name: 'Retired', definition: office, members: [people.ana], active: 'N' });
    // Globex is covered around the clock
    await insertSchedule(globex, { name: 'Globex', definition: daily([people.gus]), members: [people.gus] });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('tells the incoming person once when a shift starts, however many runs and workers', async () => {
    expect(await handoffsAt(MONDAY_NINE - MINUTE)).toBe(0);
    const at = MONDAY_NINE + 30_000;
    const counts = await Promise.all([handoffsAt(at), handoffsAt(at)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await handoffsAt(at + MINUTE)).toBe(0);
    const rows = await outbox('handoff:');
    expect(rows).toEqual([
      {
        customer_id: acme,
        recipient: 'ana@acme.test',
        subject: 'Relevo: your on-call shift on Primary starts now',
        idempotency_key: `handoff:${primary}:${people.ana}:${MONDAY_NINE}`,
        channel: 'email',
      },
    ]);
    // nothing for the schedule that does not ask for notices
    expect(rows.some((row) => row.idempotency_key.startsWith(`handoff:${quiet}:`))).toBe(false);
    const recorded = await asSystem(t, (tx) => tx.selectFrom('schedule_handoffs').selectAll().execute());
    expect(recorded).toEqual([
      expect.objectContaining({ schedule_id: primary, resource_id: people.ana, shift_start: new Date(MONDAY_NINE) }),
    ]);

    await t.settleOutbox();
    const mail = await t.mailbox.waitFor('ana@acme.test');
    expect(mail.subject).toBe('Relevo: your on-call shift on Primary starts now');
    expect(mail.text).toContain('Hello Ana Torres,');
    expect(mail.text).toContain('started 2026-01-05 09:00 (-05:00)');
    // the end of the shift in the schedule's zone
    expect(mail.text).toContain('It ends 2026-01-06 09:00 (-05:00) (America/New_York).');
    expect(mail.text).toContain(`${PUBLIC_URL}/schedules/${primary}`);
  });

  it('tells nobody when the same person goes on (an override joining their shift), and the next person when it ends', async () => {
    // Ana stays until 15:00 New York on Tuesday: the handoff to Ben moves there
    const tuesdayNine = MONDAY_NINE + DAY;
    await asSystem(t, (tx) =>
      tx
        .insertInto('schedule_overrides')
        .values({
          customer_id: acme,
          schedule_id: primary,
          resource_id: people.ana,
          start_at: new Date(tuesdayNine),
          end_at: new Date(tuesdayNine + 6 * HOUR),
        })
        .execute(),
    );
    expect(await handoffsAt(tuesdayNine + 5 * MINUTE)).toBe(0);
    expect(await handoffsAt(tuesdayNine + 6 * HOUR + MINUTE)).toBe(1);
    const rows = await outbox('handoff:');
    expect(rows.map((row) => row.idempotency_key)).toEqual([
      `handoff:${primary}:${people.ana}:${MONDAY_NINE}`,
      `handoff:${primary}:${people.ben}:${tuesdayNine + 6 * HOUR}`,
    ]);
    await t.settleOutbox();
    const mail = await t.mailbox.waitFor('ben@acme.test');
    expect(mail.text).toContain('started 2026-01-06 15:00 (-05:00)');
    expect(mail.text).toContain('It ends 2026-01-07 09:00 (-05:00)');
  });

  it('sends no stale notice after a stop: only shifts that began within the last 15 minutes', async () => {
    const wednesdayNine = MONDAY_NINE + 2 * DAY;
    expect(await handoffsAt(wednesdayNine + 20 * MINUTE)).toBe(0);
    expect(await handoffsAt(wednesdayNine + 25 * MINUTE)).toBe(0);
    // the next day's shift, seen 14 minutes late, still goes
    const thursdayNine = MONDAY_NINE + 3 * DAY;
    expect(await handoffsAt(thursdayNine + 14 * MINUTE)).toBe(1);
    expect((await outbox('handoff:')).map((row) => row.idempotency_key)).toEqual([
      `handoff:${primary}:${people.ana}:${MONDAY_NINE}`,
      `handoff:${primary}:${people.ben}:${MONDAY_NINE + DAY + 6 * HOUR}`,
      `handoff:${primary}:${people.ben}:${thursdayNine}`,
    ]);
  });

  it('forgets the records of notices after 30 days', async () => {
    const before = await asSystem(t, (tx) => tx.selectFrom('schedule_handoffs').select('shift_start').execute());
    expect(before).toHaveLength(3);
    await asSystem(t, (tx) => pruneHandoffs(tx, new Date(MONDAY_NINE + 32 * DAY)));
    const after = await asSystem(t, (tx) => tx.selectFrom('schedule_handoffs').select('shift_start').execute());
    // the ones queued on Thursday are within 30 days of that moment
    expect(after.map((row) => row.shift_start.getTime())).toEqual([MONDAY_NINE + 3 * DAY]);
  });

  it("warns each active Customer Root user of the customer's uncovered schedules once a day, in its morning", async () => {
    const warnings = new GapWarnings(t.database, PUBLIC_URL);
    // Friday 07:30 in New York: not yet the morning
    const friday = Date.parse('2026-01-09T12:30:00Z');
    expect(await gapsAt(warnings, friday)).toBe(0);
    expect(await outbox('gaps:')).toEqual([]);

    const morning = friday + HOUR; // 08:30
    expect(await gapsAt(warnings, morning)).toBe(2);
    const rows = await outbox('gaps:');
    const subject = 'Relevo: 1 schedule has nobody on call in the next 14 days';
    expect(rows).toEqual([
      {
        customer_id: acme,
        recipient: roots.first.email,
        subject,
        idempotency_key: `gaps:${acme}:2026-01-09:${roots.first.id}`,
        channel: 'email',
      },
      {
        customer_id: acme,
        recipient: roots.second.email,
        subject,
        idempotency_key: `gaps:${acme}:2026-01-09:${roots.second.id}`,
        channel: 'email',
      },
    ]);

    // the same day again, and after a restart (a new worker): nothing more
    expect(await gapsAt(warnings, morning + HOUR)).toBe(0);
    await gapsAt(new GapWarnings(t.database, PUBLIC_URL), morning + 2 * HOUR);
    expect(await outbox('gaps:')).toHaveLength(2);

    await t.settleOutbox();
    const mail = await t.mailbox.waitFor(roots.first.email);
    expect(mail.subject).toBe(subject);
    // the first uncovered stretch, in the schedule's zone: now until the office opens
    expect(mail.text).toContain(
      '- Office hours: nobody from 2026-01-09 08:30 (-05:00) to 2026-01-09 09:00 (-05:00) (America/New_York)',
    );
    expect(mail.text).toContain(`${PUBLIC_URL}/schedules/${gappy}`);
    expect(mail.text).not.toContain('Primary');
    expect(mail.text).not.toContain('Retired');
    // not the Customer role, not an inactive user, not the covered customer
    for (const address of ['reader@acme.test', 'gone@acme.test', 'root@globex.test'])
      expect(t.mailbox.to(address)).toEqual([]);

    // the next morning, the next day's warning
    expect(await gapsAt(warnings, morning + DAY)).toBe(2);
    expect((await outbox('gaps:')).map((row) => row.idempotency_key)).toContain(
      `gaps:${acme}:2026-01-10:${roots.first.id}`,
    );
  });

  it('sends nothing for a customer whose every schedule is covered', async () => {
    await asSystem(t, (tx) =>
      tx.updateTable('schedules').set({ schedule_active: 'N' }).where('schedule_id', '=', gappy).execute(),
    );
    const warnings = new GapWarnings(t.database, PUBLIC_URL);
    expect(await gapsAt(warnings, Date.parse('2026-01-11T14:00:00Z'))).toBe(0);
    const rows = await outbox('gaps:');
    expect(rows.some((row) => row.idempotency_key.includes(':2026-01-11:'))).toBe(false);
    expect(rows.every((row) => row.customer_id === acme)).toBe(true);
  });

  it('names at most 50 schedules in one warning, and counts the rest', () => {
    const gaps: ScheduleGap[] = Array.from({ length: 53 }, (_, i) => ({
      schedule_id: i + 1,
      schedule_name: `Schedule ${i + 1}`,
      time_zone: 'UTC',
      start: Date.parse('2026-01-09T00:00:00Z'),
      end: Date.parse('2026-01-09T08:00:00Z'),
    }));
    const mail = gapMail('Root', gaps);
    expect(mail.subject).toBe('Relevo: 53 schedules have nobody on call in the next 14 days');
    expect(mail.text.match(/^- Schedule /gm)).toHaveLength(50);
    expect(mail.text).toContain(
      '- Schedule 50: nobody from 2026-01-09 00:00 (+00:00) to 2026-01-09 08:00 (+00:00) (UTC)',
    );
    expect(mail.text).not.toContain('Schedule 51');
    expect(mail.text).toContain('and 3 more.');
  });

  it("runs both in the worker's minute chores", async () => {
    await asSystem(t, (tx) =>
      tx.updateTable('schedules').set({ schedule_active: 'Y' }).where('schedule_id', '=', gappy).execute(),
    );
    const mondayNine = MONDAY_NINE + 7 * DAY;
    t.clock.set(mondayNine + 30_000);
    await new Housekeeping(t.database, t.clock, t.ctx.log, PUBLIC_URL).notices();
    expect((await outbox('handoff:')).map((row) => row.idempotency_key)).toContain(
      `handoff:${primary}:${people.ben}:${mondayNine}`,
    );
    expect((await outbox(`gaps:${acme}:2026-01-12:`)).map((row) => [row.recipient, row.subject])).toEqual([
      [roots.first.email, 'Relevo: 1 schedule has nobody on call in the next 14 days'],
      [roots.second.email, 'Relevo: 1 schedule has nobody on call in the next 14 days'],
    ]);
  });
});
