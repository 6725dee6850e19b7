import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  CUSTOMER_ROLES,
  MESSAGES,
  STAFF_ROLES,
  USER_MESSAGES,
  adminPasswordRefusal,
  currentPasswordRefusal,
  emailChangeRefusal,
  grantableRoles,
  homeCustomerRefusal,
  homeOf,
  isActiveStaffRoot,
  isSamePhone,
  ownChangeNeedsPassword,
  userDeleteRefusal,
  userUpdateRefusal,
  type AdminPasswordChange,
  type DisplayLanguage,
  type ListOf,
  type MessageAnswer,
  type PageQuery,
  type RoleId,
  type StaffRootCount,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import { hashPassword } from '../auth/passwords';
import { confirmCurrentPassword } from '../auth/current-password';
import { wakeOutbox, type AppContext } from '../context';
import { audit, type AuditEntry } from '../security/audit';
import {
  findCustomer,
  providerCustomer,
  countActiveStaffRoots,
  findUserInArea,
  insertUser,
  listUsers,
  setPassword,
  type UserArea,
  type UserListColumn,
} from './queries';
import { enqueue } from '../delivery/queries';
import type { DB } from '../db/schema';
import { revokeUserSessions } from '../auth/queries';
import { mailMessage, phoneChangedMail, phoneChangedSms } from '../delivery/templates';
import { HttpError, ValidationFailure } from '../http/errors';
import { securityEvent } from '../security/events';

type Tx = Transaction<DB>;

/**
 * The three user screens of docs/product.md#user-lists differ only in whom they reach and where new users go:
 * - Admin Users: staff users of the provider (roles 1-3);
 * - Customer Users: the users (roles 4-5) of every customer, seen by staff;
 * - Users: a Customer Root's own customer's users.
 */
export interface UserScreen {
  /** whether the screen manages staff or customer people (which roles it may grant) */
  kind: 'staff' | 'customer';
  area(principal: Principal): UserArea;
  /** docs/product.md#constants-and-limits: users by name; the staff and customer-user lists by id */
  defaultOrder: UserListColumn;
  /** the customer a new user of `role` joins; may raise a 422 on customer_id */
  customerForCreate(tx: Tx, principal: Principal, role: RoleId, requested: number | null | undefined): Promise<number>;
  /** the customer after an edit (only Customer Users may move a user to another customer) */
  customerForUpdate(
    tx: Tx,
    principal: Principal,
    role: RoleId,
    requested: number | null | undefined,
    current: number,
  ): Promise<number>;
}

/**
 * Where a user of `role` belongs (domain homeOf): staff users in the provider organisation, whatever
 * a body names; customer users in the customer named, which must exist and not be the provider.
 */
async function homeCustomer(tx: Tx, role: RoleId, requested: number | null | undefined): Promise<number> {
  if (homeOf(role) === 'provider') return (await providerCustomer(tx)).customer_id;
  const named = requested == null ? undefined : ((await findCustomer(tx, requested)) ?? null);
  const refusal = homeCustomerRefusal(role, named);
  if (refusal) throw ValidationFailure.field('customer_id', refusal);
  return named!.customer_id;
}

export const STAFF_USERS: UserScreen = {
  kind: 'staff',
  area: () => ({ roles: STAFF_ROLES }),
  defaultOrder: 'id',
  customerForCreate: (tx, _principal, role) => homeCustomer(tx, role, undefined),
  // the role stays a staff role (checkGrant): the user stays in the provider
  customerForUpdate: async (_tx, _principal, _role, _requested, current) => current,
};

