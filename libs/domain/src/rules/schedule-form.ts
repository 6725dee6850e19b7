import type { YesNo } from '../entities/reference';
import {
  OverrideSchema,
  RotationSchema,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SHIFT_UNIT_LABELS,
  ScheduleCreateSchema,
  ScheduleUpdateSchema,
  WEEKDAY_LABELS,
  type Rotation,
  type RotationBody,
  type RotationParticipant,
  type RotationRestriction,
  type Schedule,
  type ScheduleCreate,
  type ScheduleUpdate,
  type ShiftUnit,
  type TemporarySchedule,
} from '../schedules/schedule';
import { DAY_MS, isTimeZone, localTime, offsetAt, zonedInstant } from '../schedules/zone';
import { checkedBody, type CatalogueFormMode } from './application-form';
import { formErrors, validate, type FieldIssue } from './validation';

/**
 * The schedule screens' forms (docs/product.md#schedules): the schedule's window, a rotation's
 * window, the override and "take this shift" window, and the texts the screens show of them.
 * Every rule is the contract's schema (SCHEDULE_MESSAGES), run on every input.
 */

/** The screens' own texts: toasts, confirmations, empty lists. */
export const SCHEDULE_SCREEN_TEXTS = {
  created: 'Schedule was successfully created',
  updated: 'Schedule was successfully updated',
  deleted: 'Schedule was successfully deleted',
  confirmDelete: 'Are you sure you want to remove this schedule?',
  empty: 'No schedules found. Please add some schedules.',
  rotationSaved: 'Rotation was successfully saved',
  rotationRemoved: 'Rotation was successfully removed',
  confirmRemoveRotation: 'Are you sure you want to remove this rotation? Its shifts leave the schedule.',
  overrideAdded: 'Override was successfully added',
  overrideRemoved: 'Override was successfully removed',
  confirmRemoveOverride: 'Are you sure you want to remove this override?',
  noOverrides: 'No upcoming overrides.',
  noRotations: 'No rotations yet: nobody is on call until a rotation or an override says who.',
  temporarySaved: 'Temporary schedule was successfully saved',
  temporaryRemoved: 'Temporary schedule was successfully removed',
  confirmRemoveTemporary:
    'Are you sure you want to remove this temporary schedule? The rotations decide who is on call over its period again.',
  noTemporary: 'No temporary schedule: the rotations decide who is on call.',
  noTemporaryShifts: 'No shifts: nobody is on call over this period, but overrides still apply.',
  calendarRotated: 'The calendar has a new address',
  // docs/product.md#calendar-feeds: a new address ends the old one
  confirmNewCalendar:
    'The current address stops working at once: calendars subscribed to it stop updating until they subscribe to the new one.',
  calendarCopied: 'Calendar address was copy to clipboard',
  nobodyOnCall: 'Nobody on call',
  loadFailed: 'This schedule could not be loaded.',
  shiftsFailed: 'The shifts could not be loaded.',
} as const;

