import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../src/clock';
import { openDatabase, SYSTEM, type Database } from '../src/db/database';
import { cancelMessage, claimMessages, enqueue } from '../src/delivery/queries';
import { OutboxDispatcher } from '../src/delivery/dispatcher';
import type { Senders } from '../src/delivery/channels';
import { webhookSender } from '../src/delivery/channels';
import { createLogger } from '../src/logger';
import { DATABASE_KINDS, freshDatabase, type TestDatabase } from './support/databases';
import { SmsReceiver } from './support/sms-receiver';

const log = createLogger({ logLevel: 'silent' });

describe.each(DATABASE_KINDS)('outbox on %s', (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  let sms: SmsReceiver;
  let senders: Senders;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    testDb = await freshDatabase(kind);
    database = await openDatabase({ url: testDb.url, dataDir: null });
    sms = new SmsReceiver();
    const url = await sms.start();
    const send = webhookSender('sms', { smsWebhookUrl: url, inboundWebhookSecret: null }, log);
    senders = { sms: send, voice: send, email: send };
  });
  afterAll(async () => {
    await database?.close();
    await sms?.stop();
    await testDb?.drop();
  });

  const queue = (key: string, to = '+17875550100') =>
    database.scoped(SYSTEM, (tx) =>
      enqueue(tx, { channel: 'sms', recipient: to, body: `hello ${key}`, idempotencyKey: key }, clock.now()),
    );

  it('sends a message once, with its idempotency key, and clears the body once sent', async () => {
    await queue('once-1');
    await queue('once-1');
    const dispatcher = new OutboxDispatcher({ database, clock, senders, log, workerId: 'w1' });
    expect(await dispatcher.drain()).toBe(1);
    expect(await dispatcher.drain()).toBe(0);
    expect(sms.messages.filter((m) => m.idempotency_key === 'once-1')).toEqual([
      { to: '+17875550100', body: 'hello once-1', kind: 'sms', idempotency_key: 'once-1' },
    ]);
    const row = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'once-1').executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ status: 'sent', body: null, attempts: 1 });
  });

  it('retries a refused message later with a growing delay', async () => {
    sms.failNext = 2;
    await queue('retry-1');
    const dispatcher = new OutboxDispatcher({ database, clock, senders, log, workerId: 'w1' });
    expect(await dispatcher.drain()).toBe(0);
    const failed = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'retry-1').executeTakeFirstOrThrow(),
    );
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'sms gateway answered 503' });
    expect(failed.due_at.getTime() - clock.now().getTime()).toBe(5000);
    clock.advance(5000);
    expect(await dispatcher.drain()).toBe(0);
    clock.advance(10_000);
    expect(await dispatcher.drain()).toBe(1);
    expect(sms.messages.filter((m) => m.idempotency_key === 'retry-1')).toHaveLength(1);
  });

  it('lets another worker take over a message whose worker died holding it', async () => {
    await queue('crash-1');
    // a worker claims the message and dies before sending it
    const claimed = await database.scoped(SYSTEM, (tx) =>
      claimMessages(tx, { now: clock.now(), workerId: 'dead-worker', limit: 10, leaseMs: 60_000 }),
    );
    expect(claimed.jobs.map((m) => m.idempotency_key)).toContain('crash-1');
    const survivor = new OutboxDispatcher({ database, clock, senders, log, workerId: 'w2' });
    expect(await survivor.drain()).toBe(0);
    clock.advance(61_000);
    expect(await survivor.drain()).toBe(1);
    const row = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'crash-1').executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2, locked_by: 'w2' });
  });

  it('sends once per claim to a receiver slower than the lease, and fences off the late result of the first claim', async () => {
    const lines: string[] = [];
    const watched = createLogger({ logLevel: 'warn' }, { write: (line: string) => void lines.push(line) });
    const slow = new OutboxDispatcher({ database, clock, senders, log: watched, workerId: 'slow-1', leaseMs: 10_000 });
    const other = new OutboxDispatcher({ database, clock, senders, log: watched, workerId: 'slow-2', leaseMs: 10_000 });
    await queue('slow-1', '+17875550150');
    sms.delayMs = 1_500;
    try {
      const first = slow.drain();
      await sms.waitFor('+17875550150', 1, 4000);
      // the first send is under way and its lease holds: nobody else claims the message
      expect(await other.drain()).toBe(0);
      expect(sms.to('+17875550150')).toHaveLength(1);
      clock.advance(10_000);
      // the lease ran out: the message is claimed again and sent again, with the same key
      const second = other.drain();
      await sms.waitFor('+17875550150', 2, 4000);
      expect(await first).toBe(0);
      expect(await second).toBe(1);
    } finally {
      sms.delayMs = 0;
    }
    const received = sms.to('+17875550150');
    expect(received.map((m) => [m.idempotency_key, m.body])).toEqual([
      ['slow-1', 'hello slow-1'],
      ['slow-1', 'hello slow-1'],
    ]);
    const row = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'slow-1').executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2, locked_by: 'slow-2', body: null, claim_token: null });
    const dropped = lines
      .map((line) => JSON.parse(line) as { msg: string; worker: string; attempt: number })
      .filter((l) => l.msg.startsWith('late result dropped'));
    expect(dropped).toMatchObject([{ worker: 'slow-1', attempt: 1 }]);
  });

  it('renews the lease of a send that outlasts it, so no other worker sends the message again', async () => {
    await database.scoped(SYSTEM, (tx) =>
      enqueue(
        tx,
        { channel: 'sms', recipient: '+17875550170', body: 'long send', idempotencyKey: 'renew-1' },
        new Date(0),
      ),
    );
    sms.delayMs = 1_500;
    // real time here: the lease (400 ms) runs out three times over during the send unless renewed
    const holder = new OutboxDispatcher({
      database,
      clock: systemClock,
      senders,
      log,
      workerId: 'holder',
      leaseMs: 400,
    });
    const rival = new OutboxDispatcher({ database, clock: systemClock, senders, log, workerId: 'rival', leaseMs: 400 });
    try {
      const sending = holder.drain();
      await sms.waitFor('+17875550170', 1, 4000);
      let rivalSent = 0;
      for (let i = 0; i < 8; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        rivalSent += await rival.drain();
      }
      expect(await sending).toBe(1);
      expect(rivalSent).toBe(0);
    } finally {
      sms.delayMs = 0;
    }
    expect(sms.to('+17875550170')).toHaveLength(1);
    const row = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'renew-1').executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, locked_by: 'holder' });
  });

  it('gives up waiting on a send past its time limit and retries it later', async () => {
    await queue('limit-1', '+17875550180');
    sms.delayMs = 2_000;
    const impatient = new OutboxDispatcher({ database, clock, senders, log, workerId: 'impatient', timeoutMs: 300 });
    try {
      expect(await impatient.drain()).toBe(0);
    } finally {
      sms.delayMs = 0;
    }
    const row = await database.scoped(SYSTEM, (tx) =>
      tx.selectFrom('outbox').selectAll().where('idempotency_key', '=', 'limit-1').executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      body: 'hello limit-1',
      last_error: expect.stringContaining('no result within 300 ms'),
    });
    clock.advance(5_000);
    expect(await impatient.drain()).toBe(1);
  });

  it('never sends a canceled message', async () => {
    await queue('cancel-1', '+17875550160');
    expect(await database.scoped(SYSTEM, (tx) => cancelMessage(tx, 'cancel-1'))).toBe(true);
    const dispatcher = new OutboxDispatcher({ database, clock, senders, log, workerId: 'w4' });
    clock.advance(60_000);
    expect(await dispatcher.drain()).toBe(0);
    expect(sms.to('+17875550160')).toEqual([]);
  });

  it('has as many messages on their way as its concurrency (a gateway that takes its time holds one each)', async () => {
    const concurrency = 24;
    for (let i = 0; i < 30; i++) await queue(`parallel-${i}`, `+1787556${String(i).padStart(4, '0')}`);
    let inFlight = 0;
    let most = 0;
    const held: (() => void)[] = [];
    // a gateway that answers nobody until `concurrency` requests are waiting on it (or 5 s passed)
    const gateway = async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => {
        held.push(resolve);
        if (held.length >= concurrency) held.splice(0).forEach((release) => release());
        else setTimeout(resolve, 5_000);
      });
      inFlight--;
    };
    const dispatcher = new OutboxDispatcher({
      database,
      clock,
      senders: { sms: gateway, voice: gateway, email: gateway },
      log,
      workerId: 'wide',
      concurrency,
    });
    expect(await dispatcher.drain()).toBe(30);
    expect(most).toBe(concurrency);
  });

  it('wakes a running worker as soon as a message is queued', async () => {
    const dispatcher = new OutboxDispatcher({ database, clock, senders, log, workerId: 'w3' });
    await dispatcher.start();
    try {
      await queue('wake-1', '+17875550199');
      await database.notify('relevo_outbox', '');
      await sms.waitFor('+17875550199', 1, 4000);
    } finally {
      await dispatcher.stop();
    }
  });
});
