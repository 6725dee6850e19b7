import {
  DAY_MS,
  SCHEDULE_LIMITS,
  onCallCalendar,
  shifts,
  type CalendarShift,
  type OnCallCalendar,
} from '@relevo/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { definitionOf, overridesOver, schedulesNaming } from './definitions';
import type { FeedRow } from './calendar-feeds';

// docs/product.md#calendar-feeds: what a feed shows, from a day ago to SCHEDULE_LIMITS.feedDays
// ahead. A schedule's feed is its final layer; a resource's is its own stretches in every active
// schedule of its customer. Both are bounded: a resource's schedules and each feed's events.

/** The most events one feed holds (an hourly rotation over the whole horizon fits). */
export const FEED_MAX_EVENTS = 5000;
/** The most schedules a resource's feed reads (the first by name). */
export const FEED_MAX_SCHEDULES = 50;
/** A shift under way is computed from this far back, so that its start, and its UID, stay the same from one read to the next. */
const SHIFT_LEAD_MS = 31 * DAY_MS;

interface ScheduleRow {
  schedule_id: number;
  schedule_name: string;
  time_zone: string;
  schedule_active: 'Y' | 'N';
  definition: Parameters<typeof definitionOf>[0]['definition'];
}

const SCHEDULE_COLUMNS = ['schedule_id', 'schedule_name', 'time_zone', 'schedule_active', 'definition'] as const;

/** The window a feed shows at `now`. */
export function feedWindow(now: number): { from: number; to: number } {
  return { from: now - DAY_MS, to: now + SCHEDULE_LIMITS.feedDays * DAY_MS };
}

/** The schedules of a resource's feed: those naming it (members) or with an override of it in the window, active. */
function schedulesOfResource(tx: Transaction<DB>, customerId: number, resourceId: number, from: Date, to: Date) {
  return tx
    .selectFrom('schedules')
    .select(SCHEDULE_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('schedule_active', '=', 'Y')
    .where('schedule_id', 'in', schedulesNaming(tx, customerId, [resourceId], { from, to }))
    .orderBy('schedule_name')
    .orderBy('schedule_id')
    .limit(FEED_MAX_SCHEDULES)
    .execute() as Promise<ScheduleRow[]>;
}

/**
 * The iCalendar document of a feed at `now` (read in its customer's scope), or null when what it
 * shows is gone.
 */
export async function feedCalendar(ctx: AppContext, feed: FeedRow, now: number): Promise<string | null> {
  const { from, to } = feedWindow(now);
  const computeFrom = from - SHIFT_LEAD_MS;
  const customer = { kind: 'customer' as const, customerId: feed.customer_id };
  const calendar = await ctx.database.scoped(
    customer,
    async (tx): Promise<Omit<OnCallCalendar, 'stamp' | 'uid_domain'> | null> => {
      let schedules: ScheduleRow[];
      let name: string;
      let timeZone: string;
      if (feed.schedule_id !== null) {
        const schedule = (await tx
          .selectFrom('schedules')
          .select(SCHEDULE_COLUMNS)
          .where('customer_id', '=', feed.customer_id)
          .where('schedule_id', '=', feed.schedule_id)
          .executeTakeFirst()) as ScheduleRow | undefined;
        if (!schedule) return null;
        // docs/product.md#calendar-feeds: an inactive schedule puts nobody on call; its feed stays, empty
        schedules = schedule.schedule_active === 'Y' ? [schedule] : [];
        name = `Relevo: ${schedule.schedule_name}`;
        timeZone = schedule.time_zone;
      } else {
        const resource = await tx
          .selectFrom('resources as r')
          .innerJoin('customers as c', 'c.customer_id', 'r.customer_id')
          .select(['r.resource_fullname', 'c.customer_time_zone'])
          .where('r.customer_id', '=', feed.customer_id)
          .where('r.resource_id', '=', feed.resource_id!)
          .executeTakeFirst();
        if (!resource) return null;
        schedules = await schedulesOfResource(tx, feed.customer_id, feed.resource_id!, new Date(from), new Date(to));
        name = `Relevo: ${resource.resource_fullname} on call`;
        timeZone = resource.customer_time_zone;
      }
      const ids = schedules.map((schedule) => schedule.schedule_id);
      const overrides = await overridesOver(tx, ids, new Date(computeFrom), new Date(to));
      const found: (Omit<CalendarShift, 'resource_fullname'> & { order: number })[] = [];
      schedules.forEach((schedule, order) => {
        for (const shift of shifts(definitionOf(schedule, overrides), computeFrom, to)) {
          if (shift.end <= from) continue;
          if (feed.resource_id !== null && shift.resource_id !== feed.resource_id) continue;
          found.push({
            schedule_id: schedule.schedule_id,
            schedule_name: schedule.schedule_name,
            time_zone: schedule.time_zone,
            resource_id: shift.resource_id,
            start: shift.start,
            end: shift.end,
            source: shift.source,
            order,
          });
        }
      });
      found.sort((a, b) => a.start - b.start || a.order - b.order);
      const kept = found.slice(0, FEED_MAX_EVENTS);
      const people = [...new Set(kept.map((shift) => shift.resource_id))];
      const names = new Map(
        people.length
          ? (
              await tx
                .selectFrom('resources')
                .select(['resource_id', 'resource_fullname'])
                .where('customer_id', '=', feed.customer_id)
                .where('resource_id', 'in', people)
                .execute()
            ).map((row) => [row.resource_id, row.resource_fullname])
          : [],
      );
      return {
        name,
        time_zone: timeZone,
        shifts: kept.map(({ order: _order, ...shift }) => ({
          ...shift,
          resource_fullname: names.get(shift.resource_id) ?? `Resource ${shift.resource_id}`,
        })),
      };
    },
  );
  if (!calendar) return null;
  return onCallCalendar({ ...calendar, stamp: now, uid_domain: new URL(ctx.config.publicUrl).hostname });
}
