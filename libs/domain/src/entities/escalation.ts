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
import type { FollowUpUnit } from '../rules/escalation-step';
import type { Stamped, YesNo } from './reference';

/** docs/product.md#escalation: who is contacted, in what order (its steps). */
export type Escalation = {
  id: number;
  escalation_id: number;
  customer_id: number;
  escalation_name: string;
  escalation_desc: string;
  escalation_active: YesNo;
  /** kept by the server from the steps (rules/escalation.ts) */
  escalation_validate: YesNo;
  /** docs/product.md#entities: the names of its steps' resources, comma-separated, in priority order */
  resources: string;
} & Stamped<'escalation'>;

export const ESCALATION_MESSAGES = {
  nameRequired: 'Name is required',
  activeRequired: 'Status must be ACTIVE or INACTIVE',
  notFound: 'Escalation not found',
  stepNotFound: 'Escalation resource not found',
  priorityList: 'The list must hold every step of the escalation once',
  priorityTooMany: 'An escalation holds at most 999 steps',
} as const;

/* @__NO_SIDE_EFFECTS__ */
const escalationEntries = () => ({
  escalation_name: requiredText(ESCALATION_MESSAGES.nameRequired, MAX_TEXT),
  escalation_desc: optionalText(MAX_LONG_TEXT),
});

/** Create an escalation (docs/product.md#escalations): no status; a new escalation is active and, without steps, not valid. */
export const EscalationCreateSchema = /* @__PURE__ */ (() => form(escalationEntries()))();
export type EscalationCreate = v.InferOutput<typeof EscalationCreateSchema>;

export const EscalationUpdateSchema = /* @__PURE__ */ (() =>
  form({ ...escalationEntries(), escalation_active: ynFlag(ESCALATION_MESSAGES.activeRequired) }))();
export type EscalationUpdate = v.InferOutput<typeof EscalationUpdateSchema>;

/** docs/product.md#escalation resource: one step, as listed. */
export type EscalationStep = {
  id: number;
  escalation_resource_id: number;
  escalation: { escalation_id: number };
  participation_type: { participation_type_id: number; participation_type_desc: string };
  channel: { channel_id: number; channel_desc: string };
  /** docs/product.md#schedules: the resource the step calls, or null when it calls a schedule */
  resource: { resource_id: number; resource_fullname: string } | null;
  /** the schedule whose person on call the step calls, or null */
  schedule: { schedule_id: number; schedule_name: string } | null;
  escalation_priority_orden: number;
  escalation_active: YesNo;
  ind_call_again: YesNo;
  max_attemp_number: number;
  next_followup_time: number;
  next_followup_time_mult: FollowUpUnit;
  escalation_last_in_line: YesNo;
} & Stamped<'escalation_resource'>;

/** docs/product.md#http-calls: the answer of a step save; status 1 means success. */
export interface StepSaveAnswer {
  feedback: string;
  status: number;
  escalation_resource: EscalationStep;
}

/** docs/product.md#escalation-steps and #constants-and-limits: the priority modal loads up to 999 steps. */
export const MAX_STEPS = 999;

/**
 * PUT /api/escalation/priority/{id} (docs/product.md#http-calls): the escalation's steps in their new order, as pairs
 * of step id and priority. The server renumbers them 1..n in that order, in one transaction.
 */
export const PrioritySchema = /* @__PURE__ */ (() =>
  form({
    escalation_id: v.optional(idField()),
    resources: v.pipe(
      v.array(
        v.strictObject({
          escalation_resource_id: idField(),
          escalation_priority_orden: integerField({ min: 1, max: 100_000 }),
        }),
        ESCALATION_MESSAGES.priorityList,
      ),
      v.minLength(1, ESCALATION_MESSAGES.priorityList),
      v.maxLength(MAX_STEPS, ESCALATION_MESSAGES.priorityTooMany),
      v.check(
        (pairs) => new Set(pairs.map((pair) => pair.escalation_resource_id)).size === pairs.length,
        ESCALATION_MESSAGES.priorityList,
      ),
    ),
  }))();
export type PriorityChange = v.InferOutput<typeof PrioritySchema>;