/** Messages of the window's own fields (local dates and times, before they are instants). */
export const SCHEDULE_FORM_MESSAGES = {
  startRequired: 'Start is required',
  endRequired: 'End is required',
  dateTimeRequired: 'Must be a date and a time (YYYY-MM-DD HH:MM)',
  personRequired: 'Choose who is on call',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "09:00" as the zone's clock shows the instant. */
export function clockText(timeZone: string, at: number): string {
  const local = localTime(timeZone, at);
  return `${pad(local.hour)}:${pad(local.minute)}`;
}

/** "Mon 9 Mar 09:00" as the zone's clock shows the instant. */
export function dayTimeText(timeZone: string, at: number): string {
  const local = localTime(timeZone, at);
  return `${WEEKDAY_LABELS[local.weekday - 1]} ${local.day} ${MONTH_LABELS[local.month - 1]} ${pad(local.hour)}:${pad(local.minute)}`;
}

/** A stretch "Mon 9 Mar 09:00 – Mon 16 Mar 09:00" in the zone. */
export const rangeText = (timeZone: string, start: number, end: number) =>
  `${dayTimeText(timeZone, start)} – ${dayTimeText(timeZone, end)}`;

/** The calendar date of an instant in the zone, YYYY-MM-DD. */
export function dateIn(timeZone: string, at: number): string {
  const local = localTime(timeZone, at);
  return `${local.year}-${pad(local.month)}-${pad(local.day)}`;
}

/** An instant as a date-time field shows it in the zone ("2026-03-09T09:00", the input's own format). */
export function localInputOf(timeZone: string, at: number): string {
  const local = localTime(timeZone, at);
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}`;
}

const LOCAL_INPUT = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):([0-5]\d)$/;

/** The instant a date-time field's "YYYY-MM-DDTHH:MM" means in the zone, or null when it is not one. */
export function instantOfLocalInput(timeZone: string, text: string): number | null {
  const match = LOCAL_INPUT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  // 31 February is no date (the calendar would roll it into March)
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return zonedInstant(timeZone, { year, month, day, hour, minute });
}

/** The instant as ISO 8601 with the zone's offset: "2026-03-09T09:00:00-04:00" (what the contract takes). */
export function isoInZone(timeZone: string, at: number): string {
  const offset = Math.round(offsetAt(timeZone, at) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const local = localTime(timeZone, at);
  // offsets are whole minutes: the seconds read the same in every zone
  const seconds = new Date(at).getUTCSeconds();
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(seconds)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * What a time in the schedule's zone is in the viewer's ("= 16:00 in your zone (Europe/Madrid)"), the
 * day named when it differs; null when both zones read the same.
 */
export function viewerZoneHint(scheduleZone: string, viewerZone: string, at: number): string | null {
  if (scheduleZone === viewerZone || offsetAt(scheduleZone, at) === offsetAt(viewerZone, at)) return null;
  const sameDay = dateIn(scheduleZone, at) === dateIn(viewerZone, at);
  return `= ${sameDay ? clockText(viewerZone, at) : dayTimeText(viewerZone, at)} in your zone (${viewerZone})`;
}

/** The zones a schedule may take: the platform's list, UTC and the schedule's own zone included. */
export function scheduleZoneChoices(current = ''): string[] {
  const zones = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  if (current && isTimeZone(current)) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

// ——— the schedule's window ———

/** The values of the schedule's window (docs/product.md#schedules). */
export interface ScheduleFormValues {
  schedule_name: string;
  schedule_desc: string;
  time_zone: string;
  /** docs/product.md#handoff-notices: the incoming person is told at the start of each shift */
  handoff_notices: YesNo;
  /** shown on edit only: a new schedule is active */
  schedule_active: YesNo;
  /** not shown: a change replaces the rotations and temporary schedules, so they are sent back as read */
  layers: Pick<ScheduleUpdate, 'rotations' | 'temporary_schedules'>;
}
export type ScheduleFormField = Exclude<keyof ScheduleFormValues, 'layers'>;

/** A new schedule: in the viewer's zone (UTC when the browser names none the platform knows). */
export function emptyScheduleForm(viewerZone: string): ScheduleFormValues {
  return {
    schedule_name: '',
    schedule_desc: '',
    time_zone: isTimeZone(viewerZone) ? viewerZone : 'UTC',
    handoff_notices: 'N',
    schedule_active: 'Y',
    layers: { rotations: [], temporary_schedules: [] },
  };
}

/** A rotation as its save body: its participants by id, in order. */
export function rotationBodyOf(rotation: Rotation): RotationBody {
  return {
    rotation_name: rotation.rotation_name,
    participants: rotation.participants.map((participant) => participant.resource_id),
    shift_length: rotation.shift_length,
    shift_unit: rotation.shift_unit,
    handoff_time: rotation.handoff_time,
    start: rotation.start,
    restrictions: rotation.restrictions.map((restriction) => ({ ...restriction, days: [...restriction.days] })),
  };
}

/** The whole schedule as its PUT body: a change to one part sends every other part as it was read. */
export function scheduleBodyOf(schedule: Schedule): ScheduleUpdate {
  return {
    schedule_name: schedule.schedule_name,
    schedule_desc: schedule.schedule_desc,
    time_zone: schedule.time_zone,
    handoff_notices: schedule.handoff_notices,
    schedule_active: schedule.schedule_active,
    rotations: schedule.rotations.map(rotationBodyOf),
    temporary_schedules: schedule.temporary_schedules.map((temporary) => ({
      start: temporary.start,
      end: temporary.end,
      shifts: temporary.shifts.map(({ resource_id, start, end }) => ({ resource_id, start, end })),
    })),
  };
}

export function scheduleFormFromSchedule(schedule: Schedule): ScheduleFormValues {
  const { rotations, temporary_schedules } = scheduleBodyOf(schedule);
  return {
    schedule_name: schedule.schedule_name,
    schedule_desc: schedule.schedule_desc,
    time_zone: schedule.time_zone,
    handoff_notices: schedule.handoff_notices,
    schedule_active: schedule.schedule_active,
    layers: { rotations, temporary_schedules },
  };
}

/** The fields the window shows, in order: a failed save's message for another field goes to the general handler. */
export function scheduleFormFields(mode: CatalogueFormMode): ScheduleFormField[] {
  return [
    'schedule_name',
    'schedule_desc',
    'time_zone',
    'handoff_notices',
    ...(mode === 'edit' ? (['schedule_active'] as const) : []),
  ];
}

const createInput = ({ schedule_active: _status, layers: _layers, ...values }: ScheduleFormValues) => values;
const updateInput = ({ layers, ...values }: ScheduleFormValues) => ({ ...values, ...layers });

export function scheduleFormErrors(
  values: ScheduleFormValues,
  mode: CatalogueFormMode,
): Partial<Record<ScheduleFormField, string[]>> {
  return mode === 'create'
    ? formErrors(ScheduleCreateSchema, createInput(values))
    : formErrors(ScheduleUpdateSchema, updateInput(values));
}

export const scheduleCreateBody = (values: ScheduleFormValues): ScheduleCreate =>
  checkedBody(validate(ScheduleCreateSchema, createInput(values)));

export const scheduleUpdateBody = (values: ScheduleFormValues): ScheduleUpdate =>
  checkedBody(validate(ScheduleUpdateSchema, updateInput(values)));

// ——— a rotation's window ———

/** The values of a rotation's window: participants with their names (the list shows them), numbers as typed. */
export interface RotationFormValues {
  rotation_name: string;
  participants: RotationParticipant[];
  shift_length: string;
  shift_unit: ShiftUnit;
  handoff_time: string;
  /** YYYY-MM-DD in the schedule's zone */
  start: string;
  restrictions: RotationRestriction[];
}
export type RotationFormField = keyof RotationFormValues;
/** A restriction's fields, as their messages are keyed: `restrictions.<index>.<field>`. */
export type RestrictionField = 'days' | 'from' | 'to';
export const restrictionKey = (index: number, field: RestrictionField) => `restrictions.${index}.${field}`;

/** A new rotation: weekly shifts handed over at 09:00, from `start` (today in the schedule's zone). */
export function emptyRotationForm(start: string): RotationFormValues {
  return {
    rotation_name: '',
    participants: [],
    shift_length: '1',
    shift_unit: 'W',
    handoff_time: '09:00',
    start,
    restrictions: [],
  };
}

export function rotationFormFromRotation(rotation: Rotation): RotationFormValues {
  return {
    rotation_name: rotation.rotation_name,
    participants: rotation.participants.map((participant) => ({ ...participant })),
    shift_length: String(rotation.shift_length),
    shift_unit: rotation.shift_unit,
    handoff_time: rotation.handoff_time,
    start: rotation.start,
    restrictions: rotation.restrictions.map((restriction) => ({ ...restriction, days: [...restriction.days] })),
  };
}

/** A restriction added in the window: working hours on weekdays. */
export const NEW_RESTRICTION: RotationRestriction = { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' };

const rotationInput = (values: RotationFormValues) => ({
  ...values,
  participants: values.participants.map((participant) => participant.resource_id),
});

/** The key a message of a rotation's path shows on: its field, or the restriction's own field. */
function rotationKeyOf(path: readonly (string | number)[]): string {
  const [field, index, inner] = path;
  if (field === 'restrictions' && typeof index === 'number' && (inner === 'days' || inner === 'from' || inner === 'to'))
    return restrictionKey(index, inner);
  return String(field ?? '');
}

/** The messages of the issues per key (each message once per key). */
function messagesByKey(
  issues: readonly FieldIssue[],
  keyOf: (path: readonly (string | number)[]) => string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = keyOf(issue.path);
    if (!out[key]?.includes(issue.message)) (out[key] ??= []).push(issue.message);
  }
  return out;
}

const rotationMessages = (issues: readonly FieldIssue[]) => messagesByKey(issues, rotationKeyOf);

/** Every failed rule of the window, per field (a restriction's per its own field), on every input. */
export function rotationFormErrors(values: RotationFormValues): Record<string, string[]> {
  const result = validate(RotationSchema, rotationInput(values));
  return result.success ? {} : rotationMessages(result.issues);
}

/** The rotation's body, of values the rules accepted. */
export const rotationBody = (values: RotationFormValues): RotationBody =>
  checkedBody(validate(RotationSchema, rotationInput(values)));

/**
 * The messages of a 422 on the schedule's PUT that belong to rotation `index` (`loc` body, rotations,
 * index, field...), keyed as the window's fields; `others` counts the messages about anything else.
 */
export function rotationSaveErrors(
  detail: readonly { loc: readonly (string | number)[]; msg: string }[],
  index: number,
): { fields: Record<string, string[]>; others: number } {
  const issues: FieldIssue[] = [];
  let others = 0;
  for (const item of detail) {
    const path = item.loc[0] === 'body' ? item.loc.slice(1) : item.loc;
    if (path[0] === 'rotations' && path[1] === index && path.length > 2)
      issues.push({ path: path.slice(2), message: item.msg });
    else others += 1;
  }
  return { fields: rotationMessages(issues), others };
}

/** The schedule's PUT body with rotation `index` replaced (null: the new one added on top of the others). */
export function scheduleWithRotation(schedule: Schedule, index: number | null, rotation: RotationBody): ScheduleUpdate {
  const body = scheduleBodyOf(schedule);
  const rotations = [...body.rotations];
  if (index === null) rotations.push(rotation);
  else rotations[index] = rotation;
  return { ...body, rotations };
}

/** The schedule's PUT body without rotation `index`. */
export function scheduleWithoutRotation(schedule: Schedule, index: number): ScheduleUpdate {
  const body = scheduleBodyOf(schedule);
  return { ...body, rotations: body.rotations.filter((_, position) => position !== index) };
}

/** The list moved: the item at `index` goes `by` places (-1 up, 1 down); out of bounds, nothing moves. */
export function movedItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Whether a rotation may take one more participant (docs/product.md#schedules limits). */
export const mayAddParticipant = (values: Pick<RotationFormValues, 'participants'>) =>
  values.participants.length < SCHEDULE_LIMITS.participants;
export const mayAddRestriction = (values: Pick<RotationFormValues, 'restrictions'>) =>
  values.restrictions.length < SCHEDULE_LIMITS.restrictions;
export const mayAddRotation = (schedule: Pick<Schedule, 'rotations'>) =>
  schedule.rotations.length < SCHEDULE_LIMITS.rotations;

/** The days of a restriction as read: runs of three or more joined ("Mon–Fri"), others listed ("Sat, Sun"). */
export function daysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${WEEKDAY_LABELS[run[0]! - 1]}–${WEEKDAY_LABELS[run[run.length - 1]! - 1]}`]
        : run.map((day) => WEEKDAY_LABELS[day - 1]!),
    )
    .join(', ');
}

