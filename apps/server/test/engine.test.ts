import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { generateCredential } from '@relevo/api';
import { EngineWorker, ENGINE_JOBS } from '../src/engine/worker';
import { claim } from '../src/jobs/lease';
import { SYSTEM } from '../src/db/database';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';

const MINUTE = 60_000;
const incident = { incident: 'Disk almost full on db-1', description: 'The data disk of db-1 is 95% full and still growing.' };

describe.each(DATABASE_KINDS)('the escalation engine worker on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let module: RunnableModule & { key: string };

  const report = async (dedupKey?: string) => {
    const answer = await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
      body: { ...incident, ...(dedupKey ? { dedup_key: dedupKey } : {}) },
      headers: { authorization: `Basic ${Buffer.from(`${module.id}:${module.key}`).toString('base64')}` },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const eventOf = (eventId: number) =>
    asSystem(t, async (tx) => ({
      event: await tx.selectFrom('events').select(['event_status', 'sla_compliance', 'last_resource_assigned', 'accepteddt', 'event_closedt']).where('event_id', '=', eventId).executeTakeFirstOrThrow(),
      logs: await tx.selectFrom('event_logs').select(['followup_status', 'channel', 'called_number', 'resource', 'next_resource', 'idempotency_key']).where('event_id', '=', eventId).orderBy('event_log_id').execute(),
      timer: await tx.selectFrom('engine_timers').select(['status', 'due_at', 'attempts']).where('event_id', '=', eventId).executeTakeFirstOrThrow(),
      outbox: await tx.selectFrom('outbox').select(['channel', 'recipient', 'idempotency_key']).where('idempotency_key', 'like', `event:${eventId}:%`).orderBy('id').execute(),
    }));
  const at = async (minutes: number, start: number) => {
    // the queued messages go out before the clock jumps (a jump would run out the sends' leases)
    await t.settleOutbox();
    t.clock.set(start + minutes * MINUTE);
    await engine.drain();
  };

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const customerId = await t.createCustomer('Acme');
    const made = await asSystem(t, (tx) => insertRunnableModule(tx, customerId));
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const root = await t.signIn(rootUser.email, rootUser.password);
    const [credential] = await root.client.call(generateCredential, { params: { module: made.id, application: made.applicationId } });
    module = { ...made, key: credential.body.credentialKey };
    engine = new EngineWorker({ database: t.database, clock: t.clock, log: t.ctx.log, workerId: 'engine-test', scale: 1 });
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
    expect(seen.logs.map((log) => [log.followup_status, log.channel, log.called_number])).toEqual([['open', 'voice', '+17875550142']]);
    expect(seen.logs[0]!.next_resource).toBe('Carlos Méndez');
    expect(seen.event).toMatchObject({ event_status: 'open', sla_compliance: null, last_resource_assigned: 'Carlos Méndez' });
    expect(seen.timer.status).toBe('pending');

    // nothing is due before the first recall
    await at(4, start);
    expect((await eventOf(event_id)).logs).toHaveLength(1);
    await at(5, start);
    await at(10, start);
    await at(15, start);
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
    expect(seen.event).toMatchObject({ event_status: 'open', sla_compliance: 'NO', accepteddt: null, event_closedt: null });
    expect(seen.timer.status).toBe('done');
    // one message per contact, each with its own key, as the log has them
    expect(seen.outbox.map((message) => [message.channel, message.recipient])).toEqual([
      ['voice', '+17875550142'],
      ['voice', '+17875550142'],
      ['voice', '+17875550142'],
      ['email', 'carlos@example.test'],
    ]);
    expect(seen.outbox.map((message) => message.idempotency_key)).toEqual(seen.logs.slice(0, 4).map((log) => log.idempotency_key));

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
    const taken = await t.database.scoped(SYSTEM, (tx) => claim(tx, ENGINE_JOBS, { workerId: 'dead-worker', now: t.clock.now(), leaseMs: 30_000, limit: 10 }));
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
    const stale = await t.database.scoped(SYSTEM, (tx) => claim(tx, ENGINE_JOBS, { workerId: 'slow-worker', now: t.clock.now(), leaseMs: 1_000, limit: 10 }));
    t.clock.set(start + 2_000);
    await engine.drain();
    const { advanceEvent } = await import('../src/engine/advance');
    const late = await t.database.scoped({ kind: 'staff' }, (tx) => advanceEvent(tx, stale.jobs[0]!.id, { kind: 'due' }, t.clock.now(), { scale: 1 }, stale.jobs[0]!));
    expect(late).toBe('lost');
    const seen = await eventOf(event_id);
    expect(seen.logs).toHaveLength(1);
    expect(seen.outbox).toHaveLength(1);
  });

  it('wakes on the notification of a new incident without polling', async () => {
    await engine.start();
    const { event_id } = await report('notify-1');
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await eventOf(event_id)).logs.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await eventOf(event_id)).logs.map((log) => log.followup_status)).toEqual(['open']);
    await engine.stop();
    const count = await asSystem(t, (tx) => sql<{ n: number }>`select count(*)::int as n from engine_timers where status = 'claimed'`.execute(tx));
    expect(count.rows[0]!.n).toBe(0);
  });
});
