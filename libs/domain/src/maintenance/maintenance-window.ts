import * as v from 'valibot';
import { form, idField, requiredText } from '../rules/fields';
import type { Stamped } from '../entities/reference';
import { instantField } from '../schedules/schedule';
import { DAY_MS } from '../schedules/zone';

/**
 * Maintenance windows (docs/product.md#maintenance-windows): while a window of a module or of its
 * application is on, the module's incidents are taken and stored, marked as arriving in
 * maintenance, and nobody is contacted; when it ends, those still open start their escalation or
 * stay quiet, as the window says.
 */

export const MAINTENANCE_RECURRENCES = ['none', 'weekly'] as const;
export type MaintenanceRecurrence = (typeof MAINTENANCE_RECURRENCES)[number];
export const MAINTENANCE_RECURRENCE_LABELS: Record<MaintenanceRecurrence, string> = {
  none: 'Once',
  weekly: 'Every week',
};

/** What happens to the incidents a window still holds when it ends. */
export const MAINTENANCE_RELEASES = ['escalate', 'quiet'] as const;
export type MaintenanceRelease = (typeof MAINTENANCE_RELEASES)[number];
export const MAINTENANCE_RELEASE_LABELS: Record<MaintenanceRelease, string> = {
  escalate: 'Escalate when it ends',
  quiet: 'Stay quiet',
};

/** docs/product.md#maintenance-windows: bounds that keep every window's work small. */
export const MAINTENANCE_LIMITS = {
  /** per customer, past ones included */
  windows: 100,
  /** a one-time window's length */
  days: 31,
  /** a weekly window's length: at most the week it repeats in */
  weeklyDays: 7,
} as const;

export const MAINTENANCE_MESSAGES = {
  nameRequired: 'Name is required',
  targetRequired: 'Choose a module or an application',
  targetBoth: 'Choose a module or an application, not both',
  endAfterStart: 'End must be after start',
  tooLong: `A window lasts at most ${MAINTENANCE_LIMITS.days} days`,
  weeklyTooLong: `A weekly window lasts at most ${MAINTENANCE_LIMITS.weeklyDays} days`,
  recurrenceRequired: 'Recurrence must be none or weekly',
  releaseRequired: 'Release must be escalate or quiet',
  tooMany: `A customer holds at most ${MAINTENANCE_LIMITS.windows} maintenance windows: remove past ones first`,
  notFound: 'Maintenance window not found',
  moduleNotFound: 'Module not found',
  applicationNotFound: 'Application not found',
} as const;

/** Where a window is on at an instant: on now, still to come, or over for good (a one-time window ended). */
export type MaintenanceStatus = 'now' | 'upcoming' | 'past';
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  now: 'In progress',
  upcoming: 'Upcoming',
  past: 'Past',
};

/** docs/product.md#maintenance-windows: a window as listed and saved. */
export type MaintenanceWindow = {
  id: number;
  maintenance_window_id: number;
  customer_id: number;
  window_name: string;
  /** the module it covers, or null: it covers every module of its application */
  module_id: number | null;
  module_name: string | null;
  /** the application it covers, or the covered module's application */
  application_id: number | null;
  application_name: string | null;
  /** the first occurrence */
  start: string;
  end: string;
  recurrence: MaintenanceRecurrence;
  release: MaintenanceRelease;
  /** as of the answer */
  status: MaintenanceStatus;
  /** the occurrence on now, or the next one; null once a one-time window is past */
  next_start: string | null;
  next_end: string | null;
  /** the customer's zone, which a weekly window repeats in */
  time_zone: string;
} & Stamped<'window'>;

/* @__NO_SIDE_EFFECTS__ */
const optionalId = () => v.optional(v.nullable(idField()), null);

const lengthOf = (window: { start: string; end: string }) => Date.parse(window.end) - Date.parse(window.start);

/** A window's body (create and change alike): a module or an application, a start before its end, and its bounds. */
export const MaintenanceWindowSchema = /* @__PURE__ */ (() =>
  v.pipe(
    form({
      window_name: requiredText(MAINTENANCE_MESSAGES.nameRequired),
      module_id: optionalId(),
      application_id: optionalId(),
      start: instantField(),
      end: instantField(),
      recurrence: v.optional(v.picklist(MAINTENANCE_RECURRENCES, MAINTENANCE_MESSAGES.recurrenceRequired), 'none'),
      release: v.optional(v.picklist(MAINTENANCE_RELEASES, MAINTENANCE_MESSAGES.releaseRequired), 'escalate'),
    }),
    v.forward(
      v.check((body) => body.module_id !== null || body.application_id !== null, MAINTENANCE_MESSAGES.targetRequired),
      ['module_id'],
    ),
    v.forward(
      v.check((body) => body.module_id === null || body.application_id === null, MAINTENANCE_MESSAGES.targetBoth),
      ['module_id'],
    ),
    v.forward(
      v.check((body) => lengthOf(body) > 0, MAINTENANCE_MESSAGES.endAfterStart),
      ['end'],
    ),
    v.forward(
      v.check((body) => lengthOf(body) <= MAINTENANCE_LIMITS.days * DAY_MS, MAINTENANCE_MESSAGES.tooLong),
      ['end'],
    ),
    v.forward(
      v.check(
        (body) => body.recurrence !== 'weekly' || lengthOf(body) <= MAINTENANCE_LIMITS.weeklyDays * DAY_MS,
        MAINTENANCE_MESSAGES.weeklyTooLong,
      ),
      ['end'],
    ),
  ))();
export type MaintenanceWindowBody = v.InferOutput<typeof MaintenanceWindowSchema>;
