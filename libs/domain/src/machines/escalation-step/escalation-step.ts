import type { EscalationStep, StepSaveAnswer } from '../../entities/escalation';
import type { Channel, ParticipationType } from '../../entities/reference';
import type { Resource } from '../../entities/resource';
import {
  changeStepForm,
  FOLLOW_UP_UNIT_LABELS,
  isSupervisor,
  STEP_MESSAGES,
  StepSchema,
  stepFormBody,
  type StepFormValues,
} from '../../rules/escalation-step';
import { formErrors } from '../../rules/validation';
import {
  recordFormMachineFor,
  type FieldErrors,
  type FieldOf,
  type FormErrors,
  type RecordFormContext,
  type RecordFormInput,
} from '../record-form/record-form.machine';

/**
 * The escalation resource modal (docs/product.md#escalation-steps, #states-and-transitions, #validation-rules Escalation resource form) runs on the record-form
 * machine, typed by the step's values and by the answer of its save ({feedback, status}, docs/product.md#http-calls).
 * Every change goes through `changeStepForm` (choosing supervisor forces follow-up 0 with unit M,
 * choosing agent gives 15; call again off clears the attempts) and is checked at once against
 * `StepSchema`, the schema the server parses the save with, so the messages are the spec's. The
 * `save` actor (`fromPromise<StepSaveAnswer, StepFormValues>`) sends `stepFormBody(values)`.
 */
export const stepFormMachine = recordFormMachineFor<StepFormValues, StepSaveAnswer>();

/**
 * The messages per field of these values (empty when they can be saved). With Schedule chosen the
 * Resource select is hidden, so the wire's "neither" rule shows on the Schedule select, in its words.
 */
export function stepFormErrors(values: StepFormValues): FormErrors<StepFormValues> {
  const errors = formErrors(StepSchema, stepFormBody(values));
  if (values.calls !== 'schedule' || !errors.resource_id) return errors;
  const { resource_id: _hidden, ...shown } = errors;
  return { ...shown, schedule_id: [STEP_MESSAGES.scheduleRequired] };
}

const applyChange = (values: StepFormValues, field: FieldOf<StepFormValues>, value: unknown): StepFormValues =>
  changeStepForm(values, field, value as StepFormValues[typeof field]);

export function stepFormInput(
  values: StepFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<StepFormValues> {
  return {
    values: { ...values },
    validate: stepFormErrors,
    change: applyChange,
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}

/** The values of a stored step, for its edit modal. */
export function stepFormFromStep(step: EscalationStep): StepFormValues {
  const calls = step.ind_call_again === 'Y';
  const typeId = step.participation_type.participation_type_id;
  // the screen offers minutes and hours only (docs/product.md#validation-rules): a stored day shows as 24 hours
  const days = step.next_followup_time_mult === 'D';
  return {
    escalation_id: step.escalation.escalation_id,
    participation_type_id: typeId,
    channel_id: step.channel.channel_id,
    calls: step.schedule ? 'schedule' : 'resource',
    resource_id: step.resource?.resource_id ?? null,
    schedule_id: step.schedule?.schedule_id ?? null,
    escalation_active: step.escalation_active,
    ind_call_again: step.ind_call_again,
    max_attemp_number: calls ? String(step.max_attemp_number) : '',
    next_followup_time: isSupervisor(typeId)
      ? '0'
      : String(days ? step.next_followup_time * 24 : step.next_followup_time),
    next_followup_time_mult: step.next_followup_time_mult === 'M' || isSupervisor(typeId) ? 'M' : 'H',
  };
}

/** docs/product.md#escalation-steps: Save stays disabled until the form is valid. */
export const stepFormCanSave = (context: Pick<RecordFormContext<StepFormValues>, 'values' | 'validate'>): boolean =>
  Object.keys(context.validate(context.values)).length === 0;

/** The step modal's option lists (docs/product.md#entities: a first placeholder entry whose value is null). */
export const STEP_PLACEHOLDERS = {
  participationType: 'Select Participation Type',
  channel: 'Select Channel',
  resource: 'Select Resource',
} as const;

export interface StepOption {
  value: number | null;
  text: string;
}

export const participationTypeOptions = (types: readonly ParticipationType[]): StepOption[] => [
  { value: null, text: STEP_PLACEHOLDERS.participationType },
  ...types.map((type) => ({ value: type.participation_type_id, text: type.participation_type_desc })),
];

export const channelOptions = (channels: readonly Channel[]): StepOption[] => [
  { value: null, text: STEP_PLACEHOLDERS.channel },
  ...channels.map((channel) => ({ value: channel.channel_id, text: channel.channel_desc })),
];

/**
 * The resources a step may use (the customer's active ones); an edited step keeps its own resource
 * choosable even when it is no longer among them.
 */
export function resourceOptions(
  resources: readonly Pick<Resource, 'resource_id' | 'resource_fullname'>[],
  current?: EscalationStep['resource'] | null,
): StepOption[] {
  const listed = resources.map((resource) => ({ value: resource.resource_id, text: resource.resource_fullname }));
  const kept =
    current && !listed.some((option) => option.value === current.resource_id)
      ? [{ value: current.resource_id, text: current.resource_fullname }]
      : [];
  return [{ value: null, text: STEP_PLACEHOLDERS.resource }, ...kept, ...listed];
}

/** docs/product.md#escalation-steps: the follow-up column, a number plus Minute(s) or Hour(s); a supervisor's notice has none. */
export function followUpText(
  step: Pick<EscalationStep, 'next_followup_time' | 'next_followup_time_mult' | 'participation_type'>,
): string {
  if (isSupervisor(step.participation_type.participation_type_id)) return '';
  const unit = step.next_followup_time_mult === 'D' ? 'Day(s)' : FOLLOW_UP_UNIT_LABELS[step.next_followup_time_mult];
  return `${step.next_followup_time} ${unit}`;
}
