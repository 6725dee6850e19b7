import { nextShifts, resourceCalendar, rotateResourceCalendar, type CalendarFeed, type NextShift } from '@relevo/api';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the Resources screen's calls about schedules: next shifts, calendar feeds */
    resourceOnCallCalls: ResourceOnCallCalls;
  }
}

/** docs/product.md#schedules, #calendar-feeds: what the Resources screen reads of the schedules. */
export interface ResourceOnCallCalls {
  /** the next shift of each resource of the page, in one call (the page's ids, up to 100) */
  nextShifts: (resourceIds: readonly number[]) => Promise<{ next_shifts: NextShift[] }>;
  /** the resource's own calendar feed: its secret address */
  calendar: (resourceId: number) => Promise<CalendarFeed>;
  /** a new secret address; the old one stops working */
  rotateCalendar: (resourceId: number) => Promise<CalendarFeed>;
}

export const liveResourceOnCallCalls: ResourceOnCallCalls = {
  nextShifts: (resourceIds) => api.call(nextShifts, { query: { ids: resourceIds.join(',') } }),
  calendar: (id) => api.call(resourceCalendar, { params: { id } }),
  rotateCalendar: (id) => api.call(rotateResourceCalendar, { params: { id } }),
};
