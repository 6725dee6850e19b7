import type { YesNo } from '../entities/reference';
import {
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../machines/record-form/record-form.machine';
import { checkedBody, type CatalogueFormMode } from '../rules/application-form';
import type { StatusBadgeContent } from '../rules/status';
import { formErrors, validate } from '../rules/validation';
import {
  HEARTBEAT_MESSAGES,
  HeartbeatCreateSchema,
  HeartbeatUpdateSchema,
  durationText,
  type Heartbeat,
  type HeartbeatCreate,
  type HeartbeatState,
  type HeartbeatUpdate,
} from './heartbeat';

/**
 * The heartbeats window of the Modules screen (docs/product.md#heartbeat-monitors): its texts, the
 * words of a monitor's times, state and last beat, and the add-or-edit form, whose every rule is the
 * contract's schema (HEARTBEAT_MESSAGES), run on every input.
 */

export const HEARTBEAT_SCREEN_TEXTS = {
  empty: 'No heartbeat yet: add one and have your job call its address on every run.',
  loadFailed: 'The heartbeats could not be loaded.',
  added: 'The heartbeat was added',
  updated: 'The heartbeat was saved',
  deleted: HEARTBEAT_MESSAGES.deleted,
  rotated: 'The heartbeat has a new address',
  addressLabel: 'Beat address',
  addressHint: 'Call it with a POST at the end of every run of the job; the address is the only credential.',
  confirmDelete:
    'Are you sure you want to delete this heartbeat? Its address stops working; an incident it opened stays open for people to resolve.',
  confirmNewAddress:
    'The current address stops working at once: every job calling it must be given the new one, or the heartbeat is missed.',
} as const;

/** A state's badge: a missed beat warns; one not come yet is neutral. */
export const HEARTBEAT_STATE_BADGES: Record<HeartbeatState, StatusBadgeContent> = {
  waiting: { tone: 'neutral', label: 'Waiting for the first beat' },
  up: { tone: 'success', label: 'Up' },
  missed: { tone: 'warning', label: 'Missed' },
};

/** "every 5 minutes, 1 minute of grace" (or "no grace"). */
export function heartbeatTimesText(monitor: Pick<Heartbeat, 'interval_seconds' | 'grace_seconds'>): string {
  const grace = monitor.grace_seconds > 0 ? `${durationText(monitor.grace_seconds)} of grace` : 'no grace';
  return `every ${durationText(monitor.interval_seconds)}, ${grace}`;
}

/** How long ago an instant was, in the largest whole unit: "just now", "3 minutes ago", "1 day ago". */
export function agoText(at: number, now: number): string {
  const seconds = Math.floor((now - at) / 1000);
  if (seconds < 60) return 'just now';
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

// ——— the add-or-edit form ———

/** The form's values as its inputs hold them: the times are whole seconds typed as text. */
export interface HeartbeatFormValues {
  heartbeat_name: string;
  interval_seconds: string;
  grace_seconds: string;
  heartbeat_active: YesNo;
}
export type HeartbeatFormField = keyof HeartbeatFormValues;

/** A new monitor: every 5 minutes with a minute of grace, active. */
export const emptyHeartbeatForm = (): HeartbeatFormValues => ({
  heartbeat_name: '',
  interval_seconds: '300',
  grace_seconds: '60',
  heartbeat_active: 'Y',
});

export const heartbeatFormFromHeartbeat = (monitor: Heartbeat): HeartbeatFormValues => ({
  heartbeat_name: monitor.heartbeat_name,
  interval_seconds: String(monitor.interval_seconds),
  grace_seconds: String(monitor.grace_seconds),
  heartbeat_active: monitor.heartbeat_active,
});

/** The fields the form shows, in order: the status only when editing (a new monitor is active). */
export function heartbeatFormFields(mode: CatalogueFormMode): HeartbeatFormField[] {
  const fields: HeartbeatFormField[] = ['heartbeat_name', 'interval_seconds', 'grace_seconds'];
  return mode === 'edit' ? [...fields, 'heartbeat_active'] : fields;
}

const shownValues = (values: HeartbeatFormValues, mode: CatalogueFormMode) => {
  const { heartbeat_active, ...times } = values;
  return mode === 'edit' ? { ...times, heartbeat_active } : times;
};

/** Every failed rule per field, through the schema the server applies to the body. */
export function heartbeatFormErrors(
  values: HeartbeatFormValues,
  mode: CatalogueFormMode,
): Partial<Record<HeartbeatFormField, string[]>> {
  return formErrors(HeartbeatUpdateSchema, shownValues(values, mode));
}

export const heartbeatCreateBody = (moduleId: number, values: HeartbeatFormValues): HeartbeatCreate =>
  checkedBody(validate(HeartbeatCreateSchema, { module_id: moduleId, ...shownValues(values, 'create') }));

export const heartbeatUpdateBody = (values: HeartbeatFormValues): HeartbeatUpdate =>
  checkedBody(validate(HeartbeatUpdateSchema, shownValues(values, 'edit')));

/** What a seconds field's text means in words, when it is a whole number: "5 minutes". */
export function secondsInWords(text: string): string | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? durationText(Number(text)) : null;
}

/** The form's machine: its save answers the monitor as stored. */
export const heartbeatFormMachine = recordFormMachineFor<HeartbeatFormValues, Heartbeat>();

export function heartbeatFormInput(
  mode: CatalogueFormMode,
  values: HeartbeatFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<HeartbeatFormValues> {
  return {
    values: { ...values },
    validate: (current) => heartbeatFormErrors(current, mode),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
