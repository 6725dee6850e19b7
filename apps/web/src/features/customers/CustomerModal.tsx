import { fieldMessagesOf } from '@relevo/api';
import {
  CustomerCreateSchema,
  CustomerUpdateSchema,
  DEFAULT_RESOURCE_QUOTA,
  formErrors,
  recordFormErrors,
  recordFormMachine,
  type Customer,
  type RecordValues,
  validate,
} from '@relevo/domain';
import { FormModal, SelectField, TextField, type SelectOption } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { savedOrReported } from '../../shell/save-failure';
import type { CustomerCalls } from './customer-calls';

// spec 4 and 9: Y/N shown as ACTIVE/INACTIVE
const STATUS_OPTIONS: SelectOption[] = [
  { value: 'Y', text: 'ACTIVE' },
  { value: 'N', text: 'INACTIVE' },
];

const CREATE_FIELDS = ['customer_name', 'customer_qty_resources'] as const;
const EDIT_FIELDS = ['customer_name', 'customer_active', 'customer_qty_resources'] as const;

export interface CustomerModalProps {
  /** the customer to edit; null creates one */
  customer: Customer | null;
  calls: Pick<CustomerCalls, 'create' | 'update'>;
  onClose: () => void;
  /** the save succeeded (the screen shows the toast, reloads the list and closes the modal) */
  onSaved: (customer: Customer) => void;
}

/** The typed body of values the form's rules accepted (the machine saves only those). */
function bodyOf<T>(checked: { success: true; output: T } | { success: false; issues: { message: string }[] }): T {
  if (!checked.success) throw new Error(checked.issues[0]?.message ?? 'The form is not valid');
  return checked.output;
}

/** The form's machine: validation by the domain schema, the save through the screen's calls. */
export function customerFormMachine(customer: Customer | null, calls: CustomerModalProps['calls']) {
  const fields = customer ? EDIT_FIELDS : CREATE_FIELDS;
  return recordFormMachine.provide({
    actors: {
      save: fromPromise<unknown, RecordValues>(({ input }) =>
        savedOrReported(
          customer
            ? calls.update(customer.customer_id, bodyOf(validate(CustomerUpdateSchema, input)))
            : calls.create(bodyOf(validate(CustomerCreateSchema, input))),
          fields,
        ),
      ),
    },
  });
}

/** The starting values and rules of the create or edit form. */
export function customerFormInput(customer: Customer | null) {
  if (!customer) {
    return {
      values: { customer_name: '', customer_qty_resources: String(DEFAULT_RESOURCE_QUOTA) },
      validate: (values: RecordValues) => formErrors(CustomerCreateSchema, values),
      fieldErrorsOf: fieldMessagesOf,
    };
  }
  return {
    values: { customer_name: customer.customer_name, customer_active: customer.customer_active, customer_qty_resources: String(customer.customer_qty_resources) },
    validate: (values: RecordValues) => formErrors(CustomerUpdateSchema, values),
    fieldErrorsOf: fieldMessagesOf,
  };
}

/** Create or edit a customer (spec 2.10 Customers, 3, 4): the status only when editing. */
export function CustomerModal({ customer, calls, onClose, onSaved }: CustomerModalProps) {
  const [machine] = useState(() => customerFormMachine(customer, calls));
  const [input] = useState(() => customerFormInput(customer));
  const [state, send] = useMachine(machine, { input });
  const { context } = state;
  const isSaving = state.matches('saving');
  const isSaved = state.matches('saved');
  const errors = recordFormErrors(context);
  const text = (field: string) => String(context.values[field] ?? '');
  const change = (field: string) => (value: unknown) => send({ type: 'CHANGE', field, value });

  useEffect(() => {
    if (isSaved) onSaved(context.saved as Customer);
  }, [isSaved, context.saved, onSaved]);

  return (
    <FormModal title={customer ? 'Edit Customer' : 'Create Customer'} busy={isSaving} done={isSaved} onCancel={onClose} onSubmit={() => send({ type: 'SUBMIT' })}>
      <TextField
        label="Name"
        name="customer_name"
        required
        autoFocus
        autoComplete="organization"
        maxLength={100}
        value={text('customer_name')}
        errors={errors.customer_name}
        onValueChange={change('customer_name')}
      />
      {customer ? (
        <SelectField
          label="Status"
          name="customer_active"
          required
          options={STATUS_OPTIONS}
          value={text('customer_active') || null}
          error={errors.customer_active?.[0]}
          onChange={change('customer_active')}
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
        value={text('customer_qty_resources')}
        errors={errors.customer_qty_resources}
        hint={`How many resources the customer may have. Default ${DEFAULT_RESOURCE_QUOTA}.`}
        onValueChange={change('customer_qty_resources')}
      />
    </FormModal>
  );
}
