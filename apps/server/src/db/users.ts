import { sql } from 'kysely';
import { ROLE_NAMES, isRoleId, type RoleId, type SessionUser } from '@relevo/domain';
import type { Tx } from './database';

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
      'u.customer_id',
      'c.customer_name',
      'c.customer_active',
      'c.customer_qty_resources',
      'c.is_provider',
    ]);
}

export type UserWithCustomer = NonNullable<Awaited<ReturnType<ReturnType<typeof userWithCustomer>['executeTakeFirst']>>>;

export function findUserByEmail(db: Tx, email: string) {
  return userWithCustomer(db).where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.trim().toLowerCase())).executeTakeFirst();
}

export function findUserById(db: Tx, id: number) {
  return userWithCustomer(db).where('u.id', '=', id).executeTakeFirst();
}

export function findUsersByPhone(db: Tx, phone: string) {
  return userWithCustomer(db).where('u.phone', '=', phone).execute();
}

/** A user may sign in when active and its customer is active (the provider always is). */
export function maySignIn(user: Pick<UserWithCustomer, 'status' | 'customer_active' | 'is_provider'>): boolean {
  return user.status === 1 && (user.is_provider || user.customer_active === 'Y');
}

export function roleOf(user: Pick<UserWithCustomer, 'rol_id'>): RoleId {
  if (!isRoleId(user.rol_id)) throw new Error(`Unknown role ${user.rol_id}`);
  return user.rol_id;
}

/** spec 3 Session user. */
export function toSessionUser(user: UserWithCustomer): SessionUser {
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
    customer: { customer_id: user.customer_id, customer_name: user.customer_name, customer_qty_resources: user.customer_qty_resources },
  };
}

export async function setPassword(db: Tx, userId: number, passwordHash: string, now: Date, opts: { forceChange: boolean; by: string | null }) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, force_change_password: opts.forceChange, password_changed_at: now, updated_at: now, updated_by: opts.by })
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
