// A worker process for the engine fault test (bundled by test/engine-processes.test.ts): the
// escalation engine and the outbox dispatcher of the server on DATABASE_URL, every channel sent to
// SMS_WEBHOOK_URL, waits divided by ESCALATION_TIME_SCALE. Prints "ready" once it works.
import { systemClock } from '../../src/clock';
import { openDatabase } from '../../src/db/database';
import { webhookSender } from '../../src/delivery/channels';
import { OutboxDispatcher } from '../../src/delivery/dispatcher';
import { EngineWorker } from '../../src/engine/worker';
import { createLogger } from '../../src/logger';

const env = process.env;
const log = createLogger({ logLevel: 'warn' });
const database = await openDatabase({ url: env.DATABASE_URL!, dataDir: null, migrate: false });
const send = webhookSender('sms', { smsWebhookUrl: env.SMS_WEBHOOK_URL!, inboundWebhookSecret: null }, log);
const workerId = env.WORKER_ID ?? `worker-${process.pid}`;
const leaseMs = Number(env.LEASE_MS ?? 30_000);
const dispatcher = new OutboxDispatcher({
  database,
  clock: systemClock,
  senders: { sms: send, voice: send, email: send },
  log,
  workerId,
  leaseMs,
  concurrency: 8,
});
const engine = new EngineWorker({
  database,
  clock: systemClock,
  log,
  workerId,
  scale: Number(env.ESCALATION_TIME_SCALE ?? 1),
  contactWindowMs: Number(env.CONTACT_WINDOW_SECONDS ?? 60) * 1000,
  customerMessagesPerMinute: Number(env.CUSTOMER_MESSAGES_PER_MINUTE ?? 300),
  leaseMs,
  concurrency: 8,
  idlePollMs: 200,
});
await dispatcher.start();
await engine.start();
process.stdout.write('ready\n');
