import { describe, expect, it } from 'vitest';
import type { User } from '../entities/user';
import { Role } from '../roles/roles';
import { listDate } from './dates';
import {
  customerOptions,
  emptyUserForm,
  isUserFormValid,
  roleOptions,
  userFormBody,
  userFormErrors,
  userFormFields,
  userFormFromUser,
  userFormLayout,
  userStatusLabel,
  asksCurrentPassword,
  isOwnRow,
  type UserFormSetup,
  type UserFormValues,
} from './user-form';

const staffCreate: UserFormSetup = { screen: 'staffUsers', mode: 'create', actor: Role.StaffRoot };
const customerCreate: UserFormSetup = { screen: 'customerUsers', mode: 'create', actor: Role.StaffRoot };
const ownCreate: UserFormSetup = { screen: 'ownUsers', mode: 'create', actor: Role.CustomerRoot };

const filled = (overrides: Partial<UserFormValues> = {}): UserFormValues => ({
  ...emptyUserForm(),
  name: 'Elena',
  last_name: 'Ruiz',
  email: 'elena.ruiz@example.test',
  password: 'Strong.Pass1',
  confirm_password: 'Strong.Pass1',
  rol_id: Role.StaffEdit,
  ...overrides,
});

const existing: User = {
  id: 7,
  name: 'Ana',
  last_name: 'Torres',
  email: 'user@democompany.demo',
  phone: null,
  status: 0,
  role: { rol_id: 5, rol_name: 'Customer' },
  customer: { customer_id: 2, customer_name: 'Demo Company' },
  is_admin: false,
  force_change_password: false,
  created_by: 'system',
  updated_by: null,
  created_at: '2026-03-04T12:00:00.000Z',
  updated_at: null,
};

describe('user modal layout (docs/product.md#user-lists, #states-and-transitions)', () => {
  it('locks the e-mail and hides the password on edit, and shows the status only on edit', () => {
    expect(userFormLayout({ screen: 'staffUsers', mode: 'create' })).toEqual({
      emailLocked: false,
      hasPassword: true,
      hasStatus: false,
      hasCustomer: false,
      roleAndStatusLocked: false,
      hasCurrentPassword: false,
    });
    expect(userFormLayout({ screen: 'staffUsers', mode: 'edit' })).toEqual({
      emailLocked: true,
      hasPassword: false,
      hasStatus: true,
      hasCustomer: false,
      roleAndStatusLocked: false,
      hasCurrentPassword: false,
    });
  });

  it.each([
    ['staffUsers', 'create', 'name last_name email phone password confirm_password rol_id'],
    ['customerUsers', 'create', 'name last_name email phone password confirm_password rol_id customer_id'],
    ['customerUsers', 'edit', 'name last_name email phone rol_id customer_id status'],
    ['ownUsers', 'edit', 'name last_name email phone rol_id status'],
  ] as const)('lists the fields the %s %s modal shows', (screen, mode, fields) => {
    expect(userFormFields({ screen, mode })).toEqual(fields.split(' '));
  });

  it('asks for a customer on Customer Users only', () => {
    expect(userFormLayout({ screen: 'customerUsers', mode: 'create' }).hasCustomer).toBe(true);
    expect(userFormLayout({ screen: 'customerUsers', mode: 'edit' }).hasCustomer).toBe(true);
    expect(userFormLayout({ screen: 'ownUsers', mode: 'create' }).hasCustomer).toBe(false);
  });

  it('starts a new user active with no role chosen, and fills an edit from the user without its password', () => {
    expect(emptyUserForm()).toMatchObject({
      rol_id: null,
      customer_id: null,
      status: 1,
      password: '',
      current_password: '',
    });
    expect(userFormFromUser(existing)).toEqual({
      name: 'Ana',
      last_name: 'Torres',
      email: 'user@democompany.demo',
      phone: '',
      password: '',
      confirm_password: '',
      rol_id: 5,
      customer_id: 2,
      status: 0,
      current_password: '',
    });
  });
});

