import { sql } from 'kysely';
import {
  MAX_PAGE_SIZE,
  ROLE_NAMES,
  isRoleId,
  signInRefusal,
  type Customer,
  type ListOf,
  type PageQuery,
  type RoleId,
  type SessionUser,
  type User,
} from '@relevo/domain';
import { CUSTOMER_ORDER_COLUMNS, USER_ORDER_COLUMNS, type UserOrderColumn } from '@relevo/api';
import type { Database, Scope, Tx } from '../db/database';
import type { CustomerRow } from '../db/schema';
import { containsPattern, iso, matches, ordering, pageOf, readList, sortKey } from '../db/listing';

// The people area's SQL: users (sign-in's reads of them too) and customers.

/** The columns sign-in and the session need, with the user's customer. */
export function userWithCustomer(db: Tx) {
  return db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.customer_id', 'u.customer_id')
    .select([
      'u.id',
      'u.name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.password_hash',
      'u.rol_id',
      'u.status',
      'u.force_change_password',
      'u.language',
      'u.customer_id',
      'c.customer_name',
      'c.customer_active',
      'c.customer_qty_resources',
      'c.is_provider',
    ]);
}

export type UserWithCustomer = NonNullable<
  Awaited<ReturnType<ReturnType<typeof userWithCustomer>['executeTakeFirst']>>
>;

export function findUserByEmail(db: Tx, email: string) {
  return userWithCustomer(db)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Tx, id: number) {
  return userWithCustomer(db).where('u.id', '=', id).executeTakeFirst();
}

export function findUsersByPhone(db: Tx, phone: string) {
  return userWithCustomer(db).where('u.phone', '=', phone).execute();
}

/** A user may sign in when active and its customer is active (the provider always is): the domain's rule. */
export function maySignIn(user: Pick<UserWithCustomer, 'status' | 'customer_active' | 'is_provider'>): boolean {
  return signInRefusal(user) === null;
}

export function roleOf(user: Pick<UserWithCustomer, 'rol_id'>): RoleId {
  if (!isRoleId(user.rol_id)) throw new Error(`Unknown role ${user.rol_id}`);
  return user.rol_id;
}

/** What the session user and the listed user share: who the person is and the role. */
function personOf(
  user: Pick<UserWithCustomer, 'id' | 'name' | 'last_name' | 'email' | 'phone' | 'rol_id' | 'force_change_password'>,
) {
  const role = roleOf(user);
  return {
    id: user.id,
    name: user.name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    role: { rol_id: role, rol_name: ROLE_NAMES[role] },
    is_admin: role === 1,
    force_change_password: user.force_change_password,
  };
}

/** docs/product.md#sign-in-sessions-and-secrets user. */
export function toSessionUser(user: UserWithCustomer): SessionUser {
  return {
    ...personOf(user),
    customer: {
      customer_id: user.customer_id,
      customer_name: user.customer_name,
      customer_qty_resources: user.customer_qty_resources,
    },
    language: user.language,
  };
}

export async function setPassword(
  db: Tx,
  userId: number,
  passwordHash: string,
  now: Date,
  opts: { forceChange: boolean; by: string | null },
) {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      force_change_password: opts.forceChange,
      password_changed_at: now,
      updated_at: now,
      updated_by: opts.by,
    })
    .where('id', '=', userId)
    .execute();
}

export interface NewUserRecord {
  customerId: number;
  name: string;
  lastName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  roleId: RoleId;
  status: 0 | 1;
  forceChangePassword: boolean;
  createdBy: string | null;
}

