import type { Customer, Option } from '../entities/customer';
import { USER_MESSAGES, UserCreateSchema, UserUpdateSchema, type User } from '../entities/user';
import { grantableRoles } from '../roles/permissions';
import { ALL_ROLES, ROLE_LABELS, STAFF_ROLES, type RoleId } from '../roles/roles';
import { USER_STATUS_LABELS } from './status';
import { currentPasswordRefusal, ownChangeNeedsPassword, userUpdateRefusal, type UserFacts } from './user-refusals';
import { formErrors } from './validation';

/**
 * The three user screens of docs/product.md#user-lists, named like their endpoint groups and permissions:
 * Admin Users (staff users), Customer Users (every customer's users, seen by staff) and Users (a
 * Customer Root's own customer's users).
 */
export type UserScreen = 'staffUsers' | 'customerUsers' | 'ownUsers';
export const USER_SCREENS: readonly UserScreen[] = ['staffUsers', 'customerUsers', 'ownUsers'];

/** Whether a screen manages staff people or customer people (which roles it may grant). */
export const userScreenTarget = (screen: UserScreen): 'staff' | 'customer' =>
  screen === 'staffUsers' ? 'staff' : 'customer';

export type UserFormMode = 'create' | 'edit';

/** What the user modal is for: which screen, create or edit, and who is signed in. */
export interface UserFormSetup {
  screen: UserScreen;
  mode: UserFormMode;
  /** the signed-in user's role: it decides which roles may be chosen */
  actor: RoleId;
  /** the signed-in user's id: editing one's own row keeps its role and status and asks for the password on a phone change */
  actorId?: number;
  /** on edit, the user as stored (its phone, role and status before the edit) */
  stored?: UserFacts & { phone: string | null };
}

/** The values of the user modal as typed (the wire body is made from them by `userFormBody`). */
export interface UserFormValues {
  name: string;
  last_name: string;
  email: string;
  /** E.164 or '' */
  phone: string;
  password: string;
  confirm_password: string;
  rol_id: RoleId | null;
  customer_id: number | null;
  /** docs/product.md#states-and-transitions: 1 active, 0 inactive */
  status: 0 | 1;
  /** one's own password, asked for when changing one's own phone (see `asksCurrentPassword`) */
  current_password: string;
}
export type UserFormField = keyof UserFormValues;

export const ROLE_PLACEHOLDER = 'Select Role';
export const CUSTOMER_PLACEHOLDER = 'Select Customer';

export interface RoleOption extends Option<RoleId> {
  disabled?: boolean;
}

export function emptyUserForm(): UserFormValues {
  return {
    name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    confirm_password: '',
    rol_id: null,
    customer_id: null,
    status: 1,
    current_password: '',
  };
}

/** The modal's values for editing `user` (no password: it is changed apart, docs/product.md#user-lists). */
export function userFormFromUser(user: User): UserFormValues {
  return {
    name: user.name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone ?? '',
    password: '',
    confirm_password: '',
    rol_id: user.role.rol_id,
    customer_id: user.customer?.customer_id ?? null,
    status: user.status,
    current_password: '',
  };
}

/** Whether the modal edits the signed-in user's own row. */
export const isOwnRow = (setup: Pick<UserFormSetup, 'mode' | 'actorId' | 'stored'>): boolean =>
  setup.mode === 'edit' && setup.stored !== undefined && setup.actorId === setup.stored.id;

/**
 * Account security: the current password is asked for when one edits one's own row and the phone
 * differs from the stored one (the e-mail is locked on edit, docs/product.md#user-lists).
 */
export function asksCurrentPassword(
  values: Pick<UserFormValues, 'phone'>,
  setup: Pick<UserFormSetup, 'mode' | 'actorId' | 'stored'>,
): boolean {
  if (!isOwnRow(setup)) return false;
  return ownChangeNeedsPassword({ id: setup.actorId! }, setup.stored!, values.phone);
}

/** Which fields the modal shows, and how. */
export interface UserFormLayout {
  /** docs/product.md#user-lists and #validation-rules: the e-mail cannot be edited after creation */
  emailLocked: boolean;
  /** a new user gets a password; an existing one changes it through its own action */
  hasPassword: boolean;
  /** docs/product.md#states-and-transitions: the status field is hidden on create */
  hasStatus: boolean;
  /** only Customer Users choose a customer (Users stay in their own, staff in the provider) */
  hasCustomer: boolean;
  /** one's own row: no one demotes or deactivates itself, so role and status cannot be changed */
  roleAndStatusLocked: boolean;
  /** one's own phone changed: the current password is asked for */
  hasCurrentPassword: boolean;
}

export function userFormLayout(
  setup: Pick<UserFormSetup, 'screen' | 'mode' | 'actorId' | 'stored'>,
  values?: Pick<UserFormValues, 'phone'>,
): UserFormLayout {
  const { screen, mode } = setup;
  return {
    emailLocked: mode === 'edit',
    hasPassword: mode === 'create',
    hasStatus: mode === 'edit',
    hasCustomer: screen === 'customerUsers',
    roleAndStatusLocked: isOwnRow(setup),
    hasCurrentPassword: values ? asksCurrentPassword(values, setup) : false,
  };
}

/** The fields the modal shows, in order: a failed save's message for any other field is not shown on the form. */
export function userFormFields(
  setup: Pick<UserFormSetup, 'screen' | 'mode' | 'actorId' | 'stored'>,
  values?: Pick<UserFormValues, 'phone'>,
): UserFormField[] {
  const layout = userFormLayout(setup, values);
  return [
    'name',
    'last_name',
    'email',
    'phone',
    ...(layout.hasCurrentPassword ? (['current_password'] as const) : []),
    ...(layout.hasPassword ? (['password', 'confirm_password'] as const) : []),
    'rol_id',
    ...(layout.hasCustomer ? (['customer_id'] as const) : []),
    ...(layout.hasStatus ? (['status'] as const) : []),
  ];
}

