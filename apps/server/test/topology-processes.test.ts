import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, logout, sessionUser } from '@relevo/api';
import { openDatabase, SYSTEM, type Database } from '../src/db/database';
import { credentialHash } from '../src/catalogue/module-tools';
import { createCustomer, createUser } from '../src/admin';
import { systemClock } from '../src/clock';
import { bundleServerMain } from './support/bundle';
import { insertRunnableModule } from './support/catalogue';
import { freshDatabase, POSTGRES_URL, type TestDatabase } from './support/databases';
import { Mailbox } from './support/mailbox';
import { signInAt } from './support/remote';
import { SmsReceiver } from './support/sms-receiver';
import { SERVER_READY, UNTHROTTLED, WorkerProcess, freePort, waitUntil } from './support/worker-process';

/**
 * Issue "Production hardening", the topology of docs/operations.md: two `ROLE=api` processes (the
 * test is their load balancer and spreads the requests over both) and two `ROLE=worker` processes
 * on one PostgreSQL, e-mail to a real SMTP server and SMS/voice to a real webhook receiver. One
 * worker is killed with SIGKILL in the middle of the run. It needs PostgreSQL (the embedded
 * database allows one process): it runs only when TEST_DATABASE_URL is set.
 */

const EVENTS = 30;
/** events the monitoring system resolves at once, through the other API process */
const isResolved = (i: number) => i % 5 === 0;

