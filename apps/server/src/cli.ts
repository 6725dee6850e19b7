import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { systemClock } from './clock';
import { openDatabase } from './db/database';
import { lockDataDir } from './server';
import { CommandError, createCustomer, createUser, setCustomerTimeZone } from './admin';
import { demoSignInText, loadDemoData } from './demo';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                  bring the database to the latest schema
  create-customer --name N [--qty-resources N] [--time-zone ZONE]
  set-time-zone --customer NAME --time-zone ZONE
                                           the IANA zone the customer's dashboard counts days in
                                           (default UTC), e.g. America/Puerto_Rico
  create-user --role StaffRoot|StaffEdit|StaffView|CustomerRoot|Customer --email E --password P
              --name N --last-name L [--customer NAME] [--phone +E164] [--force-change-password]
  demo-data                                load the demo workspace into an empty database

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
  if (extra.length) {
    console.error(`Unexpected argument: ${extra[0]}\n\n${USAGE}`);
    return 1;
  }
  if (!['migrate', 'create-customer', 'set-time-zone', 'create-user', 'demo-data'].includes(command)) {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  // the embedded database allows one process: refuse while a server uses it
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  try {
    const v = parsed.values;
    switch (command) {
      case 'migrate':
        console.log(database.applied.length ? `Applied: ${database.applied.join(', ')}` : 'The database is up to date.');
        return 0;
      case 'create-customer': {
        const id = await createCustomer(database, systemClock, { name: v.name, qtyResources: v['qty-resources'], timeZone: v['time-zone'] });
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
      default: {
        const loaded = await loadDemoData(database, systemClock);
        console.log(loaded ? `Demo data loaded.\n${demoSignInText(config.publicUrl, !!config.smtpUrl)}` : 'The database already has users; demo data not loaded.');
        return loaded ? 0 : 1;
      }
    }
  } finally {
    await database.close().catch(() => undefined);
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
