import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dashboardEndpoints, onCallNow, type ApiClient } from '@relevo/api';
import { CommandError } from '../src/admin';
import { ManualClock } from '../src/clock';
import { DEMO_CUSTOMER, DEMO_USERS, loadDemoData } from '../src/demo';
import { DEMO_HISTORY_MESSAGES, makeDemoHistory, type DemoHistory } from '../src/demo-history/history';
import { HISTORY_MODULES, planHistory } from '../src/demo-history/plan';
import { bundleCli, runCli } from './support/cli';
import { bundleServerMain } from './support/bundle';
import { freePort, SERVER_READY, WorkerProcess } from './support/worker-process';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';

/** Thursday 3 December 2026, noon UTC (the demo customer counts its days in UTC): two weeks back reach into November. */
const NOW = Date.UTC(2026, 11, 3, 12);
const DAYS = 14;
const DAY = 86_400_000;

describe('the demo history plan (docs/product.md#demo-data)', () => {
  const plan = (seed: number) => planHistory({ days: 90, seed, end: NOW, timeZone: 'UTC' });

  it('is the same for the same seed and another for another seed', () => {
    expect(plan(7)).toEqual(plan(7));
    expect(plan(8).incidents.map((i) => i.at)).not.toEqual(plan(7).incidents.map((i) => i.at));
  });

  it('has a few incidents a day, more on weekdays, one storm of dozens, and the latest left open', () => {
    const { incidents, storm } = plan(2026);
    const regular = incidents.filter((i) => !i.storm);
    expect(regular.length).toBeGreaterThan(90 * 2);
    expect(regular.length).toBeLessThan(90 * 6);
    const weekday = (at: number) => new Date(at).getUTCDay() % 6 !== 0;
    const weekdays = regular.filter((i) => weekday(i.at)).length / 65;
    const weekends = regular.filter((i) => !weekday(i.at)).length / 26;
    expect(weekdays).toBeGreaterThan(weekends * 1.5);
    expect(storm.count).toBeGreaterThanOrEqual(36);
    const stormy = incidents.filter((i) => i.storm);
    expect(stormy).toHaveLength(storm.count);
    expect(Math.max(...stormy.map((i) => i.at)) - storm.at).toBeLessThan(10 * 60_000);
    expect(incidents.every((i) => i.at >= NOW - 90 * DAY && i.at < NOW)).toBe(true);
    expect(incidents.at(-1)!.fate.kind).toBe('open');
    expect(incidents.at(-2)!.fate.kind).toBe('progress');
    const kinds = new Set(incidents.map((i) => i.fate.kind));
    expect([...kinds].sort()).toEqual(['canceled', 'open', 'progress', 'recovered', 'resolved']);
    expect(new Set(incidents.map((i) => i.module))).toEqual(new Set(HISTORY_MODULES.map((m) => m.name)));
    // docs/product.md#demo-data: about one in ten accepted after the SLA's 15 minutes
    const accepted = regular.flatMap((i) => (i.fate.kind === 'resolved' ? [i.fate.acceptAfter] : []));
    const late = accepted.filter((after) => after > 15 * 60_000).length / accepted.length;
    expect(late).toBeGreaterThan(0.05);
    expect(late).toBeLessThan(0.2);
  });
  it('keeps a short history within its days, the storm included, at any hour of the end', () => {
    for (const hour of [0, 3, 9, 16, 23])
      for (const days of [1, 2, 3]) {
        const end = Date.UTC(2026, 11, 6, hour, 30);
        const { incidents, storm } = planHistory({ days, seed: 1, end, timeZone: 'America/Puerto_Rico' });
        expect(incidents.every((i) => i.at >= end - days * DAY && i.at < end)).toBe(true);
        expect(storm.at).toBeGreaterThanOrEqual(end - days * DAY);
        expect(incidents.filter((i) => i.storm)).toHaveLength(storm.count);
      }
  });
});

