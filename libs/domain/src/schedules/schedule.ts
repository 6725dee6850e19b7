import * as v from 'valibot';
import {
  MAX_LONG_TEXT,
  MAX_TEXT,
  form,
  idField,
  integerField,
  optionalText,
  requiredText,
  ynFlag,
} from '../rules/fields';
import type { Stamped, YesNo } from '../entities/reference';
import { isTimeZone } from './zone';

/**
 * On-call schedules (docs/product.md#schedules): who is on call, by rotations (layers, a later one
 * above an earlier one), overrides (a person instead of whoever, for a while) and temporary
 * schedules (a period whose own shifts replace every rotation). Wire names follow the catalogue.
 */

/** Shift lengths: hours are elapsed hours; days and weeks are calendar days in the schedule's zone. */
export const SHIFT_UNITS = ['H', 'D', 'W'] as const;
export type ShiftUnit = (typeof SHIFT_UNITS)[number];
export const SHIFT_UNIT_LABELS: Record<ShiftUnit, string> = { H: 'Hours', D: 'Days', W: 'Weeks' };

/** Weekdays as ISO numbers: 1 Monday .. 7 Sunday. */
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** docs/product.md#schedules: bounds that keep every schedule's work small. */
export const SCHEDULE_LIMITS = {
  rotations: 10,
  participants: 50,
  restrictions: 14,
  /** per schedule, future and past kept */
  overrides: 1000,
  temporarySchedules: 20,
  temporaryShifts: 100,
  /** shifts and on-call questions: at most one year at a time */
  rangeDays: 366,
  /** the calendar feeds' horizon */
  feedDays: 183,
  /** gap warnings and the list's warning look this far ahead */
  gapDays: 14,
  /** shift length per unit */
  shiftLength: { H: 24 * 28, D: 366, W: 52 } as Record<ShiftUnit, number>,
} as const;

export const SCHEDULE_MESSAGES = {
  nameRequired: 'Name is required',
  zoneRequired: 'Time zone is required',
  zoneUnknown: 'Must be a time zone such as America/New_York',
  activeRequired: 'Status must be ACTIVE or INACTIVE',
  notFound: 'Schedule not found',
  nameTaken: 'A schedule with this name already exists',
  overrideNotFound: 'Override not found',
  rotationsTooMany: 'A schedule holds at most 10 rotations',
  participantsRequired: 'A rotation needs at least one participant',
  participantsTooMany: 'A rotation holds at most 50 participants',
  participantNotFound: 'Resource not found',
  shiftLengthRequired: 'Shift length is required',
  shiftLengthMax: (unit: ShiftUnit) =>
    unit === 'H'
      ? `A shift is at most ${SCHEDULE_LIMITS.shiftLength.H} hours`
      : unit === 'D'
        ? `A shift is at most ${SCHEDULE_LIMITS.shiftLength.D} days`
        : `A shift is at most ${SCHEDULE_LIMITS.shiftLength.W} weeks`,
  shiftUnitRequired: 'Shift unit must be H, D or W',
  handoffRequired: 'Handoff time must be HH:MM',
  startDateRequired: 'Start must be a date (YYYY-MM-DD)',
  restrictionDays: 'Choose at least one day',
  restrictionsTooMany: 'A rotation holds at most 14 restrictions',
  timeRequired: 'Must be a time HH:MM',
  instantRequired: 'Must be a date and time with its offset (ISO 8601)',
  endAfterStart: 'End must be after start',
  rangeTooLong: 'At most one year at a time',
  overridesTooMany: 'A schedule holds at most 1000 overrides: remove past ones first',
  temporaryTooMany: 'A schedule holds at most 20 temporary schedules',
  temporaryShiftsTooMany: 'A temporary schedule holds at most 100 shifts',
  temporaryShiftOutside: 'A shift must lie within its temporary schedule',
  temporaryOverlap: 'Temporary schedules must not overlap',
  inUse: (escalations: string) => `This schedule is used by escalation ${escalations}: remove those steps first`,
  nobodyOnCall: 'nobody on call',
} as const;

/** A weekly window a rotation is restricted to, in the schedule's zone; `to` at or before `from` ends the next day. */
export interface RotationRestriction {
  /** ISO weekdays the window starts on (1 Monday .. 7 Sunday) */
  days: number[];
  from: string;
  to: string;
}

export interface RotationParticipant {
  resource_id: number;
  resource_fullname: string;
}

/** A rotation as read: its participants named. */
export interface Rotation {
  rotation_id: number;
  rotation_name: string;
  participants: RotationParticipant[];
  shift_length: number;
  shift_unit: ShiftUnit;
  /** HH:MM in the schedule's zone */
  handoff_time: string;
  /** YYYY-MM-DD: the first shift starts on that day at the handoff time */
  start: string;
  restrictions: RotationRestriction[];
}

export interface TemporaryShift {
  resource_id: number;
  resource_fullname?: string;
  start: string;
  end: string;
}

