import type { EscalationStep, StepSaveAnswer } from '../../entities/escalation';
import { changeStepForm, isSupervisor, StepSchema, stepFormBody, type StepFormValues } from '../../rules/escalation-step';
import { formErrors } from '../../rules/validation';
import { recordFormMachineFor, type FieldErrors, type FieldOf, type FormErrors, type RecordFormContext, type RecordFormInput } from '../record-form/record-form.machine';

/**
 * The escalation resource modal (spec 2.17, 4, 5 Escalation resource form) runs on the record-form
 * machine, typed by the step's values and by the answer of its save ({feedback, status}, spec 7).
 * Every change goes through `changeStepForm` (choosing supervisor forces follow-up 0 with unit M,
 * choosing agent gives 15; call again off clears the attempts) and is checked at once against
 * `StepSchema`, the schema the server parses the save with, so the messages are the spec's. The
 * `save` actor (`fromPromise<StepSaveAnswer, StepFormValues>`) sends `stepFormBody(values)`.
 */
export const stepFormMachine = recordFormMachineFor<StepFormValues, StepSaveAnswer>();

/** The messages per field of these values (empty when they can be saved). */
export function stepFormErrors(values: StepFormValues): FormErrors<StepFormValues> {
  return formErrors(StepSchema, stepFormBody(values));
}

const applyChange = (values: StepFormValues, field: FieldOf<StepFormValues>, value: unknown): StepFormValues =>
  changeStepForm(values, field, value as StepFormValues[typeof field]);

export function stepFormInput(values: StepFormValues, fieldErrorsOf?: (error: unknown) => FieldErrors): RecordFormInput<StepFormValues> {
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
  // the screen offers minutes and hours only (spec 5): a stored day shows as 24 hours
  const days = step.next_followup_time_mult === 'D';
  return {
    escalation_id: step.escalation.escalation_id,
    participation_type_id: typeId,
    channel_id: step.channel.channel_id,
    resource_id: step.resource.resource_id,
    escalation_active: step.escalation_active,
    ind_call_again: step.ind_call_again,
    max_attemp_number: calls ? String(step.max_attemp_number) : '',
    next_followup_time: isSupervisor(typeId) ? '0' : String(days ? step.next_followup_time * 24 : step.next_followup_time),
    next_followup_time_mult: step.next_followup_time_mult === 'M' || isSupervisor(typeId) ? 'M' : 'H',
  };
}

/** spec 2.17: Save stays disabled until the form is valid. */
export const stepFormCanSave = (context: Pick<RecordFormContext<StepFormValues>, 'values' | 'validate'>): boolean => Object.keys(context.validate(context.values)).length === 0;
