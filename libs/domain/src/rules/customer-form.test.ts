import { describe, expect, it } from 'vitest';
import type { Customer } from '../entities/customer';
import {
  customerCreateBody,
  customerFormErrors,
  customerFormFields,
  customerFormFromCustomer,
  customerFormLayout,
  customerStatusOptions,
  customerUpdateBody,
  emptyCustomerForm,
  type CustomerFormSetup,
} from './customer-form';

const create: CustomerFormSetup = { mode: 'create', isProvider: false };
const edit: CustomerFormSetup = { mode: 'edit', isProvider: false };
const editProvider: CustomerFormSetup = { mode: 'edit', isProvider: true };

const acme: Customer = {
  customer_id: 7,
  customer_name: 'Acme',
  customer_active: 'Y',
  customer_qty_resources: 25,
  customer_createby: 'staff@relevo.demo',
  customer_createdt: '2026-01-05T14:00:00.000Z',
  customer_updateby: null,
  customer_updatedt: null,
};

describe('customer modal values and layout (docs/product.md#user-lists, #states-and-transitions, #constants-and-limits)', () => {
  it('starts a new customer active with the default quota of 10, and fills an edit from the customer', () => {
    expect(emptyCustomerForm()).toEqual({ customer_name: '', customer_active: 'Y', customer_qty_resources: '10' });
    expect(customerFormFromCustomer(acme)).toEqual({
      customer_name: 'Acme',
      customer_active: 'Y',
      customer_qty_resources: '25',
    });
  });

  it('shows the status only on edit', () => {
    expect(customerFormLayout('create')).toEqual({ hasStatus: false });
    expect(customerFormLayout('edit')).toEqual({ hasStatus: true });
    expect(customerFormFields('create')).toEqual(['customer_name', 'customer_qty_resources']);
    expect(customerFormFields('edit')).toEqual(['customer_name', 'customer_active', 'customer_qty_resources']);
  });

  it('offers ACTIVE and INACTIVE, INACTIVE disabled for the provider organisation', () => {
    expect(customerStatusOptions(edit)).toEqual([
      { value: 'Y', text: 'ACTIVE', disabled: false },
      { value: 'N', text: 'INACTIVE', disabled: false },
    ]);
    expect(customerStatusOptions(editProvider)[1]).toEqual({ value: 'N', text: 'INACTIVE', disabled: true });
  });
});

describe('customer modal rules', () => {
  it("asks for a name and a whole quota of at least 0 with the server's messages", () => {
    expect(customerFormErrors(emptyCustomerForm(), create)).toEqual({ customer_name: ['Customer name is required'] });
    for (const quota of ['1.5', 'ten']) {
      expect(
        customerFormErrors({ ...emptyCustomerForm(), customer_name: 'Acme', customer_qty_resources: quota }, create),
        quota,
      ).toEqual({
        customer_qty_resources: ['The resource quota must be a whole number from 0 to 100000'],
      });
    }
    expect(
      customerFormErrors({ ...emptyCustomerForm(), customer_name: 'Acme', customer_qty_resources: '-1' }, create),
    ).toEqual({
      customer_qty_resources: ['The value must be greater than or equal to 0'],
    });
    expect(
      customerFormErrors({ ...emptyCustomerForm(), customer_name: 'Acme', customer_qty_resources: '0' }, create),
    ).toEqual({});
  });

  it('keeps the provider organisation active, as the server does', () => {
    const provider = { customer_name: 'Relevo', customer_active: 'N' as const, customer_qty_resources: '0' };
    expect(customerFormErrors(provider, editProvider)).toEqual({
      customer_active: ['The provider organisation cannot be deleted or deactivated'],
    });
    expect(customerFormErrors(provider, edit)).toEqual({});
    expect(customerFormErrors({ ...provider, customer_active: 'Y' }, editProvider)).toEqual({});
  });

  it('makes the typed bodies of accepted values, and refuses to make one of rejected values', () => {
    expect(customerCreateBody({ customer_name: ' Acme ', customer_active: 'N', customer_qty_resources: '12' })).toEqual(
      { customer_name: 'Acme', customer_qty_resources: 12 },
    );
    expect(customerUpdateBody({ customer_name: 'Acme', customer_active: 'N', customer_qty_resources: '12' })).toEqual({
      customer_name: 'Acme',
      customer_active: 'N',
      customer_qty_resources: 12,
    });
    expect(() => customerCreateBody(emptyCustomerForm())).toThrow('Customer name is required');
  });
});
