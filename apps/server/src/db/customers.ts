import { sql } from 'kysely';
import { MAX_PAGE_SIZE, type Customer, type ListOf, type PageQuery } from '@relevo/domain';
import { CUSTOMER_ORDER_COLUMNS } from '@relevo/api';
import type { Database, Scope, Tx } from './database';
import type { CustomerRow } from './schema';
import { iso, matches, ordering, pageOf, readList, sortKey } from './listing';

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

export function findCustomer(db: Tx, id: number) {
  return db.selectFrom('customers').selectAll().where('customer_id', '=', id).executeTakeFirst();
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

/** spec 3 Customer on the wire. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_active: row.customer_active,
    customer_qty_resources: row.customer_qty_resources,
    customer_createby: row.customer_createby,
    customer_createdt: iso(row.customer_createdt)!,
    customer_updateby: row.customer_updateby,
    customer_updatedt: iso(row.customer_updatedt),
  };
}

/** spec 2.10 Customers: searched, sorted and paged, in the caller's scope. */
export function listCustomers(database: Pick<Database, 'db' | 'read'>, scope: Scope, query: PageQuery, opts: { notRoot: boolean }): Promise<ListOf<Customer>> {
  let matching = database.db.selectFrom('customers');
  if (opts.notRoot) matching = matching.where('is_provider', '=', false);
  if (query.search) matching = matching.where(matches(sql`customer_name`, query.search));
  // spec 9: customers are listed by customer_id unless the contract's allow-list says otherwise
  const order = ordering(query, CUSTOMER_ORDER_COLUMNS, 'customer_id');
  const page = matching
    .selectAll()
    .orderBy(sortKey(order.column, order.column === 'customer_name'), order.direction)
    .orderBy('customer_id', order.direction);
  return readList(database, scope, { matching, page: pageOf(page, query), toItem: toCustomer, searched: Boolean(query.search) });
}

/** Active customers with no Customer Root yet: free to be given one. */
export async function listFreeCustomers(db: Tx): Promise<Customer[]> {
  const rows = await db
    .selectFrom('customers as c')
    .selectAll('c')
    .where('c.is_provider', '=', false)
    .where('c.customer_active', '=', 'Y')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.customer_id', '=', 'c.customer_id').where('u.rol_id', '=', 4))))
    .orderBy('c.customer_name')
    // a JSON answer is built whole in memory: bounded like every list's page
    .limit(MAX_PAGE_SIZE)
    .execute();
  return rows.map(toCustomer);
}

/** What still belongs to a customer (a delete is refused while anything does). */
export async function customerUsage(db: Tx, customerId: number): Promise<{ users: number; events: number }> {
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  const events = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  return { users: Number(users.n), events: Number(events.n) };
}
