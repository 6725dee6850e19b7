import {
  addOverride,
  addSchedule,
  deleteOverride,
  deleteSchedule,
  getSchedule,
  listOverrides,
  listSchedules,
  rotateScheduleCalendar,
  scheduleOnCall,
  scheduleShifts,
  updateSchedule,
  type CalendarFeed,
} from '@relevo/api';
import {
  type ListOf,
  type MessageAnswer,
  type OnCallAnswer,
  type Resource,
  type Schedule,
  type ScheduleCreate,
  type ScheduleOverride,
  type ScheduleUpdate,
  type ShiftsAnswer,
  type ShiftsRange,
} from '@relevo/domain';
import { api } from '../../shell/api';
import type { RecordCalls } from '../../shell/record-list';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Schedules list and of a schedule's page */
    scheduleCalls: ScheduleCalls;
  }
}

/** An override as the contract takes it: ISO instants with their offset. */
export interface OverrideRequest {
  resource_id: number;
  start: string;
  end: string;
}

/** The calls of the schedule screens; stories and tests give fixtures instead (Services `scheduleCalls`). */
export interface ScheduleCalls extends RecordCalls<Schedule, ScheduleCreate, ScheduleUpdate> {
  get: (id: number) => Promise<Schedule>;
  /** who is on call now, and until when */
  onCall: (id: number) => Promise<OnCallAnswer>;
  /** the final layer's shifts and gaps over [from, to) */
  shifts: (id: number, range: ShiftsRange, signal?: AbortSignal) => Promise<ShiftsAnswer>;
  /** the overrides over [from, to) */
  overrides: (id: number, range: ShiftsRange) => Promise<ListOf<ScheduleOverride>>;
  addOverride: (id: number, body: OverrideRequest) => Promise<ScheduleOverride>;
  removeOverride: (id: number, overrideId: number) => Promise<MessageAnswer>;
  /** a new secret address for the schedule's calendar feed: the old one stops working */
  rotateCalendar: (id: number) => Promise<CalendarFeed>;
  /** who may take part in a rotation or an override: the customer's active resources, by name */
  resources: () => Promise<ListOf<Resource>>;
  /** the instant that is now (the timeline's now-line, the upcoming overrides) */
  now: () => number;
  /** the viewer's own time zone */
  viewerZone: () => string;
}

/** The browser's time zone, UTC when it names none. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** docs/product.md#schedules. */
export const liveScheduleCalls: ScheduleCalls = {
  list: (query, signal) => api.call(listSchedules, { query, signal }),
  get: (id) => api.call(getSchedule, { params: { id } }),
  create: (body) => api.call(addSchedule, { body }),
  update: (id, body) => api.call(updateSchedule, { params: { id }, body }),
  remove: (id) => api.call(deleteSchedule, { params: { id } }),
  onCall: (id) => api.call(scheduleOnCall, { params: { id }, query: {} }),
  shifts: (id, range, signal) => api.call(scheduleShifts, { params: { id }, query: range, signal }),
  overrides: (id, range) => api.call(listOverrides, { params: { id }, query: range }),
  addOverride: (id, body) => api.call(addOverride, { params: { id }, body }),
  removeOverride: (id, overrideId) => api.call(deleteOverride, { params: { id, override_id: overrideId } }),
  rotateCalendar: (id) => api.call(rotateScheduleCalendar, { params: { id } }),
  resources: () => import('./schedule-resources').then(({ activeResources }) => activeResources()),
  now: () => Date.now(),
  viewerZone: browserZone,
};