/** "Mon–Fri 09:00–17:00" */
export const restrictionText = (restriction: RotationRestriction) =>
  `${daysText(restriction.days)} ${restriction.from}–${restriction.to}`;

/** "1 week", "12 hours" */
export function shiftLengthText(length: number, unit: ShiftUnit): string {
  const word = SHIFT_UNIT_LABELS[unit].toLowerCase();
  return `${length} ${length === 1 ? word.slice(0, -1) : word}`;
}

/** A rotation in one line: "Shifts of 1 week, handed over at 09:00, from 2026-03-02". */
export const rotationSummary = (rotation: Pick<Rotation, 'shift_length' | 'shift_unit' | 'handoff_time' | 'start'>) =>
  `Shifts of ${shiftLengthText(rotation.shift_length, rotation.shift_unit)}, handed over at ${rotation.handoff_time}, from ${rotation.start}`;

/** A rotation's name as the screens show it: its own, or its layer ("Rotation 2"). */
export const rotationTitle = (rotation: Pick<Rotation, 'rotation_name'>, index: number) =>
  rotation.rotation_name.trim() || `Rotation ${index + 1}`;

// ——— overrides and "take this shift" ———

/** The values of the override window: who, and from-to as the schedule's clock reads them ("YYYY-MM-DDTHH:MM"). */
export interface OverrideFormValues {
  resource_id: number | null;
  start: string;
  end: string;
}
export type OverrideFormField = keyof OverrideFormValues;
export const OVERRIDE_FORM_FIELDS: readonly OverrideFormField[] = ['resource_id', 'start', 'end'];

