import { fieldMessagesOf } from '@relevo/api';
import {
  customerRecordForm,
  DEFAULT_RESOURCE_QUOTA,
  customerFormFromCustomer,
  customerFormInput,
  customerFormLayout,
  customerStatusOptions,
  emptyCustomerForm,
  type Customer,
  type CustomerFormSetup,
} from '@relevo/domain';
import { SelectField, TextField } from '@relevo/ui';
import { useState } from 'react';
import { t } from '../../shell/i18n';
import { RecordFormModal, useRecordForm, type RecordModalProps } from '../../shell/record-form-modal';
import type { CustomerCalls } from './customer-calls';

export type CustomerModalProps = RecordModalProps<'customer', Customer, Pick<CustomerCalls, 'create' | 'update'>> & {
  /** the customer is the provider organisation (it stays active) */
  isProvider?: boolean;
};

/** A field's problems (the domain's rules, the server's refusals) in the reader's language. */
const shown = (messages: readonly string[] | undefined) => messages?.map((message) => t(message));

/**
 * Create or edit a customer (docs/product.md#user-lists Customers, #entities, #states-and-transitions): the status only when editing. Values,
 * layout and rules are the domain's customer form; this binds them to the fields.
 */
export function CustomerModal({ customer, isProvider = false, calls, onClose, onSaved }: CustomerModalProps) {
  const [setup] = useState<CustomerFormSetup>(() => ({ mode: customer ? 'edit' : 'create', isProvider }));
  const { values, errors, send, isSaving, isSaved } = useRecordForm(
    customerRecordForm,
    customer,
    calls,
    customerFormInput(setup, customer ? customerFormFromCustomer(customer) : emptyCustomerForm(), fieldMessagesOf),
    onSaved,
  );
  const layout = customerFormLayout(setup.mode);

  return (
    <RecordFormModal
      noun={t('Customer')}
      editing={customer !== null}
      form={{ isSaving, isSaved, send }}
      onClose={onClose}
    >
      <TextField
        label={t('Name')}
        name="customer_name"
        required
        autoFocus
        autoComplete="organization"
        maxLength={100}
        value={values.customer_name}
        errors={shown(errors.customer_name)}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'customer_name', value })}
      />
      {layout.hasStatus ? (
        <SelectField
          label={t('Status')}
          name="customer_active"
          required
          options={customerStatusOptions(setup).map((option) => ({ ...option, text: t(option.text) }))}
          value={values.customer_active}
          error={shown(errors.customer_active)?.[0]}
          onChange={(value) => send({ type: 'CHANGE', field: 'customer_active', value: value === 'N' ? 'N' : 'Y' })}
        />
      ) : null}
      <TextField
        label={t('Resource quota')}
        name="customer_qty_resources"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        required
        value={values.customer_qty_resources}
        errors={shown(errors.customer_qty_resources)}
        hint={t('How many resources the customer may have. Default {quota}.', { quota: DEFAULT_RESOURCE_QUOTA })}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'customer_qty_resources', value })}
      />
    </RecordFormModal>
  );
}
