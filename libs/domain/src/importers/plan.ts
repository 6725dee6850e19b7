import * as v from 'valibot';
import { ApplicationCreateSchema } from '../entities/application';
import { EscalationCreateSchema } from '../entities/escalation';
import { ModuleCreateSchema } from '../entities/module';
import { DEFAULT_LANGUAGE } from '../entities/reference';
import { ResourceCreateSchema, nationalPhone, type StoredPhone } from '../entities/resource';
import { CHANNEL, FOLLOW_UP_BOUNDS, PARTICIPATION, StepSchema, type FollowUpUnit } from '../rules/escalation-step';
import { parsePhone } from '../rules/phone';
import { validate } from '../rules/validation';
import { OverrideSchema, ScheduleCreateSchema, type RotationRestriction, type ShiftUnit } from '../schedules/schedule';
import { isTimeZone, localTime } from '../schedules/zone';

/**
 * docs/product.md#importers: what an export of another on-call tool becomes, one neutral plan
 * whatever the tool. Records refer to each other by the tool's own ids (keys); the server turns
 * the keys into Relevo ids as it makes the records, in one transaction.
 */

export const IMPORT_SOURCES = ['pagerduty', 'opsgenie', 'goalert', 'grafana-oncall'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  pagerduty: 'PagerDuty',
  opsgenie: 'Opsgenie',
  goalert: 'GoAlert',
  'grafana-oncall': 'Grafana OnCall',
};
export const isImportSource = (text: string): text is ImportSource =>
  (IMPORT_SOURCES as readonly string[]).includes(text);

/** The kinds of record an import makes, in the order it makes them. */
export const IMPORT_KINDS = [
  'resource',
  'schedule',
  'override',
  'escalation',
  'step',
  'application',
  'module',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  resource: 'Resources',
  schedule: 'Schedules',
  override: 'Overrides',
  escalation: 'Escalations',
  step: 'Escalation steps',
  application: 'Applications',
  module: 'Modules',
};

/** docs/product.md#importers: the file is at most 5 MB of JSON. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  notJson: 'The file is not JSON',
  tooLarge: 'The file is larger than 5 MB',
  fileRequired: 'Choose the file to import',
  sourceRequired: 'Choose the tool the file comes from: pagerduty, opsgenie, goalert or grafana-oncall',
  notExport: (tool: string, detail: string) =>
    /^[AEIOU]/.test(tool)
      ? `The file is not an ${tool} export: ${detail}`
      : `The file is not a ${tool} export: ${detail}`,
  quota: (needed: number, room: number, max: number) =>
    `The import needs ${needed} new resources and the customer's limit of ${max} leaves room for ${room}: nothing was imported`,
  noSla: 'The customer has no active SLA: add one, then import again',
  imported: 'Import done',
  dryRunDone: 'Dry run done: nothing was written',
} as const;

/** Something of the file that has no place in Relevo, or was changed to fit, and why. */
export interface Unmapped {
  what: string;
  why: string;
}

export interface PlannedResource {
  key: string;
  resource_fullname: string;
  resource_email: string | null;
  language_id: string;
  phone1: StoredPhone | null;
  phone2: StoredPhone | null;
}

export interface PlannedRotation {
  rotation_name: string;
  /** resource keys, in order */
  participants: string[];
  shift_length: number;
  shift_unit: ShiftUnit;
  handoff_time: string;
  start: string;
  restrictions: RotationRestriction[];
}

export interface PlannedOverride {
  key: string;
  resource: string;
  start: string;
  end: string;
}

export interface PlannedSchedule {
  key: string;
  schedule_name: string;
  schedule_desc: string;
  time_zone: string;
  rotations: PlannedRotation[];
  overrides: PlannedOverride[];
}

export type StepTarget = { resource: string } | { schedule: string };

export interface PlannedStep {
  key: string;
  target: StepTarget;
  /** docs/product.md#importers: imported steps are agent steps (each waits for an answer) */
  participation_type_id?: number;
  channel_id: number;
  next_followup_time: number;
  next_followup_time_mult: FollowUpUnit;
}

export interface PlannedEscalation {
  key: string;
  escalation_name: string;
  escalation_desc: string;
  steps: PlannedStep[];
}

export interface PlannedModule {
  key: string;
  module_name: string;
  module_desc: string;
  escalation: string;
}