describe.each(DATABASE_KINDS)('demo history on %s (docs/product.md#demo-data)', (kind) => {
  let t: TestApp;
  let client: ApiClient;
  let made: DemoHistory;
  let took = 0;
  let delivered = { mail: 0, sms: 0 };

  beforeAll(async () => {
    t = await startTestApp({ kind, clock: new ManualClock(NOW) });
    expect(await loadDemoData(t.database, t.clock)).toBe(true);
    const demoUser = DEMO_USERS.find((user) => user.role === 'Customer')!;
    ({ client } = await t.signIn(demoUser.email, demoUser.password));
    // the history runs with no worker on the database (docs/product.md#demo-data)
    await t.settleOutbox();
    await t.dispatcher.stop();
    delivered = { mail: t.mailbox.messages.length, sms: t.sms.messages.length };
    const started = Date.now();
    made = await makeDemoHistory(t.ctx, { customer: DEMO_CUSTOMER, days: DAYS });
    took = Date.now() - started;
  }, 300_000);
  afterAll(() => t?.close());

  const counts = (query: string) =>
    asSystem(t, async (tx) => (await sql<Record<string, unknown>>`${sql.raw(query)}`.execute(tx)).rows);

  it('makes the incidents of every day through the product, and ends at the clock it was given', async () => {
    expect(t.clock.now().getTime()).toBe(NOW);
    expect(made.from.getTime()).toBe(NOW - DAYS * DAY);
    const [row] = await counts(
      `select count(*)::int as n, min(event_createdt) as first, max(event_createdt) as last from events where customer_id = ${made.customerId}`,
    );
    expect(row!.n).toBe(made.incidents);
    expect(new Date(row!.first as string).getTime()).toBeGreaterThanOrEqual(NOW - DAYS * DAY);
    expect(new Date(row!.last as string).getTime()).toBeLessThan(NOW);
    // every event walked its escalation: a first contact, logged and marked delivered
    const [walked] = await counts(
      `select count(distinct event_id)::int as n from event_logs where customer_id = ${made.customerId} and followup_status = 'open' and delivery_status = 'sent'`,
    );
    expect(walked!.n).toBe(made.incidents);
    console.log(`${kind}: ${made.incidents} incidents of ${DAYS} days in ${took} ms`);
  });

  it('fills every dashboard widget', async () => {
    const today = await client.call(dashboardEndpoints.summaryToday);
    expect(today.count_today).toBeGreaterThanOrEqual(2);
    expect(today.count_open).toBeGreaterThanOrEqual(1);
    expect(today.count_progress).toBeGreaterThanOrEqual(1);

    for (const filter_by of ['Week', 'Month'] as const) {
      const modules = await client.call(dashboardEndpoints.summaryModules, { query: { filter_by } });
      expect(modules.length, filter_by).toBeGreaterThanOrEqual(2);
      for (const row of modules) {
        expect(HISTORY_MODULES.map((m) => m.name)).toContain(row.module_name);
        expect(row.num_events).toBeGreaterThan(0);
      }
    }

    const performance = await client.call(dashboardEndpoints.summaryPerformance);
    expect(performance.map((row) => row.module_name).sort()).toEqual(HISTORY_MODULES.map((m) => m.name).sort());
    expect(performance.some((row) => row.num_events_month > 0)).toBe(true);
    expect(performance.every((row) => row.num_events_previous_month > 0)).toBe(true);

    const compliance = await client.call(dashboardEndpoints.summaryCompliance);
    const met = compliance.find((row) => row.compliance_status === 'YES')!;
    const missed = compliance.find((row) => row.compliance_status === 'NO')!;
    expect(met.current_month).toBeGreaterThan(0);
    expect(met.preview_month).toBeGreaterThan(0);
    // the storm's incidents waited past the SLA
    expect(missed.preview_month).toBeGreaterThan(20);
    expect(met.preview_month).toBeGreaterThan(missed.preview_month / 4);

    const responders = await client.call(dashboardEndpoints.summaryResource);
    expect(responders.map((row) => row.resource)).toContain('Carlos Méndez');
    expect(responders.every((row) => row.num_assigned_month > 0)).toBe(true);

    const chart = await client.call(dashboardEndpoints.summaryChart);
    expect(chart).toHaveLength(24);
    const month = (m: number) => chart.find((row) => row.years === 2026 && row.months === m)!.num_event;
    expect(month(11)).toBeGreaterThan(month(12));
    expect(month(12)).toBeGreaterThan(0);
    expect(chart.filter((row) => row.num_event > 0)).toHaveLength(2);

    const events = await client.call(dashboardEndpoints.summaryEvents);
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const row of events) expect(row.events).toBeGreaterThan(0);
    const timed = events.filter((row) => row.avg_incident_response_time !== null);
    expect(timed.length).toBeGreaterThan(0);
    for (const row of timed) {
      expect(row.avg_incident_response_time).toBeGreaterThan(0);
      expect(row.avg_incident_response_time).toBeLessThan(60);
    }
    expect(events.some((row) => (row.avg_incident_resolution_time ?? 0) > 5)).toBe(true);

    const onCall = await client.call(onCallNow);
    expect(onCall.schedules.map((s) => s.resource?.resource_fullname)).toEqual(['Carlos Méndez']);
  });

  it('has SLA misses, a storm day that stands out, and events of every status', async () => {
    const sla = await counts(
      `select sla_compliance, count(*)::int as n from events where customer_id = ${made.customerId} group by 1 order by 1`,
    );
    const slaOf = (value: string) => (sla.find((row) => row.sla_compliance === value)?.n as number) ?? 0;
    expect(slaOf('NO')).toBeGreaterThan(made.storm.count / 2);
    expect(slaOf('YES')).toBeGreaterThan(0);

    const days = await counts(
      `select (event_createdt at time zone 'UTC')::date::text as day, count(*)::int as n from events where customer_id = ${made.customerId} group by 1 order by 2 desc`,
    );
    const stormDay = made.storm.at.toISOString().slice(0, 10);
    expect(days[0]!.day).toBe(stormDay);
    expect(days[0]!.n as number).toBeGreaterThan(3 * (days[1]!.n as number));
    expect(days.length).toBeGreaterThan(DAYS - 3);

    const statuses = await counts(
      `select event_status, count(*)::int as n from events where customer_id = ${made.customerId} group by 1 order by 1`,
    );
    expect(statuses.map((row) => row.event_status)).toEqual(['canceled', 'completed', 'open', 'progress']);
    // the latest are the open ones: nothing after them is closed
    const latest = await counts(
      `select event_status from events where customer_id = ${made.customerId} order by event_createdt desc limit 2`,
    );
    expect(latest.map((row) => row.event_status)).toEqual(['open', 'progress']);
    // accepted by their links, from the dashboard, resolved by the integration: the timeline's sources
    const vias = await counts(
      `select distinct kind, via from event_actions where customer_id = ${made.customerId} order by 1, 2`,
    );
    expect(vias).toEqual(
      expect.arrayContaining([
        { kind: 'accepted', via: 'link' },
        { kind: 'accepted', via: 'dashboard' },
        { kind: 'resolved', via: 'integration' },
        { kind: 'resolved', via: 'dashboard' },
        { kind: 'resolved', via: 'link' },
        { kind: 'canceled', via: 'integration' },
      ]),
    );
  });

  it('leaves nothing to deliver and nothing due: no gateway gets a message of the history', async () => {
    const waiting = await counts(
      `select status, count(*)::int as n from outbox where customer_id = ${made.customerId} group by 1 order by 1`,
    );
    expect(waiting.filter((row) => row.status === 'pending' || row.status === 'claimed')).toEqual([]);
    expect(waiting.find((row) => row.status === 'sent')!.n as number).toBeGreaterThan(made.incidents);
    const [bodies] = await counts(
      `select count(*)::int as n from outbox where customer_id = ${made.customerId} and (body is not null or html is not null)`,
    );
    expect(bodies!.n).toBe(0);
    const [timers] = await counts(
      `select count(*)::int as n from engine_timers where customer_id = ${made.customerId} and status <> 'done'`,
    );
    expect(timers!.n).toBe(0);
    const [queued] = await counts(
      `select count(*)::int as n from event_logs where customer_id = ${made.customerId} and delivery_status = 'queued'`,
    );
    expect(queued!.n).toBe(0);
    // and a worker started now finds nothing to send
    expect(await t.dispatcher.drain()).toBe(0);
    expect({ mail: t.mailbox.messages.length, sms: t.sms.messages.length }).toEqual(delivered);
  });

  it('refuses a second history, a customer that is not a demo one, and bad days', async () => {
    await expect(makeDemoHistory(t.ctx, { customer: DEMO_CUSTOMER, days: DAYS })).rejects.toThrow(
      new CommandError(DEMO_HISTORY_MESSAGES.hasEvents(DEMO_CUSTOMER)),
    );
    await t.createCustomer('Real Shop');
    await expect(makeDemoHistory(t.ctx, { customer: 'real shop', days: 3 })).rejects.toThrow(
      DEMO_HISTORY_MESSAGES.notDemo('Real Shop'),
    );
    await expect(makeDemoHistory(t.ctx, { customer: 'Nobody', days: 3 })).rejects.toThrow(
      DEMO_HISTORY_MESSAGES.noCustomer('Nobody'),
    );
    for (const days of [0, -1, 1.5, 367, Number.NaN])
      await expect(makeDemoHistory(t.ctx, { customer: DEMO_CUSTOMER, days })).rejects.toThrow(
        DEMO_HISTORY_MESSAGES.days,
      );
    // a real customer whose catalogue someone named like the demo's is still no demo customer
    const [real] = await counts(`select customer_id from customers where customer_name = 'Real Shop'`);
    await asSystem(t, (tx) =>
      tx
        .updateTable('customers')
        .set({ customer_createby: 'someone@shop.test' })
        .where('customer_id', '=', real!.customer_id as number)
        .execute(),
    );
    await expect(makeDemoHistory(t.ctx, { customer: 'Real Shop', days: 3 })).rejects.toThrow(
      DEMO_HISTORY_MESSAGES.notDemo('Real Shop'),
    );
    const [none] = await counts(
      `select count(*)::int as n from events where customer_id = ${real!.customer_id as number}`,
    );
    expect(none!.n).toBe(0);
  });

  it('refuses a demo customer whose webhooks would be told, and one without a demo module', async () => {
    const other = await t.createCustomer('Second Demo');
    await asSystem(t, (tx) =>
      tx.updateTable('customers').set({ customer_createby: 'demo' }).where('customer_id', '=', other).execute(),
    );
    await expect(makeDemoHistory(t.ctx, { customer: 'Second Demo', days: 3 })).rejects.toThrow(
      DEMO_HISTORY_MESSAGES.noModule('Second Demo'),
    );
    await asSystem(t, (tx) =>
      tx
        .insertInto('webhooks')
        .values({
          customer_id: other,
          webhook_url: 'https://hooks.example.test/relevo',
          secret_sealed: 'sealed',
          changes: JSON.stringify(['created']),
          webhook_createby: 'root@second.test',
          webhook_createdt: t.clock.now(),
        })
        .execute(),
    );
    await expect(makeDemoHistory(t.ctx, { customer: 'Second Demo', days: 3 })).rejects.toThrow(
      DEMO_HISTORY_MESSAGES.tellsOthers('Second Demo'),
    );
  });
});

