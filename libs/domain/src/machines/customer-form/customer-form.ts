import type { Customer } from '../../entities/customer';
import {
  customerCreateBody,
  customerFormErrors,
  customerFormFields,
  customerUpdateBody,
  emptyCustomerForm,
  type CustomerFormSetup,
  type CustomerFormValues,
} from '../../rules/customer-form';
import {
  recordFormKit,
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../record-form/record-form.machine';

/**
 * The customer modal (docs/product.md#user-lists Customers) runs on the record-form machine, typed by its values and
 * by the stored customer its save answers. Values start empty (create) or from the customer being
 * edited; the rules are those of `customerFormErrors`. The `save` actor
 * (`fromPromise<Customer, CustomerFormValues>`) sends `customerCreateBody` or `customerUpdateBody`.
 */
export const customerFormMachine = recordFormMachineFor<CustomerFormValues, Customer>();

/** The customer form as its create-or-edit modal saves it (docs/product.md#user-lists). */
export const customerRecordForm = recordFormKit(customerFormMachine, customerFormFields, {
  id: (customer) => customer.customer_id,
  createBody: customerCreateBody,
  updateBody: customerUpdateBody,
});

export function customerFormInput(
  setup: CustomerFormSetup,
  values: CustomerFormValues = emptyCustomerForm(),
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<CustomerFormValues> {
  return {
    values: { ...values },
    validate: (current) => customerFormErrors(current, setup),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
