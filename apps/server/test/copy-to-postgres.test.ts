import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { sessionUser } from '@relevo/api';
import { loadConfig } from '../src/config';
import { systemClock } from '../src/clock';
import { openDatabase, SYSTEM, type Database } from '../src/db/database';
import { EngineWorker } from '../src/engine/worker';
import { incidentService } from '../src/incidents/ingest';
import { createLogger } from '../src/logger';
import { createContext } from '../src/server';
import { DEMO_CUSTOMER, DEMO_USERS } from '../src/demo';
import { bundleServerMain } from './support/bundle';
import { insertRunnableModule } from './support/catalogue';
import { bundleCli, runCli } from './support/cli';
import { freshDatabase, POSTGRES_URL, type TestDatabase } from './support/databases';
import { Mailbox } from './support/mailbox';
import { signInAt } from './support/remote';
import { SmsReceiver } from './support/sms-receiver';
import { SERVER_READY, WorkerProcess, freePort } from './support/worker-process';

/** Every row of every table as text, in a stable order: what the copy must carry over unchanged. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  return database.asOwner(async (tx) => {
    const tables = await sql<{
      name: string;
    }>`select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and relname not like 'kysely_migration%' order by 1`.execute(
      tx,
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} as t order by 1`.execute(
        tx,
      );
      out[name] = rows.rows.map((r) => r.row);
    }
    return out;
  });
}

// the copy's target is a PostgreSQL server: the test runs only when TEST_DATABASE_URL is set
describe.skipIf(!POSTGRES_URL)('npm run cli -- copy-to-postgres (the embedded database into PostgreSQL)', () => {
  const kind = 'postgres' as const;
  let cliPath = '';
  let main = '';
  let dataDir = '';
  let target: TestDatabase;
  let server: WorkerProcess | null = null;
  let mailbox: Mailbox;
  let sms: SmsReceiver;
  beforeAll(async () => {
    [cliPath, main] = await Promise.all([bundleCli('cli-copy'), bundleServerMain('copy')]);
    dataDir = mkdtempSync(join(tmpdir(), 'relevo-copy-'));
    target = await freshDatabase(kind, 'relevo_scale_');
    mailbox = new Mailbox();
    sms = new SmsReceiver();
    await mailbox.start();
    await sms.start();
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await target?.drop();
    await mailbox?.stop();
    await sms?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the demo workspace and walked events table by table, refuses a second copy into the filled target, and the copy serves sign-in', async () => {
    const embedded = { DATA_DIR: dataDir, DATABASE_URL: '' };
    expect(runCli(cliPath, embedded, 'demo-data')).toMatchObject({ code: 0 });

    // events walked by the engine on the embedded database: events, log rows, messages, timers, day counts
    const source = await openDatabase({ url: null, dataDir });
    try {
      const ctx = await createContext({
        config: loadConfig({ LOG_LEVEL: 'silent' }),
        database: source,
        log: createLogger({ logLevel: 'silent' }),
        clock: systemClock,
      });
      const customerId = (
        await source.scoped(SYSTEM, (tx) =>
          tx
            .selectFrom('customers')
            .select('customer_id')
            .where('customer_name', '=', DEMO_CUSTOMER)
            .executeTakeFirstOrThrow(),
        )
      ).customer_id;
      const module = await source.scoped(SYSTEM, (tx) => insertRunnableModule(tx, customerId));
      for (let i = 0; i < 5; i++)
        await incidentService(ctx).simulate(customerId, module.id, {
          incident: `Copied incident number ${i}`,
          description: 'Raised before the copy to PostgreSQL',
        });
      const engine = new EngineWorker({
        database: source,
        clock: systemClock,
        log: ctx.log,
        workerId: 'copy-test',
        scale: 1,
      });
      expect(await engine.drain()).toBe(5);
      // more rows than one batch of the copy reads, one statement each: events (by their key), and the
      // count changes and change marks their triggers write (tables without a key, read by where they are stored)
      await source.asOwner(async (tx) => {
        for (let i = 0; i < 1_100; i++) {
          await tx
            .insertInto('events')
            .values({
              customer_id: customerId,
              case_id: `CP${String(i).padStart(5, '0')}`,
              module_id: module.id,
              short_event_subject: `Copied in bulk ${i % 7}`,
              short_event_body: 'b',
            })
            .execute();
        }
        // and a key with a date in it: the days of two earlier years
        await sql`insert into event_day_counts (customer_id, day, module_id, num_events, num_open, num_progress, num_completed, num_canceled, num_sla_met, num_sla_missed, num_responded, response_minutes, num_resolved, resolution_minutes) select ${customerId}, date '2024-01-01' + g, ${module.id}, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 from generate_series(0, 730) g`.execute(
          tx,
        );
      });
    } finally {
      await source.close();
    }

    const started = Date.now();
    const copy = runCli(cliPath, embedded, 'copy-to-postgres', '--to', target.url!);
    const took = Date.now() - started;
    expect(copy, copy.err).toMatchObject({ code: 0, err: '' });
    const reported = Object.fromEntries(
      copy.out
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((line) => line.trim().split(/\s+/))
        .map(([table, rows]) => [table!, Number(rows)]),
    );
    expect(copy.out).toMatch(/Copied \d+ rows of \d+ tables from .* in \d+ ms\.\n$/);

    // every table, every row, every column as it was
    const [before, after] = await Promise.all([
      openDatabase({ url: null, dataDir }).then(async (d) => {
        try {
          return await contents(d);
        } finally {
          await d.close();
        }
      }),
      openDatabase({ url: target.url, dataDir: null }).then(async (d) => {
        try {
          return await contents(d);
        } finally {
          await d.close();
        }
      }),
    ]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) {
      expect(after[table], table).toEqual(before[table]);
      expect(reported[table], table).toBe(before[table]!.length);
    }
    for (const table of ['users', 'customers', 'events', 'event_logs', 'outbox', 'engine_timers', 'app_settings'])
      expect(before[table]!.length, table).toBeGreaterThan(0);
    for (const table of ['events', 'event_count_changes', 'event_change_marks'])
      expect(before[table]!.length, table).toBeGreaterThan(1_000);
    expect(before.event_day_counts!.length).toBeGreaterThan(700);

    // a second copy into the filled target is refused, naming what is there, and changes nothing
    const again = runCli(cliPath, embedded, 'copy-to-postgres', '--to', target.url!);
    expect(again).toMatchObject({
      code: 1,
      err: expect.stringMatching(
        /^The target database is not empty \(rows in .*users.*\); copy into a new, empty database\n$/,
      ),
    });
    expect(runCli(cliPath, embedded, 'copy-to-postgres')).toMatchObject({
      code: 1,
      err: expect.stringContaining('needs the target'),
    });

    // new rows continue after the copied ids (the sequences were moved)
    expect(runCli(cliPath, { DATABASE_URL: target.url! }, 'create-customer', '--name', 'After The Copy')).toMatchObject(
      { code: 0, out: expect.stringMatching(/^Customer \d+ created\.\n$/) },
    );

    // a server on the copy signs the demo staff user in and knows the workspace
    const port = await freePort();
    server = await WorkerProcess.start(
      main,
      {
        DATABASE_URL: target.url!,
        ROLE: 'all',
        PORT: String(port),
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
        SMS_WEBHOOK_URL: `http://127.0.0.1:${sms.port}/sms`,
        LOG_LEVEL: 'warn',
      },
      SERVER_READY,
    );
    const staff = DEMO_USERS[0]!;
    const signedIn = await signInAt(`http://127.0.0.1:${port}`, mailbox, staff.email, staff.password);
    expect(await signedIn.client.call(sessionUser, {})).toMatchObject({ email: staff.email });
    console.log(
      `copy-to-postgres: ${Object.values(before).reduce((n, rows) => n + rows.length, 0)} rows of ${Object.keys(before).length} tables in ${took} ms (the command, node's start included)`,
    );
  }, 120_000);
});
