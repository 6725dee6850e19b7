import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { changePriority, deleteStep, getEscalation, updateResource, updateSla, updateStep } from '@relevo/api';
import type { ResponderView } from '@relevo/domain';
import { EngineWorker, ENGINE_JOBS } from '../src/engine/worker';
import { responderService } from '../src/incidents/respond';
import { claim } from '../src/jobs/lease';
import { SYSTEM } from '../src/db/database';
import {
  agentStep,
  insertModuleWithSteps,
  insertResource,
  type RunnableModule,
  type StepOfEscalation,
} from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { customerWithModule, withCredentialKey } from './support/keyed-module';

const MINUTE = 60_000;
const incident = {
  incident: 'Disk almost full on db-1',
  description: 'The data disk of db-1 is 95% full and still growing.',
};
const ANA = { name: 'Ana Ruiz', email: 'ana@example.test', phone: '7875550101' };
const BRUNO = { name: 'Bruno Díaz', email: 'bruno@example.test', phone: '7875550102' };
const CARLA = { name: 'Carla Soto', email: 'carla@example.test', phone: '7875550103' };
const DIEGO = { name: 'Diego Vega', email: 'diego@example.test', phone: '7875550104' };
const ELENA = { name: 'Elena Ríos', email: 'elena@example.test', phone: '7875550105' };
const e164 = (person: { phone: string }) => `+1${person.phone}`;
/** the responder token of a link a contact carried (`PUBLIC_URL/respond/<token>`) */
const tokenIn = (text: string) => {
  const found = /\/respond\/([0-9]+\.[0-9]+\.[A-Za-z0-9_-]{43})/.exec(text);
  if (!found) throw new Error(`no responder link in: ${text}`);
  return found[1]!;
};
/** The link of one case in a message that may carry several (a bundle): the first after its case ID. */
const tokenOf = (text: string, caseId: string) => tokenIn(text.slice(text.indexOf(caseId)));