/** Inserts a user; a taken e-mail (any case) answers null instead of throwing. */
export async function insertUser(db: Tx, user: NewUserRecord, now: Date): Promise<number | null> {
  const row = await db
    .insertInto('users')
    .values({
      customer_id: user.customerId,
      name: user.name,
      last_name: user.lastName,
      email: user.email.trim().toLowerCase(),
      phone: user.phone,
      password_hash: user.passwordHash,
      rol_id: user.roleId,
      status: user.status,
      force_change_password: user.forceChangePassword,
      created_by: user.createdBy,
      created_at: now,
      password_changed_at: now,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Which users a list or a lookup may reach: by role, and optionally one customer. Staff roles
 * live only in the provider organisation and customer roles only in customers (the people
 * services and the CLI keep it so), so the roles alone tell the staff and customer areas apart.
 */
export interface UserArea {
  roles: readonly RoleId[];
  customerId?: number;
}

/** The SQL behind each sortable column of the contract's allow-list; only these reach SQL. */
const USER_LIST_COLUMNS = {
  id: 'u.id',
  name: 'u.name',
  last_name: 'u.last_name',
  email: 'u.email',
  status: 'u.status',
  role: 'u.rol_id',
  customer: 'c.customer_name',
  created_at: 'u.created_at',
  updated_at: 'u.updated_at',
} as const satisfies Record<UserOrderColumn, string>;
export type UserListColumn = UserOrderColumn;
// e-mails are stored lower-case, so only these need lower() to sort without regard to case
const TEXT_COLUMNS = new Set<UserListColumn>(['name', 'last_name', 'customer']);

function inArea(db: Tx, area: UserArea) {
  let query = db.selectFrom('users as u').where('u.rol_id', 'in', [...area.roles]);
  if (area.customerId !== undefined) query = query.where('u.customer_id', '=', area.customerId);
  return query;
}

/** The columns of a user as lists show it, with the customer's name. */
export const USER_FIELDS = [
  'u.id',
  'u.name',
  'u.last_name',
  'u.email',
  'u.phone',
  'u.status',
  'u.rol_id',
  'u.customer_id',
  'c.customer_name',
  'u.force_change_password',
  'u.created_by',
  'u.updated_by',
  'u.created_at',
  'u.updated_at',
] as const;

type UserListRow = {
  id: number;
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: number;
  rol_id: number;
  customer_id: number;
  customer_name: string;
  force_change_password: boolean;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date | null;
};

/** docs/product.md#user on the wire (never the password hash). */
export function toUser(row: UserListRow): User {
  return {
    ...personOf(row),
    status: row.status === 1 ? 1 : 0,
    customer: { customer_id: row.customer_id, customer_name: row.customer_name },
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at),
  };
}

/** docs/product.md#user-lists user lists: the users of an area, searched, sorted and paged, in the caller's scope. */
export function listUsers(
  database: Pick<Database, 'db' | 'read'>,
  scope: Scope,
  area: UserArea,
  query: PageQuery & { customer_id?: number },
  defaultOrder: UserListColumn,
): Promise<ListOf<User>> {
  let matching = inArea(database.db, area);
  if (query.customer_id !== undefined) matching = matching.where('u.customer_id', '=', query.customer_id);
  // both sides folded by the database's own lower(), the stored text's and the typed text's; the
  // count tests this one stored text per user, a pass that beats any index for a one-letter search
  if (query.search) matching = matching.where(sql<boolean>`u.search_text like lower(${containsPattern(query.search)})`);
  const order = ordering(query, USER_ORDER_COLUMNS, defaultOrder);
  const sorted = matching
    .innerJoin('customers as c', 'c.customer_id', 'u.customer_id')
    .select(USER_FIELDS)
    .orderBy(sortKey(USER_LIST_COLUMNS[order.column], TEXT_COLUMNS.has(order.column)), order.direction)
    .orderBy('u.id', order.direction);
  const page = pageOf(sorted, query);
  return readList(database, scope, { matching, page, toItem: toUser, searched: Boolean(query.search) });
}

/** One user of an area, or undefined (another area's or another tenant's id looks the same). */
export async function findUserInArea(db: Tx, area: UserArea, id: number): Promise<User | undefined> {
  const row = await inArea(db, area)
    .innerJoin('customers as c', 'c.customer_id', 'u.customer_id')
    .select(USER_FIELDS)
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function countActiveStaffRoots(db: Tx, except?: number): Promise<number> {
  let query = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rol_id', '=', 1)
    .where('status', '=', 1);
  if (except !== undefined) query = query.where('id', '!=', except);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

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
export async function insertCustomer(
  db: Tx,
  customer: { name: string; qtyResources: number; createdBy: string | null },
  now: Date,
): Promise<number | null> {
  const row = await db
    .insertInto('customers')
    .values({
      customer_name: customer.name.trim(),
      customer_qty_resources: customer.qtyResources,
      customer_createby: customer.createdBy,
      customer_createdt: now,
    })
    .onConflict((oc) => oc.expression(sql`lower(customer_name)`).doNothing())
    .returning('customer_id')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** docs/product.md#customer on the wire. */
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

/** docs/product.md#user-lists Customers: searched, sorted and paged, in the caller's scope. */
export function listCustomers(
  database: Pick<Database, 'db' | 'read'>,
  scope: Scope,
  query: PageQuery,
  opts: { notRoot: boolean },
): Promise<ListOf<Customer>> {
  let matching = database.db.selectFrom('customers');
  if (opts.notRoot) matching = matching.where('is_provider', '=', false);
  if (query.search) matching = matching.where(matches(sql`customer_name`, query.search));
  // docs/product.md#constants-and-limits: customers are listed by customer_id unless the contract's allow-list says otherwise
  const order = ordering(query, CUSTOMER_ORDER_COLUMNS, 'customer_id');
  const sorted = matching
    .selectAll()
    .orderBy(sortKey(order.column, order.column === 'customer_name'), order.direction)
    .orderBy('customer_id', order.direction);
  const page = pageOf(sorted, query);
  return readList(database, scope, { matching, page, toItem: toCustomer, searched: Boolean(query.search) });
}

/** Active customers with no Customer Root yet: free to be given one. */
export async function listFreeCustomers(db: Tx): Promise<Customer[]> {
  const rows = await db
    .selectFrom('customers as c')
    .selectAll('c')
    .where('c.is_provider', '=', false)
    .where('c.customer_active', '=', 'Y')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('users as u')
            .select('u.id')
            .whereRef('u.customer_id', '=', 'c.customer_id')
            .where('u.rol_id', '=', 4),
        ),
      ),
    )
    .orderBy('c.customer_name')
    // a JSON answer is built whole in memory: bounded like every list's page
    .limit(MAX_PAGE_SIZE)
    .execute();
  return rows.map(toCustomer);
}

/** What still belongs to a customer (a delete is refused while anything does). */
export async function customerUsage(db: Tx, customerId: number): Promise<{ users: number; events: number }> {
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const events = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), events: Number(events.n) };
}
