import { sql } from 'kysely';
import type { Tx } from './database';

/** The provider's own organisation (home of staff users). */
export async function providerCustomer(db: Tx) {
  return db.selectFrom('customers').selectAll().where('is_provider', '=', true).executeTakeFirstOrThrow();
}

export function findCustomerByName(db: Tx, name: string) {
  return db
    .selectFrom('customers')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['customer_name']), '=', name.trim().toLowerCase()))
    .executeTakeFirst();
}

/** Inserts a customer; a taken name (any case) answers null instead of throwing. */
export async function insertCustomer(db: Tx, customer: { name: string; qtyResources: number; createdBy: string | null }, now: Date): Promise<number | null> {
  const row = await db
    .insertInto('customers')
    .values({ customer_name: customer.name.trim(), customer_qty_resources: customer.qtyResources, customer_createby: customer.createdBy, customer_createdt: now })
    .onConflict((oc) => oc.expression(sql`lower(customer_name)`).doNothing())
    .returning('customer_id')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}
