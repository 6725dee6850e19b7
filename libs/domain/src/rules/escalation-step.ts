import * as v from 'valibot';
import { form, idField, integerField, mustBeInteger } from './fields';

/**
 * The escalation resource form (a step of an escalation): docs/product.md#escalation-steps, #escalation resource, 4 and
 * the rules and messages of docs/product.md#validation-rules, word for word.
 */

/** docs/product.md#entities reference ids, seeded by migration 0001. */
export const PARTICIPATION = { agent: 1, supervisor: 2 } as const;
/**
 * docs/product.md#push-notifications: push (4) is added by migration 0023; docs/product.md#team-chat
 * ("A chat as a step"): the team chat (5) by migration 0024.
 */
export const CHANNEL = { voice: 1, sms: 2, email: 3, push: 4, chat: 5 } as const;

export const STEP_MESSAGES = {
  participationTypeRequired: 'Participation type ID is required',
  channelRequired: 'Channel ID is required',
  escalationRequired: 'Escalation ID is required',
  resourceRequired: 'Resource ID is required',
  /** the form's own word when Schedule is chosen and none is (the wire's rule names the resource) */
  scheduleRequired: 'Schedule ID is required',
  /** docs/product.md#schedules: a step calls a resource or a schedule, exactly one (neither: resourceRequired) */
  targetBoth: 'A step calls a resource or a schedule, not both',
  activeRequired: 'Escalation active state is required',
  callAgainRequired: 'Call again indicator is required',
  maxAttemptsRequired: 'Max Attempt Recall is required when Call Again is checked',
  maxAttemptsMin: 'Max Attempt Recall must be at least 1',
  maxAttemptsMax: 'Max Attempt Recall cannot exceed 5',
  followUpRequired: 'Next Follow Up Time is required',
  unitRequired: 'Follow-up time unit is required',
  followUpMin: (min: number) => `Next Follow Up Time must be at least ${min}`,
  followUpMax: (max: number) => `Next Follow Up Time cannot exceed ${max}`,
} as const;

/** docs/product.md#constants-and-limits: max attempt recall 1 to 5. */
export const MAX_ATTEMPTS = { min: 1, max: 5 } as const;

export type FollowUpUnit = 'M' | 'H' | 'D';

/**
 * docs/product.md#validation-rules and #constants-and-limits: 15 to 1440 minutes, 1 to 24 hours. The spec's rule also names D (days) without
 * bounds and the screen offers only minutes and hours; a day is bounded like the others, so a
 * follow-up is never longer than 1440 minutes whatever its unit.
 */
export const FOLLOW_UP_BOUNDS: Record<FollowUpUnit, { min: number; max: number }> = {
  M: { min: 15, max: 1440 },
  H: { min: 1, max: 24 },
  D: { min: 1, max: 1 },
};

/** docs/product.md#constants-and-limits: labels M = Minute(s), H = Hour(s); the screen offers these two. */
export const FOLLOW_UP_UNIT_LABELS: Record<'M' | 'H', string> = { M: 'Minute(s)', H: 'Hour(s)' };
export const FOLLOW_UP_UNIT_OPTIONS = [
  { value: 'M', text: 'Minutes' },
  { value: 'H', text: 'Hours' },
] as const;

/** docs/product.md#entities: next_followup_time defaults to 15 for the agent participation type, 0 for any other. */
export function defaultFollowUp(participationTypeId: number | null): number {
  return participationTypeId === PARTICIPATION.agent ? 15 : 0;
}

export const isSupervisor = (participationTypeId: number | null | undefined) =>
  participationTypeId === PARTICIPATION.supervisor;

/** A step's follow-up time in minutes (the engine's wait; a supervisor notice waits none, whatever it holds). */
export function followUpMinutes(step: { next_followup_time: number; next_followup_time_mult: FollowUpUnit }): number {
  const perUnit = { M: 1, H: 60, D: 1440 }[step.next_followup_time_mult];
  return step.next_followup_time * perUnit;
}

/** The step as the server stores it and the save sends it (docs/product.md#entities, #http-calls). */
export interface StepBody {
  escalation_id: number;
  participation_type_id: number;
  channel_id: number;
  /** docs/product.md#schedules: the resource the step calls, or null when it calls a schedule */
  resource_id: number | null;
  /** the schedule whose person on call the step calls, or null when it calls a resource */
  schedule_id: number | null;
  escalation_active: 'Y' | 'N';
  ind_call_again: 'Y' | 'N';
  max_attemp_number: number;
  next_followup_time: number;
  next_followup_time_mult: FollowUpUnit;
}

