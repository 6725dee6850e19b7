import * as v from 'valibot';
import { MAX_LONG_TEXT, MAX_TEXT, form, optionalText, requiredText, ynFlag } from '../rules/fields';
import type { Stamped, YesNo } from './reference';

/** docs/product.md#sla: the time within which an incident must be accepted. */
export type Sla = {
  id: number;
  sla_id: number;
  sla_name: string;
  sla_desc: string;
  /** docs/product.md#entities: default 'N' */
  sla_active: YesNo;
  sla_response_time: number;
  /** docs/product.md#entities: M (minutes, the default) or H (hours) */
  sla_response_time_mult: 'M' | 'H';
} & Stamped<'sla'>;

export const SLA_MESSAGES = {
  nameRequired: 'Name is required',
  responseTimeRequired: 'Response time is required',
  responseTimeRange: 'Response time must be a whole number from 1 to 99',
  unitRequired: 'Response time unit must be Minutes or Hours',
  activeRequired: 'Status must be ACTIVE or INACTIVE',
  notFound: 'Service Level Agreement not found',
} as const;

/** docs/product.md#slas: a two-digit response time. */
export const SLA_RESPONSE_TIME = { min: 1, max: 99 } as const;
export const SLA_UNIT_OPTIONS = [
  { value: 'M', text: 'Minutes' },
  { value: 'H', text: 'Hours' },
] as const;

/** The SLA's response time in minutes (what the engine and the compliance rule use). */
export const slaMinutes = (sla: Pick<Sla, 'sla_response_time' | 'sla_response_time_mult'>) =>
  sla.sla_response_time * (sla.sla_response_time_mult === 'H' ? 60 : 1);

/* @__NO_SIDE_EFFECTS__ */
const responseTime = () =>
  v.pipe(
    v.union(
      [
        v.number(SLA_MESSAGES.responseTimeRequired),
        v.pipe(
          v.string(SLA_MESSAGES.responseTimeRequired),
          v.trim(),
          v.nonEmpty(SLA_MESSAGES.responseTimeRequired),
          v.regex(/^\d{1,2}$/, SLA_MESSAGES.responseTimeRange),
          v.transform(Number),
        ),
      ],
      SLA_MESSAGES.responseTimeRequired,
    ),
    v.integer(SLA_MESSAGES.responseTimeRange),
    v.minValue(SLA_RESPONSE_TIME.min, SLA_MESSAGES.responseTimeRange),
    v.maxValue(SLA_RESPONSE_TIME.max, SLA_MESSAGES.responseTimeRange),
  );

/* @__NO_SIDE_EFFECTS__ */
const slaEntries = () => ({
  sla_name: requiredText(SLA_MESSAGES.nameRequired, MAX_TEXT),
  sla_desc: optionalText(MAX_LONG_TEXT),
  sla_response_time: responseTime(),
  sla_response_time_mult: v.optional(v.picklist(['M', 'H'], SLA_MESSAGES.unitRequired), 'M'),
});

/** Create an SLA (docs/product.md#slas): no status; a new SLA is inactive (docs/product.md#entities default 'N'). */
export const SlaCreateSchema = /* @__PURE__ */ (() => form(slaEntries()))();
export type SlaCreate = v.InferOutput<typeof SlaCreateSchema>;

export const SlaUpdateSchema = /* @__PURE__ */ (() =>
  form({ ...slaEntries(), sla_active: ynFlag(SLA_MESSAGES.activeRequired) }))();
export type SlaUpdate = v.InferOutput<typeof SlaUpdateSchema>;