/** A period whose own shifts replace every rotation (outside them nobody is on call but overrides). */
export interface TemporarySchedule {
  start: string;
  end: string;
  shifts: TemporaryShift[];
}

export interface ScheduleOverride {
  override_id: number;
  schedule_id: number;
  resource_id: number;
  resource_fullname: string;
  /** ISO instants */
  start: string;
  end: string;
  override_createby: string | null;
  override_createdt: string;
}

/** Who is on call at an instant, and until when. */
export interface OnCallAnswer {
  at: string;
  resource: RotationParticipant | null;
  source: ShiftSource | null;
  /** when this stretch ends (the next change), null: not within a year */
  until: string | null;
}

export type ShiftSource = 'rotation' | 'override' | 'temporary';

/** A shift of the final layer, as the contract sends it. */
export interface ScheduleShift {
  resource_id: number;
  resource_fullname: string;
  start: string;
  end: string;
  source: ShiftSource;
  rotation_id: number | null;
  override_id: number | null;
}

export interface ShiftsAnswer {
  schedule_id: number;
  time_zone: string;
  from: string;
  to: string;
  shifts: ScheduleShift[];
  /** the stretches nobody covers */
  gaps: { start: string; end: string }[];
}

/** docs/product.md#schedules: a schedule as listed and read. */
export type Schedule = {
  id: number;
  schedule_id: number;
  customer_id: number;
  schedule_name: string;
  schedule_desc: string;
  time_zone: string;
  schedule_active: YesNo;
  /** the incoming person is told at the start of each shift */
  handoff_notices: YesNo;
  rotations: Rotation[];
  temporary_schedules: TemporarySchedule[];
  /** who is on call now (when the list or the schedule was read) */
  on_call_now: RotationParticipant | null;
  /** the start of the first stretch nobody covers within the next 14 days, or null */
  next_gap: string | null;
  /** the schedule's calendar feed (a secret address); only for those who may change the schedule */
  calendar_url?: string;
} & Stamped<'schedule'>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** an instant with its offset or Z, as Date.parse reads it */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/* @__NO_SIDE_EFFECTS__ */
const timeField = (message: string = SCHEDULE_MESSAGES.timeRequired) =>
  v.pipe(v.string(message), v.trim(), v.regex(HHMM, message));

/** An ISO 8601 instant with its offset, given back as the same instant in UTC (…Z). */
/* @__NO_SIDE_EFFECTS__ */
export const instantField = (message: string = SCHEDULE_MESSAGES.instantRequired) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.regex(INSTANT, message),
    v.check((text) => Number.isFinite(Date.parse(text)), message),
    v.transform((text) => new Date(text).toISOString()),
  );

/* @__NO_SIDE_EFFECTS__ */
const zoneField = () =>
  v.pipe(
    v.string(SCHEDULE_MESSAGES.zoneRequired),
    v.trim(),
    v.nonEmpty(SCHEDULE_MESSAGES.zoneRequired),
    v.maxLength(64, SCHEDULE_MESSAGES.zoneUnknown),
    v.check(isTimeZone, SCHEDULE_MESSAGES.zoneUnknown),
  );

/* @__NO_SIDE_EFFECTS__ */
const rangeChecked = <T extends { start: string; end: string }>() =>
  v.check<T, string>((range) => Date.parse(range.end) > Date.parse(range.start), SCHEDULE_MESSAGES.endAfterStart);

const RestrictionSchema = /* @__PURE__ */ (() =>
  v.strictObject({
    days: v.pipe(
      v.array(integerField({ min: 1, max: 7 }), SCHEDULE_MESSAGES.restrictionDays),
      v.minLength(1, SCHEDULE_MESSAGES.restrictionDays),
      v.maxLength(7, SCHEDULE_MESSAGES.restrictionDays),
      v.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    ),
    from: timeField(),
    to: timeField(),
  }))();

/** A rotation as saved: its participants by resource id, in order (a person may appear more than once). */
export const RotationSchema = /* @__PURE__ */ (() =>
  v.pipe(
    form({
      rotation_name: optionalText(MAX_TEXT),
      participants: v.pipe(
        v.array(idField(), SCHEDULE_MESSAGES.participantsRequired),
        v.minLength(1, SCHEDULE_MESSAGES.participantsRequired),
        v.maxLength(SCHEDULE_LIMITS.participants, SCHEDULE_MESSAGES.participantsTooMany),
      ),
      shift_length: integerField({ min: 1, message: SCHEDULE_MESSAGES.shiftLengthRequired }),
      shift_unit: v.picklist(SHIFT_UNITS, SCHEDULE_MESSAGES.shiftUnitRequired),
      handoff_time: timeField(SCHEDULE_MESSAGES.handoffRequired),
      start: v.pipe(
        v.string(SCHEDULE_MESSAGES.startDateRequired),
        v.trim(),
        v.regex(DATE, SCHEDULE_MESSAGES.startDateRequired),
      ),
      restrictions: v.optional(
        v.pipe(
          v.array(RestrictionSchema),
          v.maxLength(SCHEDULE_LIMITS.restrictions, SCHEDULE_MESSAGES.restrictionsTooMany),
        ),
        [],
      ),
    }),
    v.forward(
      v.check(
        (rotation) => rotation.shift_length <= SCHEDULE_LIMITS.shiftLength[rotation.shift_unit],
        (issue) => SCHEDULE_MESSAGES.shiftLengthMax((issue.input as { shift_unit: ShiftUnit }).shift_unit),
      ),
      ['shift_length'],
    ),
  ))();
