import type { Kysely, Transaction } from 'kysely';
import type { ScheduleDefinition } from '@relevo/domain';
import type { DB, StoredScheduleDefinition } from '../db/schema';

// A schedule's definition as the domain computes on it (docs/product.md#schedules): its stored
// rotations and temporary schedules, and its overrides over the window asked about. Every reader
// of who is on call (the API, the engine, the feeds, the notices) builds it here.

type Reader = Kysely<DB> | Transaction<DB>;

/** The columns of a schedule the computations need. */
export interface ScheduleRowForDefinition {
  schedule_id: number;
  time_zone: string;
  definition: StoredScheduleDefinition;
}

export interface OverrideRow {
  override_id: number;
  schedule_id: number;
  resource_id: number;
  start_at: Date;
  end_at: Date;
}

/** The domain's definition of a stored schedule with the overrides that touch the window. */
export function definitionOf(row: ScheduleRowForDefinition, overrides: readonly OverrideRow[]): ScheduleDefinition {
  return {
    time_zone: row.time_zone,
    rotations: row.definition.rotations,
    temporary_schedules: row.definition.temporary_schedules.map((temporary) => ({
      start: Date.parse(temporary.start),
      end: Date.parse(temporary.end),
      shifts: temporary.shifts.map((shift) => ({
        resource_id: shift.resource_id,
        start: Date.parse(shift.start),
        end: Date.parse(shift.end),
      })),
    })),
    overrides: overrides
      .filter((override) => override.schedule_id === row.schedule_id)
      .map((override) => ({
        override_id: override.override_id,
        resource_id: override.resource_id,
        start: override.start_at.getTime(),
        end: override.end_at.getTime(),
      })),
  };
}

/**
 * The overrides of some schedules that overlap [from, to) (a schedule holds at most
 * SCHEDULE_LIMITS.overrides), by the (schedule_id, end_at) index.
 */
export function overridesOver(
  db: Reader,
  scheduleIds: readonly number[],
  from: Date,
  to: Date,
): Promise<OverrideRow[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('schedule_overrides')
    .select(['override_id', 'schedule_id', 'resource_id', 'start_at', 'end_at'])
    .where('schedule_id', 'in', scheduleIds)
    .where('end_at', '>', from)
    .where('start_at', '<', to)
    .orderBy('override_id')
    .execute();
}

/** The ids of every resource a definition names (the schedule's members). */
export function membersOf(definition: StoredScheduleDefinition): number[] {
  const ids = new Set<number>();
  for (const rotation of definition.rotations) for (const id of rotation.participants) ids.add(id);
  for (const temporary of definition.temporary_schedules)
    for (const shift of temporary.shifts) ids.add(shift.resource_id);
  return [...ids];
}

/**
 * The ids of a customer's schedules that name any of these resources: as members (a rotation or a
 * temporary shift), or in an override over the window (either bound optional), by the members' and
 * the overrides' indexes on (customer_id, resource_id). A subquery for `where schedule_id in`.
 */
export function schedulesNaming(
  db: Reader,
  customerId: number,
  resourceIds: readonly number[],
  window: { from?: Date; to?: Date } = {},
) {
  const ids = resourceIds.length ? [...resourceIds] : [0];
  let overrides = db
    .selectFrom('schedule_overrides')
    .select('schedule_id')
    .where('customer_id', '=', customerId)
    .where('resource_id', 'in', ids);
  if (window.from) overrides = overrides.where('end_at', '>', window.from);
  if (window.to) overrides = overrides.where('start_at', '<', window.to);
  return db
    .selectFrom('schedule_members')
    .select('schedule_id')
    .where('customer_id', '=', customerId)
    .where('resource_id', 'in', ids)
    .union(overrides);
}