/**
 * The window's values for a stretch (a shift to take, or the next hour for a new override) in the
 * schedule's zone, for `resourceId` (null: nobody chosen yet).
 */
export function overrideFormFor(
  timeZone: string,
  range: { start: number; end: number },
  resourceId: number | null,
): OverrideFormValues {
  return {
    resource_id: resourceId,
    start: localInputOf(timeZone, range.start),
    end: localInputOf(timeZone, range.end),
  };
}

/** A new override's stretch: from the next full hour, for one hour. */
export function nextHourRange(now: number): { start: number; end: number } {
  const start = Math.ceil(now / 3_600_000) * 3_600_000;
  return { start, end: start + 3_600_000 };
}

/** The person a signed-in user is: the active resource with the user's e-mail, if any. */
export function resourceOfUser<R extends { resource_id: number; resource_email: string | null }>(
  resources: readonly R[],
  email: string,
): R | null {
  const wanted = email.trim().toLowerCase();
  return resources.find((resource) => resource.resource_email?.trim().toLowerCase() === wanted) ?? null;
}

/**
 * A start and an end typed in a zone (datetime-local texts): their instants (null when unreadable)
 * and the wire's ISO texts with the zone's offset ('' when unreadable, for the schema to refuse).
 */
export function localRangeInput(timeZone: string, values: { start: string; end: string }) {
  const start = instantOfLocalInput(timeZone, values.start);
  const end = instantOfLocalInput(timeZone, values.end);
  return {
    start,
    end,
    range: {
      start: start === null ? '' : isoInZone(timeZone, start),
      end: end === null ? '' : isoInZone(timeZone, end),
    },
  };
}

