import { SlaCreateSchema, SlaUpdateSchema, type Sla, type SlaCreate, type SlaUpdate } from '../entities/sla';
import { FOLLOW_UP_UNIT_LABELS, maskDigits } from './escalation-step';
import { checkedBody, type CatalogueFormMode } from './application-form';
import { formErrors, validate } from './validation';

export type SlaFormMode = CatalogueFormMode;

/** The values of the SLA modal as typed (docs/product.md#slas): the response time stays text until saved. */
export interface SlaFormValues {
  sla_name: string;
  sla_desc: string;
  /** at most two digits (the field's mask, `slaResponseTimeMask`) */
  sla_response_time: string;
  /** docs/product.md#entities: M (Minutes, the default) or H (Hours) */
  sla_response_time_mult: 'M' | 'H';
  /** docs/product.md#states-and-transitions: Y (ACTIVE) or N (INACTIVE); shown only on edit */
  sla_active: 'Y' | 'N';
}
export type SlaFormField = keyof SlaFormValues;

/** docs/product.md#entities: a new SLA counts in minutes and starts inactive ('N'). */
export function emptySlaForm(): SlaFormValues {
  return { sla_name: '', sla_desc: '', sla_response_time: '', sla_response_time_mult: 'M', sla_active: 'N' };
}

export function slaFormFromSla(sla: Sla): SlaFormValues {
  return {
    sla_name: sla.sla_name,
    sla_desc: sla.sla_desc,
    sla_response_time: String(sla.sla_response_time),
    sla_response_time_mult: sla.sla_response_time_mult,
    sla_active: sla.sla_active,
  };
}

/** docs/product.md#slas: the response time field keeps at most two digits of what is typed or pasted. */
export const slaResponseTimeMask = (text: string) => maskDigits(text, 2);

/** The list's response time: the number and its unit (docs/product.md#constants-and-limits: M = Minute(s), H = Hour(s)). */
export const slaResponseTimeLabel = (sla: Pick<Sla, 'sla_response_time' | 'sla_response_time_mult'>) =>
  `${sla.sla_response_time} ${FOLLOW_UP_UNIT_LABELS[sla.sla_response_time_mult]}`;

/** docs/product.md#states-and-transitions: the status field is hidden on create. */
export const slaFormLayout = (mode: SlaFormMode) => ({ hasStatus: mode === 'edit' });

/** The fields the modal shows, in order: a failed save's message for any other field is not shown on the form. */
export function slaFormFields(mode: SlaFormMode): SlaFormField[] {
  return [
    'sla_name',
    'sla_desc',
    'sla_response_time',
    'sla_response_time_mult',
    ...(slaFormLayout(mode).hasStatus ? (['sla_active'] as const) : []),
  ];
}

/** The body as the create schema reads it (no status: a new SLA is inactive). */
const createInput = ({ sla_active: _status, ...values }: SlaFormValues) => values;

/** Every failed rule per field, checked on every input: the schema the server applies (SLA_MESSAGES). */
export function slaFormErrors(values: SlaFormValues, mode: SlaFormMode): Partial<Record<SlaFormField, string[]>> {
  return mode === 'create' ? formErrors(SlaCreateSchema, createInput(values)) : formErrors(SlaUpdateSchema, values);
}

/** The create body of values the rules accepted (the response time as a number). */
export const slaCreateBody = (values: SlaFormValues): SlaCreate =>
  checkedBody(validate(SlaCreateSchema, createInput(values)));

/** The edit body of values the rules accepted. */
export const slaUpdateBody = (values: SlaFormValues): SlaUpdate => checkedBody(validate(SlaUpdateSchema, values));
