import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCredential, listEventLog, listEvents } from '@relevo/api';
import { EVENT_MESSAGES } from '@relevo/domain';
import { EngineWorker } from '../src/engine/worker';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

describe.each(DATABASE_KINDS)('the events list and logs on %s', (kind) => {
  let t: TestApp;
  let reader: SignedIn;
  let otherRoot: SignedIn;
  let staff: SignedIn;
  let checkout: RunnableModule & { key: string };
  let billing: RunnableModule & { key: string };
  const made: Record<string, { case_id: string; event_id: number }> = {};

  const report = async (m: RunnableModule & { key: string }, incident: string) =>
    (
      await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
        body: { incident, description: 'Raised by the events list test' },
        headers: { authorization: `Basic ${Buffer.from(`${m.id}:${m.key}`).toString('base64')}` },
      })
    ).body;

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const acme = await t.createCustomer('Acme');
    const other = await t.createCustomer('Other');
    const sign = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    const root = await sign('CustomerRoot', 'Acme');
    reader = await sign('Customer', 'Acme');
    otherRoot = await sign('CustomerRoot', 'Other');
    staff = await sign('StaffRoot');
    const withKey = async (m: RunnableModule) => {
      const [key] = await root.client.call(generateCredential, { params: { module: m.id, application: m.applicationId } });
      return { ...m, key: key.body.credentialKey };
    };
    checkout = await withKey(await asSystem(t, (tx) => insertRunnableModule(tx, acme)));
    billing = await withKey(await asSystem(t, (tx) => insertRunnableModule(tx, acme)));
    const engine = new EngineWorker({ database: t.database, clock: t.clock, log: t.ctx.log, workerId: 'events-test', scale: 1 });
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
    await asSystem(t, (tx) => tx.updateTable('events').set({ event_status: 'completed' }).where('event_id', '=', made.disk!.event_id).execute());
    const otherModule = await asSystem(t, (tx) => insertRunnableModule(tx, other));
    await asSystem(t, (tx) => tx.insertInto('events').values({ customer_id: other, case_id: 'ZZZZ2222', module_id: otherModule.id, short_event_subject: 'Not yours', short_event_body: '' }).execute());
  });
  afterAll(async () => t?.close());

  const cases = (page: { list: { case_id: string }[] }) => page.list.map((event) => event.case_id);

  it('lists the customer\'s events newest first, with module, application and SLA facts', async () => {
    const page = await reader.client.call(listEvents, {});
    expect(page.total).toBe(3);
    expect(cases(page)).toEqual([made.latency!.case_id, made.cpu!.case_id, made.disk!.case_id]);
    expect(page.list[0]).toMatchObject({ module_name: 'Checkout', event_status: 'open', sla_response: 30, sla_compliance: 'NO', last_resource_assigned: 'Carlos Méndez', audio: expect.stringMatching(/^\/api\/v1\/audio\/[A-Za-z0-9_-]{22}\.wav$/) });
    expect(page.list[0]!.application_name).toMatch(/^Store /);
  });

  it('filters by module, application, status, SLA compliance, creation days and search', async () => {
    expect(cases(await reader.client.call(listEvents, { query: { module_id: billing.id } }))).toEqual([made.cpu!.case_id]);
    expect(cases(await reader.client.call(listEvents, { query: { application_id: checkout.applicationId } }))).toEqual([made.latency!.case_id, made.disk!.case_id]);
    expect(cases(await reader.client.call(listEvents, { query: { event_status: 'completed' } }))).toEqual([made.disk!.case_id]);
    expect((await reader.client.call(listEvents, { query: { sla_compliance: 'YES' } })).total).toBe(0);
    expect(cases(await reader.client.call(listEvents, { query: { start_date: '2026-11-21', end_date: '2026-11-22', search_by_date: 'event_createdt' } }))).toEqual([made.cpu!.case_id]);
    expect(cases(await reader.client.call(listEvents, { query: { search: made.disk!.case_id.toLowerCase() } }))).toEqual([made.disk!.case_id]);
    expect(cases(await reader.client.call(listEvents, { query: { search: 'latency' } }))).toEqual([made.latency!.case_id]);
    expect(cases(await reader.client.call(listEvents, { query: { order_by_column: 'event_createdt', order_by_direction: 'asc', page_size: 2 } }))).toEqual([made.disk!.case_id, made.cpu!.case_id]);
    const bad = await t.raw('GET', '/api/events/filters?start_date=2026-13-45&event_status=lost', { headers: { authorization: `Bearer ${reader.token}` } });
    expect(bad.body).toEqual({
      detail: [
        { loc: ['query', 'event_status'], msg: 'Must be open, progress, completed or canceled' },
        { loc: ['query', 'start_date'], msg: EVENT_MESSAGES.badDate },
      ],
    });
  });

  it('answers an event\'s log of contacts; another customer gets 404 and sees none of the events; staff are refused', async () => {
    const log = await reader.client.call(listEventLog, { params: { id: made.latency!.event_id } });
    expect(log.list[0]).toMatchObject({ case_id: made.latency!.case_id, followup_status: 'open', channel: 'voice', called_number: '+17875550142', resource: 'Carlos Méndez' });
    expect(log.total).toBe(log.list.length);
    expect((await failure(otherRoot.client.call(listEventLog, { params: { id: made.latency!.event_id } }))).status).toBe(404);
    expect(cases(await otherRoot.client.call(listEvents, {}))).toEqual(['ZZZZ2222']);
    expect((await failure(staff.client.call(listEvents, {}))).status).toBe(403);
  });
});