export type RotationBody = v.InferOutput<typeof RotationSchema>;

const TemporaryShiftSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.strictObject({ resource_id: idField(), start: instantField(), end: instantField() }),
    v.forward(rangeChecked(), ['end']),
  ))();

const TemporaryScheduleSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.strictObject({
      start: instantField(),
      end: instantField(),
      shifts: v.pipe(
        v.array(TemporaryShiftSchema),
        v.maxLength(SCHEDULE_LIMITS.temporaryShifts, SCHEDULE_MESSAGES.temporaryShiftsTooMany),
      ),
    }),
    v.forward(rangeChecked(), ['end']),
    v.forward(
      v.check(
        (temp) =>
          temp.shifts.every(
            (shift) =>
              Date.parse(shift.start) >= Date.parse(temp.start) && Date.parse(shift.end) <= Date.parse(temp.end),
          ),
        SCHEDULE_MESSAGES.temporaryShiftOutside,
      ),
      ['shifts'],
    ),
  ))();
export type TemporaryScheduleBody = v.InferOutput<typeof TemporaryScheduleSchema>;

/* @__NO_SIDE_EFFECTS__ */
const scheduleEntries = () => ({
  schedule_name: requiredText(SCHEDULE_MESSAGES.nameRequired, MAX_TEXT),
  schedule_desc: optionalText(MAX_LONG_TEXT),
  time_zone: zoneField(),
  handoff_notices: v.optional(ynFlag(), 'N'),
  rotations: v.optional(
    v.pipe(v.array(RotationSchema), v.maxLength(SCHEDULE_LIMITS.rotations, SCHEDULE_MESSAGES.rotationsTooMany)),
    [],
  ),
  temporary_schedules: v.optional(
    v.pipe(
      v.array(TemporaryScheduleSchema),
      v.maxLength(SCHEDULE_LIMITS.temporarySchedules, SCHEDULE_MESSAGES.temporaryTooMany),
      v.check((temps) => !rangesOverlap(temps), SCHEDULE_MESSAGES.temporaryOverlap),
    ),
    [],
  ),
});

function rangesOverlap(ranges: readonly { start: string; end: string }[]): boolean {
  const sorted = [...ranges].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return sorted.some((range, i) => i > 0 && Date.parse(range.start) < Date.parse(sorted[i - 1]!.end));
}

/** Create a schedule: active. */
export const ScheduleCreateSchema = /* @__PURE__ */ (() => form(scheduleEntries()))();
export type ScheduleCreate = v.InferOutput<typeof ScheduleCreateSchema>;

/** Change a schedule: its rotations and temporary schedules are replaced by those sent. */
export const ScheduleUpdateSchema = /* @__PURE__ */ (() =>
  form({ ...scheduleEntries(), schedule_active: ynFlag(SCHEDULE_MESSAGES.activeRequired) }))();
export type ScheduleUpdate = v.InferOutput<typeof ScheduleUpdateSchema>;

/** An override: the resource instead of whoever is on call, from start to end (also "take this shift"). */
export const OverrideSchema = /* @__PURE__ */ (() =>
  v.pipe(
    form({ resource_id: idField('Resource ID is required'), start: instantField(), end: instantField() }),
    v.forward(rangeChecked(), ['end']),
    v.forward(
      v.check(
        (range) => Date.parse(range.end) - Date.parse(range.start) <= SCHEDULE_LIMITS.rangeDays * 86_400_000,
        SCHEDULE_MESSAGES.rangeTooLong,
      ),
      ['end'],
    ),
  ))();
export type OverrideBody = v.InferOutput<typeof OverrideSchema>;

/** `?from=&to=` of the shifts: at most a year; without them, the next 7 days from now (the server's clock). */
export const ShiftRangeQuery = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({ from: v.optional(instantField()), to: v.optional(instantField()) }),
    v.forward(
      v.check(
        (range) => !range.from || !range.to || Date.parse(range.to) > Date.parse(range.from),
        SCHEDULE_MESSAGES.endAfterStart,
      ),
      ['to'],
    ),
    v.forward(
      v.check(
        (range) =>
          !range.from ||
          !range.to ||
          Date.parse(range.to) - Date.parse(range.from) <= SCHEDULE_LIMITS.rangeDays * 86_400_000,
        SCHEDULE_MESSAGES.rangeTooLong,
      ),
      ['to'],
    ),
  ))();
export type ShiftRange = v.InferOutput<typeof ShiftRangeQuery>;

export const OnCallQuery = /* @__PURE__ */ (() => v.object({ at: v.optional(instantField()) }))();
