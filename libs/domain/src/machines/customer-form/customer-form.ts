import type { Customer } from '../../entities/customer';
import {
  customerFormErrors,
  emptyCustomerForm,
  type CustomerFormSetup,
  type CustomerFormValues,
} from '../../rules/customer-form';
import { recordFormMachineFor, type FieldErrors, type RecordFormInput } from '../record-form/record-form.machine';

/**
 * The customer modal (docs/product.md#user-lists Customers) runs on the record-form machine, typed by its values and
 * by the stored customer its save answers. Values start empty (create) or from the customer being
 * edited; the rules are those of `customerFormErrors`. The `save` actor
 * (`fromPromise<Customer, CustomerFormValues>`) sends `customerCreateBody` or `customerUpdateBody`.
 */
export const customerFormMachine = recordFormMachineFor<CustomerFormValues, Customer>();

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