const overrideInput = (timeZone: string, values: OverrideFormValues) => {
  const { start, end, range } = localRangeInput(timeZone, values);
  return {
    start,
    end,
    body: { ...(values.resource_id === null ? {} : { resource_id: values.resource_id }), ...range },
  };
};

/** Every failed rule of the override window, the contract's (end after start, at most a year) included. */
export function overrideFormErrors(
  timeZone: string,
  values: OverrideFormValues,
): Partial<Record<OverrideFormField, string[]>> {
  const { start, end, body } = overrideInput(timeZone, values);
  const errors: Partial<Record<OverrideFormField, string[]>> = formErrors(OverrideSchema, body);
  const local = (text: string, required: string) =>
    text.trim() === '' ? [required] : [SCHEDULE_FORM_MESSAGES.dateTimeRequired];
  if (start === null) errors.start = local(values.start, SCHEDULE_FORM_MESSAGES.startRequired);
  if (end === null) errors.end = local(values.end, SCHEDULE_FORM_MESSAGES.endRequired);
  return errors;
}

/** The override's body: ISO instants with the schedule zone's offset. */
export function overrideBody(
  timeZone: string,
  values: OverrideFormValues,
): { resource_id: number; start: string; end: string } {
  const { body } = overrideInput(timeZone, values);
  const checked = checkedBody(validate(OverrideSchema, body));
  return { resource_id: checked.resource_id, start: body.start, end: body.end };
}