describe('role dropdown (docs/product.md#user-lists, #roles-and-permissions)', () => {
  it('offers Select Role, Staff Root, Staff Edit and Staff View in the staff modal', () => {
    expect(roleOptions(Role.StaffRoot, 'staffUsers')).toEqual([
      { value: null, text: 'Select Role' },
      { value: 1, text: 'Staff Root', disabled: false },
      { value: 2, text: 'Staff Edit', disabled: false },
      { value: 3, text: 'Staff View', disabled: false },
    ]);
  });

  it('lists the staff roles disabled in the customer-user modals, only Customer Root and Customer selectable', () => {
    for (const [actor, screen] of [
      [Role.StaffRoot, 'customerUsers'],
      [Role.StaffEdit, 'customerUsers'],
      [Role.CustomerRoot, 'ownUsers'],
    ] as const) {
      expect(roleOptions(actor, screen)).toEqual([
        { value: null, text: 'Select Role' },
        { value: 1, text: 'Staff Root', disabled: true },
        { value: 2, text: 'Staff Edit', disabled: true },
        { value: 3, text: 'Staff View', disabled: true },
        { value: 4, text: 'Customer Root', disabled: false },
        { value: 5, text: 'Customer', disabled: false },
      ]);
    }
  });

  it('disables every role for a role that may grant none', () => {
    expect(
      roleOptions(Role.StaffView, 'customerUsers').filter((option) => option.value !== null && !option.disabled),
    ).toEqual([]);
    expect(
      roleOptions(Role.StaffEdit, 'staffUsers').filter((option) => option.value !== null && !option.disabled),
    ).toEqual([]);
  });

  it('lists customers after a Select Customer placeholder', () => {
    expect(customerOptions([{ customer_id: 2, customer_name: 'Demo Company' }])).toEqual([
      { value: null, text: 'Select Customer' },
      { value: 2, text: 'Demo Company' },
    ]);
  });
});

