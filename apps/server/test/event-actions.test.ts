import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptEvent,
  addEventNote,
  escalateEvent,
  eventTimeline,
  reassignEvent,
  resolveEvent,
  type ApiClient,
} from '@relevo/api';
import type { EventActionAnswer, Timeline } from '@relevo/domain';
import { webhookSignature } from '../src/delivery/channels';
import { EngineWorker } from '../src/engine/worker';
import { responderService, responderToken } from '../src/incidents/respond';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { customerWithModule, reportIncident } from './support/keyed-module';
import type { RunnableModule } from './support/catalogue';

const SECRET = 'inbound-secret-of-at-least-16';

/**
 * docs/product.md#responding and #timeline: a signed-in person accepts, resolves, reassigns,
 * escalates and writes notes from the dashboard; each acts once, is refused on a closed event,
 * counts for the SLA as an answer from a link does, and shows on the event's timeline with who
 * did it. Another customer's case is not found.
 */
describe.each(DATABASE_KINDS)('acting on events from the dashboard on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let root: SignedIn;
  let customer: SignedIn;
  let module: RunnableModule & { key: string };
  let customerId: number;
  let other: { root: SignedIn; module: RunnableModule & { key: string } };
  let standby: number;

  const eventRow = (caseId: string) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select([
          'event_id',
          'event_status',
          'sla_compliance',
          'accepted_by',
          'time_response',
          'event_cause',
          'event_resolution',
          'resolution',
        ])
        .where('case_id', '=', caseId)
        .executeTakeFirstOrThrow(),
    );
  const contactsOf = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['resource', 'followup_status', 'channel', 'called_number'])
        .where('event_id', '=', eventId)
        .orderBy('event_log_id')
        .execute(),
    );
  const open = async () => {
    const made = await reportIncident(t, module, `Queue backlog ${Math.random().toString(36).slice(2, 7)}`);
    await engine.drain();
    return made;
  };
  const call = <T>(client: ApiClient, endpoint: Parameters<ApiClient['call']>[0], caseId: string, body?: unknown) =>
    client.call(
      endpoint as never,
      { params: { case_id: caseId }, ...(body === undefined ? {} : { body }) } as never,
    ) as Promise<T>;

  beforeAll(async () => {
    t = await startTestApp({ kind, config: { inboundWebhookSecret: SECRET } });
    const acme = await customerWithModule(t, 'Acme');
    ({ root, module, customerId } = acme);
    const user = await t.createUser({ role: 'Customer', customer: 'Acme', name: 'Rita', lastName: 'Ramos' });
    customer = await t.signIn(user.email, user.password);
    other = await customerWithModule(t, 'Other');
    standby = (
      await asSystem(t, (tx) =>
        tx
          .insertInto('resources')
          .values({
            customer_id: customerId,
            resource_fullname: 'Luis Rivera',
            resource_email: 'luis@example.test',
            resource_phone1: '7875550177',
            resource_country_phone1: 'PR',
            resource_phone1_e164: '+17875550177',
            language_id: 'EN',
          })
          .returning('resource_id')
          .executeTakeFirstOrThrow(),
      )
    ).resource_id;
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'actions-test',
      scale: 1,
      link: responderService(t.ctx).link,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('accepts once as the signed-in person, counting for the SLA like a link; a second accept is 409', async () => {
    const { case_id } = await open();
    t.clock.advance(3 * 60_000);
    const answer = await call<EventActionAnswer>(customer.client, acceptEvent, case_id);
    expect(answer).toEqual({ case_id, event_status: 'progress', accepted_by: 'Rita Ramos' });
    expect(await eventRow(case_id)).toMatchObject({
      event_status: 'progress',
      sla_compliance: 'YES',
      time_response: 3,
    });
    const again = await failure(call(root.client, acceptEvent, case_id));
    expect({ status: again.status, message: again.message }).toEqual({
      status: 409,
      message: 'This event was already accepted by Rita Ramos',
    });
    expect((await eventRow(case_id)).accepted_by).toBe('Rita Ramos');
  });

  it('resolves with the cause, resolution and comments, then refuses every action on the closed event', async () => {
    const { case_id } = await open();
    const resolved = await call<EventActionAnswer>(root.client, resolveEvent, case_id, {
      event_cause: 'A full disk',
      event_resolution: 'Rotated the logs',
      resolution: 'Alert added at 80%',
    });
    expect(resolved.event_status).toBe('completed');
    expect(await eventRow(case_id)).toMatchObject({
      event_status: 'completed',
      // resolved by a person before anyone accepted: that was the response
      sla_compliance: 'YES',
      event_cause: 'A full disk',
      event_resolution: 'Rotated the logs',
      resolution: 'Alert added at 80%',
    });
    for (const [endpoint, body] of [
      [acceptEvent, undefined],
      [resolveEvent, {}],
      [escalateEvent, undefined],
      [reassignEvent, { resource_id: standby }],
      [addEventNote, { text: 'late' }],
    ] as const) {
      const refused = await failure(call(root.client, endpoint, case_id, body));
      expect({ status: refused.status, message: refused.message }).toEqual({
        status: 409,
        message: 'This event is already resolved',
      });
    }
  });

  it('escalates now: the next step is contacted at once; an accepted event is not escalated', async () => {
    const { case_id } = await open();
    const { event_id } = await eventRow(case_id);
    expect((await contactsOf(event_id)).map((c) => c.followup_status)).toEqual(['open']);
    await call(root.client, escalateEvent, case_id);
    // the module's escalation: Carlos by voice, then a supervisor notice by e-mail, the last step
    // (a notice waits for nobody: the walk ends there)
    expect(await contactsOf(event_id)).toMatchObject([
      { followup_status: 'open', channel: 'voice' },
      { followup_status: 'escalation', channel: 'email' },
      { followup_status: 'not reached' },
    ]);
    const walked = await failure(call(root.client, escalateEvent, case_id));
    expect(walked.message).toBe('Every step of this escalation was already contacted');
    await call(root.client, acceptEvent, case_id);
    const refused = await failure(call(root.client, escalateEvent, case_id));
    expect({ status: refused.status, message: refused.message }).toEqual({
      status: 409,
      message: 'An accepted event is not escalated: reassign it, or resolve it',
    });
  });

  it('reassigns to a resource who is contacted now, and whose answer by link accepts the event', async () => {
    const { case_id } = await open();
    const { event_id } = await eventRow(case_id);
    await call(customer.client, acceptEvent, case_id);
    const answer = await call<EventActionAnswer>(root.client, reassignEvent, case_id, { resource_id: standby });
    expect(answer).toMatchObject({ event_status: 'open', accepted_by: null });
    expect((await contactsOf(event_id)).at(-1)).toEqual({
      resource: 'Luis Rivera',
      followup_status: 'escalation',
      channel: 'sms',
      called_number: '+17875550177',
    });
    // the new person's step is the third of the walk (the escalation's two, then theirs)
    const page = await t.raw<{ event_status: string; accepted_by: string }>(
      'POST',
      `/api/v1/respond/${responderToken(t.ctx.signer, event_id, 2)}/accept`,
    );
    expect(page.body).toMatchObject({ event_status: 'progress', accepted_by: 'Luis Rivera' });
  });

  it('refuses a resource of another customer, an unknown one, or one without the chosen channel (422 on the field)', async () => {
    const { case_id } = await open();
    const foreign = await asSystem(t, (tx) =>
      tx.selectFrom('resources').select('resource_id').where('customer_id', '!=', customerId).executeTakeFirstOrThrow(),
    );
    for (const [body, message] of [
      [{ resource_id: foreign.resource_id }, 'Resource not found'],
      [{ resource_id: 99_999_999 }, 'Resource not found'],
      [{ resource_id: 'x' }, 'Resource is required'],
      [{ resource_id: standby, channel: 'fax' }, 'Must be voice, sms or email'],
    ] as const) {
      const refused = await failure(call(root.client, reassignEvent, case_id, body));
      expect({ status: refused.status, message: refused.message }).toEqual({ status: 422, message });
    }
    const noMail = await asSystem(t, (tx) =>
      tx
        .insertInto('resources')
        .values({
          customer_id: customerId,
          resource_fullname: 'No Mail',
          resource_phone1: '7875550100',
          resource_country_phone1: 'PR',
          resource_phone1_e164: '+17875550100',
        })
        .returning('resource_id')
        .executeTakeFirstOrThrow(),
    );
    const refused = await failure(
      call(root.client, reassignEvent, case_id, { resource_id: noMail.resource_id, channel: 'email' }),
    );
    expect(refused.message).toBe('This resource has no e-mail address');
    expect((await eventRow(case_id)).event_status).toBe('open');
  });

  it('keeps notes of 1 to 2,000 characters on the timeline with who wrote them', async () => {
    const { case_id } = await open();
    for (const [text, message] of [
      ['   ', 'Note is required'],
      ['x'.repeat(2001), 'Must be at most 2000 characters'],
    ] as const) {
      const refused = await failure(call(root.client, addEventNote, case_id, { text }));
      expect({ status: refused.status, message: refused.message }).toEqual({ status: 422, message });
    }
    await call(customer.client, addEventNote, case_id, { text: ` ${'n'.repeat(2000)} ` });
    await call(root.client, addEventNote, case_id, { text: 'Calling the vendor' });
    const timeline = await call<Timeline>(root.client, eventTimeline, case_id);
    const notes = timeline.entries.filter((entry) => entry.kind === 'note');
    expect(notes).toMatchObject([
      { who: 'Rita Ramos', via: 'dashboard', text: 'n'.repeat(2000) },
      { via: 'dashboard', text: 'Calling the vendor' },
    ]);
  });

  it('shows every contact, reply, key press, state change and note on the timeline, oldest first', async () => {
    const { case_id } = await open();
    const { event_id } = await eventRow(case_id);
    t.clock.advance(60_000);
    await call(root.client, addEventNote, case_id, { text: 'Looking' });
    t.clock.advance(60_000);
    // the gateway reports the call delivered, then Carlos's key press in it: 4 accepts
    const inbound = (body: unknown) => {
      const raw = JSON.stringify(body);
      const timestamp = Math.floor(t.clock.now().getTime() / 1000);
      return t.raw('POST', '/api/v1/channels/inbound', {
        rawBody: raw,
        headers: {
          'x-relevo-timestamp': String(timestamp),
          'x-relevo-signature': webhookSignature(SECRET, timestamp, raw),
        },
      });
    };
    const reported = await inbound({
      kind: 'status',
      idempotency_key: `event:${event_id}:step:1:attempt:1`,
      status: 'delivered',
    });
    expect(reported.body).toMatchObject({ result: 'recorded' });
    t.clock.advance(60_000);
    const pressed = await inbound({
      kind: 'voice',
      from: '+17875550142',
      digits: '4',
      idempotency_key: `event:${event_id}:step:1:attempt:1`,
    });
    expect(pressed.body).toMatchObject({ result: 'accepted' });
    t.clock.advance(60_000);
    await call(customer.client, resolveEvent, case_id, {});
    const timeline = await call<Timeline>(customer.client, eventTimeline, case_id);
    expect(timeline.truncated).toBe(false);
    expect(
      timeline.entries.map((entry) => [
        entry.kind,
        'who' in entry ? entry.who : null,
        'via' in entry ? entry.via : null,
      ]),
    ).toEqual([
      ['created', null, null],
      ['contact', null, null],
      ['note', expect.any(String), 'dashboard'],
      ['report', null, null],
      ['reply', null, null],
      ['accepted', 'Carlos Méndez', 'key'],
      ['resolved', 'Rita Ramos', 'dashboard'],
    ]);
    expect(timeline.entries.filter((entry) => entry.kind === 'report' || entry.kind === 'reply')).toMatchObject([
      { kind: 'report', status: 'delivered', result: 'recorded' },
      { kind: 'reply', channel: 'voice', sender: '+17875550142', text: '4', result: 'accepted' },
    ]);
    // the contact carries its delivery as reported
    expect(timeline.entries[1]).toMatchObject({ kind: 'contact', delivery: 'delivered', resource: 'Carlos Méndez' });
    const times = timeline.entries.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
  });

  it("answers 404 for another customer's case, and changes nothing of it", async () => {
    const theirs = await reportIncident(t, other.module, 'Their incident');
    await engine.drain();
    for (const [endpoint, body] of [
      [acceptEvent, undefined],
      [resolveEvent, {}],
      [escalateEvent, undefined],
      [reassignEvent, { resource_id: standby }],
      [addEventNote, { text: 'peek' }],
      [eventTimeline, undefined],
    ] as const) {
      const refused = await failure(call(root.client, endpoint, theirs.case_id, body));
      expect({ status: refused.status, message: refused.message }).toEqual({ status: 404, message: 'Event not found' });
    }
    expect((await eventRow(theirs.case_id)).event_status).toBe('open');
    const acted = await asSystem(t, (tx) =>
      tx.selectFrom('event_actions').select('kind').where('event_id', '=', theirs.event_id).execute(),
    );
    expect(acted).toEqual([]);
  });

  it('acts once when two people accept at the same moment', async () => {
    const { case_id } = await open();
    const both = await Promise.allSettled([
      call(root.client, acceptEvent, case_id),
      call(customer.client, acceptEvent, case_id),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const { event_id } = await eventRow(case_id);
    const acted = await asSystem(t, (tx) =>
      tx.selectFrom('event_actions').select('kind').where('event_id', '=', event_id).execute(),
    );
    expect(acted).toEqual([{ kind: 'accepted' }]);
  });

  it('bounds the timeline to its latest 500 entries', async () => {
    const { case_id } = await open();
    const { event_id } = await eventRow(case_id);
    await asSystem(t, (tx) =>
      tx
        .insertInto('event_actions')
        .values(
          Array.from({ length: 520 }, (_, i) => ({
            customer_id: customerId,
            event_id,
            created_at: new Date(t.clock.now().getTime() + (i + 1) * 1000),
            kind: 'note' as const,
            by_name: 'Bulk',
            via: 'dashboard' as const,
            text: `note ${i}`,
          })),
        )
        .execute(),
    );
    const timeline = await call<Timeline>(root.client, eventTimeline, case_id);
    expect(timeline.truncated).toBe(true);
    expect(timeline.entries).toHaveLength(500);
    expect(timeline.entries.at(-1)).toMatchObject({ kind: 'note', text: 'note 519' });
  });
});