describe('demo-history command (docs/product.md#demo-data)', () => {
  let cliPath = '';
  beforeAll(async () => {
    cliPath = await bundleCli('cli-demo-history');
  });

  it('makes the history of the demo customer on request, once, and refuses bad input', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relevo-demo-history-'));
    const cli = (...args: string[]) => runCli(cliPath, { DATA_DIR: dataDir, DATABASE_URL: '' }, ...args);
    try {
      expect(cli('demo-history')).toMatchObject({ code: 1, err: 'No customer named "Demo Company"\n' });
      expect(cli('demo-data')).toMatchObject({ code: 0 });
      expect(cli('demo-history', '--days', 'ninety')).toMatchObject({
        code: 1,
        err: `${DEMO_HISTORY_MESSAGES.days}\n`,
      });
      const made = cli('demo-history', '--days', '1');
      expect(made.err).toBe('');
      expect(made.code).toBe(0);
      expect(made.out).toMatch(
        /^Demo history of Demo Company: \d+ incidents from \S+ to \S+ \(a storm of \d+ on \S+\)\.\n$/,
      );
      expect(cli('demo-history', '--days', '3', '--customer', 'demo company')).toMatchObject({
        code: 1,
        err: `${DEMO_HISTORY_MESSAGES.hasEvents(DEMO_CUSTOMER)}\n`,
      });
      expect(cli('create-customer', '--name', 'Acme')).toMatchObject({ code: 0 });
      expect(cli('demo-history', '--customer', 'Acme')).toMatchObject({
        code: 1,
        err: `${DEMO_HISTORY_MESSAGES.notDemo('Acme')}\n`,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('the demo data at start (docs/product.md#demo-data)', () => {
  it('reads DEMO_HISTORY_DAYS: 30 unless set, 0 for none', () => {
    expect(loadConfig({}).demoHistoryDays).toBe(30);
    expect(loadConfig({ DEMO_HISTORY_DAYS: '0' }).demoHistoryDays).toBe(0);
    expect(loadConfig({ DEMO_HISTORY_DAYS: '90' }).demoHistoryDays).toBe(90);
    for (const bad of ['367', '-1', 'many', '1.5'])
      expect(() => loadConfig({ DEMO_HISTORY_DAYS: bad })).toThrow(
        'DEMO_HISTORY_DAYS must be a whole number from 0 to 366',
      );
  });

  it('makes the workspace and its history on an empty embedded database, before the workers start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relevo-demo-start-'));
    const main = await bundleServerMain('demo-history');
    let server: WorkerProcess | null = null;
    try {
      server = await WorkerProcess.start(
        main,
        {
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DEMO_HISTORY_DAYS: '1',
          LOG_LEVEL: 'warn',
        },
        SERVER_READY,
        120_000,
      );
      expect(server.output).toContain('Demo data loaded, with 1 day of incidents.');
      await server.kill('SIGTERM');
      const database = await openDatabase({ url: null, dataDir });
      try {
        const [row] = await database.asOwner(
          async (tx) =>
            (
              await sql<{ events: number; waiting: number }>`
              select (select count(*)::int from events) as events,
                (select count(*)::int from outbox where idempotency_key like 'event:%' and status in ('pending', 'claimed')) as waiting`.execute(
                tx,
              )
            ).rows,
        );
        expect(row!.events).toBeGreaterThan(36);
        expect(row!.waiting).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      await server?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
