import { systemClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { SYSTEM, type Database } from '../../src/db/database';
import { incidentService } from '../../src/incidents/ingest';
import { createLogger } from '../../src/logger';
import { createContext } from '../../src/server';
import { insertRunnableModule } from './catalogue';

/**
 * A new customer named `name` (room for 10 resources) with a module that accepts incidents
 * (`insertRunnableModule`), and the incident service of a silent context on `database` to raise
 * them with: how the process tests feed the worker processes they start.
 */
export async function customerWithRunnableModule(database: Database, name: string) {
  const ctx = await createContext({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    log: createLogger({ logLevel: 'silent' }),
    clock: systemClock,
  });
  const customerId = (
    await database.scoped(SYSTEM, (tx) =>
      tx
        .insertInto('customers')
        .values({ customer_name: name, customer_qty_resources: 10 })
        .returning('customer_id')
        .executeTakeFirstOrThrow(),
    )
  ).customer_id;
  const module = await database.scoped(SYSTEM, (tx) => insertRunnableModule(tx, customerId));
  return { customerId, module, incidents: incidentService(ctx) };
}
