import { AUTH_MESSAGES } from '../entities/auth';
import { CUSTOMER_MESSAGES } from '../entities/customer';
import { USER_MESSAGES } from '../entities/user';
import { Role, isStaffRole, type RoleId } from '../roles/roles';
import { PASSWORD_MESSAGES } from './password';
import { parsePhone } from './phone';

/**
 * The refusals of the people screens, as plain functions: each answers the message the person
 * reads (spec wording where the spec has one, otherwise USER_MESSAGES / AUTH_MESSAGES) or null.
 * The server refuses with them (409, or 422 on a field where the rule belongs to one field); the
 * screens hide or disable with the same functions, so a button is never offered that the server
 * would refuse.
 *
 * Rules that need counts only the server knows (active Staff Roots) take them as an optional last
 * argument: a screen leaves it out and gets the rules it can decide; the server always passes it.
 */

/** The signed-in user who acts. */
export interface Actor {
  id: number;
  role: RoleId;
}

/** A user as the rules read it; a listed `User` fits. */
export interface UserFacts {
  id: number;
  status: 0 | 1;
  role: { rol_id: RoleId };
}

/** What an edit asks the user to become. */
export interface UserChange {
  rol_id: RoleId;
  status: 0 | 1;
}

/** Counts the server reads in the same transaction as the change. */
export interface StaffRootCount {
  /** active Staff Roots right now, the user being changed included when it is one */
  activeStaffRoots: number;
}

/** What sign-in needs to know of a user and its customer. */
export interface SignInFacts {
  status: number;
  customer_active: string;
  is_provider: boolean;
}

/**
 * Who may sign in (and keep a session, and reset a password): an active user of an active customer.
 * The provider organisation is always active (its deactivation is refused, see customerUpdateRefusal).
 */
export function signInRefusal(user: SignInFacts): string | null {
  if (user.status !== 1) return AUTH_MESSAGES.inactive;
  if (!user.is_provider && user.customer_active !== 'Y') return AUTH_MESSAGES.inactive;
  return null;
}

export const maySignIn = (user: SignInFacts): boolean => signInRefusal(user) === null;

export const isActiveStaffRoot = (user: UserFacts): boolean => user.role.rol_id === Role.StaffRoot && user.status === 1;

/**
 * The last active Staff Root stays: someone has to be able to run the provider. `next` is what an
 * edit asks for, null for a delete.
 */
export function lastStaffRootRefusal(
  current: UserFacts,
  next: UserChange | null,
  counts: StaffRootCount,
): string | null {
  if (!isActiveStaffRoot(current)) return null;
  if (next && next.rol_id === Role.StaffRoot && next.status === 1) return null;
  return counts.activeStaffRoots <= 1 ? USER_MESSAGES.lastStaffRoot : null;
}

/** A user delete: never oneself, never the last active Staff Root. */
export function userDeleteRefusal(actor: Actor, target: UserFacts, counts?: StaffRootCount): string | null {
  if (target.id === actor.id) return USER_MESSAGES.selfDelete;
  return counts ? lastStaffRootRefusal(target, null, counts) : null;
}

/** Whether an edit would take one's own role or activity away. */
export const isSelfDemotion = (actor: Actor, current: UserFacts, next: UserChange): boolean =>
  current.id === actor.id && (next.rol_id !== current.role.rol_id || next.status === 0);

/**
 * A user edit (the 409 refusals): no one demotes or deactivates itself, and the last active Staff
 * Root keeps its role and status. The e-mail lock is a rule of its own field: emailChangeRefusal.
 */
export function userUpdateRefusal(
  actor: Actor,
  current: UserFacts,
  next: UserChange,
  counts?: StaffRootCount,
): string | null {
  if (isSelfDemotion(actor, current, next)) return USER_MESSAGES.selfDemote;
  return counts ? lastStaffRootRefusal(current, next, counts) : null;
}

/** docs/product.md#user-lists and #validation-rules: the e-mail cannot be changed after creation (the same one in another case is no change). */
export function emailChangeRefusal(current: { email: string }, nextEmail: string | undefined | null): string | null {
  if (nextEmail == null) return null;
  return nextEmail.trim().toLowerCase() === current.email.trim().toLowerCase() ? null : USER_MESSAGES.emailLocked;
}

/**
 * The admin password change (docs/product.md#entities) is for other users. One's own password changes only through
 * the change-password flow, which asks for the current one.
 */
export function adminPasswordRefusal(actor: Actor, target: { id: number }): string | null {
  return target.id === actor.id ? USER_MESSAGES.ownPasswordElsewhere : null;
}

/** Two phones are the same number (E.164 or as typed; empty is no phone). */
export function isSamePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const normal = (phone: string | null | undefined) => {
    const text = phone?.trim() ?? '';
    if (!text) return null;
    const parsed = parsePhone(text);
    return 'e164' in parsed ? parsed.e164 : text;
  };
  return normal(a) === normal(b);
}

/**
 * Account security: changing one's own phone through a user form asks for the current password,
 * as a password change does (the e-mail is locked on edit, docs/product.md#user-lists). `nextPhone` undefined keeps
 * the phone.
 */
export function ownChangeNeedsPassword(
  actor: Pick<Actor, 'id'>,
  current: { id: number; phone: string | null },
  nextPhone: string | null | undefined,
): boolean {
  return current.id === actor.id && nextPhone !== undefined && !isSamePhone(current.phone, nextPhone);
}

/** docs/product.md#validation-rules 'Current Password is required' when an own phone change comes without it. */
export function currentPasswordRefusal(
  actor: Pick<Actor, 'id'>,
  current: { id: number; phone: string | null },
  next: { phone?: string | null; current_password?: string | null },
): string | null {
  if (!ownChangeNeedsPassword(actor, current, next.phone)) return null;
  return next.current_password ? null : PASSWORD_MESSAGES.currentRequired;
}

/** Where a user of a role belongs: staff roles in the provider organisation, customer roles in a customer. */
export type UserHome = 'provider' | 'customer';
export const homeOf = (role: RoleId): UserHome => (isStaffRole(role) ? 'provider' : 'customer');

/** A customer as the home rules read it. */
export interface CustomerPlace {
  customer_id: number;
  is_provider: boolean;
}

/**
 * The customer a new or moved user of `role` is put in. Staff users always go to the provider
 * organisation, whatever customer was named; customer users go to the customer named, which must
 * exist and not be the provider. `named`: undefined when none was named, null when the id named
 * matches no customer in reach.
 */
export function homeCustomerRefusal(role: RoleId, named: CustomerPlace | null | undefined): string | null {
  if (homeOf(role) === 'provider') return null;
  if (named === undefined) return USER_MESSAGES.customerRequired;
  // the provider is not offered as a customer (docs/product.md#roles-and-permissions not_root): it answers as one that does not exist
  if (named === null || named.is_provider) return CUSTOMER_MESSAGES.customerNotFound;
  return null;
}
