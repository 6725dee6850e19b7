import type { Schedule, ScheduleOverride } from '../../schedules/schedule';
import type { CatalogueFormMode } from '../../rules/application-form';
import {
  overrideFormErrors,
  rotationFormErrors,
  scheduleCreateBody,
  scheduleFormErrors,
  scheduleFormFields,
  scheduleUpdateBody,
  temporaryFormErrors,
  type OverrideFormValues,
  type RotationFormValues,
  type ScheduleFormValues,
  type TemporaryFormValues,
} from '../../rules/schedule-form';
import {
  recordFormKit,
  recordFormMachineFor,
  type FieldErrors,
  type FormErrors,
  type RecordFormInput,
} from '../record-form/record-form.machine';

/**
 * The schedule screens' windows (docs/product.md#schedules) on the record-form machine: the
 * schedule's own (create or edit, a catalogue record form), a rotation's (its save is the
 * schedule's PUT with that rotation replaced, answered by the schedule), a temporary schedule's
 * (the same, with that temporary schedule replaced) and the override's (also "take this shift",
 * answered by the override).
 */
export const scheduleFormMachine = recordFormMachineFor<ScheduleFormValues, Schedule>();

/** The schedule's window as its create-or-edit modal saves it. */
export const scheduleRecordForm = recordFormKit(scheduleFormMachine, scheduleFormFields, {
  id: (schedule) => schedule.schedule_id,
  createBody: scheduleCreateBody,
  updateBody: scheduleUpdateBody,
});

const withFieldErrors = (fieldErrorsOf?: (error: unknown) => FieldErrors) => (fieldErrorsOf ? { fieldErrorsOf } : {});

export function scheduleFormInput(
  mode: CatalogueFormMode,
  values: ScheduleFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<ScheduleFormValues> {
  return {
    values: { ...values },
    validate: (current) => scheduleFormErrors(current, mode),
    ...withFieldErrors(fieldErrorsOf),
  };
}

/** A rotation's window: its save answers the schedule as stored. */
export const rotationFormMachine = recordFormMachineFor<RotationFormValues, Schedule>();

/** A restriction's messages are keyed `restrictions.<index>.<field>` (`restrictionKey`), beside the fields'. */
export function rotationFormInput(
  values: RotationFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<RotationFormValues> {
  return {
    values: { ...values },
    validate: (current) => rotationFormErrors(current) as FormErrors<RotationFormValues>,
    ...withFieldErrors(fieldErrorsOf),
  };
}

/** The override window (and "take this shift"): its save answers the override made. */
export const overrideFormMachine = recordFormMachineFor<OverrideFormValues, ScheduleOverride>();

/** The window's times are read in the schedule's zone `timeZone`. */
export function overrideFormInput(
  timeZone: string,
  values: OverrideFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<OverrideFormValues> {
  return {
    values: { ...values },
    validate: (current) => overrideFormErrors(timeZone, current),
    ...withFieldErrors(fieldErrorsOf),
  };
}

/** A temporary schedule's window: its save is the schedule's PUT with it in its place, answered by the schedule. */
export const temporaryFormMachine = recordFormMachineFor<TemporaryFormValues, Schedule>();

/**
 * The window of `schedule`'s temporary schedule `index` (null: a new one): its rules are checked
 * against the others (they must not overlap); a shift's messages are keyed
 * `shifts.<index>.<field>` (`temporaryShiftKey`), beside the period's.
 */
export function temporaryFormInput(
  schedule: Schedule,
  index: number | null,
  values: TemporaryFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<TemporaryFormValues> {
  return {
    values: { ...values, shifts: values.shifts.map((shift) => ({ ...shift })) },
    validate: (current) => temporaryFormErrors(schedule, index, current) as FormErrors<TemporaryFormValues>,
    ...withFieldErrors(fieldErrorsOf),
  };
}