// ——— a temporary schedule's window ———

/** A shift of a temporary schedule's window: who, and from-to as the schedule's clock reads them ("YYYY-MM-DDTHH:MM"). */
export interface TemporaryShiftFormValues {
  resource_id: number | null;
  start: string;
  end: string;
}

/** The values of a temporary schedule's window (docs/product.md#schedules): its period and its own shifts. */
export interface TemporaryFormValues {
  start: string;
  end: string;
  shifts: TemporaryShiftFormValues[];
}
export type TemporaryFormField = keyof TemporaryFormValues;
/** A shift's fields, as their messages are keyed: `shifts.<index>.<field>`. */
export type TemporaryShiftField = keyof TemporaryShiftFormValues;
export const temporaryShiftKey = (index: number, field: TemporaryShiftField) => `shifts.${index}.${field}`;

/** A temporary schedule's period as the screens name it: "Fri 20 Mar 18:00 – Mon 23 Mar 09:00" in the zone. */
export const temporaryPeriodText = (timeZone: string, temporary: Pick<TemporarySchedule, 'start' | 'end'>) =>
  rangeText(timeZone, Date.parse(temporary.start), Date.parse(temporary.end));

/** Whether a schedule may take one more temporary schedule, and a temporary schedule one more shift. */
export const mayAddTemporary = (schedule: Pick<Schedule, 'temporary_schedules'>) =>
  schedule.temporary_schedules.length < SCHEDULE_LIMITS.temporarySchedules;
export const mayAddTemporaryShift = (values: Pick<TemporaryFormValues, 'shifts'>) =>
  values.shifts.length < SCHEDULE_LIMITS.temporaryShifts;

/** A new temporary schedule: a day from the next full hour, one shift over all of it, nobody chosen yet. */
export function emptyTemporaryForm(timeZone: string, now: number): TemporaryFormValues {
  const start = nextHourRange(now).start;
  const period = { start: localInputOf(timeZone, start), end: localInputOf(timeZone, start + DAY_MS) };
  return { ...period, shifts: [{ resource_id: null, ...period }] };
}

/** A temporary schedule as read, in its window: times in the schedule's zone. */
export function temporaryFormFromTemporary(timeZone: string, temporary: TemporarySchedule): TemporaryFormValues {
  const local = (text: string) => localInputOf(timeZone, Date.parse(text));
  return {
    start: local(temporary.start),
    end: local(temporary.end),
    shifts: temporary.shifts.map((shift) => ({
      resource_id: shift.resource_id,
      start: local(shift.start),
      end: local(shift.end),
    })),
  };
}

/**
 * The stretch "Add shift" proposes, nobody chosen: from the last shift's end (the period's start
 * when there is none yet), as long as that shift (to the period's end when there is none), never
 * past the period's end; blank where the times it starts from are not read yet.
 */
export function nextTemporaryShift(timeZone: string, values: TemporaryFormValues): TemporaryShiftFormValues {
  const read = (text: string) => instantOfLocalInput(timeZone, text);
  const periodStart = read(values.start);
  const periodEnd = read(values.end);
  const last = values.shifts[values.shifts.length - 1];
  const lastStart = last ? read(last.start) : null;
  const lastEnd = last ? read(last.end) : null;
  const from = last ? lastEnd : periodStart;
  if (from === null) return { resource_id: null, start: '', end: '' };
  let to = lastStart !== null && lastEnd !== null && lastEnd > lastStart ? from + (lastEnd - lastStart) : periodEnd;
  if (periodEnd !== null && periodEnd > from && (to === null || to > periodEnd)) to = periodEnd;
  return {
    resource_id: null,
    start: localInputOf(timeZone, from),
    end: to === null || to <= from ? '' : localInputOf(timeZone, to),
  };
}

