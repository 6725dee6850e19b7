// A worker process for the process tests (bundled by test/outbox-processes.test.ts): the outbox
// dispatcher of the server on DATABASE_URL (or the embedded database in DATA_DIR), sending SMS to
// SMS_WEBHOOK_URL. Prints "ready" once it listens; stops cleanly on SIGTERM. Its warnings (late
// results dropped after a lost lease) go to stdout as JSON lines.
import { systemClock } from '../../src/clock';
import { openDatabase } from '../../src/db/database';
import { webhookSender } from '../../src/delivery/channels';
import { OutboxDispatcher } from '../../src/delivery/dispatcher';
import { createLogger } from '../../src/logger';

const env = process.env;
const url = env.DATABASE_URL || null;
const log = createLogger({ logLevel: 'warn' });
const database = await openDatabase({ url, dataDir: url ? null : env.DATA_DIR!, migrate: !url });
const send = webhookSender('sms', { smsWebhookUrl: env.SMS_WEBHOOK_URL!, inboundWebhookSecret: null }, log);
const dispatcher = new OutboxDispatcher({
  database,
  clock: systemClock,
  senders: { sms: send, voice: send, email: send },
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
