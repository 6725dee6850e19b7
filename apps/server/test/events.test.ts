import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { generateCredential, listEventLog, listEvents } from '@relevo/api';
import {
  EVENT_CSV_HEADERS,
  EVENT_MESSAGES,
  PAGE_MESSAGES,
  type EventListQuery,
  type IncidentEvent,
} from '@relevo/domain';
import type { Principal } from '../src/auth/principals';
import { foldEventCounts } from '../src/jobs/housekeeping';
import { announceEventChanges } from '../src/incidents/event-changes';
import { EngineWorker } from '../src/engine/worker';
import { eventService } from '../src/incidents/events';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

/** A tiny deterministic random source: the same fixture on every run. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Fixture {
  case_id: string;
  module: 'A1' | 'A2' | 'B1';
  event_status: IncidentEvent['event_status'];
  sla_compliance: 'YES' | 'NO' | null;
  subject: string;
  created: Date;
}

/** Subjects a spreadsheet would misread, and one with a comma, quotes and a line break. */
const TRICKY = [
  '=HYPERLINK("http://evil.test")',
  '+1 errors on checkout',
  '-5% conversions',
  '@ops look at db-1',
  '\ttabbed subject',
  'Tienda, "Norte"\nsegunda línea',
];

/**
 * 130 events of one customer between September and December 2026 (UTC): three modules in two
 * applications, every status and SLA value, some at the edges of days and months, two sharing
 * one instant.
 */
function fixtures(): Fixture[] {
  const random = randomSource(14);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const out: Fixture[] = [];
  const start = Date.UTC(2026, 8, 1);
  const span = Date.UTC(2026, 11, 31) - start;
  const edges = [
    Date.UTC(2026, 9, 1), // the first instant of October
    Date.UTC(2026, 9, 1) - 1, // the last of September
    Date.UTC(2026, 10, 1, 3, 59, 59), // Oct 31 in Puerto Rico, Nov 1 in UTC
    Date.UTC(2026, 10, 1, 4, 0, 0), // Nov 1 in Puerto Rico
    Date.UTC(2026, 10, 15, 23, 59, 59, 999),
    Date.UTC(2026, 10, 16),
    Date.UTC(2026, 10, 20, 12),
    Date.UTC(2026, 10, 20, 12), // the same instant twice: the id decides
  ];
  for (let i = 0; i < 130; i++) {
    const at = i < edges.length ? edges[i]! : start + Math.floor(random() * span);
    out.push({
      case_id: `F${String(i).padStart(3, '0')}Q2WX`,
      module: pick(['A1', 'A1', 'A2', 'B1'] as const),
      event_status: pick(['open', 'progress', 'completed', 'completed', 'canceled'] as const),
      sla_compliance: pick(['YES', 'YES', 'NO', null] as const),
      subject:
        i < TRICKY.length
          ? TRICKY[i]!
          : `${pick(['Disk almost full on', 'CPU above 90% on', 'Latency above 2 s on'])} host-${i}`,
      created: new Date(at),
    });
  }
  return out;
}

