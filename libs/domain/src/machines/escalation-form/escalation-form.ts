import {
  EscalationCreateSchema,
  EscalationUpdateSchema,
  type Escalation,
  type EscalationCreate,
  type EscalationUpdate,
} from '../../entities/escalation';
import { checkedOutput, formErrors, validate } from '../../rules/validation';
import {
  recordFormKit,
  recordFormMachineFor,
  type FieldErrors,
  type FormErrors,
  type RecordFormInput,
} from '../record-form/record-form.machine';

/** The values of the escalation modal (docs/product.md#escalations): name, description, status on edit only. */
export interface EscalationFormValues {
  escalation_name: string;
  escalation_desc: string;
  escalation_active: 'Y' | 'N';
}
export type EscalationFormMode = 'create' | 'edit';

export const emptyEscalationForm = (): EscalationFormValues => ({
  escalation_name: '',
  escalation_desc: '',
  escalation_active: 'Y',
});

export const escalationFormFromEscalation = (escalation: Escalation): EscalationFormValues => ({
  escalation_name: escalation.escalation_name,
  escalation_desc: escalation.escalation_desc,
  escalation_active: escalation.escalation_active,
});

/** docs/product.md#states-and-transitions: the status is shown only when editing. */
export const escalationFormFields = (mode: EscalationFormMode): (keyof EscalationFormValues)[] =>
  mode === 'edit'
    ? ['escalation_name', 'escalation_desc', 'escalation_active']
    : ['escalation_name', 'escalation_desc'];

const createInput = (values: EscalationFormValues) => ({
  escalation_name: values.escalation_name,
  escalation_desc: values.escalation_desc,
});

/** The rules of the server's schemas, per field (checked on every change). */
export function escalationFormErrors(
  values: EscalationFormValues,
  mode: EscalationFormMode,
): FormErrors<EscalationFormValues> {
  return mode === 'create'
    ? formErrors(EscalationCreateSchema, createInput(values))
    : formErrors(EscalationUpdateSchema, values);
}

/** The bodies of values the rules accepted (the record-form machine saves only those). */
export const escalationCreateBody = (values: EscalationFormValues): EscalationCreate =>
  checkedOutput(validate(EscalationCreateSchema, createInput(values)));
export const escalationUpdateBody = (values: EscalationFormValues): EscalationUpdate =>
  checkedOutput(validate(EscalationUpdateSchema, values));

/**
 * The escalation modal runs on the record-form machine, typed by its values and by the stored
 * escalation its save answers. The `save` actor (`fromPromise<Escalation, EscalationFormValues>`)
 * sends `escalationCreateBody` or `escalationUpdateBody`.
 */
export const escalationFormMachine = recordFormMachineFor<EscalationFormValues, Escalation>();

/** The escalation form as its create-or-edit modal saves it (docs/product.md#escalations). */
export const escalationRecordForm = recordFormKit(escalationFormMachine, escalationFormFields, {
  id: (escalation) => escalation.escalation_id,
  createBody: escalationCreateBody,
  updateBody: escalationUpdateBody,
});

export function escalationFormInput(
  mode: EscalationFormMode,
  values: EscalationFormValues = emptyEscalationForm(),
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<EscalationFormValues> {
  return {
    values: { ...values },
    validate: (current) => escalationFormErrors(current, mode),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
