import { localInputOf, localRangeInput, nextHourRange } from '../rules/schedule-form';
import { checkedBody } from '../rules/application-form';
import { formErrors, validate } from '../rules/validation';
import {
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../machines/record-form/record-form.machine';
import {
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MaintenanceWindowSchema,
  type MaintenanceRelease,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
} from './maintenance-window';

/**
 * The Maintenance screen's window (docs/product.md#maintenance-windows): a name, what it covers (an
 * application, and one of its modules or all of them), its start and end as the customer's clock
 * reads them ("YYYY-MM-DDTHH:MM"), weekly or once, and what happens when it ends.
 */
export interface MaintenanceFormValues {
  window_name: string;
  application_id: number | null;
  /** null: every module of the application */
  module_id: number | null;
  start: string;
  end: string;
  weekly: boolean;
  release: MaintenanceRelease;
}
export type MaintenanceFormField = keyof MaintenanceFormValues;
export const MAINTENANCE_FORM_FIELDS: readonly MaintenanceFormField[] = [
  'window_name',
  'application_id',
  'module_id',
  'start',
  'end',
  'weekly',
  'release',
];

export const MAINTENANCE_SCREEN_TEXTS = {
  title: 'Maintenance',
  create: 'New window',
  createTitle: 'New maintenance window',
  editTitle: 'Edit maintenance window',
  empty: 'No maintenance windows yet.',
  created: 'Maintenance window was successfully created',
  updated: 'Maintenance window was successfully updated',
  deleted: 'Maintenance window was successfully deleted',
  confirmDelete:
    'Delete this maintenance window? Incidents it still holds are let go now, as its release says (escalated or left quiet).',
  startRequired: 'Start is required',
  endRequired: 'End is required',
  dateTimeRequired: 'Must be a date and time',
  tooMany: MAINTENANCE_MESSAGES.tooMany,
} as const;

/** The contract's target: the module when one is chosen, else the whole application. */
const targetOf = (values: Pick<MaintenanceFormValues, 'application_id' | 'module_id'>) =>
  values.module_id !== null
    ? { module_id: values.module_id, application_id: null }
    : { module_id: null, application_id: values.application_id };

/** A new window: from the next full hour, for two hours, once, escalating when it ends. */
export function emptyMaintenanceForm(timeZone: string, now: number): MaintenanceFormValues {
  const start = nextHourRange(now).start;
  return {
    window_name: '',
    application_id: null,
    module_id: null,
    start: localInputOf(timeZone, start),
    end: localInputOf(timeZone, start + 2 * 3_600_000),
    weekly: false,
    release: 'escalate',
  };
}

/** A window as read, in its form: times in the customer's zone. */
export function maintenanceFormFromWindow(timeZone: string, window: MaintenanceWindow): MaintenanceFormValues {
  return {
    window_name: window.window_name,
    application_id: window.application_id,
    module_id: window.module_id,
    start: localInputOf(timeZone, Date.parse(window.start)),
    end: localInputOf(timeZone, Date.parse(window.end)),
    weekly: window.recurrence === 'weekly',
    release: window.release,
  };
}

const maintenanceInput = (timeZone: string, values: MaintenanceFormValues) => {
  const { start, end, range } = localRangeInput(timeZone, values);
  return {
    start,
    end,
    body: {
      window_name: values.window_name,
      ...targetOf(values),
      ...range,
      recurrence: values.weekly ? ('weekly' as const) : ('none' as const),
      release: values.release,
    },
  };
};

/** The contract's field names on the form's: the choice of what a window covers starts with the application. */
export function maintenanceFieldMessages(messages: Record<string, string[]>): FieldErrors {
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(messages)) {
    const key = field === 'module_id' ? 'application_id' : field === 'recurrence' ? 'weekly' : field;
    (out[key] ??= []).push(...list);
  }
  return out;
}

/** Every failed rule of the window, the contract's (a target, end after start, the lengths) included. */
export function maintenanceFormErrors(
  timeZone: string,
  values: MaintenanceFormValues,
): Partial<Record<MaintenanceFormField, string[]>> {
  const { start, end, body } = maintenanceInput(timeZone, values);
  const errors: Partial<Record<MaintenanceFormField, string[]>> = maintenanceFieldMessages(
    formErrors(MaintenanceWindowSchema, body),
  );
  const local = (text: string, required: string) =>
    text.trim() === '' ? [required] : [MAINTENANCE_SCREEN_TEXTS.dateTimeRequired];
  if (start === null) errors.start = local(values.start, MAINTENANCE_SCREEN_TEXTS.startRequired);
  if (end === null) errors.end = local(values.end, MAINTENANCE_SCREEN_TEXTS.endRequired);
  return errors;
}

/** The window's body: ISO instants with the customer zone's offset. */
export function maintenanceBody(timeZone: string, values: MaintenanceFormValues): MaintenanceWindowBody {
  const { body } = maintenanceInput(timeZone, values);
  return checkedBody(validate(MaintenanceWindowSchema, body));
}

/** Whether the customer may add one more window. */
export const mayAddMaintenanceWindow = (total: number) => total < MAINTENANCE_LIMITS.windows;

export const maintenanceFormMachine = /* @__PURE__ */ recordFormMachineFor<MaintenanceFormValues, MaintenanceWindow>();

/** The window's times are read in the customer's zone `timeZone`. */
export function maintenanceFormInput(
  timeZone: string,
  values: MaintenanceFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<MaintenanceFormValues> {
  return {
    values: { ...values },
    validate: (current) => maintenanceFormErrors(timeZone, current),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