/* @__NO_SIDE_EFFECTS__ */
const required = (message: string) =>
  v.pipe(
    v.unknown(),
    v.check((value) => value !== null && value !== undefined && value !== '', message),
  );

/** An id that is required: the spec's message when missing, the generic one when malformed. */
/* @__NO_SIDE_EFFECTS__ */
const requiredId = (message: string) => v.pipe(required(message), idField());

/* @__NO_SIDE_EFFECTS__ */
const flag = (message: string) => v.picklist(['Y', 'N'], message);

/**
 * The step body with every rule of docs/product.md#validation-rules (the server parses saves with it, the form checks its
 * values with it). Call again off sends 0 attempts; a supervisor step has no follow-up time (0,
 * unit M): the output is normalised so, whatever those hidden fields held.
 */
export const StepSchema = /* @__PURE__ */ (() =>
  v.pipe(
    form({
      escalation_id: requiredId(STEP_MESSAGES.escalationRequired),
      participation_type_id: requiredId(STEP_MESSAGES.participationTypeRequired),
      channel_id: requiredId(STEP_MESSAGES.channelRequired),
      resource_id: v.optional(v.nullable(v.union([v.literal(''), idField()], 'Must be a valid id')), null),
      schedule_id: v.optional(v.nullable(v.union([v.literal(''), idField()], 'Must be a valid id')), null),
      escalation_active: v.optional(flag(STEP_MESSAGES.activeRequired), 'Y'),
      ind_call_again: v.optional(flag(STEP_MESSAGES.callAgainRequired), 'N'),
      max_attemp_number: v.optional(v.nullable(v.union([v.number(), v.string()], mustBeInteger)), null),
      next_followup_time: v.optional(v.nullable(v.union([v.number(), v.string()], mustBeInteger)), null),
      next_followup_time_mult: v.optional(v.nullable(v.string()), null),
    }),
    // docs/product.md#schedules: without a schedule, the resource is required (the spec's message),
    // checked beside the other ids' rules
    v.forward(
      v.partialCheck(
        [['resource_id'], ['schedule_id']],
        (input) => !!input.resource_id || !!input.schedule_id,
        STEP_MESSAGES.resourceRequired,
      ),
      ['resource_id'],
    ),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const issue = (field: keyof StepBody, message: string) =>
        addIssue({ message, path: [{ type: 'object', origin: 'value', input, key: field, value: input[field] }] });
      const number = (raw: number | string | null, field: keyof StepBody): number | null | undefined => {
        if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
        const parsed = v.safeParse(integerField(), raw);
        if (!parsed.success) {
          issue(field, mustBeInteger);
          return undefined;
        }
        return parsed.output;
      };
      let ok = true;
      const fail = (field: keyof StepBody, message: string) => {
        ok = false;
        issue(field, message);
      };

      const resourceId = input.resource_id === '' ? null : input.resource_id;
      const scheduleId = input.schedule_id === '' ? null : input.schedule_id;
      if (resourceId !== null && scheduleId !== null) fail('schedule_id', STEP_MESSAGES.targetBoth);

      let attempts = 0;
      if (input.ind_call_again === 'Y') {
        const n = number(input.max_attemp_number, 'max_attemp_number');
        if (n === undefined) ok = false;
        else if (n === null) fail('max_attemp_number', STEP_MESSAGES.maxAttemptsRequired);
        else if (n < MAX_ATTEMPTS.min) fail('max_attemp_number', STEP_MESSAGES.maxAttemptsMin);
        else if (n > MAX_ATTEMPTS.max) fail('max_attemp_number', STEP_MESSAGES.maxAttemptsMax);
        else attempts = n;
      }

      let followUp = 0;
      let unit: FollowUpUnit = 'M';
      if (!isSupervisor(input.participation_type_id)) {
        const rawUnit = input.next_followup_time_mult;
        const known = rawUnit === 'M' || rawUnit === 'H' || rawUnit === 'D';
        if (known) unit = rawUnit;
        else fail('next_followup_time_mult', STEP_MESSAGES.unitRequired);
        const n = number(input.next_followup_time, 'next_followup_time');
        if (n === undefined) ok = false;
        else if (n === null) fail('next_followup_time', STEP_MESSAGES.followUpRequired);
        else if (known) {
          const { min, max } = FOLLOW_UP_BOUNDS[unit];
          if (n < min) fail('next_followup_time', STEP_MESSAGES.followUpMin(min));
          else if (n > max) fail('next_followup_time', STEP_MESSAGES.followUpMax(max));
          else followUp = n;
        }
      }
      if (!ok) return NEVER;
      return {
        escalation_id: input.escalation_id,
        participation_type_id: input.participation_type_id,
        channel_id: input.channel_id,
        resource_id: resourceId,
        schedule_id: scheduleId,
        escalation_active: input.escalation_active,
        ind_call_again: input.ind_call_again,
        max_attemp_number: attempts,
        next_followup_time: followUp,
        next_followup_time_mult: unit,
      } satisfies StepBody;
    }),
  ))();

