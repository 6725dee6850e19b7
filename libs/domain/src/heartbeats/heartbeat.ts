import * as v from 'valibot';
import { MAX_TEXT, form, idField, requiredText, ynFlag } from '../rules/fields';
import type { Stamped, YesNo } from '../entities/reference';
import { INCIDENT_LIMITS } from '../entities/incident';

/**
 * Heartbeat monitors (docs/product.md#heartbeat-monitors): a module's job, backup or cron task
 * calls its secret beat address at least every `interval_seconds`; when no beat has come within the
 * interval and the grace after the last one, an incident opens on the module, and the next beat
 * resolves it. These are the rules every side applies: the limits, the messages, when a monitor is
 * due, how a beat and a miss change its state, and the incident's texts.
 */

/** The states a monitor shows: no beat yet, beats on time, a beat overdue. */
export const HEARTBEAT_STATES = ['waiting', 'up', 'missed'] as const;
export type HeartbeatState = (typeof HEARTBEAT_STATES)[number];

export const HEARTBEAT_STATE_LABELS: Record<HeartbeatState, string> = {
  waiting: 'WAITING',
  up: 'UP',
  missed: 'MISSED',
};

/** docs/product.md#heartbeat-monitors: bounds of a monitor's times and of a module's monitors. */
export const HEARTBEAT_LIMITS = {
  /** at least a minute between beats: the watch is no finer than that */
  intervalMin: 60,
  /** at most a week */
  intervalMax: 7 * 24 * 3600,
  graceMin: 0,
  /** at most a day */
  graceMax: 24 * 3600,
  /** monitors per module */
  perModule: 50,
  /** beats one address takes per minute; more are answered 429 */
  beatsPerMinute: 12,
} as const;

export const HEARTBEAT_MESSAGES = {
  nameRequired: 'Name is required',
  moduleRequired: 'Module is required',
  intervalRequired: 'Interval is required',
  intervalMin: `The interval must be at least ${HEARTBEAT_LIMITS.intervalMin} seconds`,
  intervalMax: `The interval must be at most ${HEARTBEAT_LIMITS.intervalMax} seconds (7 days)`,
  graceRequired: 'Grace is required',
  graceMin: 'The grace must be 0 seconds or more',
  graceMax: `The grace must be at most ${HEARTBEAT_LIMITS.graceMax} seconds (1 day)`,
  activeRequired: 'Status must be ACTIVE or INACTIVE',
  notFound: 'Heartbeat not found',
  moduleNotFound: 'Module not found',
  nameTaken: 'This module already has a heartbeat with this name',
  tooMany: `A module holds at most ${HEARTBEAT_LIMITS.perModule} heartbeats`,
  /** the answer to an address no monitor has (never says whether it ever existed) */
  beatNotFound: 'Heartbeat address not found',
  beatTooMany: 'Too many beats for this address; try again later',
  beatRecorded: 'Beat recorded',
  deleted: 'The heartbeat was deleted',
} as const;

/* @__NO_SIDE_EFFECTS__ */
const secondsField = (required: string, min: number, max: number, minMessage: string, maxMessage: string) =>
  v.pipe(
    v.union(
      [v.number(required), v.pipe(v.string(required), v.trim(), v.regex(/^\d{1,9}$/, required), v.transform(Number))],
      required,
    ),
    v.integer(required),
    v.minValue(min, minMessage),
    v.maxValue(max, maxMessage),
  );

/* @__NO_SIDE_EFFECTS__ */
const heartbeatEntries = () => ({
  heartbeat_name: requiredText(HEARTBEAT_MESSAGES.nameRequired, MAX_TEXT),
  interval_seconds: secondsField(
    HEARTBEAT_MESSAGES.intervalRequired,
    HEARTBEAT_LIMITS.intervalMin,
    HEARTBEAT_LIMITS.intervalMax,
    HEARTBEAT_MESSAGES.intervalMin,
    HEARTBEAT_MESSAGES.intervalMax,
  ),
  grace_seconds: secondsField(
    HEARTBEAT_MESSAGES.graceRequired,
    HEARTBEAT_LIMITS.graceMin,
    HEARTBEAT_LIMITS.graceMax,
    HEARTBEAT_MESSAGES.graceMin,
    HEARTBEAT_MESSAGES.graceMax,
  ),
  heartbeat_active: v.optional(ynFlag(HEARTBEAT_MESSAGES.activeRequired), 'Y'),
});

/** `POST /api/heartbeats`: a monitor of a module. */
export const HeartbeatCreateSchema = /* @__PURE__ */ (() =>
  form({ module_id: idField(HEARTBEAT_MESSAGES.moduleRequired), ...heartbeatEntries() }))();
export type HeartbeatCreate = v.InferOutput<typeof HeartbeatCreateSchema>;

/** `PUT /api/heartbeats/{id}`: its name, times and status (the module stays). */
export const HeartbeatUpdateSchema = /* @__PURE__ */ (() => form(heartbeatEntries()))();
export type HeartbeatUpdate = v.InferOutput<typeof HeartbeatUpdateSchema>;

