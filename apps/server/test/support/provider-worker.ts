// A worker process for the provider process tests (bundled by test/provider-processes.test.ts): the
// outbox dispatcher of the server on DATABASE_URL, sending SMS and calls through the provider chain
// of the environment (TWILIO_..., DELIVERY_CHAIN), each hand-over written down first. Prints
// "ready" once it listens; stops cleanly on SIGTERM.
import { systemClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { DeliveryDirectory, secretBoxOf } from '../../src/delivery/accounts';
import { createSenders } from '../../src/delivery/channels';
import { OutboxDispatcher } from '../../src/delivery/dispatcher';
import { sendJournal } from '../../src/delivery/queries';
import { createLogger } from '../../src/logger';

const env = process.env;
const config = loadConfig(env);
const log = createLogger({ logLevel: 'warn' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: null, migrate: false });
const directory = new DeliveryDirectory(database, config, await secretBoxOf(config, database), log);
const dispatcher = new OutboxDispatcher({
  database,
  clock: systemClock,
  senders: createSenders(config, log, directory, undefined, sendJournal(database, systemClock)),
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