/** docs/product.md#escalation-steps: what a step calls, a resource or whoever is on call in a schedule. */
export type StepCalls = 'resource' | 'schedule';

/** The values of the step modal as typed (numbers stay text until saved: the inputs are masked). */
export interface StepFormValues {
  escalation_id: number | null;
  participation_type_id: number | null;
  channel_id: number | null;
  /** the form's "Calls" choice: only the chosen one of resource_id and schedule_id is sent */
  calls: StepCalls;
  resource_id: number | null;
  schedule_id: number | null;
  escalation_active: 'Y' | 'N';
  ind_call_again: 'Y' | 'N';
  max_attemp_number: string;
  next_followup_time: string;
  next_followup_time_mult: 'M' | 'H' | '';
}

/** A new step of `escalationId`: the defaults of docs/product.md#entities (active, no call again, unit M). */
export function emptyStepForm(escalationId: number | null): StepFormValues {
  return {
    escalation_id: escalationId,
    participation_type_id: null,
    channel_id: null,
    calls: 'resource',
    resource_id: null,
    schedule_id: null,
    escalation_active: 'Y',
    ind_call_again: 'N',
    max_attemp_number: '',
    next_followup_time: '',
    next_followup_time_mult: 'M',
  };
}

/** docs/product.md#escalation-steps and #states-and-transitions: which fields the modal shows for these values. */
export function stepFormLayout(
  values: Pick<StepFormValues, 'ind_call_again' | 'participation_type_id' | 'calls'>,
  mode: 'create' | 'edit',
) {
  return {
    /** the Schedule select instead of the Resource select */
    callsSchedule: values.calls === 'schedule',
    hasMaxAttempts: values.ind_call_again === 'Y',
    hasFollowUp: !isSupervisor(values.participation_type_id),
    hasStatus: mode === 'edit',
  };
}

/**
 * A field change as the form applies it (docs/product.md#states-and-transitions): choosing a participation type sets its default
 * follow-up (15 for an agent, 0 and unit M for a supervisor); turning call again off clears the
 * attempts, turning it on proposes 1; choosing what the step calls clears the other one
 * (docs/product.md#escalation-steps: a step calls a resource or a schedule, not both).
 */
export function changeStepForm<K extends keyof StepFormValues>(
  values: StepFormValues,
  field: K,
  value: StepFormValues[K],
): StepFormValues {
  const next = { ...values, [field]: value };
  if (field === 'participation_type_id' && value !== values.participation_type_id) {
    const typeId = value as number | null;
    next.next_followup_time = String(defaultFollowUp(typeId) || '');
    if (isSupervisor(typeId)) {
      next.next_followup_time = '0';
      next.next_followup_time_mult = 'M';
    } else if (values.participation_type_id !== null && isSupervisor(values.participation_type_id)) {
      next.next_followup_time = String(defaultFollowUp(typeId));
      next.next_followup_time_mult = 'M';
    }
  }
  if (field === 'ind_call_again') {
    next.max_attemp_number = value === 'Y' ? values.max_attemp_number || '1' : '';
  }
  if (field === 'calls' && value !== values.calls) {
    if (value === 'schedule') next.resource_id = null;
    else next.schedule_id = null;
  }
  return next;
}

/** The wire body of the form's values (before the schema's checks): only what the step calls is sent, the other null. */
export function stepFormBody(values: StepFormValues): Record<keyof StepBody, unknown> {
  const callsSchedule = values.calls === 'schedule';
  return {
    escalation_id: values.escalation_id,
    participation_type_id: values.participation_type_id,
    channel_id: values.channel_id,
    resource_id: callsSchedule ? null : values.resource_id,
    schedule_id: callsSchedule ? values.schedule_id : null,
    escalation_active: values.escalation_active,
    ind_call_again: values.ind_call_again,
    max_attemp_number: values.ind_call_again === 'Y' ? values.max_attemp_number : 0,
    next_followup_time: isSupervisor(values.participation_type_id) ? 0 : values.next_followup_time,
    next_followup_time_mult: isSupervisor(values.participation_type_id) ? 'M' : values.next_followup_time_mult,
  };
}

/** docs/product.md#escalation-steps input masks: attempts 2 digits, follow-up 4 digits; anything else typed is dropped. */
export const maskDigits = (text: string, digits: number) => text.replace(/\D/g, '').slice(0, digits);
