import type { Customer, Option } from '../entities/customer';
import { USER_MESSAGES, UserCreateSchema, UserUpdateSchema, type User } from '../entities/user';
import { grantableRoles } from '../roles/permissions';
import { ALL_ROLES, ROLE_LABELS, STAFF_ROLES, type RoleId } from '../roles/roles';
import { formErrors } from './validation';

/**
 * The three user screens of spec 2.10, named like their endpoint groups and permissions:
 * Admin Users (staff users), Customer Users (every customer's users, seen by staff) and Users (a
 * Customer Root's own customer's users).
 */
export type UserScreen = 'staffUsers' | 'customerUsers' | 'ownUsers';
export const USER_SCREENS: readonly UserScreen[] = ['staffUsers', 'customerUsers', 'ownUsers'];

/** Whether a screen manages staff people or customer people (which roles it may grant). */
export const userScreenTarget = (screen: UserScreen): 'staff' | 'customer' => (screen === 'staffUsers' ? 'staff' : 'customer');

export type UserFormMode = 'create' | 'edit';

/** What the user modal is for: which screen, create or edit, and who is signed in. */
export interface UserFormSetup {
  screen: UserScreen;
  mode: UserFormMode;
  /** the signed-in user's role: it decides which roles may be chosen */
  actor: RoleId;
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
  /** spec 4: 1 active, 0 inactive */
  status: 0 | 1;
}
export type UserFormField = keyof UserFormValues;

export const ROLE_PLACEHOLDER = 'Select Role';
export const CUSTOMER_PLACEHOLDER = 'Select Customer';

export interface RoleOption extends Option<RoleId> {
  disabled?: boolean;
}

export function emptyUserForm(): UserFormValues {
  return { name: '', last_name: '', email: '', phone: '', password: '', confirm_password: '', rol_id: null, customer_id: null, status: 1 };
}

/** The modal's values for editing `user` (no password: it is changed apart, spec 2.10). */
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
  };
}

/** Which fields the modal shows, and how. */
export interface UserFormLayout {
  /** spec 2.10 and 5: the e-mail cannot be edited after creation */
  emailLocked: boolean;
  /** a new user gets a password; an existing one changes it through its own action */
  hasPassword: boolean;
  /** spec 4: the status field is hidden on create */
  hasStatus: boolean;
  /** only Customer Users choose a customer (Users stay in their own, staff in the provider) */
  hasCustomer: boolean;
}

export function userFormLayout(screen: UserScreen, mode: UserFormMode): UserFormLayout {
  return { emailLocked: mode === 'edit', hasPassword: mode === 'create', hasStatus: mode === 'edit', hasCustomer: screen === 'customerUsers' };
}

/** The fields the modal shows, in order: a failed save's message for any other field is not shown on the form. */
export function userFormFields(screen: UserScreen, mode: UserFormMode): UserFormField[] {
  const layout = userFormLayout(screen, mode);
  return [
    'name',
    'last_name',
    'email',
    'phone',
    ...(layout.hasPassword ? (['password', 'confirm_password'] as const) : []),
    'rol_id',
    ...(layout.hasCustomer ? (['customer_id'] as const) : []),
    ...(layout.hasStatus ? (['status'] as const) : []),
  ];
}

/**
 * spec 2.10 role dropdown: 'Select Role' first (value null); the staff modal offers the staff roles,
 * the customer-user modals list the staff roles disabled and the customer roles. A role the signed-in
 * user may not grant (spec 6, as the server checks) is disabled too.
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

/** spec 3 option list of customers, placeholder first. */
export function customerOptions(customers: readonly Pick<Customer, 'customer_id' | 'customer_name'>[]): Option<number>[] {
  return [{ value: null, text: CUSTOMER_PLACEHOLDER }, ...customers.map((customer) => ({ value: customer.customer_id, text: customer.customer_name }))];
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

/** The edit body (PUT), as UserUpdateSchema reads it: no e-mail, no password. */
export interface UserUpdateBody {
  name: string;
  last_name: string;
  phone: string | null;
  status: 0 | 1;
  rol_id: number | null;
  customer_id?: number | null;
}

/**
 * The body the screen sends. Staff users join the provider and Users their own customer: the server
 * decides, so only Customer Users send a customer (spec 3: customer user edit sends a customer id).
 */
export function userFormBody(values: UserFormValues, setup: Pick<UserFormSetup, 'screen' | 'mode'>): UserCreateBody | UserUpdateBody {
  const layout = userFormLayout(setup.screen, setup.mode);
  const common = {
    name: values.name,
    last_name: values.last_name,
    phone: values.phone.trim() ? values.phone : null,
    rol_id: values.rol_id,
    ...(layout.hasCustomer ? { customer_id: values.customer_id } : {}),
  };
  if (setup.mode === 'create') return { ...common, email: values.email, password: values.password, confirm_password: values.confirm_password };
  return { ...common, status: values.status };
}

/**
 * Every failed rule per field, checked on every input: the schema the server applies to the body
 * (spec 5 password rules and messages included), plus what the modal knows the server will refuse:
 * a customer must be chosen on Customer Users, and a role must be one the user may grant.
 */
export function userFormErrors(values: UserFormValues, setup: UserFormSetup): Partial<Record<UserFormField, string[]>> {
  const body = userFormBody(values, setup);
  const errors: Partial<Record<UserFormField, string[]>> = formErrors(setup.mode === 'create' ? UserCreateSchema : UserUpdateSchema, body);
  if (userFormLayout(setup.screen, setup.mode).hasCustomer && values.customer_id == null) errors.customer_id = [USER_MESSAGES.customerRequired];
  if (values.rol_id != null && !errors.rol_id && !grantableRoles(setup.actor, userScreenTarget(setup.screen)).includes(values.rol_id)) {
    errors.rol_id = [USER_MESSAGES.roleNotAllowed];
  }
  return errors;
}

export const isUserFormValid = (values: UserFormValues, setup: UserFormSetup): boolean => Object.keys(userFormErrors(values, setup)).length === 0;

/** spec 4: users are 1 (ACTIVE) or 0 (INACTIVE). */
export const userStatusLabel = (status: 0 | 1): 'ACTIVE' | 'INACTIVE' => (status === 1 ? 'ACTIVE' : 'INACTIVE');

/** The status dropdown of the edit modal (spec 4: shown only on edit). */
export const USER_STATUS_OPTIONS: readonly { value: 0 | 1; text: 'ACTIVE' | 'INACTIVE' }[] = [
  { value: 1, text: 'ACTIVE' },
  { value: 0, text: 'INACTIVE' },
];
