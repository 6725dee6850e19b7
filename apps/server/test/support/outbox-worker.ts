// A worker process for the process tests (bundled by test/outbox-processes.test.ts and
// test/provider-processes.test.ts): the outbox dispatcher of the server on DATABASE_URL (or the
// embedded database in DATA_DIR), sending SMS to SMS_WEBHOOK_URL, or, with DELIVERY_CHAIN set,
// through the provider chain of the environment (TWILIO_...), each hand-over written down first.
// Prints "ready" once it listens; stops cleanly on SIGTERM. Its warnings (late results dropped
// after a lost lease) go to stdout as JSON lines.
import { systemClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { DeliveryDirectory, secretBoxOf } from '../../src/delivery/accounts';
import { createSenders, webhookSender, type Senders } from '../../src/delivery/channels';
import { OutboxDispatcher } from '../../src/delivery/dispatcher';
import { sendJournal } from '../../src/delivery/queries';
import { createLogger } from '../../src/logger';

const env = process.env;
const url = env.DATABASE_URL || null;
const log = createLogger({ logLevel: 'warn' });
const database = await openDatabase({ url, dataDir: url ? null : env.DATA_DIR!, migrate: !url });
let senders: Senders;
if (env.DELIVERY_CHAIN) {
  const config = loadConfig(env);
  const directory = new DeliveryDirectory(database, config, await secretBoxOf(config, database), log);
  senders = createSenders(config, log, directory, undefined, sendJournal(database, systemClock));
} else {
  const send = webhookSender('sms', { smsWebhookUrl: env.SMS_WEBHOOK_URL!, inboundWebhookSecret: null }, log);
  senders = { sms: send, voice: send, email: send };
}
const dispatcher = new OutboxDispatcher({
  database,
  clock: systemClock,
  senders,
  log,
  workerId: env.WORKER_ID ?? `worker-${process.pid}`,
  leaseMs: Number(env.LEASE_MS ?? 30_000),
  concurrency: Number(env.CONCURRENCY ?? 8),
});
await dispatcher.start();
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  void (async () => {
    await dispatcher.stop();
    await database.close();
    process.exit(0);
  })();
});