type TemporaryInput = {
  start: number | null;
  end: number | null;
  shifts: { start: number | null; end: number | null }[];
  /** the contract's shape, each time as ISO with the zone's offset ('' where it is not read) */
  body: { start: string; end: string; shifts: { resource_id?: number; start: string; end: string }[] };
};

function temporaryInput(timeZone: string, values: TemporaryFormValues): TemporaryInput {
  const read = (text: string) => instantOfLocalInput(timeZone, text);
  const iso = (at: number | null) => (at === null ? '' : isoInZone(timeZone, at));
  const start = read(values.start);
  const end = read(values.end);
  const shifts = values.shifts.map((shift) => ({ start: read(shift.start), end: read(shift.end) }));
  return {
    start,
    end,
    shifts,
    body: {
      start: iso(start),
      end: iso(end),
      shifts: values.shifts.map((shift, index) => ({
        ...(shift.resource_id === null ? {} : { resource_id: shift.resource_id }),
        start: iso(shifts[index]!.start),
        end: iso(shifts[index]!.end),
      })),
    },
  };
}

type TemporaryBodyInput = TemporaryInput['body'];

/** The schedule's PUT body, not yet checked, with temporary schedule `index` replaced (null: added after the others). */
function scheduleWithTemporary(schedule: Schedule, index: number | null, temporary: TemporaryBodyInput) {
  const body = scheduleBodyOf(schedule);
  const temporaries: TemporaryBodyInput[] = [...body.temporary_schedules];
  if (index === null) temporaries.push(temporary);
  else temporaries[index] = temporary;
  return { ...body, temporary_schedules: temporaries };
}

/** The schedule's PUT body without temporary schedule `index`. */
export function scheduleWithoutTemporary(schedule: Schedule, index: number): ScheduleUpdate {
  const body = scheduleBodyOf(schedule);
  return { ...body, temporary_schedules: body.temporary_schedules.filter((_, position) => position !== index) };
}

/**
 * The key a message about a temporary schedule shows on: the period's fields, a shift's own
 * (`shifts.<index>.<field>`), or the list of shifts; a message about the whole list of temporary
 * schedules (they overlap) on the period's start.
 */
function temporaryKeyOf(path: readonly (string | number)[]): string {
  const [field, index, inner] = path;
  if (field === undefined) return 'start';
  if (
    field === 'shifts' &&
    typeof index === 'number' &&
    (inner === 'resource_id' || inner === 'start' || inner === 'end')
  )
    return temporaryShiftKey(index, inner);
  return String(field);
}

