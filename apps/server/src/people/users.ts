import type { Transaction } from 'kysely';
import {
  CUSTOMER_MESSAGES,
  MESSAGES,
  USER_MESSAGES,
  grantableRoles,
  type AdminPasswordChange,
  type ListOf,
  type MessageAnswer,
  type PageQuery,
  type RoleId,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { audit } from '../db/audit';
import { findCustomer, providerCustomer } from '../db/customers';
import type { DB } from '../db/schema';
import { revokeUserSessions } from '../db/sessions';
import { countActiveStaffRoots, findUserInArea, insertUser, listUsers, setPassword, type UserArea, type UserListColumn } from '../db/users';
import { HttpError, ValidationFailure } from '../http/errors';

type Tx = Transaction<DB>;

/**
 * The three user screens of spec 2.10 differ only in whom they reach and where new users go:
 * - Admin Users: staff users of the provider (roles 1-3);
 * - Customer Users: the users (roles 4-5) of every customer, seen by staff;
 * - Users: a Customer Root's own customer's users.
 */
export interface UserScreen {
  /** whether the screen manages staff or customer people (which roles it may grant) */
  kind: 'staff' | 'customer';
  area(principal: Principal): UserArea;
  /** spec 9: users by name; the staff and customer-user lists by id */
  defaultOrder: UserListColumn;
  /** the customer a new user joins; may raise a 422 on customer_id */
  customerForCreate(tx: Tx, principal: Principal, requested: number | null | undefined): Promise<number>;
  /** the customer after an edit (only Customer Users may move a user to another customer) */
  customerForUpdate(tx: Tx, principal: Principal, requested: number | null | undefined, current: number): Promise<number>;
}

const CUSTOMER_ROLES: readonly RoleId[] = [4, 5];
const STAFF_ROLES: readonly RoleId[] = [1, 2, 3];

/** Customer users belong to a real customer, never to the provider's own organisation. */
async function realCustomer(tx: Tx, requested: number | null | undefined): Promise<number> {
  if (requested == null) throw ValidationFailure.field('customer_id', USER_MESSAGES.customerRequired);
  const customer = await findCustomer(tx, requested);
  if (!customer || customer.is_provider) throw ValidationFailure.field('customer_id', CUSTOMER_MESSAGES.customerNotFound);
  return customer.customer_id;
}

export const STAFF_USERS: UserScreen = {
  kind: 'staff',
  area: () => ({ roles: STAFF_ROLES }),
  defaultOrder: 'id',
  customerForCreate: async (tx) => (await providerCustomer(tx)).customer_id,
  customerForUpdate: async (_tx, _principal, _requested, current) => current,
};

export const CUSTOMER_USERS: UserScreen = {
  kind: 'customer',
  area: () => ({ roles: CUSTOMER_ROLES }),
  defaultOrder: 'id',
  customerForCreate: (tx, _principal, requested) => realCustomer(tx, requested),
  customerForUpdate: (tx, _principal, requested, current) => (requested == null || requested === current ? Promise.resolve(current) : realCustomer(tx, requested)),
};

export const OWN_USERS: UserScreen = {
  kind: 'customer',
  // whatever customer id a body carries, a Customer Root reaches its own customer only
  area: (principal) => ({ roles: CUSTOMER_ROLES, customerId: principal.customerId }),
  defaultOrder: 'name',
  customerForCreate: async (_tx, principal) => principal.customerId,
  customerForUpdate: async (_tx, principal) => principal.customerId,
};

const actorOf = (principal: Principal) => ({ id: principal.userId, email: principal.email });
const notFound = () => new HttpError(404, USER_MESSAGES.notFound);

function checkGrant(principal: Principal, screen: UserScreen, role: RoleId): void {
  if (!grantableRoles(principal.role, screen.kind).includes(role)) throw ValidationFailure.field('rol_id', USER_MESSAGES.roleNotAllowed);
}

/** Create, read, update, delete and reset the password of the users of one screen. */
export function userService(ctx: AppContext, screen: UserScreen) {
  const inScope = <T>(principal: Principal, work: (tx: Tx) => Promise<T>) => ctx.database.scoped(principal.scope, work);

  async function existing(tx: Tx, principal: Principal, id: number): Promise<User> {
    const user = await findUserInArea(tx, screen.area(principal), id);
    if (!user) throw notFound();
    return user;
  }

  /** The last active StaffRoot must stay: someone has to be able to run the provider. */
  async function keepLastStaffRoot(tx: Tx, user: User, staysActiveRoot: boolean): Promise<void> {
    if (user.role.rol_id !== 1 || user.status !== 1 || staysActiveRoot) return;
    // lock the active roots: two roots demoting each other at once must not leave none
    await tx.selectFrom('users').select('id').where('rol_id', '=', 1).where('status', '=', 1).forUpdate().execute();
    if ((await countActiveStaffRoots(tx, user.id)) === 0) throw new HttpError(409, USER_MESSAGES.lastStaffRoot);
  }

  return {
    list(principal: Principal, query: PageQuery & { customer_id?: number }): Promise<ListOf<User>> {
      // a read of its own: count and page in one round trip, in the caller's scope
      return listUsers(ctx.database, principal.scope, screen.area(principal), query, screen.defaultOrder);
    },

    get(principal: Principal, id: number): Promise<User> {
      return inScope(principal, (tx) => existing(tx, principal, id));
    },

    async create(principal: Principal, body: UserCreate): Promise<User> {
      checkGrant(principal, screen, body.rol_id);
      const passwordHash = await hashPassword(body.password);
      const now = ctx.clock.now();
      return inScope(principal, async (tx) => {
        const customerId = await screen.customerForCreate(tx, principal, body.customer_id);
        const id = await insertUser(
          tx,
          {
            customerId,
            name: body.name,
            lastName: body.last_name,
            email: body.email,
            phone: body.phone ?? null,
            passwordHash,
            roleId: body.rol_id,
            // created from a screen: active at once (status is hidden on create, spec 2.10), and
            // asked to choose an own password at the first sign-in unless the body says not to
            status: 1,
            forceChangePassword: body.force_change_password,
            createdBy: principal.email,
          },
          now,
        );
        if (id === null) throw ValidationFailure.field('email', USER_MESSAGES.emailTaken);
        await audit(tx, { customerId, actor: actorOf(principal), action: 'create', entity: 'user', entityId: id, detail: { email: body.email, rol_id: body.rol_id } }, now);
        return existing(tx, principal, id);
      });
    },

    async update(principal: Principal, id: number, body: UserUpdate): Promise<User> {
      checkGrant(principal, screen, body.rol_id);
      const now = ctx.clock.now();
      const updated = await inScope(principal, async (tx) => {
        const current = await existing(tx, principal, id);
        if (body.email !== undefined && body.email !== current.email.toLowerCase()) throw ValidationFailure.field('email', USER_MESSAGES.emailLocked);
        const demotedOrDeactivated = body.rol_id !== current.role.rol_id || body.status === 0;
        if (current.id === principal.userId && demotedOrDeactivated) throw new HttpError(409, USER_MESSAGES.selfDemote);
        await keepLastStaffRoot(tx, current, body.rol_id === 1 && body.status === 1);
        const customerId = await screen.customerForUpdate(tx, principal, body.customer_id, current.customer!.customer_id);
        await tx
          .updateTable('users')
          .set({
            name: body.name,
            last_name: body.last_name,
            phone: body.phone === undefined ? current.phone : body.phone,
            status: body.status,
            rol_id: body.rol_id,
            customer_id: customerId,
            ...(body.force_change_password === undefined ? {} : { force_change_password: body.force_change_password }),
            updated_by: principal.email,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        // a deactivated user loses its sessions at once
        if (current.status === 1 && body.status === 0) await revokeUserSessions(tx, id, now);
        const changes: Record<string, unknown> = {};
        if (current.name !== body.name) changes.name = body.name;
        if (current.last_name !== body.last_name) changes.last_name = body.last_name;
        if (current.status !== body.status) changes.status = body.status;
        if (current.role.rol_id !== body.rol_id) changes.rol_id = body.rol_id;
        if (current.customer?.customer_id !== customerId) changes.customer_id = customerId;
        if (body.phone !== undefined && current.phone !== body.phone) changes.phone = body.phone ? 'changed' : 'removed';
        await audit(tx, { customerId, actor: actorOf(principal), action: 'update', entity: 'user', entityId: id, detail: changes }, now);
        // the role stays within the screen (checkGrant) and Users keep their customer: still in reach
        return existing(tx, principal, id);
      });
      await ctx.principals.evictUser(id);
      return updated;
    },

    async remove(principal: Principal, id: number): Promise<MessageAnswer> {
      const now = ctx.clock.now();
      await inScope(principal, async (tx) => {
        const current = await existing(tx, principal, id);
        if (current.id === principal.userId) throw new HttpError(409, USER_MESSAGES.selfDelete);
        await keepLastStaffRoot(tx, current, false);
        await tx.deleteFrom('users').where('id', '=', id).execute();
        await audit(tx, { customerId: current.customer?.customer_id ?? null, actor: actorOf(principal), action: 'delete', entity: 'user', entityId: id, detail: { email: current.email } }, now);
      });
      await ctx.principals.evictUser(id);
      return { Message: MESSAGES.userDeleted };
    },

    /** spec 3: password change by an admin. The admin knows it: the user must choose a new one. */
    async changePassword(principal: Principal, id: number, body: AdminPasswordChange): Promise<MessageAnswer> {
      // the body may repeat the id (spec 3); one that names another user than the address is a mistake
      if (body.id !== undefined && body.id !== id) throw ValidationFailure.field('id', USER_MESSAGES.idMismatch);
      const passwordHash = await hashPassword(body.new_password);
      const now = ctx.clock.now();
      await inScope(principal, async (tx) => {
        const current = await existing(tx, principal, id);
        // an admin setting its own password through this screen knows it as its own: no forced
        // change, and the session it works in stays (its other sessions end)
        const isSelf = current.id === principal.userId;
        await setPassword(tx, id, passwordHash, now, { forceChange: !isSelf, by: principal.email });
        await revokeUserSessions(tx, id, now, isSelf ? principal.sessionId : undefined);
        await audit(tx, { customerId: current.customer?.customer_id ?? null, actor: actorOf(principal), action: 'password', entity: 'user', entityId: id, detail: { by_admin: true } }, now);
      });
      await ctx.principals.evictUser(id);
      return { Message: MESSAGES.passwordUpdated };
    },
  };
}