/** `GET /api/heartbeats?module_id=`: a module's monitors. */
export const HeartbeatListQuery = /* @__PURE__ */ (() =>
  v.object({ module_id: idField(HEARTBEAT_MESSAGES.moduleRequired) }))();

/** A beat address's secret: 43 characters of base64url. */
export const BEAT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * `POST /api/v1/heartbeat/{token}`: any text; one that is not a secret's shape is answered 404 like
 * an unknown one, so the address gives no hint of what a secret looks like.
 */
export const HeartbeatTokenParams = /* @__PURE__ */ (() =>
  v.object({
    token: v.pipe(v.string(HEARTBEAT_MESSAGES.beatNotFound), v.maxLength(256, HEARTBEAT_MESSAGES.beatNotFound)),
  }))();

/** docs/product.md#heartbeat-monitors: a monitor as listed and read. */
export type Heartbeat = {
  id: number;
  heartbeat_id: number;
  customer_id: number;
  module_id: number;
  heartbeat_name: string;
  interval_seconds: number;
  grace_seconds: number;
  heartbeat_active: YesNo;
  state: HeartbeatState;
  /** ISO instants; null before the first beat */
  last_beat_at: string | null;
  /** when a missing beat opens the incident; null while nothing is watched (waiting, missed, inactive) */
  due_at: string | null;
  /** the case ID of the incident its miss opened, while open */
  open_case_id: string | null;
  /** the secret beat address; only for those who may change the monitor */
  beat_url?: string;
} & Stamped<'heartbeat'>;

/** What a beat answers (no secret, nothing about the monitor but its new state). */
export interface BeatAnswer {
  message: string;
  state: HeartbeatState;
}

/** The monitor as the rules see it: ms instants. */
export interface HeartbeatWatch {
  interval_seconds: number;
  grace_seconds: number;
  active: boolean;
  state: HeartbeatState;
  last_beat_at: number | null;
}

/** When a monitor whose last beat came at `lastBeat` is missed: the interval and the grace after it. */
export function heartbeatDueAt(
  lastBeat: number,
  watch: Pick<HeartbeatWatch, 'interval_seconds' | 'grace_seconds'>,
): number {
  return lastBeat + (watch.interval_seconds + watch.grace_seconds) * 1000;
}

/**
 * When the job layer must look at a monitor next, or null when nothing is watched: a new monitor
 * waits for its first beat (nothing can be late before it), a missed one for the beat that ends
 * its incident, and an inactive one for nothing.
 */
export function nextDueAt(watch: HeartbeatWatch): number | null {
  if (!watch.active || watch.state !== 'up' || watch.last_beat_at === null) return null;
  return heartbeatDueAt(watch.last_beat_at, watch);
}

/** A beat at `at`: the monitor is up, due again after interval and grace; `resolves` when it was missed. */
export function afterBeat(watch: HeartbeatWatch, at: number): { watch: HeartbeatWatch; resolves: boolean } {
  const next = { ...watch, state: 'up' as const, last_beat_at: at };
  return { watch: next, resolves: watch.state === 'missed' };
}

/**
 * The job layer found the monitor due at `at`: missed, and an incident opens, unless a beat came
 * meanwhile (its due time moved past `at`) or the monitor stopped being watched.
 */
export function afterDue(watch: HeartbeatWatch, at: number): { watch: HeartbeatWatch; opens: boolean } {
  const due = nextDueAt(watch);
  if (due === null || due > at) return { watch, opens: false };
  return { watch: { ...watch, state: 'missed' }, opens: true };
}

/** A duration in words: "5 minutes", "1 hour 30 minutes", "45 seconds", "2 days". */
export function durationText(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    rest -= count * size;
  }
  return parts.length > 0 ? parts.slice(0, 2).join(' ') : '0 seconds';
}

/** The dedup key of a monitor's incident: a second miss while it is open opens nothing new. */
export const heartbeatDedupKey = (heartbeatId: number) => `heartbeat:${heartbeatId}`;

/**
 * The incident a miss opens (docs/product.md#heartbeat-monitors): "Heartbeat {name} missed", the
 * name cut so the text keeps the incident's 100 characters, and a description naming the last beat
 * (UTC) and the interval and grace it was held to.
 */
export function missedIncident(
  monitor: { heartbeat_name: string; interval_seconds: number; grace_seconds: number; last_beat_at: number | null },
  at: number,
): { incident: string; description: string } {
  const room = INCIDENT_LIMITS.incident.max - 'Heartbeat  missed'.length;
  const name =
    monitor.heartbeat_name.length > room ? `${monitor.heartbeat_name.slice(0, room - 1)}…` : monitor.heartbeat_name;
  const last =
    monitor.last_beat_at === null
      ? 'No beat has arrived yet.'
      : `The last beat arrived at ${utcText(monitor.last_beat_at)}.`;
  const grace = monitor.grace_seconds > 0 ? ` and ${durationText(monitor.grace_seconds)} of grace` : '';
  const description = `${last} A beat is expected every ${durationText(monitor.interval_seconds)}${grace}; none had come by ${utcText(at)}.`;
  return { incident: `Heartbeat ${name} missed`, description: description.slice(0, INCIDENT_LIMITS.description.max) };
}

/** "2026-03-10 12:00:00 UTC" */
const utcText = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