describe.each(DATABASE_KINDS)('the events list, its exports and its stream on %s', (kind) => {
  let t: TestApp;
  let reader: SignedIn;
  let otherRoot: SignedIn;
  let staff: SignedIn;
  let fixtureReader: SignedIn;
  let fixtureCustomer: number;
  let checkout: RunnableModule & { key: string };
  let billing: RunnableModule & { key: string };
  let otherModule: RunnableModule & { key: string };
  const made: Record<string, { case_id: string; event_id: number }> = {};
  /** the fixture customer's modules and applications, by name */
  const ids = { A: 0, B: 0, A1: 0, A2: 0, B1: 0 };
  let rows: Fixture[] = [];
  const idOf = new Map<string, number>();

  const report = async (m: RunnableModule & { key: string }, incident: string) =>
    (
      await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
        body: { incident, description: 'Raised by the events list test' },
        headers: { authorization: `Basic ${Buffer.from(`${m.id}:${m.key}`).toString('base64')}` },
      })
    ).body;
  const bearer = (who: SignedIn) => ({ authorization: `Bearer ${who.token}` });

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const acme = await t.createCustomer('Acme');
    const other = await t.createCustomer('Other');
    fixtureCustomer = await t.createCustomer('Fixture Co');
    const sign = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    const root = await sign('CustomerRoot', 'Acme');
    reader = await sign('Customer', 'Acme');
    otherRoot = await sign('CustomerRoot', 'Other');
    staff = await sign('StaffRoot');
    fixtureReader = await sign('Customer', 'Fixture Co');
    const withKey = async (m: RunnableModule, by: SignedIn) => {
      const [key] = await by.client.call(generateCredential, {
        params: { module: m.id, application: m.applicationId },
      });
      return { ...m, key: key.body.credentialKey };
    };
    checkout = await withKey(await asSystem(t, (tx) => insertRunnableModule(tx, acme)), root);
    billing = await withKey(await asSystem(t, (tx) => insertRunnableModule(tx, acme)), root);
    otherModule = await withKey(await asSystem(t, (tx) => insertRunnableModule(tx, other)), otherRoot);

    // the incidents of Acme go the whole way: the ingest API, then the engine
    const engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'events-test',
      scale: 1,
    });
    t.clock.set(Date.UTC(2026, 10, 20, 10));
    made.disk = await report(checkout, 'Disk almost full on db-1');
    t.clock.set(Date.UTC(2026, 10, 22, 10));
    made.cpu = await report(billing, 'CPU above 90% on web-2');
    t.clock.set(Date.UTC(2026, 10, 24, 10));
    made.latency = await report(checkout, 'Latency above 2 s on the API');
    await engine.drain();
    // the SLA (30 minutes) passes for all three
    t.clock.set(Date.UTC(2026, 10, 24, 11));
    await engine.drain();
    await asSystem(t, (tx) =>
      tx.updateTable('events').set({ event_status: 'completed' }).where('event_id', '=', made.disk!.event_id).execute(),
    );
    made.other = await report(otherModule, 'Not yours: disk almost full');

    // the fixture customer: two applications, three modules, 130 events written straight in
    const a = await asSystem(t, (tx) => insertRunnableModule(tx, fixtureCustomer));
    const b = await asSystem(t, (tx) => insertRunnableModule(tx, fixtureCustomer));
    const a2 = await asSystem(t, (tx) =>
      tx
        .insertInto('modules')
        .values({
          customer_id: fixtureCustomer,
          application_id: a.applicationId,
          module_name: 'Payments',
          escalation_id: a.escalationId,
          sla_id: a.slaId,
        })
        .returning('module_id')
        .executeTakeFirstOrThrow(),
    );
    Object.assign(ids, { A: a.applicationId, B: b.applicationId, A1: a.id, A2: a2.module_id, B1: b.id });
    rows = fixtures();
    await asSystem(t, (tx) =>
      tx
        .insertInto('events')
        .values(
          rows.map((row) => ({
            customer_id: fixtureCustomer,
            case_id: row.case_id,
            module_id: ids[row.module],
            event_status: row.event_status,
            sla_compliance: row.sla_compliance,
            short_event_subject: row.subject,
            short_event_body: 'Written by the events test',
            event_createdt: row.created,
            accepteddt:
              row.event_status === 'progress' || row.event_status === 'completed'
                ? new Date(row.created.getTime() + 240_000)
                : null,
            event_closedt: row.event_status === 'completed' ? new Date(row.created.getTime() + 3_600_000) : null,
            time_response: row.event_status === 'progress' || row.event_status === 'completed' ? 4 : null,
            minutes_elapsed: row.event_status === 'completed' ? 60 : null,
            last_resource_assigned: 'Carlos Méndez',
            sla_response: 30,
          })),
        )
        .execute(),
    );
    for (const event of await asSystem(t, (tx) =>
      tx.selectFrom('events').select(['case_id', 'event_id']).where('customer_id', '=', fixtureCustomer).execute(),
    ))
      idOf.set(event.case_id, event.event_id);
  }, 60_000);
  afterAll(async () => t?.close());

  const cases = (page: { list: { case_id: string }[] }) => page.list.map((event) => event.case_id);

  /** What the list must answer for a query, computed here from the fixture: newest first, the id deciding ties. */
  function expected(query: Partial<EventListQuery>): string[] {
    const zoneOffset = query.time_zone === 'America/Puerto_Rico' ? 4 * 3_600_000 : 0;
    const from = query.start_date ? Date.parse(`${query.start_date}T00:00:00Z`) + zoneOffset : -Infinity;
    const until = query.end_date ? Date.parse(`${query.end_date}T00:00:00Z`) + 86_400_000 + zoneOffset : Infinity;
    const applicationOf = (module: Fixture['module']) => (module === 'B1' ? ids.B : ids.A);
    return rows
      .filter((row) => !query.application_id || applicationOf(row.module) === query.application_id)
      .filter((row) => !query.module_id || ids[row.module] === query.module_id)
      .filter((row) => !query.event_status || row.event_status === query.event_status)
      .filter((row) => !query.sla_compliance || row.sla_compliance === query.sla_compliance)
      .filter((row) => row.created.getTime() >= from && row.created.getTime() < until)
      .filter(
        (row) =>
          !query.search ||
          row.subject.toLowerCase().includes(query.search.toLowerCase()) ||
          row.case_id === query.search.toUpperCase(),
      )
      .sort((x, y) => y.created.getTime() - x.created.getTime() || idOf.get(y.case_id)! - idOf.get(x.case_id)!)
      .map((row) => row.case_id);
  }

  /** Every combination of the filters of docs/product.md#events, and date ranges across and along month ends. */
  function combinations(): Partial<EventListQuery>[] {
    const out: Partial<EventListQuery>[] = [];
    const ranges = [
      {},
      { start_date: '2026-10-15', end_date: '2026-11-03' },
      { start_date: '2026-11-01', end_date: '2026-11-30' },
      { start_date: '2026-11-10' },
      { end_date: '2026-10-31' },
      { start_date: '2026-11-15', end_date: '2026-11-15' },
    ];
    for (const application of [undefined, ids.A, ids.B])
      for (const module of [undefined, ids.A1, ids.B1])
        for (const status of [undefined, 'open', 'completed'] as const)
          for (const sla of [undefined, 'YES', 'NO'] as const)
            for (const range of ranges)
              out.push({
                application_id: application,
                module_id: module,
                event_status: status,
                sla_compliance: sla,
                ...range,
              });
    return out;
  }

  const asQuery = (query: Partial<EventListQuery>) =>
    Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Partial<EventListQuery>;

  it("lists the customer's events newest first, with module, application and SLA facts", async () => {
    const page = await reader.client.call(listEvents, {});
    expect(page.total).toBe(3);
    expect(cases(page)).toEqual([made.latency!.case_id, made.cpu!.case_id, made.disk!.case_id]);
    expect(page.list[0]).toMatchObject({
      module_name: 'Checkout',
      event_status: 'open',
      sla_response: 30,
      sla_compliance: 'NO',
      last_resource_assigned: 'Carlos Méndez',
      audio: expect.stringMatching(/^\/api\/v1\/audio\/[A-Za-z0-9_-]{22}\.wav$/),
    });
    expect(page.list[0]!.application_name).toMatch(/^Store /);
  });

  it("filters the engine's events by module, application, status, SLA compliance, creation days and search", async () => {
    expect(cases(await reader.client.call(listEvents, { query: { module_id: billing.id } }))).toEqual([
      made.cpu!.case_id,
    ]);
    expect(cases(await reader.client.call(listEvents, { query: { application_id: checkout.applicationId } }))).toEqual([
      made.latency!.case_id,
      made.disk!.case_id,
    ]);
    expect(cases(await reader.client.call(listEvents, { query: { event_status: 'completed' } }))).toEqual([
      made.disk!.case_id,
    ]);
    expect((await reader.client.call(listEvents, { query: { sla_compliance: 'YES' } })).total).toBe(0);
    expect(
      cases(
        await reader.client.call(listEvents, {
          query: { start_date: '2026-11-21', end_date: '2026-11-22', search_by_date: 'event_createdt' },
        }),
      ),
    ).toEqual([made.cpu!.case_id]);
    // the calendar's last day ends in the year 10000: still a range, not a 500
    expect(
      cases(
        await reader.client.call(listEvents, {
          query: { start_date: '2026-11-22', end_date: '9999-12-31', time_zone: 'America/Puerto_Rico' },
        }),
      ),
    ).toContain(made.cpu!.case_id);
    expect(
      cases(await reader.client.call(listEvents, { query: { search: made.disk!.case_id.toLowerCase() } })),
    ).toEqual([made.disk!.case_id]);
    expect(cases(await reader.client.call(listEvents, { query: { search: 'latency' } }))).toEqual([
      made.latency!.case_id,
    ]);
    expect(
      cases(
        await reader.client.call(listEvents, {
          query: { order_by_column: 'event_createdt', order_by_direction: 'asc', page_size: 2 },
        }),
      ),
    ).toEqual([made.disk!.case_id, made.cpu!.case_id]);
  });

  it('answers every filter alone and in every combination as the events themselves say', async () => {
    const wrong: unknown[] = [];
    for (const combination of combinations()) {
      const query = asQuery(combination);
      const page = await fixtureReader.client.call(listEvents, { query: { ...query, page_size: 1000 } });
      const want = expected(query);
      if (page.total !== want.length || JSON.stringify(cases(page)) !== JSON.stringify(want))
        wrong.push({ query, total: page.total, want: want.length });
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('pages through a filtered list without losing or repeating an event', async () => {
    const query = { application_id: ids.A, sla_compliance: 'YES' as const };
    const want = expected(query);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 7); page++) {
      const answer = await fixtureReader.client.call(listEvents, { query: { ...query, page_num: page, page_size: 7 } });
      expect(answer.total).toBe(want.length);
      seen.push(...cases(answer));
    }
    expect(seen).toEqual(want);
    // a page past the end still says how many there are
    expect(await fixtureReader.client.call(listEvents, { query: { ...query, page_num: 99, page_size: 7 } })).toEqual({
      total: want.length,
      list: [],
    });
  });

  it('finds rare matches by gathering and sorting them, with the same answer as the walk', async () => {
    const gathering = eventService(t.ctx, { walkLimit: 1 });
    const principal = {
      customerId: fixtureCustomer,
      scope: { kind: 'customer', customerId: fixtureCustomer },
    } as Principal;
    for (const combination of combinations().filter((_, i) => i % 5 === 0)) {
      const query = {
        page_num: 1,
        page_size: 1000,
        search: '',
        time_zone: 'UTC',
        ...asQuery(combination),
      } as EventListQuery;
      const answer = await gathering.list(principal, query);
      expect({ query, list: cases(answer) }).toEqual({ query, list: expected(query) });
    }
    const second = await gathering.list(principal, {
      page_num: 2,
      page_size: 3,
      search: '',
      time_zone: 'UTC',
      event_status: 'canceled',
    } as EventListQuery);
    expect(cases(second)).toEqual(expected({ event_status: 'canceled' }).slice(3, 6));
  });

  it('orders by module and application name the same when it walks each module or application as when it sorts every match', async () => {
    const walking = eventService(t.ctx, { walkLimit: 1 });
    const sorting = eventService(t.ctx, { walkLimit: 1_000_000 });
    const principal = {
      customerId: fixtureCustomer,
      scope: { kind: 'customer', customerId: fixtureCustomer },
    } as Principal;
    const filters: Partial<EventListQuery>[] = [
      {},
      { event_status: 'completed' },
      { application_id: ids.A },
      { module_id: ids.B1, sla_compliance: 'YES' },
      { start_date: '2026-10-15', end_date: '2026-11-03' },
      { search: 'disk' },
    ];
    for (const order_by_column of ['module_name', 'application_name'] as const)
      for (const order_by_direction of ['asc', 'desc'])
        for (const filter of filters)
          for (const [page_num, page_size] of [
            [1, 1000],
            [1, 7],
            [3, 7],
          ] as const) {
            const query = {
              page_num,
              page_size,
              search: '',
              time_zone: 'UTC',
              order_by_column,
              order_by_direction,
              ...filter,
            } as EventListQuery;
            const walked = await walking.list(principal, query);
            const sorted = await sorting.list(principal, query);
            expect({ query, list: cases(walked), total: walked.total }).toEqual({
              query,
              list: cases(sorted),
              total: sorted.total,
            });
            if (page_size === 1000) expect(new Set(cases(walked))).toEqual(new Set(expected(filter)));
          }
  });

  it("takes whole days, both ends included, in the viewer's time zone", async () => {
    const day = (start_date: string, end_date: string, time_zone?: string) =>
      fixtureReader.client.call(listEvents, {
        query: { start_date, end_date, page_size: 1000, ...(time_zone ? { time_zone } : {}) },
      });
    // 23:59:59.999 of Nov 15 is in; the first instant of Nov 16 is the next day's
    expect(cases(await day('2026-11-15', '2026-11-15'))).toContain('F004Q2WX');
    expect(cases(await day('2026-11-15', '2026-11-15'))).not.toContain('F005Q2WX');
    expect(cases(await day('2026-11-16', '2026-11-16'))).toContain('F005Q2WX');
    // Nov 1, 03:59:59 UTC is still Oct 31 in Puerto Rico
    expect(cases(await day('2026-10-31', '2026-10-31', 'America/Puerto_Rico'))).toContain('F002Q2WX');
    expect(cases(await day('2026-10-31', '2026-10-31', 'America/Puerto_Rico'))).not.toContain('F003Q2WX');
    expect(cases(await day('2026-11-01', '2026-11-01', 'America/Puerto_Rico'))).toEqual(
      expected({ start_date: '2026-11-01', end_date: '2026-11-01', time_zone: 'America/Puerto_Rico' }),
    );
    expect(cases(await day('2026-11-01', '2026-11-01'))).toContain('F002Q2WX');
    // the two sides of the first instant of October
    expect(cases(await day('2026-09-30', '2026-09-30'))).toContain('F001Q2WX');
    expect(cases(await day('2026-10-01', '2026-10-01'))).toContain('F000Q2WX');
    // the same instant twice: the newer id first
    const tie = cases(await day('2026-11-20', '2026-11-20')).filter((c) => c === 'F006Q2WX' || c === 'F007Q2WX');
    expect(tie).toEqual(['F007Q2WX', 'F006Q2WX']);
  });

  it('searches the incident text and the case ID, alone and with filters', async () => {
    for (const query of [
      { search: 'disk' },
      { search: 'CPU above', event_status: 'completed' as const },
      { search: 'f010q2wx' },
      { search: 'norte', module_id: ids.A1 },
      { search: 'latency', start_date: '2026-10-15', end_date: '2026-11-03' },
    ]) {
      const page = await fixtureReader.client.call(listEvents, { query: { ...query, page_size: 1000 } });
      expect({ query, list: cases(page), total: page.total }).toEqual({
        query,
        list: expected(query),
        total: expected(query).length,
      });
    }
  });

  it('keeps its totals when events change, move between months and go away', async () => {
    const changed = rows.filter((_, i) => i % 3 === 0).slice(0, 20);
    await asSystem(t, async (tx) => {
      for (const [i, row] of changed.entries()) {
        const next = {
          event_status: (['completed', 'canceled', 'progress'] as const)[i % 3]!,
          sla_compliance: i % 2 === 0 ? ('NO' as const) : null,
          event_createdt: new Date(row.created.getTime() + (i % 4 === 0 ? 40 * 86_400_000 : 0)),
        };
        await tx.updateTable('events').set(next).where('case_id', '=', row.case_id).execute();
        Object.assign(row, {
          event_status: next.event_status,
          sla_compliance: next.sla_compliance,
          created: next.event_createdt,
        });
      }
      await tx.deleteFrom('events').where('case_id', 'in', ['F100Q2WX', 'F101Q2WX']).execute();
      // an owner's correction of a text, and a new event whose text names another's case ID
      await tx
        .updateTable('events')
        .set({ short_event_subject: 'Disk almost full on host-3 (corrected)' })
        .where('case_id', '=', 'F102Q2WX')
        .execute();
      await tx
        .insertInto('events')
        .values({
          customer_id: fixtureCustomer,
          case_id: 'F130Q2WX',
          module_id: ids.A1,
          event_status: 'open',
          short_event_subject: 'Follow-up of F010Q2WX',
          short_event_body: 'Written by the events test',
          event_createdt: new Date(Date.UTC(2026, 10, 2)),
          sla_response: 30,
        })
        .execute();
    });
    rows = rows.filter((row) => row.case_id !== 'F100Q2WX' && row.case_id !== 'F101Q2WX');
    rows.find((row) => row.case_id === 'F102Q2WX')!.subject = 'Disk almost full on host-3 (corrected)';
    rows.push({
      case_id: 'F130Q2WX',
      module: 'A1',
      event_status: 'open',
      sla_compliance: null,
      subject: 'Follow-up of F010Q2WX',
      created: new Date(Date.UTC(2026, 10, 2)),
    });
    idOf.set(
      'F130Q2WX',
      (
        await asSystem(t, (tx) =>
          tx.selectFrom('events').select('event_id').where('case_id', '=', 'F130Q2WX').executeTakeFirstOrThrow(),
        )
      ).event_id,
    );
    const listsAsTheEventsSay = async () => {
      const wrong: unknown[] = [];
      // a search is counted through the incident texts that match (migration 0017), alone and with every kind of filter
      const terms = [
        'disk',
        'DISK almost',
        'host-1',
        'corrected',
        'f010q2wx',
        'F010Q2WX',
        'f003q2wx',
        'norte',
        '%',
        '_',
        '90%',
        'nothing like it',
      ];
      const alongside: Partial<EventListQuery>[] = [
        {},
        { event_status: 'completed' },
        { event_status: 'open' },
        { application_id: ids.B },
        { module_id: ids.A1, sla_compliance: 'NO' },
        { start_date: '2026-10-15', end_date: '2026-11-03' },
      ];
      const searches = terms.flatMap((search) => alongside.map((filter) => ({ search, ...filter })));
      for (const combination of [...combinations().filter((c) => c.module_id === undefined), ...searches]) {
        const query = asQuery(combination);
        const page = await fixtureReader.client.call(listEvents, { query: { ...query, page_size: 1000 } });
        if (JSON.stringify(cases(page)) !== JSON.stringify(expected(query)) || page.total !== expected(query).length)
          wrong.push(query);
      }
      return wrong;
    };
    const pending = (table: 'event_count_changes' | 'event_subject_count_changes' = 'event_count_changes') =>
      asSystem(t, (tx) =>
        tx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customer_id', '=', fixtureCustomer)
          .executeTakeFirstOrThrow(),
      ).then((row) => Number(row.n));
    // the changes are rows of their own until the worker folds them into the totals
    expect(await pending()).toBeGreaterThan(0);
    expect(await pending('event_subject_count_changes')).toBeGreaterThan(0);
    expect(await listsAsTheEventsSay()).toEqual([]);
    expect(await foldEventCounts(t.database)).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
    expect(await pending('event_subject_count_changes')).toBe(0);
    expect(await listsAsTheEventsSay()).toEqual([]);
    // the texts' counts alone agree with the events, text by text, and keep no text no event has
    const directTexts = await asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['short_event_subject as subject', sql<number>`count(*)::integer`.as('events')])
        .where('customer_id', '=', fixtureCustomer)
        .groupBy('short_event_subject')
        .execute(),
    );
    const textTotals = await asSystem(t, (tx) =>
      tx
        .selectFrom('event_subject_counts')
        .select(['subject', 'events'])
        .where('customer_id', '=', fixtureCustomer)
        .execute(),
    );
    const byText = (list: { subject: string; events: number }[]) =>
      list.map((row) => `${row.subject}|${row.events}`).sort();
    expect(byText(textTotals)).toEqual(byText(directTexts));
    // the monthly totals alone now agree with the events themselves, group by group
    const direct = await asSystem(t, (tx) =>
      tx
        .selectFrom('events as e')
        .select([
          'e.application_id',
          'e.module_id',
          'e.event_status',
          'e.sla_compliance',
          sql<string>`date_trunc('month', e.event_createdt, 'UTC')::text`.as('month'),
          sql<number>`count(*)::integer`.as('events'),
        ])
        .where('e.customer_id', '=', fixtureCustomer)
        .groupBy(['e.application_id', 'e.module_id', 'e.event_status', 'e.sla_compliance', 'month'])
        .execute(),
    );
    const totals = await asSystem(t, (tx) =>
      tx
        .selectFrom('event_counts as c')
        .select([
          'c.application_id',
          'c.module_id',
          'c.event_status',
          'c.sla_compliance',
          sql<string>`c.month::text`.as('month'),
          'c.events',
        ])
        .where('c.customer_id', '=', fixtureCustomer)
        .where('c.events', '<>', 0)
        .execute(),
    );
    const key = (row: {
      month: string;
      application_id: number | null;
      module_id: number | null;
      event_status: string;
      sla_compliance: string | null;
      events: number;
    }) => [row.month, row.application_id, row.module_id, row.event_status, row.sla_compliance, row.events].join('|');
    expect(totals.map(key).sort()).toEqual(direct.map(key).sort());
  }, 120_000);

  // two connections at once: PostgreSQL (PGlite has one)
  if (kind === 'postgres')
    it('lets two units of work change events of one group at once (no shared row to wait on)', async () => {
      // two open events of one module, month and SLA compliance: one row of event_counts before
      const groupOf = (row: Fixture) => [row.module, row.sla_compliance, row.created.toISOString().slice(0, 7)].join();
      const open = rows.filter((row) => row.event_status === 'open');
      const first = open.find((row) => open.some((other) => other !== row && groupOf(other) === groupOf(row)));
      const second = open.find((row) => row !== first && first && groupOf(row) === groupOf(first));
      expect(second).toBeDefined();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let changed!: () => void;
      const firstChanged = new Promise<void>((resolve) => (changed = resolve));
      const scope = { kind: 'customer' as const, customerId: fixtureCustomer };
      // the first stays open, holding whatever its change locked
      const holding = t.database.scoped(scope, async (tx) => {
        await tx
          .updateTable('events')
          .set({ event_status: 'completed' })
          .where('case_id', '=', first!.case_id)
          .execute();
        changed();
        await held;
      });
      await firstChanged;
      try {
        // the same move for another event of the same module and month, waiting at most 2 s for any lock
        const moved = await t.database.scoped(scope, async (tx) => {
          await sql`set local lock_timeout = '2s'`.execute(tx);
          return tx
            .updateTable('events')
            .set({ event_status: 'completed' })
            .where('case_id', '=', second!.case_id)
            .executeTakeFirst();
        });
        expect(Number(moved.numUpdatedRows)).toBe(1);
      } finally {
        release();
        await holding;
      }
      first!.event_status = 'completed';
      second!.event_status = 'completed';
      const page = await fixtureReader.client.call(listEvents, {
        query: { event_status: 'completed', page_size: 1000 },
      });
      expect(page.total).toBe(expected({ event_status: 'completed' }).length);
    });

  it('answers a page of 1,000 and refuses the page of 1,000,000 the original export asked for: every event comes from the export', async () => {
    const page = await fixtureReader.client.call(listEvents, { query: { page_size: 1000 } });
    expect(page.total).toBe(rows.length);
    expect(cases(page)).toEqual(expected({}));
    const refused = await t.raw('GET', '/api/events/filters?page_size=1000000', { headers: bearer(fixtureReader) });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 422,
      body: { detail: [{ loc: ['query', 'page_size'], msg: PAGE_MESSAGES.eventPageSizeTooLarge }] },
    });
    const csv = await t.raw('GET', '/api/events/export', { headers: bearer(fixtureReader) });
    expect(csv.status).toBe(200);
    expect(parse(csv.text, { bom: true }).length - 1).toBe(rows.length);
  });

  it("never shows another customer's events, whatever the filters name", async () => {
    expect(cases(await otherRoot.client.call(listEvents, {}))).toEqual([made.other!.case_id]);
    for (const query of [
      { module_id: ids.A1 },
      { application_id: ids.A },
      { search: 'F010Q2WX' },
      { search: made.disk!.case_id },
      { event_status: 'canceled' as const },
    ]) {
      const page = await otherRoot.client.call(listEvents, { query: { ...query, page_size: 1000 } });
      expect({ query, page }).toEqual({ query, page: { total: 0, list: [] } });
    }
    expect(await fixtureReader.client.call(listEvents, { query: { module_id: otherModule.id } })).toEqual({
      total: 0,
      list: [],
    });
    expect((await failure(staff.client.call(listEvents, {}))).status).toBe(403);
  });

  it('refuses bad parameters with 422 and a clear message', async () => {
    const bad = async (query: string) =>
      (await t.raw('GET', `/api/events/filters?${query}`, { headers: bearer(reader) })) as {
        status: number;
        body: { detail: { loc: string[]; msg: string }[] };
      };
    expect((await bad('start_date=2026-13-45&event_status=lost')).body).toEqual({
      detail: [
        { loc: ['query', 'event_status'], msg: 'Must be open, progress, completed or canceled' },
        { loc: ['query', 'start_date'], msg: EVENT_MESSAGES.badDate },
      ],
    });
    const cases422: [string, string, string][] = [
      ['page_size=0', 'page_size', 'The value must be greater than or equal to 1'],
      ['page_size=1001', 'page_size', PAGE_MESSAGES.eventPageSizeTooLarge],
      ['page_num=0', 'page_num', 'The value must be greater than or equal to 1'],
      ['order_by_column=password_hash', 'order_by_column', EVENT_MESSAGES.badOrder],
      ['start_date=2026-11-02&end_date=2026-11-01', 'end_date', EVENT_MESSAGES.endBeforeStart],
      ['start_date=2026-02-30', 'start_date', EVENT_MESSAGES.badDate],
      ['end_date=yesterday', 'end_date', EVENT_MESSAGES.badDate],
      ['end_date=2026-1-5', 'end_date', EVENT_MESSAGES.badDate],
      ['time_zone=Mars%2FOlympus', 'time_zone', EVENT_MESSAGES.badTimeZone],
      ['sla_compliance=maybe', 'sla_compliance', 'Must be YES or NO'],
      ['module_id=abc', 'module_id', 'Must be a valid id'],
      ['search_by_date=accepteddt', 'search_by_date', 'Must be event_createdt'],
    ];
    for (const [query, field, msg] of cases422) {
      const answer = await bad(query);
      expect({ query, status: answer.status, detail: answer.body.detail }).toEqual({
        query,
        status: 422,
        detail: [{ loc: ['query', field], msg }],
      });
    }
    const exportAnswer = await t.raw('GET', '/api/events/export?start_date=2026-11-02&end_date=2026-11-01', {
      headers: bearer(reader),
    });
    expect(exportAnswer.status).toBe(422);
  });

  it("answers an event's log of contacts; another customer gets 404 and sees none of the events; staff are refused", async () => {
    const log = await reader.client.call(listEventLog, { params: { id: made.latency!.event_id } });
    expect(log.list[0]).toMatchObject({
      case_id: made.latency!.case_id,
      followup_status: 'open',
      channel: 'voice',
      called_number: '+17875550142',
      resource: 'Carlos Méndez',
    });
    expect(log.total).toBe(log.list.length);
    expect(
      (await failure(otherRoot.client.call(listEventLog, { params: { id: made.latency!.event_id } }))).status,
    ).toBe(404);
    expect((await failure(staff.client.call(listEvents, {}))).status).toBe(403);
  });

  describe('the CSV export', () => {
    type Csv = { status: number; headers: Headers; text: string };
    /** The file as sent: the text decoded without dropping its byte order mark. */
    const download = async (path: string, who: SignedIn = fixtureReader): Promise<Csv> => {
      const answer = await fetch(`${t.baseUrl}${path}`, { headers: bearer(who) });
      const bytes = new Uint8Array(await answer.arrayBuffer());
      return {
        status: answer.status,
        headers: answer.headers,
        text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
      };
    };
    const records = (csv: Csv) => parse(csv.text, { bom: true, relax_column_count: false }) as string[][];

    it('streams the filtered events as Events-{YYYYMMDD}.csv: UTF-8 with a BOM, the 12 columns of docs/product.md#constants-and-limits, newest first', async () => {
      // the next 02:00 UTC (sessions last a day): still the day before in Puerto Rico
      const twoAm = new Date(Date.now() + 86_400_000);
      twoAm.setUTCHours(2, 0, 0, 0);
      if (twoAm.getTime() - Date.now() > 86_400_000) twoAm.setUTCDate(twoAm.getUTCDate() - 1);
      t.clock.set(twoAm);
      const dayBefore = new Date(twoAm.getTime() - 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
      const csv = await download('/api/events/export?application_id=' + ids.A + '&time_zone=America%2FPuerto_Rico');
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="Events-${dayBefore}.csv"`);
      expect(
        csv.text.startsWith(
          '\uFEFFCASE ID,EVENT,CREATED,APPLICATION,MODULE,STATUS,ACCEPTED,CLOSED,RESPONDED,RESOLUTION TIME,RESPONSE TIME,SLA\r\n',
        ),
      ).toBe(true);
      const [header, ...body] = records(csv);
      expect(header).toEqual([...EVENT_CSV_HEADERS]);
      expect(body.map((record) => record[0])).toEqual(expected({ application_id: ids.A }));
      expect(body.every((record) => record.length === 12)).toBe(true);
      const first = rows.find((row) => row.case_id === body[0]![0])!;
      const created = new Date(first.created.getTime() - 4 * 3_600_000).toISOString();
      expect(body[0]![2]).toBe(`${created.slice(0, 10)} ${created.slice(11, 19)}`);
      const application = await asSystem(t, (tx) =>
        tx
          .selectFrom('applications')
          .select('application_name')
          .where('application_id', '=', ids.A)
          .executeTakeFirstOrThrow(),
      );
      expect(new Set(body.map((record) => record[3]))).toEqual(new Set([application.application_name]));
      expect(new Set(body.map((record) => record[4]))).toEqual(new Set(['Checkout', 'Payments']));
    });

    it('keeps quotes, commas and line breaks, and neutralises cells a spreadsheet would run', async () => {
      const csv = await download('/api/events/export');
      const bySubject = new Map(
        records(csv)
          .slice(1)
          .map((record) => [record[0], record[1]]),
      );
      expect(bySubject.get('F000Q2WX')).toBe('\'=HYPERLINK("http://evil.test")');
      expect(bySubject.get('F001Q2WX')).toBe("'+1 errors on checkout");
      expect(bySubject.get('F002Q2WX')).toBe("'-5% conversions");
      expect(bySubject.get('F003Q2WX')).toBe("'@ops look at db-1");
      expect(bySubject.get('F004Q2WX')).toBe("'\ttabbed subject");
      expect(bySubject.get('F005Q2WX')).toBe('Tienda, "Norte"\nsegunda línea');
      expect(records(csv).length - 1).toBe(rows.length);
    });

    it("writes dates as the viewer's clocks read them, on both sides of clock changes, to the second shown", async () => {
      const customer = await t.createCustomer('Clocks Co');
      const user = await t.createUser({ role: 'Customer', customer: 'Clocks Co' });
      const who = await t.signIn(user.email, user.password);
      const module = await asSystem(t, (tx) => insertRunnableModule(tx, customer));
      // New York: the autumn change at 06:00 UTC shows 01:30 twice; the spring change at 07:00 UTC skips from 01:59:59 to 03:00
      const instants = [
        ['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z', '2026-11-01T05:59:59.999Z'],
        ['2026-03-08T06:59:59.000Z', '2026-03-08T07:00:00.000Z', null],
        // a fraction of a second is cut, not rounded; an instant before 1970 too
        ['2026-07-04T12:00:59.999Z', '1969-12-31T23:59:59.500Z', '2026-12-31T23:59:59.999Z'],
      ] as const;
      await asSystem(t, (tx) =>
        tx
          .insertInto('events')
          .values(
            instants.map(([created, accepted, closed], i) => ({
              customer_id: customer,
              case_id: `C${i}ZQ2WXY`,
              // one without a module (nor an application, which follows from it)
              module_id: i === 1 ? null : module.id,
              event_status: 'completed' as const,
              short_event_subject: `Clock ${i}`,
              short_event_body: 'Written by the events test',
              event_createdt: new Date(created),
              accepteddt: new Date(accepted),
              event_closedt: closed === null ? null : new Date(closed),
            })),
          )
          .execute(),
      );
      const names = await asSystem(t, (tx) =>
        tx
          .selectFrom('modules as m')
          .innerJoin('applications as a', 'a.application_id', 'm.application_id')
          .select(['m.module_name', 'a.application_name'])
          .where('m.module_id', '=', module.id)
          .executeTakeFirstOrThrow(),
      );
      const all = records(await download('/api/events/export', who)).slice(1);
      expect(all.map((record) => [record[0], record[3], record[4]])).toEqual([
        ['C0ZQ2WXY', names.application_name, names.module_name],
        ['C2ZQ2WXY', names.application_name, names.module_name],
        ['C1ZQ2WXY', '', ''],
      ]);
      const dates = async (zone: string) => {
        const csv = await download(`/api/events/export?time_zone=${encodeURIComponent(zone)}`, who);
        return new Map(
          records(csv)
            .slice(1)
            .map((record) => [record[0], [record[2], record[6], record[7]]]),
        );
      };
      expect(await dates('America/New_York')).toEqual(
        new Map([
          ['C2ZQ2WXY', ['2026-07-04 08:00:59', '1969-12-31 18:59:59', '2026-12-31 18:59:59']],
          ['C0ZQ2WXY', ['2026-11-01 01:30:00', '2026-11-01 01:30:00', '2026-11-01 01:59:59']],
          ['C1ZQ2WXY', ['2026-03-08 01:59:59', '2026-03-08 03:00:00', '']],
        ]),
      );
      // half-hour zones, and one with no changes
      expect((await dates('Asia/Kolkata')).get('C0ZQ2WXY')).toEqual([
        '2026-11-01 11:00:00',
        '2026-11-01 12:00:00',
        '2026-11-01 11:29:59',
      ]);
      expect((await dates('UTC')).get('C2ZQ2WXY')).toEqual([
        '2026-07-04 12:00:59',
        '1969-12-31 23:59:59',
        '2026-12-31 23:59:59',
      ]);
    });

    it('applies every filter, as the list does', async () => {
      for (const query of [
        { event_status: 'open' },
        { sla_compliance: 'NO', module_id: String(ids.B1) },
        { start_date: '2026-10-15', end_date: '2026-11-03' },
        { search: 'disk' },
      ] as Record<string, string>[]) {
        const csv = await download(`/api/events/export?${new URLSearchParams(query)}`);
        const parsedQuery = {
          ...query,
          module_id: query.module_id ? Number(query.module_id) : undefined,
        } as Partial<EventListQuery>;
        expect({
          query,
          list: records(csv)
            .slice(1)
            .map((record) => record[0]),
        }).toEqual({ query, list: expected(asQuery(parsedQuery)) });
      }
      // another customer's file holds only its own
      const other = await download('/api/events/export', otherRoot);
      expect(
        records(other)
          .slice(1)
          .map((record) => record[0]),
      ).toEqual([made.other!.case_id]);
    });

    it('reads the whole file in batches without losing or repeating a row', async () => {
      const { eventExports } = await import('../src/incidents/event-export');
      const principal = {
        customerId: fixtureCustomer,
        scope: { kind: 'customer', customerId: fixtureCustomer },
      } as Principal;
      const file = eventExports(t.ctx, { batch: 3 }).events(principal, { search: '', time_zone: 'UTC' });
      let text = '';
      for await (const chunk of file.body) text += String(chunk);
      expect(
        parse(text, { bom: true })
          .slice(1)
          .map((record: string[]) => record[0]),
      ).toEqual(expected({}));
    });

    it("exports an event's log with the last-event field, whole or one row", async () => {
      const log = await reader.client.call(listEventLog, { params: { id: made.latency!.event_id } });
      const csv = await download(`/api/events/log/${made.latency!.event_id}/export`, reader);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="EventLogs-${made.latency!.case_id}-\\d{8}\\.csv"$`),
      );
      const [header, ...body] = records(csv);
      expect(header).toEqual([
        'CASE ID',
        'CALL DATE',
        'CHANNEL',
        'CALLED NUMBER',
        'FOLLOW-UP STATUS',
        'RESOURCE',
        'RESOURCE PHONE',
        'RESOLVED',
        'NEXT RESOURCE',
        'NEXT RESOURCE PHONE',
        'NEXT ASSIGNED DATE',
        'LAST EVENT',
        'DELIVERY',
        'PROVIDER',
        'MESSAGE ID',
        'DELIVERY DETAIL',
      ]);
      expect(body).toHaveLength(log.total);
      expect(body[0]).toMatchObject({
        0: made.latency!.case_id,
        2: 'voice',
        3: "'+17875550142",
        4: 'open',
        5: 'Carlos Méndez',
        7: 'NO',
        11: 'NO',
      });
      const one = await download(
        `/api/events/log/${made.latency!.event_id}/export?event_log_id=${log.list[0]!.event_log_id}`,
        reader,
      );
      expect(records(one)).toHaveLength(2);
      expect((await download(`/api/events/log/${made.latency!.event_id}/export`, otherRoot)).status).toBe(404);
      expect(
        (
          await download(
            `/api/events/log/${made.latency!.event_id}/export?event_log_id=${log.list[0]!.event_log_id + 100_000}`,
            reader,
          )
        ).status,
      ).toBe(404);
    });
  });

  describe('the stream of changes', () => {
    /**
     * Opens the stream as `who` on a connection of its own (node:http, no pooling: closing it
     * closes the socket); answers its messages as they come, and a way to close it.
     */
    async function open(who: SignedIn) {
      const events: string[] = [];
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const request = httpGet(`${t.baseUrl}/api/events/stream`, { headers: bearer(who), agent: false }, resolve);
        request.on('error', reject);
      });
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(message)?.[1];
          if (name) events.push(name);
        }
      });
      response.on('error', () => undefined);
      const changed = () => events.filter((e) => e === 'changed').length;
      const waitFor = async (count: number, withinMs: number) => {
        const deadline = Date.now() + withinMs;
        while (changed() < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        return changed();
      };
      return {
        status: response.statusCode,
        contentType: response.headers['content-type'],
        events,
        waitFor,
        close: () => response.destroy(),
      };
    }

    it("tells a customer's screens within 2 seconds of a new, an accepted and a resolved event, and no one else", async () => {
      // the changes of the tests before (the other customer's among them) are told before the screens open
      await announceEventChanges(t.database);
      const mine = await open(reader);
      const theirs = await open(otherRoot);
      try {
        expect(mine.status).toBe(200);
        expect(mine.contentType).toBe('text/event-stream; charset=utf-8');
        await expect.poll(() => mine.events[0], { timeout: 2000 }).toBe('ready');
        await expect.poll(() => theirs.events[0], { timeout: 2000 }).toBe('ready');

        t.clock.advance(120_000);
        const started = Date.now();
        const made = await report(checkout, 'Queue backlog above 10,000 messages');
        expect(await mine.waitFor(1, 2000)).toBe(1);
        expect(Date.now() - started).toBeLessThan(2000);

        // accepted (as the engine records it), then resolved through the ingest API
        await asSystem(t, (tx) =>
          tx
            .updateTable('events')
            .set({ event_status: 'progress', accepteddt: t.clock.now() })
            .where('event_id', '=', made.event_id)
            .execute(),
        );
        expect(await mine.waitFor(2, 2000)).toBe(2);
        const resolved = await t.raw('POST', `/api/v1/incidents/${made.case_id}/resolve`, {
          body: { resolution: 'Consumers scaled up' },
          headers: { authorization: `Basic ${Buffer.from(`${checkout.id}:${checkout.key}`).toString('base64')}` },
        });
        expect(resolved.status).toBe(200);
        expect(await mine.waitFor(3, 2000)).toBe(3);

        // nothing of Acme reaches the other customer's screen
        await new Promise((r) => setTimeout(r, 300));
        expect(theirs.events).toEqual(['ready']);
      } finally {
        mine.close();
        theirs.close();
      }
    });

    it('is refused without a session and to staff', async () => {
      expect((await t.raw('GET', '/api/events/stream')).status).toBe(401);
      const refused = await open(staff);
      expect(refused.status).toBe(403);
      refused.close();
    });
  });
});
