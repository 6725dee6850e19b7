import { sql } from 'kysely';
import type { Database } from '../db/database';

/** A module an address of e-mail into incidents names, with what decides whether it takes mail. */
export interface InboundModule {
  inbound_email_local: string;
  module_id: number;
  customer_id: number;
  module_active: 'Y' | 'N';
  customer_active: 'Y' | 'N';
}

/**
 * docs/product.md#e-mail-into-incidents: the modules of these local parts, each one probe of the
 * unique index on `modules.inbound_email_local` (migration 0028). Read as staff: an address names
 * its module without saying whose it is.
 */
export async function inboundModules(database: Database, localParts: readonly string[]): Promise<InboundModule[]> {
  if (localParts.length === 0) return [];
  const [rows] = await database.read({ kind: 'staff' }, [
    database.db
      .selectFrom('modules as m')
      .innerJoin('customers as c', 'c.customer_id', 'm.customer_id')
      .select(['m.inbound_email_local', 'm.module_id', 'm.customer_id', 'm.module_active', 'c.customer_active'])
      .where('m.inbound_email_local', '=', sql<string>`any(${[...localParts]}::text[])`),
  ]);
  return rows.map((row) => ({ ...row, inbound_email_local: row.inbound_email_local! }));
}
