import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMaintenanceWindow,
  deleteMaintenanceWindow,
  listEvents,
  listMaintenanceWindows,
  updateMaintenanceWindow,
} from '@relevo/api';
import {
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_SCREEN_TEXTS,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
} from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { EngineWorker } from '../src/engine/worker';
import { responderService } from '../src/incidents/respond';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { reportIncident, withCredentialKey } from './support/keyed-module';

/**
 * docs/product.md#maintenance-windows over HTTP with a moved clock: an incident arriving during a
 * window is stored (201) and marked, nobody is contacted and no message is queued; when the window
 * ends it escalates (the walk and the SLA start then) or stays quiet; a window changed or deleted
 * while it holds incidents lets them go as it says; the events list shows the mark and filters by
 * it; and the refusals (roles 403, another customer's ids 404, bad input 422, the limit 409), each
 * leaving nothing changed.
 */
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DATABASE_KINDS)('maintenance windows on %s', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let engine: EngineWorker;
  let root: SignedIn;
  let reader: SignedIn;
  let otherRoot: SignedIn;
  let staff: SignedIn;
  let customerId: number;
  let otherModule: RunnableModule;

  const status = async (promise: Promise<unknown>) => (await failure(promise)).status;
  /** A module of the customer that accepts incidents (its own application), with its key. */
  const newModule = async () =>
    withCredentialKey(root.client, await asSystem(t, (tx) => insertRunnableModule(tx, customerId)));
  const windowBody = (patch: Partial<MaintenanceWindowBody>): Partial<MaintenanceWindowBody> => ({
    window_name: 'Database upgrade',
    start: iso(clock.now().getTime() - 10 * MINUTE),
    end: iso(clock.now().getTime() + HOUR),
    ...patch,
  });
  const addWindow = (patch: Partial<MaintenanceWindowBody>) =>
    root.client.call(addMaintenanceWindow, { body: windowBody(patch) as MaintenanceWindowBody });
  /** What the engine did for an event: its log rows, its queued messages, its timer and its row. */
  const traceOf = (eventId: number) =>
    asSystem(t, async (tx) => ({
      logs: (
        await tx
          .selectFrom('event_logs')
          .select('followup_status')
          .where('event_id', '=', eventId)
          .orderBy('event_log_id')
          .execute()
      ).map((log) => log.followup_status),
      outbox: (
        await tx
          .selectFrom('outbox')
          .select('idempotency_key')
          .where('idempotency_key', 'like', `event:${eventId}:%`)
          .execute()
      ).length,
      timer: await tx
        .selectFrom('engine_timers')
        .select(['status', 'due_at'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
      event: await tx
        .selectFrom('events')
        .select(['event_status', 'in_maintenance', 'maintenance_window_id', 'sla_compliance', 'time_response'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
    }));
  const runAt = async (when: number) => {
    clock.set(when);
    await engine.drain();
  };
  const storedWindows = () =>
    asSystem(t, (tx) => tx.selectFrom('maintenance_windows').selectAll().orderBy('maintenance_window_id').execute());

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    t = await startTestApp({ kind, clock });
    customerId = await t.createCustomer('Quiet Co', 50);
    const otherId = await t.createCustomer('Loud Co', 50);
    await asSystem(t, (tx) =>
      tx
        .updateTable('customers')
        .set({ customer_time_zone: 'America/New_York' })
        .where('customer_id', '=', customerId)
        .execute(),
    );
    const make = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    root = await make('CustomerRoot', 'Quiet Co');
    reader = await make('Customer', 'Quiet Co');
    otherRoot = await make('CustomerRoot', 'Loud Co');
    staff = await make('StaffRoot');
    otherModule = await asSystem(t, (tx) => insertRunnableModule(tx, otherId));
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'maintenance-test',
      scale: 1,
      link: responderService(t.ctx).link,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('holds an incident that arrives in a window: stored and marked, nobody contacted; it escalates at the end', async () => {
    clock.set(NOW);
    const module = await newModule();
    const window = await addWindow({ module_id: module.id });
    expect(window).toMatchObject({ status: 'now', time_zone: 'America/New_York', module_name: 'Checkout' });
    clock.set(NOW + 5 * MINUTE);
    const { event_id } = await reportIncident(t, module, 'Replica lag during upgrade');
    await runAt(NOW + 5 * MINUTE);
    await runAt(NOW + 59 * MINUTE);
    let trace = await traceOf(event_id);
    expect(trace.event).toMatchObject({
      event_status: 'open',
      in_maintenance: 'Y',
      maintenance_window_id: window.maintenance_window_id,
      sla_compliance: null,
    });
    expect(trace.logs).toEqual([]);
    expect(trace.outbox).toBe(0);
    expect(trace.timer).toMatchObject({ status: 'pending', due_at: new Date(NOW + HOUR) });

    // the window's end: the first step is contacted, once, however often the engine looks
    await runAt(NOW + HOUR);
    await runAt(NOW + HOUR);
    trace = await traceOf(event_id);
    expect(trace.logs).toEqual(['open']);
    expect(trace.outbox).toBe(1);
    // the SLA's half hour counts from the release: still undecided 29 minutes after it
    await runAt(NOW + HOUR + 29 * MINUTE);
    expect((await traceOf(event_id)).event.sla_compliance).toBeNull();
  });

  it('a quiet window leaves its incidents open and nobody contacted, for good', async () => {
    clock.set(NOW);
    const module = await newModule();
    await addWindow({ application_id: module.applicationId, release: 'quiet' });
    clock.set(NOW + 10 * MINUTE);
    const { event_id } = await reportIncident(t, module, 'Cache cold after deploy');
    await runAt(NOW + HOUR);
    await runAt(NOW + 5 * HOUR);
    const trace = await traceOf(event_id);
    expect(trace.event).toMatchObject({ event_status: 'open', in_maintenance: 'Y', sla_compliance: null });
    expect(trace.logs).toEqual([]);
    expect(trace.outbox).toBe(0);
    expect(trace.timer.status).toBe('done');
  });

  it('an incident outside every window walks at once, unmarked', async () => {
    clock.set(NOW);
    const module = await newModule();
    await addWindow({
      module_id: module.id,
      start: iso(NOW + DAY),
      end: iso(NOW + DAY + HOUR),
    });
    const { event_id } = await reportIncident(t, module, 'Disk full on primary');
    await runAt(NOW);
    const trace = await traceOf(event_id);
    expect(trace.event.in_maintenance).toBe('N');
    expect(trace.logs).toEqual(['open']);
  });

  it('a weekly window holds again a week later at the same local time', async () => {
    // Tuesday 2026-03-03 07:00-09:00 in New York (EST); a week on, daylight time: 11:00Z
    clock.set(Date.parse('2026-03-10T11:30:00Z'));
    const module = await newModule();
    await addWindow({
      module_id: module.id,
      recurrence: 'weekly',
      start: '2026-03-03T07:00:00-05:00',
      end: '2026-03-03T09:00:00-05:00',
    });
    const { event_id } = await reportIncident(t, module, 'Nightly batch slow');
    const trace = await traceOf(event_id);
    expect(trace.event.in_maintenance).toBe('Y');
    expect(trace.timer.due_at).toEqual(new Date('2026-03-10T13:00:00Z'));
  });

  it('deleting a window that holds incidents lets them go now, as its release says; changing one moves its end', async () => {
    clock.set(NOW);
    const module = await newModule();
    const window = await addWindow({ module_id: module.id });
    clock.set(NOW + MINUTE);
    const first = await reportIncident(t, module, 'Queue backlog');
    // longer: the held incident waits for the new end
    await root.client.call(updateMaintenanceWindow, {
      params: { id: window.maintenance_window_id },
      body: windowBody({ module_id: module.id, end: iso(NOW + 2 * HOUR) }) as MaintenanceWindowBody,
    });
    expect((await traceOf(first.event_id)).timer.due_at).toEqual(new Date(NOW + 2 * HOUR));
    clock.set(NOW + 2 * MINUTE);
    const answer = await root.client.call(deleteMaintenanceWindow, { params: { id: window.maintenance_window_id } });
    expect(answer).toEqual({ Message: MAINTENANCE_SCREEN_TEXTS.deleted });
    await runAt(NOW + 2 * MINUTE);
    const trace = await traceOf(first.event_id);
    expect(trace.logs).toEqual(['open']);
    // the event keeps its mark and the window it arrived in
    expect(trace.event).toMatchObject({ in_maintenance: 'Y', maintenance_window_id: window.maintenance_window_id });
  });

  it('the events list shows the mark and filters by it', async () => {
    const marked = await root.client.call(listEvents, { query: { in_maintenance: 'Y', page_size: 100 } });
    const unmarked = await root.client.call(listEvents, { query: { in_maintenance: 'N', page_size: 100 } });
    const all = await root.client.call(listEvents, { query: { page_size: 100 } });
    expect(marked.total).toBe(4);
    expect(marked.list.map((event) => event.in_maintenance)).toEqual(['Y', 'Y', 'Y', 'Y']);
    expect(unmarked.list.map((event) => event.short_event_subject)).toEqual(['Disk full on primary']);
    expect(unmarked.total).toBe(1);
    expect(all.total).toBe(marked.total + unmarked.total);
    // with a search, and as the Customer role
    const searched = await reader.client.call(listEvents, { query: { in_maintenance: 'Y', search: 'queue' } });
    expect(searched.list.map((event) => event.short_event_subject)).toEqual(['Queue backlog']);
    expect(searched.total).toBe(1);
    expect(await status(root.client.call(listEvents, { query: { in_maintenance: 'X' as 'Y' } }))).toBe(422);
  });

  it('lists the windows with their status in the customer’s zone; the Customer role reads, never writes', async () => {
    clock.set(NOW + 2 * HOUR);
    const page = await reader.client.call(listMaintenanceWindows, { query: { order_by_column: 'window_name' } });
    expect(page.time_zone).toBe('America/New_York');
    expect(page.total).toBe(4);
    const statuses = page.list.map((window: MaintenanceWindow) => window.status).sort();
    expect(statuses).toEqual(['past', 'past', 'upcoming', 'upcoming']);
    const before = await storedWindows();
    const module = await newModule();
    expect(
      await status(
        reader.client.call(addMaintenanceWindow, {
          body: windowBody({ module_id: module.id }) as MaintenanceWindowBody,
        }),
      ),
    ).toBe(403);
    expect(
      await status(
        reader.client.call(deleteMaintenanceWindow, { params: { id: page.list[0]!.maintenance_window_id } }),
      ),
    ).toBe(403);
    expect(await status(staff.client.call(listMaintenanceWindows, { query: {} }))).toBe(403);
    expect(await storedWindows()).toEqual(before);
  });

  it('answers 404 for another customer’s windows, modules and applications, changing nothing', async () => {
    const mine = (await root.client.call(listMaintenanceWindows, { query: {} })).list[0]!;
    const module = await newModule();
    const before = await storedWindows();
    const body = windowBody({ module_id: module.id }) as MaintenanceWindowBody;
    const refusal = async (promise: Promise<unknown>) => {
      const error = await failure(promise);
      return [error.status, error.message];
    };
    expect(
      await refusal(
        otherRoot.client.call(updateMaintenanceWindow, { params: { id: mine.maintenance_window_id }, body }),
      ),
    ).toEqual([404, MAINTENANCE_MESSAGES.notFound]);
    expect(
      await refusal(otherRoot.client.call(deleteMaintenanceWindow, { params: { id: mine.maintenance_window_id } })),
    ).toEqual([404, MAINTENANCE_MESSAGES.notFound]);
    expect(await refusal(otherRoot.client.call(addMaintenanceWindow, { body }))).toEqual([
      404,
      MAINTENANCE_MESSAGES.moduleNotFound,
    ]);
    expect(
      await refusal(
        root.client.call(addMaintenanceWindow, {
          body: windowBody({ application_id: otherModule.applicationId }) as MaintenanceWindowBody,
        }),
      ),
    ).toEqual([404, MAINTENANCE_MESSAGES.applicationNotFound]);
    expect((await otherRoot.client.call(listMaintenanceWindows, { query: {} })).total).toBe(0);
    expect(await storedWindows()).toEqual(before);
  });

  it('refuses bad input with 422 on its field, and the 101st window with 409', async () => {
    const module = await newModule();
    const before = await storedWindows();
    const as = (body: unknown) =>
      t.raw('POST', '/api/maintenance-windows', { body, headers: { authorization: `Bearer ${root.token}` } });
    const start = iso(NOW);
    const cases: [unknown, (string | number)[], string][] = [
      [{ window_name: 'X', start, end: iso(NOW + HOUR) }, ['body', 'module_id'], MAINTENANCE_MESSAGES.targetRequired],
      [
        { window_name: 'X', module_id: module.id, application_id: module.applicationId, start, end: iso(NOW + HOUR) },
        ['body', 'module_id'],
        MAINTENANCE_MESSAGES.targetBoth,
      ],
      [
        { window_name: 'X', module_id: module.id, start, end: start },
        ['body', 'end'],
        MAINTENANCE_MESSAGES.endAfterStart,
      ],
      [
        { window_name: 'X', module_id: module.id, start, end: iso(NOW + 32 * DAY) },
        ['body', 'end'],
        MAINTENANCE_MESSAGES.tooLong,
      ],
      [
        { window_name: 'X', module_id: module.id, start, end: iso(NOW + 8 * DAY), recurrence: 'weekly' },
        ['body', 'end'],
        MAINTENANCE_MESSAGES.weeklyTooLong,
      ],
      [
        { window_name: '', module_id: module.id, start, end: iso(NOW + HOUR) },
        ['body', 'window_name'],
        MAINTENANCE_MESSAGES.nameRequired,
      ],
      [
        { window_name: 'X', module_id: module.id, start, end: iso(NOW + HOUR), release: 'loud' },
        ['body', 'release'],
        MAINTENANCE_MESSAGES.releaseRequired,
      ],
    ];
    for (const [body, loc, msg] of cases) {
      const answer = await as(body);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ detail: [{ loc, msg }] });
    }
    expect(
      (
        await t.raw('PUT', '/api/maintenance-windows/abc', {
          body: {},
          headers: { authorization: `Bearer ${root.token}` },
        })
      ).status,
    ).toBe(422);
    expect(await storedWindows()).toEqual(before);

    // up to the limit, then 409
    await asSystem(t, (tx) =>
      tx
        .insertInto('maintenance_windows')
        .values(
          Array.from({ length: MAINTENANCE_LIMITS.windows - before.length }, (_, i) => ({
            customer_id: customerId,
            module_id: module.id,
            window_name: `Filler ${i}`,
            start_at: new Date(NOW - 2 * DAY),
            end_at: new Date(NOW - DAY),
          })),
        )
        .execute(),
    );
    const over = await failure(addWindow({ module_id: module.id }));
    expect([over.status, over.message]).toEqual([409, MAINTENANCE_MESSAGES.tooMany]);
    expect(await storedWindows()).toHaveLength(MAINTENANCE_LIMITS.windows);
  });
});
