import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config';
import { systemClock } from './clock';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from './db/database';
import { CopyRefused, copyDatabase } from './db/copy';
import { createContext, lockDataDir, sessionTimeoutsOf } from './server';
import { CommandError, createCustomer, createUser, setCustomerTimeZone } from './admin';
import { DEMO_CUSTOMER, demoSignInText, loadDemoData } from './demo';
import {
  DEMO_HISTORY_DAYS,
  DEMO_HISTORY_MAX_DAYS,
  DEMO_HISTORY_MESSAGES,
  makeDemoHistory,
} from './demo-history/history';
import { createLogger } from './logger';
import { importCommand } from './importers/command';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                  bring the database to the latest schema
  create-customer --name N [--qty-resources N] [--time-zone ZONE]
  set-time-zone --customer NAME --time-zone ZONE
                                           the IANA zone the customer's dashboard counts days in
                                           (default UTC), e.g. America/Puerto_Rico
  create-user --role StaffRoot|StaffEdit|StaffView|CustomerRoot|Customer --email E --password P
              --name N --last-name L [--customer NAME] [--phone +E164] [--force-change-password]
  demo-data [--days N]                     load the demo workspace into an empty database; with
                                           --days, its incidents of the last N days too
  demo-history [--days N] [--customer NAME]
                                           incidents of the last N days (default ${DEMO_HISTORY_DAYS}) for a
                                           demo customer without any (default ${DEMO_CUSTOMER}),
                                           through the engine, nothing sent; stop the server first
  import --from pagerduty|opsgenie|goalert|grafana-oncall FILE --customer NAME [--dry-run]
                                           users, escalation policies, schedules and services of
                                           another on-call tool (FILE: its API lists as one JSON
                                           document); --dry-run lists what would be made and what
                                           cannot be mapped; a second run makes nothing again
  copy-to-postgres [--to postgres://...]   copy everything of the embedded database in DATA_DIR into
                                           an empty PostgreSQL database (--to, else DATABASE_URL),
                                           in one transaction; stop the server on DATA_DIR first

The database is DATABASE_URL, or the embedded one in DATA_DIR (default .data).`;

const OPTIONS = {
  name: { type: 'string' },
  'qty-resources': { type: 'string' },
  'time-zone': { type: 'string' },
  role: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  'last-name': { type: 'string' },
  customer: { type: 'string' },
  phone: { type: 'string' },
  'force-change-password': { type: 'boolean' },
  to: { type: 'string' },
  days: { type: 'string' },
  from: { type: 'string' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  const [command, ...extra] = parsed.positionals;
  if (parsed.values.help || !command) {
    console.log(USAGE);
    return command || parsed.values.help ? 0 : 1;
  }
  // import takes its file as the one argument after the command
  const file = command === 'import' ? extra.shift() : undefined;
  if (extra.length) {
    console.error(`Unexpected argument: ${extra[0]}\n\n${USAGE}`);
    return 1;
  }
  if (
    ![
      'migrate',
      'create-customer',
      'set-time-zone',
      'create-user',
      'demo-data',
      'demo-history',
      'copy-to-postgres',
      'import',
    ].includes(command)
  ) {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  if (command === 'copy-to-postgres') return copyToPostgres(config.dataDir, parsed.values.to ?? config.databaseUrl);
  // the embedded database allows one process: refuse while a server uses it
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    timeouts: sessionTimeoutsOf(config),
  });
  try {
    const v = parsed.values;
    switch (command) {
      case 'migrate':
        console.log(
          database.applied.length ? `Applied: ${database.applied.join(', ')}` : 'The database is up to date.',
        );
        return 0;
      case 'create-customer': {
        const id = await createCustomer(database, systemClock, {
          name: v.name,
          qtyResources: v['qty-resources'],
          timeZone: v['time-zone'],
        });
        console.log(`Customer ${id} created.`);
        return 0;
      }
      case 'set-time-zone': {
        const id = await setCustomerTimeZone(database, systemClock, { customer: v.customer, timeZone: v['time-zone'] });
        console.log(`Customer ${id} now counts its days in ${v['time-zone']}.`);
        return 0;
      }
      case 'create-user': {
        const id = await createUser(database, systemClock, {
          role: v.role,
          email: v.email,
          password: v.password,
          name: v.name,
          lastName: v['last-name'],
          customer: v.customer,
          phone: v.phone,
          forceChangePassword: v['force-change-password'] ?? false,
        });
        console.log(`User ${id} created.`);
        return 0;
      }
      case 'import':
        // awaited here: the database closes after it
        return await importCommand(await contextOf(config, database), {
          from: v.from,
          file,
          customer: v.customer,
          dryRun: v['dry-run'] ?? false,
        });
      case 'demo-history': {
        const made = await makeDemoHistory(await contextOf(config, database), {
          customer: v.customer ?? DEMO_CUSTOMER,
          days: daysOf(v.days) ?? DEMO_HISTORY_DAYS,
        });
        console.log(
          `Demo history of ${v.customer ?? DEMO_CUSTOMER}: ${made.incidents} incidents from ${day(made.from)} to ${day(made.to)} (a storm of ${made.storm.count} on ${day(made.storm.at)}).`,
        );
        return 0;
      }
      default: {
        const days = daysOf(v.days);
        const loaded = await loadDemoData(
          database,
          systemClock,
          days === undefined ? undefined : { ctx: await contextOf(config, database), days },
        );
        console.log(
          loaded
            ? `Demo data loaded${days ? `, with ${days} days of incidents` : ''}.\n${demoSignInText(config.publicUrl, !!config.smtpUrl)}`
            : 'The database already has users; demo data not loaded.',
        );
        return loaded ? 0 : 1;
      }
    }
  } finally {
    await database.close().catch(() => undefined);
    unlock();
  }
}

/** The server's context for the services a command runs (the demo history, imports), without its HTTP side. */
const contextOf = (config: Config, database: Database) =>
  createContext({ config, database, log: createLogger(config), clock: systemClock });

/** --days as a whole number; anything else is refused with the rule. */
function daysOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const days = /^[0-9]{1,4}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(days >= 1 && days <= DEMO_HISTORY_MAX_DAYS)) throw new CommandError(DEMO_HISTORY_MESSAGES.days);
  return days;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The embedded database in `dataDir`, copied into the empty PostgreSQL database at `url` (db/copy.ts). */
async function copyToPostgres(dataDir: string, url: string | null | undefined): Promise<number> {
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('copy-to-postgres needs the target: --to postgres://user@host:5432/database (or DATABASE_URL)');
    return 1;
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`No embedded database in ${resolve(dataDir)} (set DATA_DIR to its directory)`);
    return 1;
  }
  const unlock = lockDataDir(dataDir);
  let source: Database | null = null;
  let target: Database | null = null;
  try {
    source = await openDatabase({ url: null, dataDir });
    target = await openDatabase({ url, dataDir: null });
    const started = Date.now();
    const copied = await copyDatabase(source, target);
    const width = Math.max(...copied.map((c) => c.table.length));
    for (const { table, rows } of copied) console.log(`${table.padEnd(width)}  ${rows}`);
    console.log(
      `Copied ${copied.reduce((sum, c) => sum + c.rows, 0)} rows of ${copied.length} tables from ${resolve(dataDir)} in ${Date.now() - started} ms.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CopyRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await source?.close().catch(() => undefined);
    await target?.close().catch(() => undefined);
    unlock();
  }
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof CommandError || error instanceof ConfigError) console.error(error.message);
    else if (error instanceof Error && error.message.startsWith('Another Relevo process')) console.error(error.message);
    else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
