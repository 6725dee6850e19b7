import * as v from 'valibot';
import { emailField, form, idField, mustBeTrueOrFalse, passwordInput, requiredText, MAX_TEXT } from '../rules/fields';
import { PASSWORD_MESSAGES, confirmPassword, withConfirmation, newPassword } from '../rules/password';
import { phoneField } from '../rules/phone';
import { ALL_ROLES, type RoleId } from '../roles/roles';
import type { DisplayLanguage } from '../i18n/language';

export interface RoleRef {
  rol_id: RoleId;
  rol_name: string;
}

export interface CustomerRef {
  customer_id: number;
  customer_name: string;
}

/** docs/product.md#sign-in-sessions-and-secrets user (plus id of the customer, the phone and the admin flag). */
export interface SessionUser {
  id: number;
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: RoleRef;
  is_admin: boolean;
  force_change_password: boolean;
  customer: { customer_id: number; customer_name: string; customer_qty_resources: number } | null;
  /** the language the user chose (docs/product.md#languages); null follows the browser */
  language: DisplayLanguage | null;
}

/** docs/product.md#user, as listed and edited (never with a password). */
export interface User {
  id: number;
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: 0 | 1;
  role: RoleRef;
  customer: CustomerRef | null;
  is_admin: boolean;
  force_change_password: boolean;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string | null;
}

export const USER_MESSAGES = {
  nameRequired: 'Name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailTaken: 'A user with this email already exists',
  roleRequired: 'Role is required',
  roleNotAllowed: 'You cannot grant this role',
  customerRequired: 'Customer is required',
  statusRequired: 'Status must be 1 (active) or 0 (inactive)',
  emailLocked: 'The email cannot be changed',
  notFound: 'User not found',
  selfDelete: 'You cannot delete your own user',
  selfDemote: 'You cannot deactivate your own user or change its role',
  lastStaffRoot: 'The last active Staff Root cannot be removed, demoted or deactivated',
  idMismatch: 'The id does not match the user being changed',
  ownPasswordElsewhere:
    'You cannot change your own password here. Use Password in the settings menu, where your current password is asked for.',
} as const;

// builders rather than shared constants: module-level calls through the valibot namespace would
// stay in every bundle that imports this file, phone metadata included
/* @__NO_SIDE_EFFECTS__ */
const roleField = () =>
  v.pipe(
    idField(USER_MESSAGES.roleRequired),
    v.check((value) => (ALL_ROLES as readonly number[]).includes(value), USER_MESSAGES.roleRequired),
    v.transform((value) => value as RoleId),
  );
/* @__NO_SIDE_EFFECTS__ */
const statusField = () =>
  v.pipe(
    v.union([v.literal(0), v.literal(1), v.literal('0'), v.literal('1')], USER_MESSAGES.statusRequired),
    v.transform((value) => (Number(value) === 1 ? 1 : 0) as 0 | 1),
  );

/* @__NO_SIDE_EFFECTS__ */
const personEntries = () => ({
  name: requiredText(USER_MESSAGES.nameRequired, MAX_TEXT),
  last_name: requiredText(USER_MESSAGES.lastNameRequired, MAX_TEXT),
  phone: v.optional(v.nullable(phoneField())),
});

/** Create a user (all three user screens). Staff creation sends rol_id; customer ones a customer id. */
export const UserCreateSchema = /* @__PURE__ */ (() =>
  withConfirmation(
    form({
      ...personEntries(),
      email: emailField(USER_MESSAGES.emailRequired),
      password: newPassword(PASSWORD_MESSAGES.passwordRequired),
      confirm_password: confirmPassword(),
      rol_id: roleField(),
      customer_id: v.optional(v.nullable(idField(USER_MESSAGES.customerRequired))),
      force_change_password: v.optional(v.boolean(mustBeTrueOrFalse), true),
    }),
    'password',
    'confirm_password',
  ))();
export type UserCreate = v.InferOutput<typeof UserCreateSchema>;

/**
 * Edit a user: e-mail cannot be changed (docs/product.md#user-lists), status may. `current_password` is the
 * signed-in user's own password, asked for when it changes its own phone through a user form
 * (issue: account security; see `ownChangeNeedsPassword`).
 */
export const UserUpdateSchema = /* @__PURE__ */ (() =>
  form({
    ...personEntries(),
    email: v.optional(emailField(USER_MESSAGES.emailRequired)),
    status: statusField(),
    rol_id: roleField(),
    customer_id: v.optional(v.nullable(idField(USER_MESSAGES.customerRequired))),
    force_change_password: v.optional(v.boolean(mustBeTrueOrFalse)),
    current_password: v.optional(passwordInput(PASSWORD_MESSAGES.currentRequired)),
  }))();
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/** Password change by an admin (docs/product.md#entities): id, new_password, confirm_password. */
export const AdminPasswordChangeSchema = withConfirmation(
  form({
    id: v.optional(idField()),
    new_password: newPassword(),
    confirm_password: confirmPassword(),
  }),
  'new_password',
  'confirm_password',
);
export type AdminPasswordChange = v.InferOutput<typeof AdminPasswordChangeSchema>;
