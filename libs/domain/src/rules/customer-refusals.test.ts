import { describe, expect, it } from 'vitest';
import { Role } from '../roles/roles';
import { customerDeleteRefusal, customerUpdateRefusal, isProviderCustomer } from './customer-refusals';

describe('customer refusals (docs/product.md#user-lists Customers, docs/product.md#tenants-and-roles)', () => {
  it('never deletes the provider organisation', () => {
    expect(customerDeleteRefusal({ is_provider: true })).toBe(
      'The provider organisation cannot be deleted or deactivated',
    );
    expect(customerDeleteRefusal({ is_provider: true }, { users: 0, events: 0 })).toBe(
      'The provider organisation cannot be deleted or deactivated',
    );
  });

  it('refuses deleting a customer that still has users or events, saying what is left', () => {
    expect(customerDeleteRefusal({ is_provider: false }, { users: 1, events: 0 })).toBe(
      'This customer still has 1 user; remove them first',
    );
    expect(customerDeleteRefusal({ is_provider: false }, { users: 2, events: 3 })).toBe(
      'This customer still has 2 users and 3 events; remove them first',
    );
    expect(customerDeleteRefusal({ is_provider: false }, { users: 0, events: 1 })).toBe(
      'This customer still has 1 event; remove them first',
    );
    expect(customerDeleteRefusal({ is_provider: false }, { users: 0, events: 0 })).toBeNull();
    // a screen knows no usage: any customer but the provider may be offered for deletion
    expect(customerDeleteRefusal({ is_provider: false })).toBeNull();
  });

  it('keeps the provider active, and lets any other customer be deactivated', () => {
    expect(customerUpdateRefusal({ is_provider: true }, { customer_active: 'N' })).toBe(
      'The provider organisation cannot be deleted or deactivated',
    );
    expect(customerUpdateRefusal({ is_provider: true }, { customer_active: 'Y' })).toBeNull();
    expect(customerUpdateRefusal({ is_provider: false }, { customer_active: 'N' })).toBeNull();
  });

  it("tells the provider row on a staff screen by the staff viewer's own customer", () => {
    const staff = { role: { rol_id: Role.StaffView }, customer: { customer_id: 1 } };
    expect(isProviderCustomer(staff, 1)).toBe(true);
    expect(isProviderCustomer(staff, 2)).toBe(false);
    // a customer user's own customer is not the provider
    expect(isProviderCustomer({ role: { rol_id: Role.CustomerRoot }, customer: { customer_id: 2 } }, 2)).toBe(false);
    expect(isProviderCustomer({ role: { rol_id: Role.StaffRoot }, customer: null }, 1)).toBe(false);
  });
});