/** The issues of a whole schedule's validation that are about temporary schedule `place`, from within it. */
function temporaryIssues(issues: readonly FieldIssue[], place: number): FieldIssue[] {
  return issues.flatMap((issue) => {
    const [field, index] = issue.path;
    if (field !== 'temporary_schedules') return [];
    if (issue.path.length === 1) return [{ path: [], message: issue.message }];
    return index === place ? [{ path: issue.path.slice(2), message: issue.message }] : [];
  });
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/**
 * Every failed rule of the window, on every input: the contract's (the schedule's PUT with this
 * temporary schedule in its place, so its limits and "Temporary schedules must not overlap" are
 * the server's own), the times read in the schedule's zone, a person for each shift, and, for
 * each shift outside the period, the message on its start or end. The contract checks a range,
 * the shifts within the period and the overlap only once everything they hold reads right; the
 * window says them at once, with the same messages.
 */
export function temporaryFormErrors(
  schedule: Schedule,
  index: number | null,
  values: TemporaryFormValues,
): Record<string, string[]> {
  const input = temporaryInput(schedule.time_zone, values);
  const result = validate(ScheduleUpdateSchema, scheduleWithTemporary(schedule, index, input.body));
  const place = index ?? schedule.temporary_schedules.length;
  const errors = result.success ? {} : messagesByKey(temporaryIssues(result.issues, place), temporaryKeyOf);
  const add = (key: string, message: string) => {
    if (!errors[key]?.includes(message)) (errors[key] ??= []).push(message);
  };
  const unread = (key: string, text: string, required: string) => {
    errors[key] = [text.trim() === '' ? required : SCHEDULE_FORM_MESSAGES.dateTimeRequired];
  };
  const period = input.start !== null && input.end !== null ? { start: input.start, end: input.end } : null;
  if (input.start === null) unread('start', values.start, SCHEDULE_FORM_MESSAGES.startRequired);
  if (input.end === null) unread('end', values.end, SCHEDULE_FORM_MESSAGES.endRequired);
  else if (period && period.end <= period.start) add('end', SCHEDULE_MESSAGES.endAfterStart);

  let outside = false;
  values.shifts.forEach((shift, position) => {
    const { start, end } = input.shifts[position]!;
    const key = (field: TemporaryShiftField) => temporaryShiftKey(position, field);
    if (shift.resource_id === null) errors[key('resource_id')] = [SCHEDULE_FORM_MESSAGES.personRequired];
    if (start === null) unread(key('start'), shift.start, SCHEDULE_FORM_MESSAGES.startRequired);
    if (end === null) unread(key('end'), shift.end, SCHEDULE_FORM_MESSAGES.endRequired);
    else if (start !== null && end <= start) add(key('end'), SCHEDULE_MESSAGES.endAfterStart);
    // the contract says that a shift lies outside the period; the window says which, on its own time
    if (period && start !== null && start < period.start) {
      add(key('start'), SCHEDULE_MESSAGES.temporaryShiftOutside);
      outside = true;
    }
    if (period && end !== null && end > period.end) {
      add(key('end'), SCHEDULE_MESSAGES.temporaryShiftOutside);
      outside = true;
    }
  });
  if (outside && errors.shifts) {
    const rest = errors.shifts.filter((message) => message !== SCHEDULE_MESSAGES.temporaryShiftOutside);
    if (rest.length) errors.shifts = rest;
    else delete errors.shifts;
  }
  if (
    period &&
    period.end > period.start &&
    schedule.temporary_schedules.some(
      (other, position) =>
        position !== index && overlaps(period, { start: Date.parse(other.start), end: Date.parse(other.end) }),
    )
  )
    add('start', SCHEDULE_MESSAGES.temporaryOverlap);
  return errors;
}

/** The schedule's PUT body with this temporary schedule in its place, of values the rules accepted. */
export const scheduleTemporaryBody = (
  schedule: Schedule,
  index: number | null,
  values: TemporaryFormValues,
): ScheduleUpdate =>
  checkedBody(
    validate(
      ScheduleUpdateSchema,
      scheduleWithTemporary(schedule, index, temporaryInput(schedule.time_zone, values).body),
    ),
  );

/**
 * The messages of a 422 on the schedule's PUT that belong to temporary schedule `index` (`loc`
 * body, temporary_schedules, index, field...) or to the list of them (they overlap), keyed as the
 * window's fields; `others` counts the messages about anything else.
 */
export function temporarySaveErrors(
  detail: readonly { loc: readonly (string | number)[]; msg: string }[],
  index: number,
): { fields: Record<string, string[]>; others: number } {
  const issues: FieldIssue[] = [];
  let others = 0;
  for (const item of detail) {
    const path = item.loc[0] === 'body' ? item.loc.slice(1) : item.loc;
    const own = temporaryIssues([{ path: [...path], message: item.msg }], index);
    if (own.length) issues.push(...own);
    else others += 1;
  }
  return { fields: messagesByKey(issues, temporaryKeyOf), others };
}

// ——— the list ———

/** docs/product.md#gap-warnings: the list's warning of a schedule with a stretch nobody covers soon. */
export const gapWarningText = (schedule: Pick<Schedule, 'next_gap' | 'time_zone'>): string | null =>
  schedule.next_gap === null
    ? null
    : `Nobody on call from ${dayTimeText(schedule.time_zone, Date.parse(schedule.next_gap))}`;