export interface PlannedApplication {
  key: string;
  application_name: string;
  modules: PlannedModule[];
}

export interface ImportPlan {
  source: ImportSource;
  resources: PlannedResource[];
  schedules: PlannedSchedule[];
  escalations: PlannedEscalation[];
  applications: PlannedApplication[];
  unmapped: Unmapped[];
}

/** Per kind: new records (made, or to be made on a dry run), those made, and those already imported. */
export interface ImportCount {
  to_create: number;
  created: number;
  unchanged: number;
}

/** docs/product.md#importers: the answer of an import or a dry run. */
export interface ImportReport {
  source: ImportSource;
  dry_run: boolean;
  counts: Record<ImportKind, ImportCount>;
  unmapped: Unmapped[];
}

export const emptyCounts = (): Record<ImportKind, ImportCount> =>
  Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, { to_create: 0, created: 0, unchanged: 0 }])) as Record<
    ImportKind,
    ImportCount
  >;

/** POST /api/imports: the tool, the file's text and whether to write. */
export const ImportRequestSchema = /* @__PURE__ */ (() =>
  v.strictObject({
    from: v.picklist(IMPORT_SOURCES, IMPORT_MESSAGES.sourceRequired),
    file: v.pipe(
      v.string(IMPORT_MESSAGES.fileRequired),
      v.nonEmpty(IMPORT_MESSAGES.fileRequired),
      v.maxLength(IMPORT_MAX_BYTES, IMPORT_MESSAGES.tooLarge),
    ),
    dry_run: v.optional(v.boolean('Must be true or false'), false),
  }))();
export type ImportRequest = v.InferOutput<typeof ImportRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The rules every mapper shares

/** Builds a plan while the mapper walks the file; records are checked with the screens' schemas. */
export class PlanBuilder {
  readonly plan: ImportPlan;
  constructor(source: ImportSource) {
    this.plan = { source, resources: [], schedules: [], escalations: [], applications: [], unmapped: [] };
  }

  skip(what: string, why: string): void {
    this.plan.unmapped.push({ what, why });
  }

  hasResource = (key: string) => this.plan.resources.some((resource) => resource.key === key);
  resource = (key: string) => this.plan.resources.find((resource) => resource.key === key);
  hasSchedule = (key: string) => this.plan.schedules.some((schedule) => schedule.key === key);
  hasEscalation = (key: string) => this.plan.escalations.some((escalation) => escalation.key === key);

  /** A person: the resource form's rules (name, e-mail, phones of a supported country). */
  addResource(input: { key: string; name: string; email: string | null; phones: { raw: string; label: string }[] }) {
    const who = `User ${input.name || input.key}`;
    const phones: StoredPhone[] = [];
    for (const phone of input.phones) {
      const parsed = parsePhone(phone.raw);
      if ('error' in parsed) {
        this.skip(`User ${input.name || input.key}: phone ${phone.label}`, parsed.error);
        continue;
      }
      if (phones.some((kept) => kept.e164 === parsed.e164)) continue;
      if (phones.length === 2) {
        this.skip(`User ${input.name || input.key}: phone ${phone.label}`, 'A resource holds two phones');
        continue;
      }
      phones.push({ national: parsed.national, country: parsed.country, e164: parsed.e164 });
    }
    const national = (phone: StoredPhone | undefined) => (phone ? nationalPhone(phone.e164) : null);
    const [first, second] = [national(phones[0]), national(phones[1])];
    const checked = validate(ResourceCreateSchema, {
      resource_fullname: input.name,
      resource_email: input.email,
      language_id: DEFAULT_LANGUAGE,
      resource_phone1: first && !('error' in first) ? first.national : null,
      resource_country_phone1: first && !('error' in first) ? first.country : null,
      resource_phone2: second && !('error' in second) ? second.national : null,
      resource_country_phone2: second && !('error' in second) ? second.country : null,
    });
    if (!checked.success) {
      this.skip(who, checked.issues.map((issue) => issue.message).join('; '));
      return;
    }
    this.plan.resources.push({
      key: input.key,
      resource_fullname: checked.output.resource_fullname,
      resource_email: checked.output.resource_email,
      language_id: checked.output.language_id,
      phone1: checked.output.phone1,
      phone2: checked.output.phone2,
    });
  }