describe.each(DATABASE_KINDS)('the escalation engine worker on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let module: RunnableModule & { key: string };
  let root: SignedIn;
  let customerId: number;
  /** resources of the customer by name, for the modules made in the tests */
  const resourceIds = new Map<string, number>();
  const id = (person: { name: string }) => resourceIds.get(person.name)!;
  /** four steps: Ana by SMS, `called` by voice, Carla by e-mail (agents), Diego told by e-mail */
  const stepsCalling = (called: { name: string }): StepOfEscalation[] => [
    { resourceId: id(ANA), participation: 'agent', channel: 'sms' },
    { resourceId: id(called), participation: 'agent', channel: 'voice' },
    { resourceId: id(CARLA), participation: 'agent', channel: 'email' },
    { resourceId: id(DIEGO), participation: 'supervisor', channel: 'email' },
  ];
  /** an escalation of four steps: Ana by SMS, Bruno by voice, Carla by e-mail (agents, 15 minutes each), Diego told by e-mail; SLA 40 minutes */
  let fourSteps: RunnableModule & { key: string; stepIds: number[] };

  const basic = (to: { id: number; key: string }) => ({
    authorization: `Basic ${Buffer.from(`${to.id}:${to.key}`).toString('base64')}`,
  });
  const report = async (dedupKey?: string, to: { id: number; key: string } = module) => {
    const answer = await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
      body: { ...incident, ...(dedupKey ? { dedup_key: dedupKey } : {}) },
      headers: basic(to),
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const eventOf = (eventId: number) =>
    asSystem(t, async (tx) => ({
      event: await tx
        .selectFrom('events')
        .select([
          'event_status',
          'sla_compliance',
          'sla_response',
          'last_resource_assigned',
          'accepteddt',
          'accepted_by',
          'time_response',
          'event_closedt',
          'minutes_elapsed',
          'resolution',
        ])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
      logs: await tx
        .selectFrom('event_logs')
        .select([
          'followup_status',
          'channel',
          'called_number',
          'resource',
          'next_resource',
          'idempotency_key',
          'resolved',
          'event_ind_last_event_log',
        ])
        .where('event_id', '=', eventId)
        .orderBy('event_log_id')
        .execute(),
      timer: await tx
        .selectFrom('engine_timers')
        .select(['status', 'due_at', 'attempts'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
      outbox: await tx
        .selectFrom('outbox')
        .select(['channel', 'recipient', 'idempotency_key', 'status'])
        .where('idempotency_key', 'like', `event:${eventId}:%`)
        .orderBy('id')
        .execute(),
    }));
  /** a module of these steps that accepts incidents, with its credential key */
  const moduleOf = async (spec: Parameters<typeof insertModuleWithSteps>[2]) => {
    const made = await asSystem(t, (tx) => insertModuleWithSteps(tx, customerId, spec));
    return withCredentialKey(root.client, made);
  };
  /** what the SMS gateway and the mailbox received about a case */
  const smsOf = (person: { phone: string }, caseId: string) =>
    t.sms.to(e164(person)).filter((message) => message.body.includes(caseId));
  // a bundle's subject names its first case only: the others are in its text
  const mailOf = (person: { email: string }, caseId: string) =>
    t.mailbox.to(person.email).filter((message) => message.subject.includes(caseId) || message.text.includes(caseId));
  /** a responder page's button (the public API behind it) */
  const respond = (token: string, action: 'accept' | 'resolve') =>
    t.raw<ResponderView>('POST', `/api/v1/respond/${token}/${action}`);
  const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
  const at = async (minutes: number, start: number) => {
    // the queued messages go out before the clock jumps (a jump would run out the sends' leases)
    await t.settleOutbox();
    t.clock.set(start + minutes * MINUTE);
    await engine.drain();
    // and what the jump made due (a message held back to this minute) has gone out too
    await t.settleOutbox();
  };

  beforeAll(async () => {
    t = await startTestApp({ kind });
    ({ customerId, root, module } = await customerWithModule(t, 'Acme'));
    for (const person of [ANA, BRUNO, CARLA, DIEGO, ELENA])
      resourceIds.set(person.name, await asSystem(t, (tx) => insertResource(tx, customerId, person)));
    fourSteps = await moduleOf({
      name: 'Payments',
      slaMinutes: 40,
      steps: stepsCalling(BRUNO),
    });
    // as the server runs it: each contact carries its step's responder link
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'engine-test',
      scale: 1,
      link: responderService(t.ctx).link,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('walks the escalation when nobody accepts: the agent called three times over 15 minutes, the supervisor told, not reached, SLA missed', async () => {
    const start = t.clock.now().getTime();
    const { event_id, case_id } = await report('walk-1');
    await at(0, start);
    let seen = await eventOf(event_id);
    expect(seen.logs.map((log) => [log.followup_status, log.channel, log.called_number])).toEqual([
      ['open', 'voice', '+17875550142'],
    ]);
    expect(seen.logs[0]!.next_resource).toBe('Carlos Méndez');
    expect(seen.event).toMatchObject({
      event_status: 'open',
      sla_compliance: null,
      last_resource_assigned: 'Carlos Méndez',
    });
    expect(seen.timer.status).toBe('pending');

    // nothing is due before the first recall
    await at(4, start);
    expect((await eventOf(event_id)).logs).toHaveLength(1);
    // the row version of the event: the recalls and the escalation to the same person change none of
    // its columns, and write none (no index entries, no count changes)
    const version = () =>
      asSystem(
        t,
        async (tx) =>
          (await sql<{ v: string }>`select xmin::text as v from events where event_id = ${event_id}`.execute(tx))
            .rows[0]!.v,
      );
    const first = await version();
    await at(5, start);
    await at(10, start);
    await at(15, start);
    expect(await version()).toBe(first);
    seen = await eventOf(event_id);
    expect(seen.logs.map((log) => [log.followup_status, log.channel])).toEqual([
      ['open', 'voice'],
      // the recalls of the same step are follow-ups; the next step is an escalation
      ['follow-up', 'voice'],
      ['follow-up', 'voice'],
      ['escalation', 'email'],
      ['not reached', 'email'],
    ]);
    await at(30, start);
    seen = await eventOf(event_id);
    expect(seen.event).toMatchObject({
      event_status: 'open',
      sla_compliance: 'NO',
      accepteddt: null,
      event_closedt: null,
    });
    // the SLA's decision did change it
    expect(await version()).not.toBe(first);
    expect(seen.timer.status).toBe('done');
    // one message per contact, each with its own key, as the log has them
    expect(seen.outbox.map((message) => [message.channel, message.recipient])).toEqual([
      ['voice', '+17875550142'],
      ['voice', '+17875550142'],
      ['voice', '+17875550142'],
      ['email', 'carlos@example.test'],
    ]);
    expect(seen.outbox.map((message) => message.idempotency_key)).toEqual(
      seen.logs.slice(0, 4).map((log) => log.idempotency_key),
    );

    await t.settleOutbox();
    const calls = t.sms.messages.filter((message) => message.body.includes(case_id));
    expect(calls.map((message) => message.kind)).toEqual(['voice', 'voice', 'voice']);
    expect(calls[0]!.body).toContain(incident.incident);
    const mail = t.mailbox.messages.filter((message) => message.subject.includes(case_id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(incident.description);
  });

  it("takes over a crashed worker's claim once its lease runs out, and sends nothing twice", async () => {
    const start = t.clock.now().getTime();
    const { event_id } = await report('crash-1');
    // a worker claims the timer and dies before writing anything
    const taken = await t.database.scoped(SYSTEM, (tx) =>
      claim(tx, ENGINE_JOBS, { workerId: 'dead-worker', now: t.clock.now(), leaseMs: 30_000, limit: 10 }),
    );
    expect(taken.jobs.map((job) => job.id)).toHaveLength(1);
    await engine.drain();
    expect((await eventOf(event_id)).logs).toHaveLength(0);
    t.clock.set(start + 31_000);
    await engine.drain();
    const seen = await eventOf(event_id);
    expect(seen.logs.map((log) => log.followup_status)).toEqual(['open']);
    expect(seen.outbox).toHaveLength(1);
    expect(seen.timer).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('a claim that lost its lease writes nothing, even when its holder wakes up later', async () => {
    const start = t.clock.now().getTime();
    const { event_id } = await report('stale-1');
    const stale = await t.database.scoped(SYSTEM, (tx) =>
      claim(tx, ENGINE_JOBS, { workerId: 'slow-worker', now: t.clock.now(), leaseMs: 1_000, limit: 10 }),
    );
    t.clock.set(start + 2_000);
    await engine.drain();
    const { advanceEvent } = await import('../src/engine/advance');
    const late = await t.database.scoped({ kind: 'staff' }, (tx) =>
      advanceEvent(tx, stale.jobs[0]!.id, { kind: 'due' }, t.clock.now(), { scale: 1 }, stale.jobs[0]!),
    );
    expect(late).toBe('lost');
    const seen = await eventOf(event_id);
    expect(seen.logs).toHaveLength(1);
    expect(seen.outbox).toHaveLength(1);
  });

  it('accepted at the third step: the walk stops there and the accepter is followed up every 15 minutes until she resolves it', async () => {
    const start = t.clock.now().getTime();
    const { event_id, case_id } = await report(undefined, fourSteps);
    await at(0, start);
    await at(15, start);
    await at(30, start);
    let seen = await eventOf(event_id);
    expect(seen.logs.map((log) => [log.followup_status, log.channel, log.called_number, log.resource])).toEqual([
      ['open', 'sms', e164(ANA), ANA.name],
      ['escalation', 'voice', e164(BRUNO), BRUNO.name],
      ['escalation', 'email', CARLA.email, CARLA.name],
    ]);
    expect(seen.event).toMatchObject({
      event_status: 'open',
      sla_compliance: null,
      last_resource_assigned: CARLA.name,
      accepteddt: null,
    });

    // each contact's link names its own step; a voice call carries none (a key press answers it)
    await t.settleOutbox();
    expect(tokenIn(smsOf(ANA, case_id)[0]!.body).split('.').slice(0, 2)).toEqual([String(event_id), '0']);
    expect(smsOf(BRUNO, case_id).map((message) => [message.kind, /\/respond\//.test(message.body)])).toEqual([
      ['voice', false],
    ]);
    const [mail] = mailOf(CARLA, case_id);
    const carla = tokenIn(mail!.text);
    expect(carla.split('.').slice(0, 2)).toEqual([String(event_id), '2']);

    t.clock.set(start + 33 * MINUTE);
    const accepted = await respond(carla, 'accept');
    expect({ status: accepted.status, body: accepted.body }).toMatchObject({
      status: 200,
      body: {
        event_status: 'progress',
        resource: CARLA.name,
        accepted_by: CARLA.name,
        can_accept: false,
        can_resolve: true,
      },
    });
    // what Carla's acceptance at minute 33 writes on the event (within its 40-minute SLA), kept once resolved
    const acceptedByCarla = { accepted_by: CARLA.name, time_response: 33, sla_compliance: 'YES' };
    seen = await eventOf(event_id);
    expect(seen.event).toMatchObject({ event_status: 'progress', ...acceptedByCarla, event_closedt: null });
    expect(time(seen.event.accepteddt)).toBe(start + 33 * MINUTE);
    // the next wake-up is the accepter's follow-up, not the supervisor's notice (due at 45)
    expect({ status: seen.timer.status, due: time(seen.timer.due_at) }).toEqual({
      status: 'pending',
      due: start + 48 * MINUTE,
    });

    await at(45, start);
    expect((await eventOf(event_id)).logs).toHaveLength(3);
    await at(48, start);
    await at(62, start);
    await at(63, start);
    seen = await eventOf(event_id);
    expect(
      seen.logs.slice(3).map((log) => [log.followup_status, log.channel, log.called_number, log.idempotency_key]),
    ).toEqual([
      ['follow-up', 'email', CARLA.email, `event:${event_id}:follow-up:1`],
      ['follow-up', 'email', CARLA.email, `event:${event_id}:follow-up:2`],
    ]);

    await at(70, start);
    const resolved = await respond(carla, 'resolve');
    expect(resolved.body).toMatchObject({ event_status: 'completed', can_accept: false, can_resolve: false });
    await at(78, start);
    await at(120, start);
    seen = await eventOf(event_id);
    expect(seen.event).toMatchObject({ event_status: 'completed', ...acceptedByCarla, minutes_elapsed: 70 });
    expect(time(seen.event.event_closedt)).toBe(start + 70 * MINUTE);
    expect(seen.timer.status).toBe('done');
    expect(seen.logs.map((log) => [log.followup_status, log.resolved, log.event_ind_last_event_log])).toEqual([
      ['open', 'N', 'N'],
      ['escalation', 'N', 'N'],
      ['escalation', 'N', 'N'],
      ['follow-up', 'N', 'N'],
      ['follow-up', 'N', 'N'],
      ['completed', 'Y', 'Y'],
    ]);
    // one message per contact, under the keys of its log row; Diego was never told
    expect(
      seen.outbox.map((message) => [message.channel, message.recipient, message.idempotency_key, message.status]),
    ).toEqual([
      ['sms', e164(ANA), `event:${event_id}:step:1:attempt:1`, 'sent'],
      ['voice', e164(BRUNO), `event:${event_id}:step:2:attempt:1`, 'sent'],
      ['email', CARLA.email, `event:${event_id}:step:3:attempt:1`, 'sent'],
      ['email', CARLA.email, `event:${event_id}:follow-up:1`, 'sent'],
      ['email', CARLA.email, `event:${event_id}:follow-up:2`, 'sent'],
    ]);
    expect(seen.outbox.map((message) => message.idempotency_key)).toEqual(
      seen.logs.slice(0, 5).map((log) => log.idempotency_key),
    );
    await t.settleOutbox();
    const toCarla = mailOf(CARLA, case_id);
    expect(toCarla).toHaveLength(3);
    expect(toCarla.slice(1).every((message) => message.text.includes('Follow-up: you accepted this incident'))).toBe(
      true,
    );
    expect(mailOf(DIEGO, case_id)).toEqual([]);
  });

  it('resolved while it waits, by the monitoring tool or by the person called: closed, the last row marked, nothing sent afterwards', async () => {
    const start = t.clock.now().getTime();
    const byTool = await report(undefined, fourSteps);
    const byPerson = await report(undefined, fourSteps);
    await at(0, start);
    await at(15, start);
    await t.settleOutbox();
    const ana = tokenOf(smsOf(ANA, byPerson.case_id)[0]!.body, byPerson.case_id);

    t.clock.set(start + 20 * MINUTE);
    // a message held back to minute 16 (throttling) has gone by now
    await t.settleOutbox();
    const answer = await t.raw('POST', `/api/v1/incidents/${byTool.case_id}/resolve`, {
      body: { resolution: 'Old logs removed' },
      headers: basic(fourSteps),
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: { case_id: byTool.case_id, event_id: byTool.event_id, event_status: 'completed' },
    });
    // Ana resolves from her SMS's link, without accepting first, while the walk waits at Bruno's step
    expect((await respond(ana, 'resolve')).body).toMatchObject({ event_status: 'completed', accepted_by: ANA.name });

    for (const minutes of [30, 45, 60, 90]) await at(minutes, start);
    const tool = await eventOf(byTool.event_id);
    const person = await eventOf(byPerson.event_id);
    // the tool seeing the incident clear is no response: nobody accepted, the SLA undecided as it was
    expect(tool.event).toMatchObject({
      event_status: 'completed',
      resolution: 'Old logs removed',
      accepteddt: null,
      accepted_by: null,
      time_response: null,
      sla_compliance: null,
      minutes_elapsed: 20,
    });
    // a person resolving has responded
    expect(person.event).toMatchObject({
      event_status: 'completed',
      accepted_by: ANA.name,
      time_response: 20,
      sla_compliance: 'YES',
      minutes_elapsed: 20,
    });
    expect(time(person.event.accepteddt)).toBe(start + 20 * MINUTE);
    for (const { event, logs, timer } of [tool, person]) {
      expect(time(event.event_closedt)).toBe(start + 20 * MINUTE);
      expect(timer.status).toBe('done');
      expect(logs.map((log) => [log.followup_status, log.resolved, log.event_ind_last_event_log])).toEqual([
        ['open', 'N', 'N'],
        ['escalation', 'N', 'N'],
        ['completed', 'Y', 'Y'],
      ]);
    }
    // reported in the same minute, both events' contacts reached each person: with one message (one
    // went with the other's, throttling) or, when the first had already gone, in the next minute's
    for (const [index, person_] of [ANA, BRUNO].entries()) {
      expect(tool.outbox[index]!.recipient).toBe(e164(person_));
      expect(person.outbox[index]!.recipient).toBe(e164(person_));
      expect([
        ['bundled', 'sent'],
        ['sent', 'sent'],
      ]).toContainEqual([tool.outbox[index]!.status, person.outbox[index]!.status].sort());
    }
    await t.settleOutbox();
    for (const { case_id } of [byTool, byPerson]) {
      expect(mailOf(CARLA, case_id)).toEqual([]);
      expect(mailOf(DIEGO, case_id)).toEqual([]);
      expect(smsOf(ANA, case_id)).toHaveLength(1);
    }
  });

  it('canceled by the monitoring tool: closed, its links dead, nothing sent afterwards', async () => {
    const start = t.clock.now().getTime();
    const { event_id, case_id } = await report(undefined, fourSteps);
    await at(0, start);
    await at(15, start);
    await t.settleOutbox();
    const ana = tokenIn(smsOf(ANA, case_id)[0]!.body);

    t.clock.set(start + 16 * MINUTE);
    const canceled = await t.raw('POST', `/api/v1/incidents/${case_id}/cancel`, { headers: basic(fourSteps) });
    expect({ status: canceled.status, body: canceled.body }).toEqual({
      status: 200,
      body: { case_id, event_id, event_status: 'canceled' },
    });
    expect((await respond(ana, 'accept')).status).toBe(410);
    // a resolve after the cancel changes nothing
    expect(
      (await t.raw('POST', `/api/v1/incidents/${case_id}/resolve`, { body: {}, headers: basic(fourSteps) })).body,
    ).toMatchObject({ event_status: 'canceled' });

    for (const minutes of [30, 45, 60]) await at(minutes, start);
    const seen = await eventOf(event_id);
    expect(seen.event).toMatchObject({
      event_status: 'canceled',
      accepteddt: null,
      sla_compliance: null,
      minutes_elapsed: 16,
    });
    expect(time(seen.event.event_closedt)).toBe(start + 16 * MINUTE);
    expect(seen.timer.status).toBe('done');
    expect(seen.logs.map((log) => log.followup_status)).toEqual(['open', 'escalation']);
    expect(seen.outbox.map((message) => message.recipient)).toEqual([e164(ANA), e164(BRUNO)]);
    await t.settleOutbox();
    expect(mailOf(CARLA, case_id)).toEqual([]);
    expect(mailOf(DIEGO, case_id)).toEqual([]);
  });

  it('SLA: YES when accepted within its 40 minutes, at the first step or just before the end; NO once they passed, with or without a wake-up', async () => {
    const start = t.clock.now().getTime();
    const early = await report(undefined, fourSteps);
    const justInTime = await report(undefined, fourSteps);
    const late = await report(undefined, fourSteps);
    const lateWithoutWakeUp = await report(undefined, fourSteps);
    await at(0, start);
    // four contacts to Ana in one minute: with a message that had already gone, the rest go in the next minute's
    await at(1, start);
    await t.settleOutbox();
    const anaOf = (caseId: string) => tokenOf(smsOf(ANA, caseId)[0]!.body, caseId);

    // accepted at the first step: the walk stops there
    t.clock.set(start + 10 * MINUTE);
    expect((await respond(anaOf(early.case_id), 'accept')).body).toMatchObject({
      event_status: 'progress',
      accepted_by: ANA.name,
    });
    expect((await eventOf(early.event_id)).event).toMatchObject({
      event_status: 'progress',
      sla_compliance: 'YES',
      time_response: 10,
      accepted_by: ANA.name,
    });
    await at(15, start);
    await at(30, start);
    await t.settleOutbox();
    const carlaOf = (caseId: string) => tokenOf(mailOf(CARLA, caseId)[0]!.text, caseId);

    // a second before the SLA ends, through the first step's link while the walk is at the third step
    await at(40 - 1 / 60, start);
    for (const event of [late, lateWithoutWakeUp])
      expect((await eventOf(event.event_id)).event.sla_compliance).toBeNull();
    expect((await respond(anaOf(justInTime.case_id), 'accept')).status).toBe(200);
    // at 40 minutes exactly, before the engine has looked at it: the accept itself finds the SLA passed
    t.clock.set(start + 40 * MINUTE);
    expect((await respond(carlaOf(lateWithoutWakeUp.case_id), 'accept')).body).toMatchObject({
      event_status: 'progress',
      accepted_by: CARLA.name,
    });
    // the engine's wake-up at 40 minutes marks the event nobody accepted
    await engine.drain();
    expect((await eventOf(late.event_id)).event).toMatchObject({
      event_status: 'open',
      sla_compliance: 'NO',
      accepteddt: null,
    });
    // and a later accept leaves it so
    t.clock.set(start + 42 * MINUTE);
    await respond(carlaOf(late.case_id), 'accept');

    const facts = async (eventId: number) => {
      const { event } = await eventOf(eventId);
      return {
        status: event.event_status,
        sla: event.sla_compliance,
        accepted: time(event.accepteddt)! - start,
        response: event.time_response,
      };
    };
    expect(await facts(early.event_id)).toEqual({
      status: 'progress',
      sla: 'YES',
      accepted: 10 * MINUTE,
      response: 10,
    });
    // (the response time is kept in whole minutes)
    expect(await facts(justInTime.event_id)).toEqual({
      status: 'progress',
      sla: 'YES',
      accepted: 40 * MINUTE - 1_000,
      response: 40,
    });
    expect(await facts(lateWithoutWakeUp.event_id)).toEqual({
      status: 'progress',
      sla: 'NO',
      accepted: 40 * MINUTE,
      response: 40,
    });
    expect(await facts(late.event_id)).toEqual({ status: 'progress', sla: 'NO', accepted: 42 * MINUTE, response: 42 });
    // the early one was never escalated: its only contacts are Ana's
    expect((await eventOf(early.event_id)).logs.every((log) => log.resource === ANA.name)).toBe(true);
    expect((await eventOf(early.event_id)).outbox.every((message) => message.recipient === e164(ANA))).toBe(true);

    // closed, so that their follow-ups do not run on into the next tests
    for (const { case_id } of [early, justInTime, late, lateWithoutWakeUp]) {
      expect(
        (await t.raw('POST', `/api/v1/incidents/${case_id}/resolve`, { body: {}, headers: basic(fourSteps) })).body,
      ).toMatchObject({ event_status: 'completed' });
    }
    // a resolve by the tool after a late accept keeps the NO, and after an accept in time the YES
    expect(await facts(late.event_id)).toMatchObject({ status: 'completed', sla: 'NO' });
    expect(await facts(justInTime.event_id)).toMatchObject({ status: 'completed', sla: 'YES' });
    await at(45, start);
  });

  it('edits to the escalation, its resources and its SLA after the event started leave its walk as it was copied; a new event walks the new steps', async () => {
    const orders = await moduleOf({
      name: 'Orders',
      slaMinutes: 60,
      steps: stepsCalling(ELENA),
    });
    const [anaStep, elenaStep, carlaStep, diegoStep] = orders.stepIds as [number, number, number, number];
    const start = t.clock.now().getTime();
    const before = await report(undefined, orders);
    await at(0, start);

    // the owner edits through the catalogue: Elena's step goes to Diego by e-mail, Carla's step is
    // deleted, Diego's step first, Elena gets a new phone and is made inactive, the SLA is 5 minutes
    await root.client.call(updateStep, {
      params: { id: elenaStep },
      body: { ...agentStep, escalation_id: orders.escalationId, channel_id: 3, resource_id: id(DIEGO) },
    });
    await root.client.call(deleteStep, { params: { id: carlaStep } });
    await root.client.call(changePriority, {
      params: { id: orders.escalationId },
      body: {
        escalation_id: orders.escalationId,
        resources: [elenaStep, anaStep, diegoStep].map((step, i) => ({
          escalation_resource_id: step,
          escalation_priority_orden: i + 1,
        })),
      },
    });
    await root.client.call(updateResource, {
      params: { id: id(ELENA) },
      body: {
        resource_fullname: ELENA.name,
        resource_email: ELENA.email,
        language_id: 'EN',
        resource_phone1: '7875550199',
        resource_country_phone1: 'PR',
        resource_active: 'N',
      },
    });
    await root.client.call(updateSla, {
      params: { id: orders.slaId },
      body: { sla_name: 'Orders SLA', sla_response_time: 5, sla_response_time_mult: 'M', sla_active: 'Y' },
    });
    expect((await root.client.call(getEscalation, { params: { id: orders.escalationId } })).escalation_validate).toBe(
      'Y',
    );

    t.clock.set(start + MINUTE);
    const after = await report(undefined, orders);
    for (const minutes of [1, 6, 15, 16, 30, 31, 45]) await at(minutes, start);
    let old = await eventOf(before.event_id);
    let fresh = await eventOf(after.event_id);
    // the event that had started walks the steps it copied: Elena at her old number, inactive or not,
    // Carla's deleted step, in the old order
    expect(old.logs.map((log) => [log.followup_status, log.channel, log.called_number, log.resource])).toEqual([
      ['open', 'sms', e164(ANA), ANA.name],
      ['escalation', 'voice', e164(ELENA), ELENA.name],
      ['escalation', 'email', CARLA.email, CARLA.name],
      ['escalation', 'email', DIEGO.email, DIEGO.name],
      ['not reached', 'email', null, DIEGO.name],
    ]);
    // and keeps its SLA of 60 minutes
    expect(old.event).toMatchObject({ sla_response: 60, sla_compliance: null });
    // the new one walks the new steps, with the new SLA
    expect(fresh.logs.map((log) => [log.followup_status, log.channel, log.called_number, log.resource])).toEqual([
      ['open', 'email', DIEGO.email, DIEGO.name],
      ['escalation', 'sms', e164(ANA), ANA.name],
      ['escalation', 'email', DIEGO.email, DIEGO.name],
      ['not reached', 'email', null, DIEGO.name],
    ]);
    expect(fresh.event).toMatchObject({ sla_response: 5, sla_compliance: 'NO' });

    await at(60, start);
    old = await eventOf(before.event_id);
    fresh = await eventOf(after.event_id);
    expect(old.event).toMatchObject({ event_status: 'open', sla_compliance: 'NO' });
    expect(old.outbox.map((message) => [message.channel, message.recipient])).toEqual([
      ['sms', e164(ANA)],
      ['voice', e164(ELENA)],
      ['email', CARLA.email],
      ['email', DIEGO.email],
    ]);
    expect(fresh.outbox.map((message) => [message.channel, message.recipient, message.idempotency_key])).toEqual([
      ['email', DIEGO.email, `event:${after.event_id}:step:1:attempt:1`],
      ['sms', e164(ANA), `event:${after.event_id}:step:2:attempt:1`],
      ['email', DIEGO.email, `event:${after.event_id}:step:3:attempt:1`],
    ]);
    await t.settleOutbox();
    expect(t.sms.to('+17875550199')).toEqual([]);
    // the agent's contact asks, the supervisor's notice tells
    const toDiego = mailOf(DIEGO, after.case_id).map((message) => message.text.split('.')[0]);
    expect(toDiego).toEqual(['New incident', 'For your information: nobody has accepted this incident yet']);
  });

  it('a contact still queued when its event is resolved or canceled is not sent', async () => {
    const start = t.clock.now().getTime();
    await t.settleOutbox();
    // the first contacts wait in the outbox (a dispatcher behind, a busy gateway)
    await t.dispatcher.stop();
    const first = await report(undefined, fourSteps);
    const second = await report(undefined, fourSteps);
    let resolved = first;
    let canceled = second;
    try {
      await engine.drain();
      // the same minute, the same person: one contact goes with the other's message
      const statuses = async () =>
        Promise.all(
          [first, second].map(async (event) => (await eventOf(event.event_id)).outbox.map((message) => message.status)),
        );
      const [a, b] = await statuses();
      expect([a, b].sort()).toEqual([['bundled'], ['pending']]);
      // the event whose message carries the other is resolved first
      if (a![0] !== 'pending') [resolved, canceled] = [second, first];
      t.clock.set(start + 2 * MINUTE);
      expect(
        (await t.raw('POST', `/api/v1/incidents/${resolved.case_id}/resolve`, { body: {}, headers: basic(fourSteps) }))
          .status,
      ).toBe(200);
      // the contact it carried for the other event waits in its place
      expect((await eventOf(canceled.event_id)).outbox.map((message) => message.status)).toEqual(['pending']);
      expect(
        (await t.raw('POST', `/api/v1/incidents/${canceled.case_id}/cancel`, { headers: basic(fourSteps) })).status,
      ).toBe(200);
    } finally {
      await t.dispatcher.start();
    }
    await t.dispatcher.drain();
    await t.settleOutbox();
    for (const event of [resolved, canceled]) {
      expect((await eventOf(event.event_id)).outbox.map((message) => message.status)).toEqual(['canceled']);
      expect(smsOf(ANA, event.case_id)).toEqual([]);
    }
  });

  it('does not spin on a state that is due at once but changes nothing: it looks again a second later', async () => {
    const { event_id } = await report('stuck-1');
    await engine.drain();
    // a state that disagrees with itself (open, yet accepted; its SLA time passed, undecided)
    await asSystem(t, async (tx) => {
      const timer = await tx
        .selectFrom('engine_timers')
        .select('state')
        .where('event_id', '=', event_id)
        .executeTakeFirstOrThrow();
      const state = {
        ...(timer.state as Record<string, unknown>),
        status: 'open',
        accepted_at: 0,
        created_at: t.clock.now().getTime() - 2 * MINUTE,
        sla_minutes: 1,
        sla_compliance: null,
        exhausted: true,
      };
      await tx
        .updateTable('engine_timers')
        .set({ state: JSON.stringify(state), due_at: t.clock.now() })
        .where('event_id', '=', event_id)
        .execute();
    });
    const drained = await Promise.race([
      engine.drain().then(() => 'drained'),
      new Promise((resolve) => setTimeout(() => resolve('spinning'), 5_000)),
    ]);
    expect(drained).toBe('drained');
    expect((await eventOf(event_id)).timer).toMatchObject({
      status: 'pending',
      due_at: new Date(t.clock.now().getTime() + 1_000),
    });
    await asSystem(t, (tx) =>
      tx.updateTable('engine_timers').set({ status: 'done' }).where('event_id', '=', event_id).execute(),
    );
  });

  it('wakes on the notification of a new incident without polling', async () => {
    await engine.start();
    const { event_id } = await report('notify-1');
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await eventOf(event_id)).logs.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await eventOf(event_id)).logs.map((log) => log.followup_status)).toEqual(['open']);
    await engine.stop();
    const count = await asSystem(t, (tx) =>
      sql<{ n: number }>`select count(*)::int as n from engine_timers where status = 'claimed'`.execute(tx),
    );
    expect(count.rows[0]!.n).toBe(0);
  });
});
