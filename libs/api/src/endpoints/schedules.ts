import * as v from 'valibot';
import {
  OnCallQuery,
  OverrideSchema,
  PageQuerySchema,
  ScheduleCreateSchema,
  ScheduleUpdateSchema,
  ShiftRangeQuery,
  idField,
  ynFlag,
  type ListOf,
  type MessageAnswer,
  type OnCallAnswer,
  type Schedule,
  type ScheduleOverride,
  type ShiftsAnswer,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** docs/product.md#schedules: the list's sortable columns; default schedule_name ascending. */
export const SCHEDULE_ORDER_COLUMNS = [
  'schedule_name',
  'schedule_desc',
  'time_zone',
  'schedule_active',
  'schedule_updateby',
  'schedule_updatedt',
  'schedule_id',
] as const;
export type ScheduleOrderColumn = (typeof SCHEDULE_ORDER_COLUMNS)[number];

/** The list (search, sort, pager); `schedule_active=Y` gives the step form's options. */
export const ScheduleListQuery = /* @__PURE__ */ (() =>
  v.object({ ...PageQuerySchema.entries, schedule_active: v.optional(ynFlag()) }))();

/** `/:id/overrides/:override_id` */
export const OverrideParams = v.object({ id: idField(), override_id: idField() });

/** `GET /api/calendar/{token}.ics`: the feed's secret (the address is the credential). */
export const CalendarTokenParams = /* @__PURE__ */ (() =>
  v.object({
    token: v.pipe(v.string('Calendar not found'), v.regex(/^[A-Za-z0-9_-]{32,64}\.ics$/, 'Calendar not found')),
  }))();

/** A calendar feed's secret address (a schedule's or a resource's). */
export interface CalendarFeed {
  calendar_url: string;
}

/** Who is on call now in every active schedule of the customer (the dashboard's "On call now"). */
export interface OnCallNow {
  at: string;
  schedules: {
    schedule_id: number;
    schedule_name: string;
    resource: { resource_id: number; resource_fullname: string } | null;
    until: string | null;
  }[];
}

/** A resource's next shift in any active schedule (the Resources list's "Next shift"). */
export interface NextShift {
  resource_id: number;
  schedule_id: number;
  schedule_name: string;
  start: string;
  end: string;
}

const session = { auth: 'session' as const };
const read = { ...session, permissions: ['catalogue.read' as const] };
const write = { ...session, permissions: ['catalogue.write' as const] };
/** docs/product.md#schedules: both customer roles take a shift or set an override; a Customer Root changes the rest */
const override = { ...session, permissions: ['schedules.override' as const] };

export const listSchedules = endpoint({
  name: 'listSchedules',
  method: 'GET',
  path: '/api/schedules',
  query: ScheduleListQuery,
  response: reply<ListOf<Schedule>>(),
  ...read,
});
export const getSchedule = endpoint({
  name: 'getSchedule',
  method: 'GET',
  path: '/api/schedules/:id',
  params: IdParams,
  response: reply<Schedule>(),
  ...read,
});
export const addSchedule = endpoint({
  name: 'addSchedule',
  method: 'POST',
  path: '/api/schedules',
  body: ScheduleCreateSchema,
  response: reply<Schedule>(),
  ...write,
});
export const updateSchedule = endpoint({
  name: 'updateSchedule',
  method: 'PUT',
  path: '/api/schedules/:id',
  params: IdParams,
  body: ScheduleUpdateSchema,
  response: reply<Schedule>(),
  ...write,
});
/** A schedule a step uses is not deleted: 409 naming the escalations. */
export const deleteSchedule = endpoint({
  name: 'deleteSchedule',
  method: 'DELETE',
  path: '/api/schedules/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});
/** The final layer's shifts and gaps over [from, to) (at most a year; default the next 7 days). */
export const scheduleShifts = endpoint({
  name: 'scheduleShifts',
  method: 'GET',
  path: '/api/schedules/:id/shifts',
  params: IdParams,
  query: ShiftRangeQuery,
  response: reply<ShiftsAnswer>(),
  ...read,
});
export const scheduleOnCall = endpoint({
  name: 'scheduleOnCall',
  method: 'GET',
  path: '/api/schedules/:id/on-call',
  params: IdParams,
  query: OnCallQuery,
  response: reply<OnCallAnswer>(),
  ...read,
});
export const listOverrides = endpoint({
  name: 'listOverrides',
  method: 'GET',
  path: '/api/schedules/:id/overrides',
  params: IdParams,
  query: ShiftRangeQuery,
  response: reply<ListOf<ScheduleOverride>>(),
  ...read,
});
export const addOverride = endpoint({
  name: 'addOverride',
  method: 'POST',
  path: '/api/schedules/:id/overrides',
  params: IdParams,
  body: OverrideSchema,
  response: reply<ScheduleOverride>(),
  ...override,
});
export const deleteOverride = endpoint({
  name: 'deleteOverride',
  method: 'DELETE',
  path: '/api/schedules/:id/overrides/:override_id',
  params: OverrideParams,
  response: reply<MessageAnswer>(),
  ...override,
});
/** A new secret address for the schedule's feed: the old one stops working. */
export const rotateScheduleCalendar = endpoint({
  name: 'rotateScheduleCalendar',
  method: 'POST',
  path: '/api/schedules/:id/calendar',
  params: IdParams,
  response: reply<CalendarFeed>(),
  ...write,
});
/** A resource's own feed (its shifts in every schedule): read, and rotated. */
export const resourceCalendar = endpoint({
  name: 'resourceCalendar',
  method: 'GET',
  path: '/api/resources/:id/calendar',
  params: IdParams,
  response: reply<CalendarFeed>(),
  ...read,
});
export const rotateResourceCalendar = endpoint({
  name: 'rotateResourceCalendar',
  method: 'POST',
  path: '/api/resources/:id/calendar',
  params: IdParams,
  response: reply<CalendarFeed>(),
  ...write,
});
/** Who is on call now in each active schedule (bounded: the first 50 by name). */
export const onCallNow = endpoint({
  name: 'onCallNow',
  method: 'GET',
  path: '/api/on-call',
  response: reply<OnCallNow>(),
  ...read,
});
/** The next shift of each resource of the list's page (`ids`: up to 100). */
export const nextShifts = endpoint({
  name: 'nextShifts',
  method: 'GET',
  path: '/api/on-call/next-shifts',
  query: v.object({
    ids: v.pipe(
      v.string('Must be ids separated by commas'),
      v.regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Must be up to 100 ids separated by commas'),
      v.transform((text) => text.split(',').map(Number)),
      // an id is a database integer: a larger number names no resource
      v.check((ids) => ids.every((id) => id <= 2_147_483_647), 'Must be up to 100 ids separated by commas'),
    ),
  }),
  response: reply<{ next_shifts: NextShift[] }>(),
  ...read,
});
/** docs/product.md#calendar-feeds: public; the secret in the address is the credential. */
export const calendarFeed = endpoint({
  name: 'calendarFeed',
  method: 'GET',
  path: '/api/calendar/:token',
  params: CalendarTokenParams,
  response: reply<string>(),
  auth: 'public',
});

export const scheduleEndpoints = {
  listSchedules,
  getSchedule,
  addSchedule,
  updateSchedule,
  deleteSchedule,
  scheduleShifts,
  scheduleOnCall,
  listOverrides,
  addOverride,
  deleteOverride,
  rotateScheduleCalendar,
  resourceCalendar,
  rotateResourceCalendar,
  onCallNow,
  nextShifts,
  calendarFeed,
};
