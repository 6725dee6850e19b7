import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCredential } from '@relevo/api';
import { RESPONDER_MESSAGES, type ResponderView } from '@relevo/domain';
import { EngineWorker } from '../src/engine/worker';
import { responderService, responderToken } from '../src/incidents/respond';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type RawAnswer, type TestApp } from './support/harness';

const incident = {
  incident: 'Checkout errors above 5%',
  description: 'The payment provider answers 502 to one request in twenty.',
};

describe.each(DATABASE_KINDS)('responders and integrations act on events on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let module: RunnableModule & { key: string };
  let otherModule: RunnableModule & { key: string };

  const basic = (m: { id: number; key: string }) => ({
    authorization: `Basic ${Buffer.from(`${m.id}:${m.key}`).toString('base64')}`,
  });
  const report = async (m = module) =>
    (
      await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
        body: incident,
        headers: basic(m),
      })
    ).body;
  const eventRow = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select([
          'event_status',
          'sla_compliance',
          'accepted_by',
          'accepteddt',
          'event_closedt',
          'time_response',
          'resolution',
        ])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
    );
  const logs = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['followup_status', 'resolved', 'event_ind_last_event_log'])
        .where('event_id', '=', eventId)
        .orderBy('event_log_id')
        .execute(),
    );

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const acme = await t.createCustomer('Acme');
    const other = await t.createCustomer('Other');
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const root = await t.signIn(rootUser.email, rootUser.password);
    const otherRootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Other' });
    const otherRoot = await t.signIn(otherRootUser.email, otherRootUser.password);
    const made = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    const [key] = await root.client.call(generateCredential, {
      params: { module: made.id, application: made.applicationId },
    });
    module = { ...made, key: key.body.credentialKey };
    const otherMade = await asSystem(t, (tx) => insertRunnableModule(tx, other));
    const [otherKey] = await otherRoot.client.call(generateCredential, {
      params: { module: otherMade.id, application: otherMade.applicationId },
    });
    otherModule = { ...otherMade, key: otherKey.body.credentialKey };
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'responder-test',
      scale: 1,
      link: responderService(t.ctx).link,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('sends a link that opens the incident without changing it; Accept and Resolve act once', async () => {
    const { event_id, case_id } = await report();
    await engine.drain();
    await t.settleOutbox();
    const call = t.sms.messages.find((message) => message.body.includes(case_id));
    expect(call?.kind).toBe('voice');
    // the first step is a voice call: its link goes by SMS only; build the one the engine would send
    const token = responderToken(t.ctx.signer, event_id, 0);
    const link = `/api/v1/respond/${token}`;

    // reading, as a mail scanner would, many times: nothing changes
    for (let i = 0; i < 3; i++) {
      const seen = await t.raw<ResponderView>('GET', link);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({
        case_id,
        incident: incident.incident,
        description: incident.description,
        event_status: 'open',
        resource: 'Carlos Méndez',
        accepted_by: null,
        can_accept: true,
        can_resolve: true,
      });
    }
    expect((await eventRow(event_id)).event_status).toBe('open');

    t.clock.advance(4 * 60_000);
    const accepted = await t.raw<ResponderView>('POST', `${link}/accept`);
    expect(accepted.body).toMatchObject({
      event_status: 'progress',
      accepted_by: 'Carlos Méndez',
      can_accept: false,
      can_resolve: true,
    });
    expect(await eventRow(event_id)).toMatchObject({
      event_status: 'progress',
      sla_compliance: 'YES',
      accepted_by: 'Carlos Méndez',
      time_response: 4,
    });
    // a second accept changes nothing
    expect((await t.raw<ResponderView>('POST', `${link}/accept`)).body.event_status).toBe('progress');

    t.clock.advance(60_000);
    const resolved = await t.raw<ResponderView>('POST', `${link}/resolve`);
    expect(resolved.body).toMatchObject({ event_status: 'completed', can_accept: false, can_resolve: false });
    expect(await eventRow(event_id)).toMatchObject({ event_status: 'completed' });
    const written = await logs(event_id);
    expect(written.at(-1)).toEqual({ followup_status: 'completed', resolved: 'Y', event_ind_last_event_log: 'Y' });
    expect(written.filter((log) => log.event_ind_last_event_log === 'Y')).toHaveLength(1);
    // the link stops working once the event is closed
    const closed = await t.raw('GET', link);
    expect({ status: closed.status, body: closed.body }).toEqual({
      status: 410,
      body: { detail: RESPONDER_MESSAGES.closed },
    });
    expect((await t.raw('POST', `${link}/accept`)).status).toBe(410);
  });

  it('refuses a made-up, altered or moved token and changes nothing', async () => {
    const { event_id } = await report();
    const token = responderToken(t.ctx.signer, event_id, 0);
    const [id, step, mac] = token.split('.');
    for (const bad of [
      'nonsense',
      `${Number(id) + 1}.${step}.${mac}`,
      `${id}.1.${mac}`,
      `${id}.${step}.${'A'.repeat(43)}`,
      `${id}.${step}.${mac}x`,
    ]) {
      const answer: RawAnswer = await t.raw('POST', `/api/v1/respond/${encodeURIComponent(bad)}/accept`);
      expect({ bad, status: answer.status }).toEqual({ bad, status: 404 });
    }
    expect((await eventRow(event_id)).event_status).toBe('open');
  });

  it("lets the monitoring system resolve or cancel its own events by case ID, never another module's", async () => {
    const first = await report();
    const resolved = await t.raw('POST', `/api/v1/incidents/${first.case_id}/resolve`, {
      body: { resolution: 'Provider fixed its gateway' },
      headers: basic(module),
    });
    expect(resolved.body).toEqual({ case_id: first.case_id, event_id: first.event_id, event_status: 'completed' });
    expect(await eventRow(first.event_id)).toMatchObject({
      event_status: 'completed',
      resolution: 'Provider fixed its gateway',
      accepted_by: null,
    });

    const second = await report();
    expect(
      (await t.raw('POST', `/api/v1/incidents/${second.case_id}/cancel`, { headers: basic(otherModule) })).status,
    ).toBe(404);
    expect(
      (
        await t.raw('POST', `/api/v1/incidents/${second.case_id}/cancel`, {
          headers: basic({ id: module.id, key: 'f'.repeat(32) }),
        })
      ).status,
    ).toBe(401);
    expect((await t.raw('POST', '/api/v1/incidents/lowercase/cancel', { headers: basic(module) })).status).toBe(422);
    expect((await eventRow(second.event_id)).event_status).toBe('open');
    const canceled = await t.raw('POST', `/api/v1/incidents/${second.case_id}/cancel`, { headers: basic(module) });
    expect(canceled.body).toMatchObject({ event_status: 'canceled' });
    const timer = await asSystem(t, (tx) =>
      tx.selectFrom('engine_timers').select('status').where('event_id', '=', second.event_id).executeTakeFirstOrThrow(),
    );
    expect(timer.status).toBe('done');
  });
});