describe('user modal rules (docs/product.md#validation-rules)', () => {
  it('gives every empty required field of a create its own message', () => {
    expect(userFormErrors(emptyUserForm(), staffCreate)).toEqual({
      name: ['Name is required'],
      last_name: ['Last name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      confirm_password: ['Confirming your password is required'],
      rol_id: ['Role is required'],
    });
    expect(userFormErrors(emptyUserForm(), customerCreate).customer_id).toEqual(['Customer is required']);
    expect(userFormErrors(emptyUserForm(), ownCreate)).not.toHaveProperty('customer_id');
  });

  it('checks the e-mail and each password rule with the spec messages', () => {
    expect(userFormErrors(filled({ email: 'not-an-email' }), staffCreate)).toEqual({
      email: ['Must be a valid email address'],
    });
    const rules = (password: string) =>
      userFormErrors(filled({ password, confirm_password: password }), staffCreate).password;
    expect(rules('Ab1!')).toEqual(['Password must be at least 8 characters long']);
    expect(rules('abcdef1!')).toEqual(['Password must contain at least one uppercase letter']);
    expect(rules('ABCDEF1!')).toEqual(['Password must contain at least one lowercase letter']);
    expect(rules('Abcdefg!')).toEqual(['Password must contain at least one number']);
    expect(rules('Abcdefg1')).toEqual(['Password must contain at least one special character']);
    expect(userFormErrors(filled({ confirm_password: 'Strong.Pass2' }), staffCreate)).toEqual({
      confirm_password: ['Passwords do not match'],
    });
  });

  it('says the passwords differ while the role is not chosen yet', () => {
    expect(userFormErrors(filled({ rol_id: null, confirm_password: 'Strong.Pass2' }), staffCreate)).toEqual({
      rol_id: ['Role is required'],
      confirm_password: ['Passwords do not match'],
    });
  });

  it('takes an optional phone, refusing one that is not a supported number', () => {
    expect(isUserFormValid(filled({ phone: '' }), staffCreate)).toBe(true);
    expect(isUserFormValid(filled({ phone: '+17875550123' }), staffCreate)).toBe(true);
    expect(userFormErrors(filled({ phone: '+4420' }), staffCreate).phone).toHaveLength(1);
  });

  it('refuses a role the signed-in user cannot grant, as the server does', () => {
    expect(userFormErrors(filled({ rol_id: Role.StaffRoot, customer_id: 2 }), customerCreate)).toEqual({
      rol_id: ['You cannot grant this role'],
    });
    expect(userFormErrors(filled({ rol_id: Role.Customer }), staffCreate)).toEqual({
      rol_id: ['You cannot grant this role'],
    });
    expect(userFormErrors(filled({ rol_id: Role.Customer }), { ...ownCreate, actor: Role.Customer })).toEqual({
      rol_id: ['You cannot grant this role'],
    });
    expect(isUserFormValid(filled({ rol_id: Role.CustomerRoot }), ownCreate)).toBe(true);
  });

  it('edits without e-mail and password rules', () => {
    const edit: UserFormSetup = { screen: 'customerUsers', mode: 'edit', actor: Role.StaffRoot };
    const values = userFormFromUser(existing);
    expect(userFormErrors(values, edit)).toEqual({});
    expect(userFormErrors({ ...values, name: '  ' }, edit)).toEqual({ name: ['Name is required'] });
    expect(userFormErrors({ ...values, customer_id: null }, edit)).toEqual({ customer_id: ['Customer is required'] });
  });
});

describe("one's own row in the user modal (issue: account security, no self demotion)", () => {
  const me: User = {
    ...existing,
    id: 40,
    phone: '+17875550123',
    status: 1,
    role: { rol_id: 4, rol_name: 'CustomerRoot' },
  };
  const ownEdit: UserFormSetup = {
    screen: 'ownUsers',
    mode: 'edit',
    actor: Role.CustomerRoot,
    actorId: me.id,
    stored: me,
  };
  const mine = userFormFromUser(me);

  it("locks role and status on one's own row only", () => {
    expect(isOwnRow(ownEdit)).toBe(true);
    expect(userFormLayout(ownEdit).roleAndStatusLocked).toBe(true);
    expect(isOwnRow({ ...ownEdit, actorId: 41 })).toBe(false);
    expect(isOwnRow({ ...ownEdit, mode: 'create' })).toBe(false);
    expect(isOwnRow({ mode: 'edit' })).toBe(false);
  });

  it("refuses demoting or deactivating oneself with the server's message", () => {
    expect(userFormErrors(mine, ownEdit)).toEqual({});
    expect(userFormErrors({ ...mine, rol_id: Role.Customer }, ownEdit)).toEqual({
      rol_id: ['You cannot deactivate your own user or change its role'],
    });
    expect(userFormErrors({ ...mine, status: 0 }, ownEdit)).toEqual({
      status: ['You cannot deactivate your own user or change its role'],
    });
    // another user's row may be demoted and deactivated
    expect(userFormErrors({ ...mine, rol_id: Role.Customer, status: 0 }, { ...ownEdit, actorId: 41 })).toEqual({});
  });

  it("asks for the current password only when one's own phone changes, and sends it then", () => {
    expect(asksCurrentPassword(mine, ownEdit)).toBe(false);
    // the same number typed another way is no change
    expect(asksCurrentPassword({ phone: '+1 787 555 0123' }, ownEdit)).toBe(false);
    expect(asksCurrentPassword({ phone: '+17875550199' }, ownEdit)).toBe(true);
    expect(asksCurrentPassword({ phone: '' }, ownEdit)).toBe(true);
    expect(asksCurrentPassword({ phone: '+17875550199' }, { ...ownEdit, actorId: 41 })).toBe(false);

    const changed = { ...mine, phone: '+17875550199' };
    expect(userFormErrors(changed, ownEdit)).toEqual({ current_password: ['Current Password is required'] });
    expect(userFormFields(ownEdit, changed)).toEqual([
      'name',
      'last_name',
      'email',
      'phone',
      'current_password',
      'rol_id',
      'status',
    ]);
    expect(userFormFields(ownEdit, mine)).not.toContain('current_password');
    const withPassword = { ...changed, current_password: 'Mine.Pass1' };
    expect(userFormErrors(withPassword, ownEdit)).toEqual({});
    expect(userFormBody(withPassword, ownEdit)).toEqual({
      name: 'Ana',
      last_name: 'Torres',
      phone: '+17875550199',
      status: 1,
      rol_id: 4,
      current_password: 'Mine.Pass1',
    });
    // a password typed and then the phone put back: nothing is asked and nothing is sent
    expect(userFormBody({ ...withPassword, phone: me.phone! }, ownEdit)).not.toHaveProperty('current_password');
  });
});

describe('user modal body (docs/product.md#entities)', () => {
  it('creates with the password pair and the role; a customer only on Customer Users; an empty phone as null', () => {
    expect(userFormBody(filled(), staffCreate)).toEqual({
      name: 'Elena',
      last_name: 'Ruiz',
      email: 'elena.ruiz@example.test',
      phone: null,
      password: 'Strong.Pass1',
      confirm_password: 'Strong.Pass1',
      rol_id: 2,
    });
    expect(userFormBody(filled({ rol_id: 5, customer_id: 3, phone: '+17875550123' }), customerCreate)).toMatchObject({
      customer_id: 3,
      phone: '+17875550123',
    });
    expect(userFormBody(filled({ customer_id: 3 }), ownCreate)).not.toHaveProperty('customer_id');
  });

  it('edits with the status and without e-mail or password', () => {
    const body = userFormBody(userFormFromUser(existing), { screen: 'customerUsers', mode: 'edit' });
    expect(body).toEqual({ name: 'Ana', last_name: 'Torres', phone: null, status: 0, rol_id: 5, customer_id: 2 });
  });
});

describe('list display (docs/product.md#states-and-transitions, #constants-and-limits)', () => {
  it('labels statuses ACTIVE and INACTIVE and dates YYYY/MM/DD', () => {
    expect(userStatusLabel(1)).toBe('ACTIVE');
    expect(userStatusLabel(0)).toBe('INACTIVE');
    expect(listDate(new Date(2026, 2, 4, 15, 30))).toBe('2026/03/04');
    expect(listDate(null)).toBe('');
    expect(listDate('not a date')).toBe('');
  });
});
