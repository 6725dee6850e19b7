import { localTime, zonedInstant, type LocalTime } from '../schedules/zone';
import type { MaintenanceRecurrence, MaintenanceRelease, MaintenanceStatus } from './maintenance-window';

/**
 * docs/product.md#maintenance-windows: when a window is on, pure and clockless (instants in ms).
 * A weekly window repeats at the same weekday and wall-clock times of the customer's zone: its
 * occurrences are its first start and end moved by whole weeks of the calendar, read in the zone,
 * so a window from Saturday 22:00 to Sunday 02:00 stays there across a change of the clocks.
 */

/** A window as the rules read it. */
export interface MaintenanceTimes {
  maintenance_window_id: number;
  module_id: number | null;
  application_id: number | null;
  /** the first occurrence (ms) */
  start: number;
  end: number;
  recurrence: MaintenanceRecurrence;
  release: MaintenanceRelease;
}

/** What an incident belongs to: its module and the module's application. */
export interface MaintenanceTarget {
  module_id: number;
  application_id: number;
}

/** An occurrence of a window: from start (included) to end (excluded). */
export interface Occurrence {
  start: number;
  end: number;
}

const WEEK_MS = 7 * 86_400_000;

/** The reading `local` moved by `weeks` calendar weeks, as an instant of the zone. */
const weeksLater = (timeZone: string, local: LocalTime, weeks: number) =>
  zonedInstant(timeZone, { ...local, day: local.day + 7 * weeks });

/** The window's occurrence number `n` (0: the first). */
function occurrence(window: Pick<MaintenanceTimes, 'start' | 'end'>, n: number, timeZone: string): Occurrence {
  if (n === 0) return { start: window.start, end: window.end };
  return {
    start: weeksLater(timeZone, localTime(timeZone, window.start), n),
    end: weeksLater(timeZone, localTime(timeZone, window.end), n),
  };
}

/** The numbers of the occurrences that may hold `at` or come next after it (a week is 7 × 24 h give or take a change of the clocks). */
function nearby(window: Pick<MaintenanceTimes, 'start'>, at: number): number[] {
  const n = Math.floor((at - window.start) / WEEK_MS);
  return [n - 1, n, n + 1, n + 2].filter((each) => each >= 0);
}

/** The occurrence of the window that is on at `at`, or null. */
export function occurrenceAt(
  window: Pick<MaintenanceTimes, 'start' | 'end' | 'recurrence'>,
  at: number,
  timeZone: string,
): Occurrence | null {
  if (at < window.start) return null;
  if (window.recurrence === 'none') return at < window.end ? { start: window.start, end: window.end } : null;
  // the latest occurrence that started by `at` (a week-long window ends as the next begins)
  const on = nearby(window, at)
    .map((n) => occurrence(window, n, timeZone))
    .filter((each) => each.start <= at && at < each.end);
  return on.at(-1) ?? null;
}

/** The occurrence on at `at`, else the next one; null once a one-time window is over. */
export function currentOrNextOccurrence(
  window: Pick<MaintenanceTimes, 'start' | 'end' | 'recurrence'>,
  at: number,
  timeZone: string,
): Occurrence | null {
  const on = occurrenceAt(window, at, timeZone);
  if (on) return on;
  if (at < window.start) return { start: window.start, end: window.end };
  if (window.recurrence === 'none') return null;
  return (
    nearby(window, at)
      .map((n) => occurrence(window, n, timeZone))
      .find((each) => each.start > at) ?? null
  );
}

/** When the window's occurrence on at `at` ends, or null when it is not on. */
export function windowEnd(
  window: Pick<MaintenanceTimes, 'start' | 'end' | 'recurrence'>,
  at: number,
  timeZone: string,
): number | null {
  return occurrenceAt(window, at, timeZone)?.end ?? null;
}

/** docs/product.md#maintenance-windows: on now, upcoming, or past (a one-time window that ended). */
export function maintenanceStatus(
  window: Pick<MaintenanceTimes, 'start' | 'end' | 'recurrence'>,
  at: number,
  timeZone: string,
): MaintenanceStatus {
  if (occurrenceAt(window, at, timeZone)) return 'now';
  return currentOrNextOccurrence(window, at, timeZone) ? 'upcoming' : 'past';
}

const covers = (window: MaintenanceTimes, target: MaintenanceTarget) =>
  window.module_id === target.module_id || window.application_id === target.application_id;

/** The window that holds an incident of `target` arriving at `at`, with the end of its occurrence. */
export interface HoldingWindow {
  window: MaintenanceTimes;
  until: number;
}

/**
 * The window an incident of `target` arriving at `at` waits for, or null: of the windows of its
 * module or its application that are on, the one whose occurrence ends last (the incident waits
 * until no window covers it; the first listed of those ending together), in the customer's zone.
 */
export function holdingWindow(
  windows: readonly MaintenanceTimes[],
  target: MaintenanceTarget,
  at: number,
  timeZone: string,
): HoldingWindow | null {
  let holding: HoldingWindow | null = null;
  for (const window of windows) {
    if (!covers(window, target)) continue;
    const until = windowEnd(window, at, timeZone);
    if (until !== null && (holding === null || until > holding.until)) holding = { window, until };
  }
  return holding;
}

/** Whether an incident of `target` arriving at `at` arrives in maintenance. */
export const inMaintenance = (
  windows: readonly MaintenanceTimes[],
  target: MaintenanceTarget,
  at: number,
  timeZone: string,
): boolean => holdingWindow(windows, target, at, timeZone) !== null;