// skipped, not absent, without PostgreSQL: a file without a suite fails the run
describe.skipIf(!POSTGRES_URL)('two API and two worker processes on one PostgreSQL', () => {
  const kind = 'postgres' as const;
  let db: TestDatabase;
  let database: Database;
  let mailbox: Mailbox;
  let sms: SmsReceiver;
  let processes: WorkerProcess[] = [];
  beforeAll(async () => {
    db = await freshDatabase(kind, 'relevo_scale_');
    database = await openDatabase({ url: db.url, dataDir: null });
    mailbox = new Mailbox();
    sms = new SmsReceiver();
    await Promise.all([mailbox.start(), sms.start()]);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await database?.close();
    await mailbox?.stop();
    await sms?.stop();
    await db?.drop();
  });

  it('shares sessions and incidents across the API processes and walks every escalation through a kill -9 of a worker, each contact sent, re-sent only around the kill with its key', async () => {
    const started = Date.now();
    const main = await bundleServerMain('topology');
    // the workspace: a customer with a user, and a module whose escalation calls a person (three
    // voice calls) then tells a supervisor by e-mail
    await createCustomer(database, systemClock, { name: 'Topology' });
    const customerId = (
      await database.scoped(SYSTEM, (tx) =>
        tx
          .selectFrom('customers')
          .select('customer_id')
          .where('customer_name', '=', 'Topology')
          .executeTakeFirstOrThrow(),
      )
    ).customer_id;
    await createUser(database, systemClock, {
      role: 'CustomerRoot',
      email: 'root@topology.test',
      password: 'Strong.Pass1',
      name: 'Rita',
      lastName: 'Root',
      customer: 'Topology',
    });
    const module = await database.scoped(SYSTEM, (tx) => insertRunnableModule(tx, customerId));
    const key = 'topology-module-key-0123456789abcdef';
    await database.asOwner((tx) =>
      tx
        .updateTable('modules')
        .set({ credential_hash: credentialHash(key) })
        .where('module_id', '=', module.id)
        .execute(),
    );
    const basic = {
      authorization: `Basic ${Buffer.from(`${module.id}:${key}`).toString('base64')}`,
      'content-type': 'application/json',
    };

    const ports = await Promise.all([freePort(), freePort()]);
    const common = {
      DATABASE_URL: db.url!,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      SMS_WEBHOOK_URL: `http://127.0.0.1:${sms.port}/sms`,
      // 15 minutes of follow-up become 2 s, the 30-minute SLA 4 s
      ESCALATION_TIME_SCALE: '450',
      LOG_LEVEL: 'info',
      ...UNTHROTTLED,
    };
    // four processes start at once on a shared machine: allow each 40 s
    const startWorker = () => WorkerProcess.start(main, { ...common, ROLE: 'worker' }, SERVER_READY, 40_000);
    processes = await Promise.all([
      ...ports.map((port) =>
        WorkerProcess.start(main, { ...common, ROLE: 'api', PORT: String(port) }, SERVER_READY, 40_000),
      ),
      startWorker(),
      startWorker(),
    ]);
    const apis = ports.map((port) => `http://127.0.0.1:${port}`);
    const workerSlots = [2, 3];
    const setUp = Date.now() - started;

    // a session signed in on one API process works on the other, and its logout there ends it on the first
    const session = await signInAt(apis[0]!, mailbox, 'root@topology.test', 'Strong.Pass1');
    const onSecond = await fetch(`${apis[1]}/api/users/me`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(onSecond.status).toBe(200);
    expect(await onSecond.json()).toMatchObject({ email: 'root@topology.test' });
    expect(await session.client.call(sessionUser, {})).toMatchObject({ email: 'root@topology.test' });

    // incidents through the ingest API, spread over both API processes; some resolved through the other
    sms.delayMs = 30;
    const events: { caseId: string; eventId: number; resolved: boolean }[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const answer = await fetch(`${apis[i % 2]}/api/v1/incidents`, {
        method: 'POST',
        headers: basic,
        body: JSON.stringify({
          incident: `Topology incident number ${i}`,
          description: 'Posted through the ingest API of one of two API processes',
        }),
      });
      expect(answer.status).toBe(201);
      const { case_id: caseId, event_id: eventId } = (await answer.json()) as { case_id: string; event_id: number };
      events.push({ caseId, eventId, resolved: isResolved(i) });
      if (isResolved(i)) {
        const resolved = await fetch(`${apis[(i + 1) % 2]}/api/v1/incidents/${caseId}/resolve`, {
          method: 'POST',
          headers: basic,
          body: JSON.stringify({ resolution: 'Fixed at once' }),
        });
        expect(resolved.status).toBe(200);
      }
    }

    // a worker dies in the middle of the walk, in the middle of a send: the gateway holds the next
    // call unanswered, and the worker that sent it (its claim names the process) is killed
    await waitUntil('the walk is under way', async () => sms.messages.length >= EVENTS, 20_000);
    // the held call must be an open event's: a resolved event's message still under way is canceled by the resolve
    const resolvedIds = events.filter((event) => event.resolved).map((event) => event.eventId);
    const resolvedInFlight = async () =>
      Number(
        (
          await database.scoped(SYSTEM, (tx) =>
            tx
              .selectFrom('outbox as o')
              .innerJoin('event_logs as l', 'l.idempotency_key', 'o.idempotency_key')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('l.event_id', 'in', resolvedIds)
              .where('o.status', 'in', ['pending', 'claimed'])
              .executeTakeFirstOrThrow(),
          )
        ).n,
      );
    await waitUntil('the resolved events have nothing under way', async () => (await resolvedInFlight()) === 0, 20_000);
    sms.holdNext = 1;
    await waitUntil('a call is held at the gateway', async () => sms.held.length === 1, 10_000);
    const sender = await database.scoped(SYSTEM, (tx) =>
      tx
        .selectFrom('outbox')
        .select(['status', 'locked_by'])
        .where('idempotency_key', '=', sms.held[0]!)
        .executeTakeFirstOrThrow(),
    );
    expect(sender.status).toBe('claimed');
    const victim = workerSlots.find((slot) => processes[slot]!.lines('started')[0]?.instance === sender.locked_by)!;
    expect(victim).toBeDefined();
    const held = await database.scoped(SYSTEM, (tx) =>
      tx
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'claimed')
        .where('locked_by', '=', sender.locked_by)
        .executeTakeFirstOrThrow(),
    );
    await processes[victim]!.kill('SIGKILL');
    const killedAt = Date.now();

    // the survivor finishes everything (a dead worker's claims wait for their lease, 30 s at most)
    const unfinished = async () =>
      Number(
        (
          await database.scoped(SYSTEM, (tx) =>
            tx
              .selectFrom('engine_timers')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('status', 'in', ['pending', 'claimed'])
              .executeTakeFirstOrThrow(),
          )
        ).n,
      ) +
      Number(
        (
          await database.scoped(SYSTEM, (tx) =>
            tx
              .selectFrom('outbox')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('status', 'in', ['pending', 'claimed'])
              .executeTakeFirstOrThrow(),
          )
        ).n,
      );
    await waitUntil('every event is walked and every message sent', async () => (await unfinished()) === 0, 45_000);
    const finished = Date.now();

    // every event ends as it should: resolved ones completed; the others called three times, the supervisor told, not reached, SLA missed
    const states = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('events').select(['event_id', 'event_status', 'sla_compliance']).execute(),
    );
    const logs = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('event_logs').select(['event_id', 'followup_status']).orderBy('event_log_id').execute(),
    );
    const byEvent = new Map<number, string[]>();
    for (const log of logs) byEvent.set(log.event_id, [...(byEvent.get(log.event_id) ?? []), log.followup_status]);
    for (const event of events) {
      const state = states.find((s) => s.event_id === event.eventId);
      if (event.resolved)
        expect({ event: event.eventId, status: state?.event_status }).toEqual({
          event: event.eventId,
          status: 'completed',
        });
      else {
        expect({ event: event.eventId, status: state?.event_status, sla: state?.sla_compliance }).toEqual({
          event: event.eventId,
          status: 'open',
          sla: 'NO',
        });
        expect({ event: event.eventId, statuses: byEvent.get(event.eventId) }).toEqual({
          event: event.eventId,
          statuses: ['open', 'follow-up', 'follow-up', 'escalation', 'not reached'],
        });
      }
    }

    // every contact the engine sent arrived at least once (voice at the webhook, e-mail at the SMTP server)
    const sent = await database.scoped(SYSTEM, (tx) =>
      tx
        .selectFrom('outbox')
        .select(['idempotency_key', 'channel'])
        .where('idempotency_key', 'like', 'event:%')
        .where('status', '=', 'sent')
        .execute(),
    );
    const arrivals = new Map<string, number[]>();
    const arrived = (key: string, at: number) => arrivals.set(key, [...(arrivals.get(key) ?? []), at]);
    sms.messages.forEach((message, i) => arrived(message.idempotency_key, sms.arrivals[i]!));
    for (const mail of mailbox.messages) {
      const mailKey = mail.headers['x-relevo-idempotency-key'];
      if (mailKey?.startsWith('event:')) arrived(mailKey, mail.receivedAt);
    }
    for (const { idempotency_key: contact } of sent) expect(arrivals.has(contact), contact).toBe(true);
    const walked = events.filter((e) => !e.resolved).length;
    expect(sent.filter((m) => m.channel === 'voice').length).toBeGreaterThanOrEqual(walked * 3);
    expect(sent.filter((m) => m.channel === 'email').length).toBeGreaterThanOrEqual(walked);

    // the call cut off by the kill was sent again, by the other worker, with the same key
    expect(arrivals.get(sms.held[0]!)).toHaveLength(2);
    // a key that arrived twice is a re-send of a message the killed worker had in hand: first sent before the kill, again after it
    let resends = 0;
    for (const [contact, times] of arrivals) {
      for (let i = 1; i < times.length; i++) {
        resends++;
        expect({ contact, firstBeforeKill: times[0]! <= killedAt + 100, againAfter: times[i]! >= killedAt }).toEqual({
          contact,
          firstBeforeKill: true,
          againAfter: true,
        });
      }
    }

    // the session still ends everywhere: logged out on the second process, refused on the first
    await createApiClient({ baseURL: apis[1]!, headers: { authorization: `Bearer ${session.token}` } }).call(
      logout,
      {},
    );
    await waitUntil(
      'the first API process refuses the ended session',
      async () =>
        (await fetch(`${apis[0]}/api/users/me`, { headers: { authorization: `Bearer ${session.token}` } })).status ===
        401,
      3_000,
    );
    expect(processes.filter((p, i) => i !== victim).every((p) => p.running)).toBe(true);
    console.log(
      `topology: 2 api + 2 worker processes up in ${setUp} ms; ${EVENTS} incidents, ${sent.length} contacts (${arrivals.size} keys, ${resends} re-sent with the same key), ${held.n} messages claimed by the killed worker; finished ${finished - killedAt} ms after the kill; ${Date.now() - started} ms in all`,
    );
  }, 120_000);
});