/**
 * docs/product.md#user-lists role dropdown: 'Select Role' first (value null); the staff modal offers the staff roles,
 * the customer-user modals list the staff roles disabled and the customer roles. A role the signed-in
 * user may not grant (docs/product.md#roles-and-permissions, as the server checks) is disabled too.
 */
export function roleOptions(actor: RoleId, screen: UserScreen): RoleOption[] {
  const target = userScreenTarget(screen);
  const grantable = grantableRoles(actor, target);
  const listed = target === 'staff' ? STAFF_ROLES : ALL_ROLES;
  return [
    { value: null, text: ROLE_PLACEHOLDER },
    ...listed.map((role) => ({ value: role, text: ROLE_LABELS[role], disabled: !grantable.includes(role) })),
  ];
}

/** docs/product.md#entities option list of customers, placeholder first. */
export function customerOptions(
  customers: readonly Pick<Customer, 'customer_id' | 'customer_name'>[],
): Option<number>[] {
  return [
    { value: null, text: CUSTOMER_PLACEHOLDER },
    ...customers.map((customer) => ({ value: customer.customer_id, text: customer.customer_name })),
  ];
}

/** The create body (POST), as UserCreateSchema reads it. */
export interface UserCreateBody {
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password: string;
  confirm_password: string;
  rol_id: number | null;
  customer_id?: number | null;
}

/** The edit body (PUT), as UserUpdateSchema reads it: no e-mail, no new password. */
export interface UserUpdateBody {
  name: string;
  last_name: string;
  phone: string | null;
  status: 0 | 1;
  rol_id: number | null;
  customer_id?: number | null;
  /** only when one changes one's own phone */
  current_password?: string;
}

/**
 * The body the screen sends. Staff users join the provider and Users their own customer: the server
 * decides, so only Customer Users send a customer (docs/product.md#entities: customer user edit sends a customer id).
 */
export function userFormBody(
  values: UserFormValues,
  setup: Pick<UserFormSetup, 'screen' | 'mode' | 'actorId' | 'stored'>,
): UserCreateBody | UserUpdateBody {
  const layout = userFormLayout(setup, values);
  const common = {
    name: values.name,
    last_name: values.last_name,
    phone: values.phone.trim() ? values.phone : null,
    rol_id: values.rol_id,
    ...(layout.hasCustomer ? { customer_id: values.customer_id } : {}),
  };
  if (setup.mode === 'create')
    return { ...common, email: values.email, password: values.password, confirm_password: values.confirm_password };
  return {
    ...common,
    status: values.status,
    ...(layout.hasCurrentPassword ? { current_password: values.current_password } : {}),
  };
}

/**
 * Every failed rule per field, checked on every input: the schema the server applies to the body
 * (docs/product.md#validation-rules password rules and messages included), plus what the modal knows the server will refuse:
 * a customer must be chosen on Customer Users, a role must be one the user may grant, one's own
 * role and status stay, and one's own phone change needs the current password.
 */
export function userFormErrors(values: UserFormValues, setup: UserFormSetup): Partial<Record<UserFormField, string[]>> {
  const body = userFormBody(values, setup);
  const errors: Partial<Record<UserFormField, string[]>> = formErrors(
    setup.mode === 'create' ? UserCreateSchema : UserUpdateSchema,
    body,
  );
  if (userFormLayout(setup).hasCustomer && values.customer_id == null)
    errors.customer_id = [USER_MESSAGES.customerRequired];
  if (
    values.rol_id != null &&
    !errors.rol_id &&
    !grantableRoles(setup.actor, userScreenTarget(setup.screen)).includes(values.rol_id)
  ) {
    errors.rol_id = [USER_MESSAGES.roleNotAllowed];
  }
  if (isOwnRow(setup) && values.rol_id != null) {
    const actor = { id: setup.actorId!, role: setup.actor };
    const stored = setup.stored!;
    const roleRefusal = userUpdateRefusal(actor, stored, { rol_id: values.rol_id, status: stored.status });
    if (roleRefusal && !errors.rol_id) errors.rol_id = [roleRefusal];
    const statusRefusal = userUpdateRefusal(actor, stored, { rol_id: stored.role.rol_id, status: values.status });
    if (statusRefusal && !errors.status) errors.status = [statusRefusal];
  }
  if (isOwnRow(setup)) {
    const missing = currentPasswordRefusal({ id: setup.actorId! }, setup.stored!, {
      phone: values.phone,
      current_password: values.current_password,
    });
    if (missing) errors.current_password = [missing];
  }
  return errors;
}

export const isUserFormValid = (values: UserFormValues, setup: UserFormSetup): boolean =>
  Object.keys(userFormErrors(values, setup)).length === 0;

/** docs/product.md#states-and-transitions: users are 1 (ACTIVE) or 0 (INACTIVE). */
export const userStatusLabel = (status: 0 | 1): 'ACTIVE' | 'INACTIVE' => USER_STATUS_LABELS[status];

/** The status dropdown of the edit modal (docs/product.md#states-and-transitions: shown only on edit). */
export const USER_STATUS_OPTIONS: readonly { value: 0 | 1; text: 'ACTIVE' | 'INACTIVE' }[] = [
  { value: 1, text: USER_STATUS_LABELS[1] },
  { value: 0, text: USER_STATUS_LABELS[0] },
];