export const CUSTOMER_USERS: UserScreen = {
  kind: 'customer',
  area: () => ({ roles: CUSTOMER_ROLES }),
  defaultOrder: 'id',
  customerForCreate: (tx, _principal, role, requested) => homeCustomer(tx, role, requested),
  customerForUpdate: (tx, _principal, role, requested, current) =>
    requested == null || requested === current ? Promise.resolve(current) : homeCustomer(tx, role, requested),
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
/** The audit log's entry about user `id` (of `customerId`), made by the signed-in person. */
function auditUser(
  tx: Tx,
  principal: Principal,
  customerId: number | null,
  id: number,
  entry: Pick<AuditEntry, 'action' | 'detail' | 'before' | 'after'>,
  now: Date,
) {
  return audit(tx, { customerId, actor: actorOf(principal), entity: 'user', entityId: id, ...entry }, now);
}
/** A user as the trail keeps it (docs/product.md#audit-trail): never the phone number itself. */
function trailedUser(user: User) {
  const { phone, ...rest } = user;
  return { ...rest, phone: phone ? 'set' : null };
}
/** The signed-in user as the domain's refusal rules read it. */
const actingUser = (principal: Principal) => ({ id: principal.userId, role: principal.role });
const notFound = () => new HttpError(404, USER_MESSAGES.notFound);

function checkGrant(principal: Principal, screen: UserScreen, role: RoleId): void {
  if (!grantableRoles(principal.role, screen.kind).includes(role))
    throw ValidationFailure.field('rol_id', USER_MESSAGES.roleNotAllowed);
}

/**
 * The active Staff Roots, counted with their rows locked, when a change of `user` could leave none
 * (only an active Staff Root's change can): two roots demoting each other at once must not both
 * pass. Other changes need no count, and a customer's scope cannot see staff rows anyway.
 */
async function staffRootCount(tx: Tx, user: User): Promise<StaffRootCount | undefined> {
  if (!isActiveStaffRoot(user)) return undefined;
  await tx.selectFrom('users').select('id').where('rol_id', '=', 1).where('status', '=', 1).forUpdate().execute();
  return { activeStaffRoots: await countActiveStaffRoots(tx) };
}

/** Create, read, update, delete and reset the password of the users of one screen. */
export function userService(ctx: AppContext, screen: UserScreen) {
  const inScope = <T>(principal: Principal, work: (tx: Tx) => Promise<T>) => ctx.database.scoped(principal.scope, work);

  async function existing(tx: Tx, principal: Principal, id: number): Promise<User> {
    const user = await findUserInArea(tx, screen.area(principal), id);
    if (!user) throw notFound();
    return user;
  }

  /**
   * Account security: one's own phone changes through a user form only with the current password
   * (as the change-password flow asks for it), tried against the same per-account limit. Checked
   * before the change's transaction, so the slow hash and the limit's own transaction stay out of
   * it. Answers whether the password was checked.
   */
  async function confirmOwnPhoneChange(principal: Principal, id: number, body: UserUpdate): Promise<boolean> {
    if (id !== principal.userId || body.phone === undefined) return false;
    const stored = await inScope(principal, (tx) => existing(tx, principal, id));
    if (!ownChangeNeedsPassword({ id: principal.userId }, stored, body.phone)) return false;
    const missing = currentPasswordRefusal({ id: principal.userId }, stored, body);
    if (missing) throw ValidationFailure.field('current_password', missing);
    await confirmCurrentPassword(ctx, principal.userId, body.current_password!);
    return true;
  }

  /**
   * The notices of an own phone change: an SMS to the old phone and an e-mail in the person's
   * language (docs/product.md#languages), sent only if the change commits.
   */
  async function queuePhoneNotices(
    tx: Tx,
    user: User,
    language: DisplayLanguage | null,
    removed: boolean,
    now: Date,
  ): Promise<void> {
    const change = randomUUID();
    const customerId = user.customer?.customer_id ?? null;
    if (user.phone)
      await enqueue(
        tx,
        {
          customerId,
          channel: 'sms',
          recipient: user.phone,
          body: phoneChangedSms(),
          idempotencyKey: `phone-changed:${change}:sms`,
        },
        now,
      );
    const mail = phoneChangedMail(user.name, { removed, at: now }, language ?? 'en');
    await enqueue(tx, mailMessage(user.email, mail, `phone-changed:${change}:email`, customerId), now);
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
        const customerId = await screen.customerForCreate(tx, principal, body.rol_id, body.customer_id);
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
            // created from a screen: active at once (status is hidden on create, docs/product.md#user-lists), and
            // asked to choose an own password at the first sign-in unless the body says not to
            status: 1,
            forceChangePassword: body.force_change_password,
            createdBy: principal.email,
          },
          now,
        );
        if (id === null) throw ValidationFailure.field('email', USER_MESSAGES.emailTaken);
        const saved = await existing(tx, principal, id);
        await auditUser(
          tx,
          principal,
          customerId,
          id,
          { action: 'create', detail: { email: body.email, rol_id: body.rol_id }, after: trailedUser(saved) },
          now,
        );
        return saved;
      });
    },

    async update(principal: Principal, id: number, body: UserUpdate): Promise<User> {
      checkGrant(principal, screen, body.rol_id);
      const passwordChecked = await confirmOwnPhoneChange(principal, id, body);
      const now = ctx.clock.now();
      const { updated, before } = await inScope(principal, async (tx) => {
        const current = await existing(tx, principal, id);
        const emailRefusal = emailChangeRefusal(current, body.email);
        if (emailRefusal) throw ValidationFailure.field('email', emailRefusal);
        const refusal = userUpdateRefusal(actingUser(principal), current, body, await staffRootCount(tx, current));
        if (refusal) throw new HttpError(409, refusal);
        // the phone changed again since the password was checked: ask for it with this one
        if (!passwordChecked && ownChangeNeedsPassword({ id: principal.userId }, current, body.phone)) {
          throw ValidationFailure.field(
            'current_password',
            currentPasswordRefusal({ id: principal.userId }, current, { phone: body.phone })!,
          );
        }
        const customerId = await screen.customerForUpdate(
          tx,
          principal,
          body.rol_id,
          body.customer_id,
          current.customer!.customer_id,
        );
        const phone = body.phone === undefined ? current.phone : body.phone;
        await tx
          .updateTable('users')
          .set({
            name: body.name,
            last_name: body.last_name,
            phone,
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
        const phoneChanged = !isSamePhone(current.phone, phone);
        const changes: Record<string, unknown> = {};
        if (current.name !== body.name) changes.name = body.name;
        if (current.last_name !== body.last_name) changes.last_name = body.last_name;
        if (current.status !== body.status) changes.status = body.status;
        if (current.role.rol_id !== body.rol_id) changes.rol_id = body.rol_id;
        if (current.customer?.customer_id !== customerId) changes.customer_id = customerId;
        // never the number itself in the audit log
        if (phoneChanged) changes.phone = phone ? 'changed' : 'removed';
        if (phoneChanged && passwordChecked) changes.confirmed_with_password = true;
        // the role stays within the screen (checkGrant) and Users keep their customer: still in reach
        const saved = await existing(tx, principal, id);
        await auditUser(
          tx,
          principal,
          customerId,
          id,
          { action: 'update', detail: changes, before: trailedUser(current), after: trailedUser(saved) },
          now,
        );
        // only one's own change is checked by password: the principal is the person told
        if (phoneChanged && passwordChecked)
          await queuePhoneNotices(tx, current, principal.user.language, phone === null, now);
        return { updated: saved, before: current };
      });
      await ctx.principals.evictUser(id);
      logUserChanges(ctx, principal, before, updated, passwordChecked);
      if (passwordChecked && !isSamePhone(before.phone, updated.phone)) await wakeOutbox(ctx);
      return updated;
    },

    async remove(principal: Principal, id: number): Promise<MessageAnswer> {
      const now = ctx.clock.now();
      await inScope(principal, async (tx) => {
        const current = await existing(tx, principal, id);
        const refusal = userDeleteRefusal(actingUser(principal), current, await staffRootCount(tx, current));
        if (refusal) throw new HttpError(409, refusal);
        await tx.deleteFrom('users').where('id', '=', id).execute();
        await auditUser(
          tx,
          principal,
          current.customer?.customer_id ?? null,
          id,
          { action: 'delete', detail: { email: current.email }, before: trailedUser(current) },
          now,
        );
      });
      await ctx.principals.evictUser(id);
      return { Message: MESSAGES.userDeleted };
    },

    /**
     * docs/product.md#entities: password change by an admin. The admin knows it: the user must choose a new one.
     * Never one's own (issue: account security): that goes through the change-password flow,
     * which asks for the current password.
     */
    async changePassword(principal: Principal, id: number, body: AdminPasswordChange): Promise<MessageAnswer> {
      // the body may repeat the id (docs/product.md#entities); one that names another user than the address is a mistake
      if (body.id !== undefined && body.id !== id) throw ValidationFailure.field('id', USER_MESSAGES.idMismatch);
      const refusal = adminPasswordRefusal(actingUser(principal), { id });
      if (refusal) throw new HttpError(409, refusal);
      const passwordHash = await hashPassword(body.new_password);
      const now = ctx.clock.now();
      await inScope(principal, async (tx) => {
        const current = await existing(tx, principal, id);
        await setPassword(tx, id, passwordHash, now, { forceChange: true, by: principal.email });
        await revokeUserSessions(tx, id, now);
        await auditUser(
          tx,
          principal,
          current.customer?.customer_id ?? null,
          id,
          { action: 'password', detail: { by_admin: true } },
          now,
        );
      });
      await ctx.principals.evictUser(id);
      securityEvent(ctx.log, 'password_changed', { userId: id, actorId: principal.userId, detail: { by_admin: true } });
      return { Message: MESSAGES.passwordUpdated };
    },
  };
}

/** The security log lines of an edit (ASVS V16): what changed, by whom, never a phone number. */
function logUserChanges(
  ctx: AppContext,
  principal: Principal,
  before: User,
  after: User,
  passwordChecked: boolean,
): void {
  const who = { userId: after.id, actorId: principal.userId };
  if (!isSamePhone(before.phone, after.phone)) {
    securityEvent(ctx.log, 'phone_changed', {
      ...who,
      detail: {
        own: after.id === principal.userId,
        removed: after.phone === null,
        confirmed_with_password: passwordChecked,
      },
    });
  }
  if (before.role.rol_id !== after.role.rol_id)
    securityEvent(ctx.log, 'role_changed', { ...who, detail: { from: before.role.rol_id, to: after.role.rol_id } });
  if (before.status !== after.status)
    securityEvent(ctx.log, 'status_changed', { ...who, detail: { from: before.status, to: after.status } });
}
