import { describe, expect, it } from 'vitest';
import { Role } from '../roles/roles';
import {
  adminPasswordRefusal,
  currentPasswordRefusal,
  emailChangeRefusal,
  homeCustomerRefusal,
  homeOf,
  isSamePhone,
  lastStaffRootRefusal,
  maySignIn,
  ownChangeNeedsPassword,
  signInRefusal,
  userDeleteRefusal,
  userUpdateRefusal,
  type UserFacts,
} from './user-refusals';

const root = (id: number, status: 0 | 1 = 1): UserFacts => ({ id, status, role: { rol_id: Role.StaffRoot } });
const person = (id: number, rol_id: 1 | 2 | 3 | 4 | 5 = Role.Customer, status: 0 | 1 = 1): UserFacts => ({
  id,
  status,
  role: { rol_id },
});
const actor = { id: 1, role: Role.StaffRoot } as const;

describe('who may sign in', () => {
  it('lets an active user of an active customer, and any active provider user, sign in', () => {
    expect(signInRefusal({ status: 1, customer_active: 'Y', is_provider: false })).toBeNull();
    // the provider's flag does not matter: its staff always reach the dashboard
    expect(signInRefusal({ status: 1, customer_active: 'N', is_provider: true })).toBeNull();
    expect(maySignIn({ status: 1, customer_active: 'Y', is_provider: false })).toBe(true);
  });

  it('refuses an inactive user, and a user of an inactive customer, with the inactive-account text', () => {
    expect(signInRefusal({ status: 0, customer_active: 'Y', is_provider: false })).toBe(
      'This account is inactive. Please contact your administrator.',
    );
    expect(signInRefusal({ status: 0, customer_active: 'Y', is_provider: true })).toBe(
      'This account is inactive. Please contact your administrator.',
    );
    expect(signInRefusal({ status: 1, customer_active: 'N', is_provider: false })).toBe(
      'This account is inactive. Please contact your administrator.',
    );
    expect(maySignIn({ status: 1, customer_active: 'N', is_provider: false })).toBe(false);
  });
});

describe('user deletes', () => {
  it('refuses deleting oneself, with or without the counts', () => {
    expect(userDeleteRefusal(actor, root(1))).toBe('You cannot delete your own user');
    expect(userDeleteRefusal(actor, root(1), { activeStaffRoots: 5 })).toBe('You cannot delete your own user');
  });

  it('refuses deleting the last active Staff Root, and allows it while another is active', () => {
    expect(userDeleteRefusal(actor, root(2), { activeStaffRoots: 1 })).toBe(
      'The last active Staff Root cannot be removed, demoted or deactivated',
    );
    expect(userDeleteRefusal(actor, root(2), { activeStaffRoots: 2 })).toBeNull();
    // an inactive root or another role is never the last active root
    expect(userDeleteRefusal(actor, root(2, 0), { activeStaffRoots: 1 })).toBeNull();
    expect(userDeleteRefusal(actor, person(2, Role.StaffEdit), { activeStaffRoots: 1 })).toBeNull();
  });

  it('decides what a screen can without the counts: any other row may be offered for deletion', () => {
    expect(userDeleteRefusal(actor, root(2))).toBeNull();
    expect(userDeleteRefusal({ id: 40, role: Role.CustomerRoot }, person(41))).toBeNull();
  });
});

describe('user edits', () => {
  it("refuses changing one's own role or deactivating oneself, and allows other edits of oneself", () => {
    const me = person(40, Role.CustomerRoot);
    const self = { id: 40, role: Role.CustomerRoot } as const;
    expect(userUpdateRefusal(self, me, { rol_id: Role.Customer, status: 1 })).toBe(
      'You cannot deactivate your own user or change its role',
    );
    expect(userUpdateRefusal(self, me, { rol_id: Role.CustomerRoot, status: 0 })).toBe(
      'You cannot deactivate your own user or change its role',
    );
    expect(userUpdateRefusal(self, me, { rol_id: Role.CustomerRoot, status: 1 })).toBeNull();
    expect(userUpdateRefusal(self, person(41), { rol_id: Role.CustomerRoot, status: 0 })).toBeNull();
  });

  it('keeps the last active Staff Root a Staff Root and active', () => {
    const last = { activeStaffRoots: 1 };
    expect(userUpdateRefusal(actor, root(2), { rol_id: Role.StaffEdit, status: 1 }, last)).toBe(
      'The last active Staff Root cannot be removed, demoted or deactivated',
    );
    expect(userUpdateRefusal(actor, root(2), { rol_id: Role.StaffRoot, status: 0 }, last)).toBe(
      'The last active Staff Root cannot be removed, demoted or deactivated',
    );
    expect(userUpdateRefusal(actor, root(2), { rol_id: Role.StaffRoot, status: 1 }, last)).toBeNull();
    expect(
      userUpdateRefusal(actor, root(2), { rol_id: Role.StaffEdit, status: 1 }, { activeStaffRoots: 2 }),
    ).toBeNull();
    // reactivating or promoting someone never leaves no root
    expect(lastStaffRootRefusal(root(2, 0), { rol_id: Role.StaffEdit, status: 1 }, { activeStaffRoots: 0 })).toBeNull();
    expect(
      lastStaffRootRefusal(person(2, Role.StaffEdit), { rol_id: Role.StaffRoot, status: 1 }, { activeStaffRoots: 0 }),
    ).toBeNull();
  });

  it('locks the e-mail, the same address in another case being no change', () => {
    expect(emailChangeRefusal({ email: 'ana@demo.test' }, undefined)).toBeNull();
    expect(emailChangeRefusal({ email: 'ana@demo.test' }, 'ANA@demo.test')).toBeNull();
    expect(emailChangeRefusal({ email: 'ana@demo.test' }, 'other@demo.test')).toBe('The email cannot be changed');
  });
});

