import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { formErrors } from '../rules/validation';
import {
  CUSTOMER_MESSAGES,
  CustomerCreateSchema,
  CustomerUpdateSchema,
  DEFAULT_RESOURCE_QUOTA,
  customerInUseMessage,
} from './customer';

describe('customer forms (docs/product.md#entities, #constants-and-limits)', () => {
  it('creates with the default resource quota and a trimmed name', () => {
    expect(v.parse(CustomerCreateSchema, { customer_name: '  Acme  ' })).toEqual({
      customer_name: 'Acme',
      customer_qty_resources: DEFAULT_RESOURCE_QUOTA,
    });
    expect(
      v.parse(CustomerCreateSchema, { customer_name: 'Acme', customer_qty_resources: '25' }).customer_qty_resources,
    ).toBe(25);
  });

  it('gives every missing or bad field of an edit its own message', () => {
    expect(formErrors(CustomerUpdateSchema, {})).toEqual({
      customer_name: [CUSTOMER_MESSAGES.nameRequired],
      customer_active: [CUSTOMER_MESSAGES.activeRequired],
      customer_qty_resources: [CUSTOMER_MESSAGES.quota],
    });
    expect(
      formErrors(CustomerUpdateSchema, { customer_name: 'A', customer_active: 'y', customer_qty_resources: -1 }),
    ).toEqual({
      customer_active: [CUSTOMER_MESSAGES.activeRequired],
      customer_qty_resources: ['The value must be greater than or equal to 0'],
    });
    expect(formErrors(CustomerCreateSchema, { customer_name: 'A', is_provider: true })).toEqual({
      is_provider: ['Unknown field'],
    });
  });

  it('says what still belongs to a customer before it can be deleted (docs/product.md#tenants-and-roles)', () => {
    expect(customerInUseMessage({ users: 0, events: 0 })).toBeNull();
    expect(customerInUseMessage({ users: 1, events: 0 })).toBe('This customer still has 1 user; remove them first');
    expect(customerInUseMessage({ users: 3, events: 0 })).toBe('This customer still has 3 users; remove them first');
    expect(customerInUseMessage({ users: 0, events: 1 })).toBe('This customer still has 1 event; remove them first');
    expect(customerInUseMessage({ users: 2, events: 5 })).toBe(
      'This customer still has 2 users and 5 events; remove them first',
    );
  });
});
