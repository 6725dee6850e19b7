import { fieldMessagesOf } from '@relevo/api';
import {
  DEFAULT_RESOURCE_QUOTA,
  customerCreateBody,
  customerFormFields,
  customerFormFromCustomer,
  customerFormInput,
  customerFormLayout,
  customerFormMachine,
  customerStatusOptions,
  customerUpdateBody,
  emptyCustomerForm,
  type Customer,
  type CustomerFormSetup,
} from '@relevo/domain';
import { FormModal, SelectField, TextField } from '@relevo/ui';
import { useState } from 'react';
import { savingRecord, useRecordFormModal, type RecordModalEnds } from '../../shell/record-form-modal';
import type { CustomerCalls } from './customer-calls';

export interface CustomerModalProps extends RecordModalEnds<Customer> {
  /** the customer to edit; null creates one */
  customer: Customer | null;
  /** the customer is the provider organisation (it stays active) */
  isProvider?: boolean;
  calls: Pick<CustomerCalls, 'create' | 'update'>;
}

/** The form's machine: the domain's customer form, saved through the screen's calls. */
export function customerFormMachineFor(customer: Customer | null, calls: CustomerModalProps['calls']) {
  return savingRecord(
    customerFormMachine,
    customer,
    {
      create: (values) => calls.create(customerCreateBody(values)),
      update: ({ customer_id }, values) => calls.update(customer_id, customerUpdateBody(values)),
    },
    customerFormFields,
  );
}

/**
 * Create or edit a customer (docs/product.md#user-lists Customers, #entities, #states-and-transitions): the status only when editing. Values,
 * layout and rules are the domain's customer form; this binds them to the fields.
 */
export function CustomerModal({ customer, isProvider = false, calls, onClose, onSaved }: CustomerModalProps) {
  const [setup] = useState<CustomerFormSetup>(() => ({ mode: customer ? 'edit' : 'create', isProvider }));
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () => customerFormMachineFor(customer, calls),
    customerFormInput(setup, customer ? customerFormFromCustomer(customer) : emptyCustomerForm(), fieldMessagesOf),
    onSaved,
  );
  const layout = customerFormLayout(setup.mode);

  return (
    <FormModal
      title={customer ? 'Edit Customer' : 'Create Customer'}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField
        label="Name"
        name="customer_name"
        required
        autoFocus
        autoComplete="organization"
        maxLength={100}
        value={values.customer_name}
        errors={errors.customer_name}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'customer_name', value })}
      />
      {layout.hasStatus ? (
        <SelectField
          label="Status"
          name="customer_active"
          required
          options={customerStatusOptions(setup)}
          value={values.customer_active}
          error={errors.customer_active?.[0]}
          onChange={(value) => send({ type: 'CHANGE', field: 'customer_active', value: value === 'N' ? 'N' : 'Y' })}
        />
      ) : null}
      <TextField
        label="Resource quota"
        name="customer_qty_resources"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        required
        value={values.customer_qty_resources}
        errors={errors.customer_qty_resources}
        hint={`How many resources the customer may have. Default ${DEFAULT_RESOURCE_QUOTA}.`}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'customer_qty_resources', value })}
      />
    </FormModal>
  );
}
