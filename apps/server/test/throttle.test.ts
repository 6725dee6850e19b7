import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { EngineWorker } from '../src/engine/worker';
import { incidentService } from '../src/incidents/ingest';
import { insertModuleWithSteps, insertResource, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';

const MINUTE = 60_000;

/**
 * Throttling and bundling (docs/product.md#escalation-engine): one message per person and channel per real minute across
 * every event and customer, what comes due meanwhile bundled into the next one with every contact
 * still logged; a per-customer cap per minute holds messages back, never drops them.
 */
describe.each(DATABASE_KINDS)('throttling and bundling on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let customerId: number;
  let counter = 0;

  /** a person reached on one SMS step, in a module of their own */
  const personWithModule = async (name: string, channel: 'sms' | 'voice' = 'sms') => {
    const phone = `78755${String(40000 + ++counter).padStart(5, '0')}`;
    return asSystem(t, async (tx) => {
      const resourceId = await insertResource(tx, customerId, {
        name,
        email: `${name.toLowerCase().replace(/ /g, '.')}${counter}@example.test`,
        phone,
      });
      const module = await insertModuleWithSteps(tx, customerId, {
        name: `${name} pager ${counter}`,
        slaMinutes: 30,
        steps: [{ resourceId, participation: 'agent', channel, followUpMinutes: 15 }],
      });
      return { ...module, phone: `+1${phone}` };
    });
  };
  const simulate = (module: RunnableModule, n: number) =>
    incidentService(t.ctx).simulate(customerId, module.id, {
      incident: `Throttled incident number ${n}`,
      description: 'Raised by the throttling test',
    });
  const outboxTo = (phone: string) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('outbox')
        .select(['id', 'status', 'due_at', 'bundled_into', 'idempotency_key'])
        .where('recipient', '=', phone)
        .orderBy('id')
        .execute(),
    );
  const logsTo = (phone: string) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['followup_status', 'delivery_status', 'delivery_detail', 'idempotency_key'])
        .where('called_number', '=', phone)
        .orderBy('event_log_id')
        .execute(),
    );

  beforeAll(async () => {
    t = await startTestApp({ kind });
    customerId = await t.createCustomer('Acme', 50);
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'throttle-test',
      scale: 1,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('sends one SMS for 20 incidents of one minute, naming the others, with 20 log rows; the next waits for the next minute', async () => {
    const ana = await personWithModule('Ana Rivera');
    const start = t.clock.now().getTime();
    const cases: string[] = [];
    // the sender is behind (a busy gateway): every contact of the minute finds the first one waiting
    await t.dispatcher.stop();
    try {
      for (let i = 0; i < 20; i++) {
        t.clock.set(start + i * 2_000);
        cases.push((await simulate(ana, i)).answer.case_id);
      }
      await engine.drain();
    } finally {
      await t.dispatcher.start();
    }
    await t.settleOutbox();
    const texts = t.sms.to(ana.phone);
    expect(texts).toHaveLength(1);
    // one incident's message, then the 19 others: five named, the rest counted
    expect(texts[0]!.body).toMatch(
      /^New incident\. Case [A-Z0-9]{8}: Throttled incident number \d+ \| 19 more incidents: [A-Z0-9]{8} Throttled incident number \d+; /,
    );
    expect(cases.filter((caseId) => texts[0]!.body.includes(caseId))).toHaveLength(6);
    expect(texts[0]!.body.endsWith('; and 14 more')).toBe(true);
    const logs = await logsTo(ana.phone);
    expect(logs).toHaveLength(20);
    expect(logs.every((log) => log.followup_status === 'open' && log.delivery_status === 'sent')).toBe(true);
    const outbox = await outboxTo(ana.phone);
    const head = outbox.find((m) => m.status === 'sent')!;
    expect(outbox.filter((m) => m.status === 'sent')).toHaveLength(1);
    expect(outbox.filter((m) => m.status === 'bundled' && m.bundled_into === head.id)).toHaveLength(19);

    // (the engine contacted them all when it ran, at 38 s): within that minute, the next incidents
    // wait for it to pass, together
    const sentAt = new Date(head.due_at).getTime();
    expect(sentAt).toBe(start + 38_000);
    t.clock.set(sentAt + 10_000);
    const late = (await simulate(ana, 20)).answer.case_id;
    await engine.drain();
    t.clock.set(sentAt + 20_000);
    const later = (await simulate(ana, 21)).answer.case_id;
    await engine.drain();
    await t.settleOutbox();
    expect(t.sms.to(ana.phone)).toHaveLength(1);
    const waiting = (await outboxTo(ana.phone)).filter((m) => m.status === 'pending');
    expect(waiting.map((m) => new Date(m.due_at).getTime())).toEqual([sentAt + MINUTE]);
    t.clock.set(sentAt + MINUTE);
    // the running sender may claim it before drain() does: wait until it has gone, whoever sent it
    await t.dispatcher.drain();
    await t.settleOutbox();
    const second = t.sms.to(ana.phone);
    expect(second).toHaveLength(2);
    expect(second[1]!.body).toContain(`Case ${late}`);
    expect(second[1]!.body).toContain(`| 1 more incident: ${later} Throttled incident number 21`);
  });

  it('does not text a number that replied STOP: the log says why and the escalation moves on at once', async () => {
    const phoneOf = await personWithModule('Bea Ortiz');
    const backup = await asSystem(t, async (tx) => {
      const beaId = phoneOf.resourceId;
      const luisId = await insertResource(tx, customerId, {
        name: 'Luis Vega',
        email: 'luis@example.test',
        phone: '7875549999',
      });
      return insertModuleWithSteps(tx, customerId, {
        name: 'Stopped first',
        slaMinutes: 30,
        steps: [
          { resourceId: beaId, participation: 'agent', channel: 'sms' },
          { resourceId: luisId, participation: 'agent', channel: 'voice' },
        ],
      });
    });
    await asSystem(t, (tx) =>
      tx.insertInto('sms_opt_outs').values({ phone: phoneOf.phone, opted_out_at: t.clock.now() }).execute(),
    );
    t.clock.advance(2 * MINUTE);
    const { event_id } = (await simulate(backup, 99)).answer;
    await engine.drain();
    await t.settleOutbox();
    const logs = await asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['followup_status', 'channel', 'delivery_status', 'delivery_detail'])
        .where('event_id', '=', event_id)
        .orderBy('event_log_id')
        .execute(),
    );
    expect(logs).toEqual([
      {
        followup_status: 'open',
        channel: 'sms',
        delivery_status: 'failed',
        delivery_detail: 'The number replied STOP: no SMS goes to it until it replies START',
      },
      { followup_status: 'escalation', channel: 'voice', delivery_status: 'sent', delivery_detail: null },
    ]);
    expect(t.sms.to(phoneOf.phone).filter((m) => m.body.includes('Throttled incident number 99'))).toEqual([]);
  });

  it("holds a customer's messages above its cap to the next minute, and sends them then", async () => {
    const capped = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'capped',
      scale: 1,
      customerMessagesPerMinute: 2,
    });
    try {
      t.clock.advance(2 * MINUTE);
      const start = t.clock.now().getTime();
      const people = [
        await personWithModule('Cap One'),
        await personWithModule('Cap Two'),
        await personWithModule('Cap Three'),
      ];
      for (const [i, person] of people.entries()) await simulate(person, 200 + i);
      await capped.drain();
      await t.settleOutbox();
      const sent = people.map((person) => t.sms.to(person.phone).length);
      expect(sent.sort()).toEqual([0, 1, 1]);
      const held = (await Promise.all(people.map((person) => outboxTo(person.phone))))
        .flat()
        .filter((m) => m.status === 'pending');
      expect(held).toHaveLength(1);
      expect(new Date(held[0]!.due_at).getTime()).toBe(start + MINUTE);
      t.clock.set(start + MINUTE);
      await t.dispatcher.drain();
      expect(people.map((person) => t.sms.to(person.phone).length)).toEqual([1, 1, 1]);
    } finally {
      await capped.stop();
    }
  });

  it('never sends two messages to one person inside a minute, with two workers at once (on PostgreSQL on their own connections)', async () => {
    const carl = await personWithModule('Carl Diaz', 'voice');
    // the embedded database is one connection in this process: both workers share it
    const other =
      kind === 'postgres'
        ? await openDatabase({ url: t.ctx.config.databaseUrl, dataDir: null, migrate: false })
        : t.database;
    const second = new EngineWorker({
      database: other,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'second-worker',
      scale: 1,
    });
    try {
      t.clock.advance(2 * MINUTE);
      const start = t.clock.now().getTime();
      // five rounds 20 s apart, eight incidents each, both workers draining at once
      for (let round = 0; round < 5; round++) {
        t.clock.set(start + round * 20_000);
        // the message of this minute has gone out when its time came, before the round's incidents
        await t.settleOutbox();
        await Promise.all(Array.from({ length: 8 }, (_, i) => simulate(carl, 1000 + round * 10 + i)));
        await Promise.all([engine.drain(), second.drain()]);
      }
      const outbox = await outboxTo(carl.phone);
      expect(outbox).toHaveLength(40);
      const messages = outbox.filter((m) => m.status !== 'bundled').map((m) => new Date(m.due_at).getTime());
      // 0 s, then a message a minute: 60 s and 120 s cover the rounds at 20, 40, 60 and 80 s
      expect(messages).toEqual([start, start + MINUTE, start + 2 * MINUTE]);
      expect(await logsTo(carl.phone)).toHaveLength(40);
    } finally {
      await second.stop();
      if (other !== t.database) await other.close();
    }
  });
});
