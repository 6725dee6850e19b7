import {
  CustomerCreateSchema,
  CustomerUpdateSchema,
  DEFAULT_RESOURCE_QUOTA,
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
} from '../entities/customer';
import { ACTIVE_FLAG_LABELS } from './status';
import { customerUpdateRefusal } from './customer-refusals';
import { checkedOutput, formErrors, validate } from './validation';

export type CustomerFormMode = 'create' | 'edit';

/** What the customer modal is for: create, or edit a customer that may be the provider organisation. */
export interface CustomerFormSetup {
  mode: CustomerFormMode;
  /** editing the provider organisation: it stays active (see customerUpdateRefusal) */
  isProvider: boolean;
}

/** The values of the customer modal as typed (the quota stays text until saved). */
export interface CustomerFormValues {
  customer_name: string;
  /** docs/product.md#states-and-transitions: Y (ACTIVE) or N (INACTIVE); shown only on edit */
  customer_active: 'Y' | 'N';
  /** docs/product.md#constants-and-limits: the resource quota, as typed */
  customer_qty_resources: string;
}
export type CustomerFormField = keyof CustomerFormValues;

/** docs/product.md#constants-and-limits: a new customer starts active with the default resource quota. */
export function emptyCustomerForm(): CustomerFormValues {
  return { customer_name: '', customer_active: 'Y', customer_qty_resources: String(DEFAULT_RESOURCE_QUOTA) };
}

export function customerFormFromCustomer(customer: Customer): CustomerFormValues {
  return {
    customer_name: customer.customer_name,
    customer_active: customer.customer_active,
    customer_qty_resources: String(customer.customer_qty_resources),
  };
}

/** Which fields the modal shows. */
export interface CustomerFormLayout {
  /** docs/product.md#states-and-transitions: the status field is hidden on create */
  hasStatus: boolean;
}

export const customerFormLayout = (mode: CustomerFormMode): CustomerFormLayout => ({ hasStatus: mode === 'edit' });

/** The fields the modal shows, in order: a failed save's message for any other field is not shown on the form. */
export function customerFormFields(mode: CustomerFormMode): CustomerFormField[] {
  return customerFormLayout(mode).hasStatus
    ? ['customer_name', 'customer_active', 'customer_qty_resources']
    : ['customer_name', 'customer_qty_resources'];
}

/** docs/product.md#states-and-transitions and #constants-and-limits: the status dropdown, Y/N read ACTIVE/INACTIVE; the provider cannot be made inactive. */
export function customerStatusOptions(
  setup: Pick<CustomerFormSetup, 'isProvider'>,
): { value: 'Y' | 'N'; text: string; disabled: boolean }[] {
  return [
    { value: 'Y', text: ACTIVE_FLAG_LABELS.Y, disabled: false },
    { value: 'N', text: ACTIVE_FLAG_LABELS.N, disabled: setup.isProvider },
  ];
}

/** The body as the create schema reads it (no status: a new customer is active). */
const createInput = (values: CustomerFormValues) => ({
  customer_name: values.customer_name,
  customer_qty_resources: values.customer_qty_resources,
});

/**
 * Every failed rule per field, checked on every input: the schema the server applies (with the
 * messages of CUSTOMER_MESSAGES), and the provider organisation staying active as the server
 * refuses it.
 */
export function customerFormErrors(
  values: CustomerFormValues,
  setup: CustomerFormSetup,
): Partial<Record<CustomerFormField, string[]>> {
  const errors: Partial<Record<CustomerFormField, string[]>> =
    setup.mode === 'create'
      ? formErrors(CustomerCreateSchema, createInput(values))
      : formErrors(CustomerUpdateSchema, values);
  const refusal = setup.mode === 'edit' ? customerUpdateRefusal({ is_provider: setup.isProvider }, values) : null;
  if (refusal && !errors.customer_active) errors.customer_active = [refusal];
  return errors;
}

/** The create body of values the rules accepted (the record-form machine saves only those). */
export const customerCreateBody = (values: CustomerFormValues): CustomerCreate =>
  checkedOutput(validate(CustomerCreateSchema, createInput(values)));

/** The edit body of values the rules accepted. */
export const customerUpdateBody = (values: CustomerFormValues): CustomerUpdate =>
  checkedOutput(validate(CustomerUpdateSchema, values));