  /** A schedule: the schedule form's rules (zone, rotations, participants that were imported). */
  addSchedule(schedule: PlannedSchedule): void {
    const name = schedule.schedule_name || schedule.key;
    const what = `Schedule ${name}`;
    const rotations = schedule.rotations.flatMap((rotation) => {
      const known = rotation.participants.filter((key) => {
        if (this.hasResource(key)) return true;
        this.skip(
          `Schedule ${name}, rotation ${rotation.rotation_name}: participant ${key}`,
          'The user was not imported',
        );
        return false;
      });
      if (known.length === 0) {
        this.skip(`Schedule ${name}, rotation ${rotation.rotation_name}`, 'A rotation needs at least one participant');
        return [];
      }
      return [{ ...rotation, participants: known }];
    });
    const checked = validate(ScheduleCreateSchema, {
      schedule_name: schedule.schedule_name,
      schedule_desc: schedule.schedule_desc,
      time_zone: schedule.time_zone,
      rotations: rotations.map((rotation) => ({
        ...rotation,
        participants: rotation.participants.map((_, index) => index + 1),
      })),
    });
    if (!checked.success) {
      this.skip(what, checked.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      return;
    }
    const overrides = schedule.overrides.filter((override) => {
      const shown = `Schedule ${name}: override ${override.start} to ${override.end}`;
      if (!this.hasResource(override.resource)) {
        this.skip(shown, 'The user was not imported');
        return false;
      }
      const valid = validate(OverrideSchema, { resource_id: 1, start: override.start, end: override.end });
      if (!valid.success) {
        this.skip(shown, valid.issues.map((issue) => issue.message).join('; '));
        return false;
      }
      override.start = valid.output.start;
      override.end = valid.output.end;
      return true;
    });
    this.plan.schedules.push({
      ...schedule,
      schedule_name: checked.output.schedule_name,
      schedule_desc: checked.output.schedule_desc,
      rotations,
      overrides,
    });
  }

  /** An escalation and its steps: the step form's rules; a step whose target was not imported is left out. */
  addEscalation(escalation: PlannedEscalation): void {
    const what = `Escalation ${escalation.escalation_name || escalation.key}`;
    const checked = validate(EscalationCreateSchema, {
      escalation_name: escalation.escalation_name,
      escalation_desc: escalation.escalation_desc,
    });
    if (!checked.success) {
      this.skip(what, checked.issues.map((issue) => issue.message).join('; '));
      return;
    }
    const steps = escalation.steps.filter((step, index) => {
      const shown = `Escalation ${escalation.escalation_name || escalation.key}: step ${index + 1}`;
      const target = 'resource' in step.target ? step.target : null;
      if (
        target ? !this.hasResource(target.resource) : !this.hasSchedule((step.target as { schedule: string }).schedule)
      ) {
        this.skip(shown, target ? 'The user was not imported' : 'The schedule was not imported');
        return false;
      }
      const valid = validate(StepSchema, {
        escalation_id: 1,
        participation_type_id: PARTICIPATION.agent,
        channel_id: step.channel_id,
        resource_id: target ? 1 : null,
        schedule_id: target ? null : 1,
        next_followup_time: step.next_followup_time,
        next_followup_time_mult: step.next_followup_time_mult,
      });
      if (!valid.success) {
        this.skip(shown, valid.issues.map((issue) => issue.message).join('; '));
        return false;
      }
      step.participation_type_id = PARTICIPATION.agent;
      return true;
    });
    this.plan.escalations.push({ ...escalation, ...checked.output, steps });
  }

  /** An application and its modules: the application and module forms' rules. */
  addApplication(application: PlannedApplication): void {
    const what = `Application ${application.application_name || application.key}`;
    const checked = validate(ApplicationCreateSchema, { application_name: application.application_name });
    if (!checked.success) {
      this.skip(what, checked.issues.map((issue) => issue.message).join('; '));
      return;
    }
    const modules = application.modules.filter((module) => {
      const shown = `Module ${module.module_name || module.key}`;
      if (!this.hasEscalation(module.escalation)) {
        this.skip(shown, 'Its escalation policy was not imported');
        return false;
      }
      const valid = validate(ModuleCreateSchema, {
        module_name: module.module_name,
        module_desc: module.module_desc,
        application_id: 1,
        escalation_id: 1,
        sla_id: 1,
      });
      if (!valid.success) {
        this.skip(shown, valid.issues.map((issue) => issue.message).join('; '));
        return false;
      }
      module.module_name = valid.output.module_name;
      module.module_desc = valid.output.module_desc;
      return true;
    });
    this.plan.applications.push({ ...application, application_name: checked.output.application_name, modules });
  }

  /** docs/product.md#importers: a step reaches a person by SMS when they have a phone, else by e-mail. */
  channelFor(target: StepTarget): number {
    if ('resource' in target) return this.resource(target.resource)?.phone1 ? CHANNEL.sms : CHANNEL.email;
    const schedule = this.plan.schedules.find((planned) => planned.key === target.schedule);
    const people = schedule?.rotations.flatMap((rotation) => rotation.participants) ?? [];
    return people.length > 0 && people.every((key) => this.resource(key)?.phone1) ? CHANNEL.sms : CHANNEL.email;
  }

  /** A wait between steps in minutes, within the follow-up bounds (docs/product.md#escalation-steps). */
  followUp(minutes: number, what: string): { next_followup_time: number; next_followup_time_mult: FollowUpUnit } {
    const { min, max } = FOLLOW_UP_BOUNDS.M;
    const kept = Math.min(max, Math.max(min, Math.round(minutes)));
    if (kept !== minutes)
      this.skip(what, `A step waits ${min} to ${max} minutes before the next: ${minutes} minutes became ${kept}`);
    return { next_followup_time: kept, next_followup_time_mult: 'M' };
  }
}

/** docs/product.md#escalation-steps: a step waits at least this long when the file says nothing. */
export const DEFAULT_WAIT_MINUTES = FOLLOW_UP_BOUNDS.M.min;

/** The first issue of a file that does not match the tool's shapes, with where it is. */
export function fileIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'unknown shape';
  const path = (issue.path ?? [])
    .map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`))
    .join('')
    .replace(/^\./, '');
  return path ? `${path}: ${issue.message}` : issue.message;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const clockText = (minutes: number) =>
  `${pad(Math.floor((((minutes % 1440) + 1440) % 1440) / 60))}:${pad((((minutes % 1440) + 1440) % 1440) % 60)}`;

/** An instant read in a zone: its date (YYYY-MM-DD) and its time (HH:MM). */
export function localStart(instant: string, zone: string): { start: string; handoff_time: string } | null {
  const at = Date.parse(instant);
  if (!Number.isFinite(at) || !isTimeZone(zone)) return null;
  const local = localTime(zone, at);
  return {
    start: `${local.year}-${pad(local.month)}-${pad(local.day)}`,
    handoff_time: `${pad(local.hour)}:${pad(local.minute)}`,
  };
}

/** A shift length in seconds as weeks, days or hours (null: not whole hours). */
export function shiftOf(seconds: number): { shift_length: number; shift_unit: ShiftUnit } | null {
  if (seconds > 0 && seconds % 604_800 === 0) return { shift_length: seconds / 604_800, shift_unit: 'W' };
  if (seconds > 0 && seconds % 86_400 === 0) return { shift_length: seconds / 86_400, shift_unit: 'D' };
  if (seconds > 0 && seconds % 3_600 === 0) return { shift_length: seconds / 3_600, shift_unit: 'H' };
  return null;
}

/**
 * A weekly window (its start as minutes from Monday 00:00, its length in minutes) as restrictions
 * of at most a day each (docs/product.md#schedules: a `to` at or before `from` ends the next day).
 */
export function weeklyWindow(startOfWeek: number, minutes: number): RotationRestriction[] {
  const out: RotationRestriction[] = [];
  let start = ((startOfWeek % 10_080) + 10_080) % 10_080;
  let left = Math.min(minutes, 10_080);
  while (left > 0) {
    const length = Math.min(left, 1440);
    out.push({ days: [Math.floor(start / 1440) + 1], from: clockText(start), to: clockText(start + length) });
    start = (start + length) % 10_080;
    left -= length;
  }
  return out;
}

/** A daily window on the given ISO days (all by default). */
export function dailyWindow(fromMinutes: number, minutes: number, days = [1, 2, 3, 4, 5, 6, 7]): RotationRestriction[] {
  if (minutes >= 1440 && days.length === 7) return [];
  return [{ days, from: clockText(fromMinutes), to: clockText(fromMinutes + Math.min(minutes, 1440)) }];
}

/** "08:30:00" or "08:30" as minutes of the day (null: not a time). */
export function minutesOfClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}