describe('own account changes (issue: account security)', () => {
  it("refuses the admin password change on one's own account, pointing to the settings menu", () => {
    expect(adminPasswordRefusal(actor, { id: 1 })).toMatch(
      /^You cannot change your own password here\. Use Password in the settings menu/,
    );
    expect(adminPasswordRefusal(actor, { id: 2 })).toBeNull();
  });

  it("asks for the current password when one changes one's own phone, by number not by spelling", () => {
    const me = { id: 40, phone: '+17875550123' };
    expect(ownChangeNeedsPassword({ id: 40 }, me, '+17875550199')).toBe(true);
    expect(ownChangeNeedsPassword({ id: 40 }, me, null)).toBe(true);
    expect(ownChangeNeedsPassword({ id: 40 }, { id: 40, phone: null }, '+17875550199')).toBe(true);
    expect(ownChangeNeedsPassword({ id: 40 }, me, '+1 (787) 555-0123')).toBe(false);
    expect(ownChangeNeedsPassword({ id: 40 }, me, undefined)).toBe(false);
    expect(ownChangeNeedsPassword({ id: 1 }, me, '+17875550199')).toBe(false);
    expect(isSamePhone('', null)).toBe(true);
    expect(isSamePhone('not a phone', 'not a phone')).toBe(true);
  });

  it('answers docs/product.md#validation-rules "Current Password is required" when that password is missing', () => {
    const me = { id: 40, phone: '+17875550123' };
    expect(currentPasswordRefusal({ id: 40 }, me, { phone: '+17875550199' })).toBe('Current Password is required');
    expect(currentPasswordRefusal({ id: 40 }, me, { phone: '+17875550199', current_password: '' })).toBe(
      'Current Password is required',
    );
    expect(
      currentPasswordRefusal({ id: 40 }, me, { phone: '+17875550199', current_password: 'Mine.Pass1' }),
    ).toBeNull();
    expect(currentPasswordRefusal({ id: 40 }, me, { phone: '+17875550123' })).toBeNull();
    expect(currentPasswordRefusal({ id: 1 }, me, { phone: '+17875550199' })).toBeNull();
  });
});

describe("where each role's users belong (docs/product.md#tenants-and-roles)", () => {
  it('puts staff roles in the provider and customer roles in a customer', () => {
    expect([Role.StaffRoot, Role.StaffEdit, Role.StaffView, Role.CustomerRoot, Role.Customer].map(homeOf)).toEqual([
      'provider',
      'provider',
      'provider',
      'customer',
      'customer',
    ]);
  });

  it('asks a customer user for a real customer that is not the provider', () => {
    expect(homeCustomerRefusal(Role.Customer, undefined)).toBe('Customer is required');
    expect(homeCustomerRefusal(Role.Customer, null)).toBe('This customer does not exist');
    expect(homeCustomerRefusal(Role.CustomerRoot, { customer_id: 1, is_provider: true })).toBe(
      'This customer does not exist',
    );
    expect(homeCustomerRefusal(Role.CustomerRoot, { customer_id: 2, is_provider: false })).toBeNull();
  });

  it('never refuses a staff user for the customer a body names: staff always join the provider', () => {
    expect(homeCustomerRefusal(Role.StaffEdit, undefined)).toBeNull();
    expect(homeCustomerRefusal(Role.StaffEdit, { customer_id: 2, is_provider: false })).toBeNull();
  });
});
