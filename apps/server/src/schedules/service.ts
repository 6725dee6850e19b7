import { scheduleEndpoints, type NextShift, type OnCallNow } from '@relevo/api';
import {
  DAY_MS,
  MESSAGES,
  RESOURCE_MESSAGES,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  firstGap,
  gapsOf,
  mayCall,
  onCallAt,
  onCallUntil,
  shifts,
  type ListOf,
  type MessageAnswer,
  type OnCallAnswer,
  type OverrideBody,
  type PageQuery,
  type RotationParticipant,
  type Schedule,
  type ScheduleCreate,
  type ScheduleOverride,
  type ScheduleUpdate,
  type ShiftRange,
  type ShiftsAnswer,
  type YesNo,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import type { StoredScheduleDefinition } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { iso } from '../db/listing';
import { ValidationFailure } from '../http/errors';
import { catalogueUnit, conflict, notFound, stampsOf, type CatalogueTx } from '../catalogue/common';
import { deleteRecord, refreshEscalations } from '../catalogue/queries';
import { feedUrl } from './calendar-feeds';
import { definitionOf, membersOf } from './definitions';
import {
  activeSchedules,
  activeSchedulesOfResources,
  countOverrides,
  deleteOverride,
  escalationNamesUsingSchedule,
  escalationsUsingSchedule,
  findOverride,
  findSchedule,
  insertOverride,
  insertSchedule,
  listSchedulesPage,
  lockSchedule,
  overridesQuery,
  ownResourceIds,
  replaceMembers,
  resourceNames,
  resourceNamesQuery,
  updateSchedule,
  type NamedOverrideRow,
  type ScheduleRow,
} from './queries';

/** The dashboard's "On call now" shows the first schedules by name. */
const ON_CALL_NOW_SCHEDULES = 50;
/** How far ahead a resource's next shift is looked for (the Resources list). */
const NEXT_SHIFT_DAYS = 31;
/** A shift running now shows from its start, looked for this far back. */
const RUNNING_SHIFT_LOOKBACK_DAYS = 7;
/** The schedules a page of resources' next shifts is computed over, at most. */
const NEXT_SHIFT_SCHEDULES = 200;
/** A refusal names this many escalations, then how many more. */
const NAMED_ESCALATIONS = 5;

/** Shifts without a range: the next 7 days. */
const DEFAULT_RANGE_MS = 7 * DAY_MS;

type Names = ReadonlyMap<number, string>;

export function toOverride(row: NamedOverrideRow): ScheduleOverride {
  return {
    override_id: row.override_id,
    schedule_id: row.schedule_id,
    resource_id: row.resource_id,
    resource_fullname: row.resource_fullname,
    start: iso(row.start_at)!,
    end: iso(row.end_at)!,
    override_createby: row.override_createby,
    override_createdt: iso(row.override_createdt)!,
  };
}

/** The names of every person a schedule's answer shows: its members' and its overrides'. */
function namesWith(names: Names, overrides: readonly NamedOverrideRow[]): Names {
  const all = new Map(names);
  for (const override of overrides) all.set(override.resource_id, override.resource_fullname);
  return all;
}

const participant = (names: Names, id: number): RotationParticipant => ({
  resource_id: id,
  resource_fullname: names.get(id) ?? '',
});

/**
 * docs/product.md#schedules a schedule as listed and read: its rotations and temporary schedules
 * with their people named, who is on call `now` and the first stretch nobody covers within the next
 * 14 days (`overrides`: the schedule's over at least [now, now + 14 days)).
 */
export function toSchedule(
  row: ScheduleRow,
  names: Names,
  overrides: readonly NamedOverrideRow[],
  now: Date,
  calendarUrl?: string,
): Schedule {
  const own = overrides.filter((override) => override.schedule_id === row.schedule_id);
  const named = namesWith(names, own);
  const definition = definitionOf(row, own);
  const onCall = onCallAt(definition, now.getTime());
  const gap = firstGap(definition, now.getTime());
  return {
    id: row.schedule_id,
    schedule_id: row.schedule_id,
    customer_id: row.customer_id,
    schedule_name: row.schedule_name,
    schedule_desc: row.schedule_desc,
    time_zone: row.time_zone,
    schedule_active: row.schedule_active,
    handoff_notices: row.handoff_notices,
    rotations: row.definition.rotations.map((rotation) => ({
      rotation_id: rotation.rotation_id,
      rotation_name: rotation.rotation_name,
      participants: rotation.participants.map((id) => participant(named, id)),
      shift_length: rotation.shift_length,
      shift_unit: rotation.shift_unit,
      handoff_time: rotation.handoff_time,
      start: rotation.start,
      restrictions: rotation.restrictions,
    })),
    temporary_schedules: row.definition.temporary_schedules.map((temporary) => ({
      start: temporary.start,
      end: temporary.end,
      shifts: temporary.shifts.map((shift) => ({
        resource_id: shift.resource_id,
        resource_fullname: named.get(shift.resource_id) ?? '',
        start: shift.start,
        end: shift.end,
      })),
    })),
    on_call_now: onCall ? participant(named, onCall.resource_id) : null,
    next_gap: gap ? new Date(gap.start).toISOString() : null,
    ...(calendarUrl === undefined ? {} : { calendar_url: calendarUrl }),
    ...stampsOf('schedule', row),
  };
}

/** The definition as stored: its rotations numbered 1..n in the order sent (docs/product.md#schedules). */
function storedDefinition(body: ScheduleCreate): StoredScheduleDefinition {
  return {
    rotations: body.rotations.map((rotation, index) => ({ ...rotation, rotation_id: index + 1 })),
    temporary_schedules: body.temporary_schedules,
  };
}

/** A window [from, to) of a range query: both given, one given (7 days from or to it), or the next 7 days. */
function windowOf(range: ShiftRange, now: Date): { from: Date; to: Date } {
  const from = range.from ? Date.parse(range.from) : range.to ? Date.parse(range.to) - DEFAULT_RANGE_MS : now.getTime();
  const to = range.to ? Date.parse(range.to) : from + DEFAULT_RANGE_MS;
  return { from: new Date(from), to: new Date(to) };
}

const after = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** Escalation names for a refusal: the first few quoted, then how many more. */
function listedNames(names: readonly string[], total: number): string {
  const shown = names.slice(0, NAMED_ESCALATIONS).map((name) => `"${name}"`);
  return total > shown.length ? `${shown.join(', ')} and ${total - shown.length} more` : shown.join(', ');
}

/** docs/product.md#schedules: schedules, their shifts, who is on call, overrides. */
export function scheduleService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);

  async function requireSchedule(tx: CatalogueTx, customerId: number, id: number): Promise<ScheduleRow> {
    const row = await findSchedule(tx, customerId, id);
    if (!row) throw notFound(SCHEDULE_MESSAGES.notFound);
    return row;
  }

  /** Every person a definition names must be a resource of the caller's customer: 422 on each one that is not. */
  async function checkPeople(tx: CatalogueTx, customerId: number, definition: StoredScheduleDefinition) {
    const own = await ownResourceIds(tx, customerId, membersOf(definition));
    const items = [
      ...definition.rotations.flatMap((rotation, r) =>
        rotation.participants.flatMap((id, p) =>
          own.has(id)
            ? []
            : [{ loc: ['body', 'rotations', r, 'participants', p], msg: SCHEDULE_MESSAGES.participantNotFound }],
        ),
      ),
      ...definition.temporary_schedules.flatMap((temporary, t) =>
        temporary.shifts.flatMap((shift, s) =>
          own.has(shift.resource_id)
            ? []
            : [
                {
                  loc: ['body', 'temporary_schedules', t, 'shifts', s, 'resource_id'],
                  msg: SCHEDULE_MESSAGES.participantNotFound,
                },
              ],
        ),
      ),
    ];
    if (items.length > 0) throw new ValidationFailure(items);
  }

  const nameTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw ValidationFailure.field('schedule_name', SCHEDULE_MESSAGES.nameTaken);
    throw error;
  };

  /** The schedule's answer, read in the unit of work: its overrides of the next 14 days and its people's names. */
  async function scheduleIn(tx: CatalogueTx, principal: Principal, row: ScheduleRow): Promise<Schedule> {
    const now = unit.now();
    const overrides = await overridesQuery(
      tx,
      row.customer_id,
      [row.schedule_id],
      now,
      after(now, SCHEDULE_LIMITS.gapDays),
    ).execute();
    const names = await resourceNames(tx, row.customer_id, membersOf(row.definition));
    // docs/product.md#calendar-feeds: the feed's secret address only for those who may change the schedule
    const calendarUrl = mayCall(principal.role, scheduleEndpoints.updateSchedule)
      ? await feedUrl(tx, ctx, row.customer_id, { schedule_id: row.schedule_id })
      : undefined;
    return toSchedule(row, names, overrides, now, calendarUrl);
  }

  return {
    /** The list's page, then its overrides of the next 14 days and its people's names in one more round trip. */
    async list(principal: Principal, query: PageQuery & { schedule_active?: YesNo }): Promise<ListOf<Schedule>> {
      const page = await listSchedulesPage(ctx.database, principal.scope, principal.customerId, query);
      if (page.list.length === 0) return { total: page.total, list: [] };
      const now = unit.now();
      const db = ctx.database.db;
      const ids = page.list.map((row) => row.schedule_id);
      const [overrides, people] = await ctx.database.read(principal.scope, [
        overridesQuery(db, principal.customerId, ids, now, after(now, SCHEDULE_LIMITS.gapDays)),
        resourceNamesQuery(
          db,
          principal.customerId,
          page.list.flatMap((row) => membersOf(row.definition)),
        ),
      ]);
      const names = new Map(people.map((person) => [person.resource_id, person.resource_fullname]));
      return { total: page.total, list: page.list.map((row) => toSchedule(row, names, overrides, now)) };
    },

    get(principal: Principal, id: number): Promise<Schedule> {
      return unit.inCustomer(principal, async (tx, customerId) =>
        scheduleIn(tx, principal, await requireSchedule(tx, customerId, id)),
      );
    },

    create(principal: Principal, body: ScheduleCreate): Promise<Schedule> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const definition = storedDefinition(body);
        await checkPeople(tx, customerId, definition);
        const made = await insertSchedule(tx, customerId, {
          schedule_name: body.schedule_name,
          schedule_desc: body.schedule_desc,
          time_zone: body.time_zone,
          handoff_notices: body.handoff_notices,
          definition,
          schedule_createby: principal.email,
          schedule_createdt: unit.now(),
        }).catch(nameTaken);
        await replaceMembers(tx, customerId, made, membersOf(definition));
        const saved = await scheduleIn(tx, principal, await requireSchedule(tx, customerId, made));
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'schedule',
          entityId: made,
          detail: { ...body },
          after: saved,
        });
        return saved;
      });
    },

    /** Its rotations and temporary schedules are replaced by those sent; a change of status revalidates the escalations that call it. */
    update(principal: Principal, id: number, body: ScheduleUpdate): Promise<Schedule> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await requireSchedule(tx, customerId, id);
        const before = await scheduleIn(tx, principal, current);
        const definition = storedDefinition(body);
        await checkPeople(tx, customerId, definition);
        await updateSchedule(tx, customerId, id, {
          schedule_name: body.schedule_name,
          schedule_desc: body.schedule_desc,
          time_zone: body.time_zone,
          schedule_active: body.schedule_active,
          handoff_notices: body.handoff_notices,
          definition,
          schedule_updateby: principal.email,
          schedule_updatedt: unit.now(),
        }).catch(nameTaken);
        await replaceMembers(tx, customerId, id, membersOf(definition));
        // docs/product.md#schedules: an escalation with a schedule step stays valid only while the schedule is active
        if (current.schedule_active !== body.schedule_active)
          await refreshEscalations(tx, await escalationsUsingSchedule(tx, customerId, id));
        const saved = await scheduleIn(tx, principal, await requireSchedule(tx, customerId, id));
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'schedule',
          entityId: id,
          detail: { ...body },
          before,
          after: saved,
        });
        return saved;
      });
    },

    /** Refused while a step calls it (409 naming the escalations); its members, overrides and feed go with it. */
    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const before = await scheduleIn(tx, principal, await requireSchedule(tx, customerId, id));
        const using = await escalationNamesUsingSchedule(tx, customerId, id, NAMED_ESCALATIONS + 1);
        if (using.total > 0) throw conflict(SCHEDULE_MESSAGES.inUse(listedNames(using.names, using.total)));
        await deleteRecord(tx, customerId, 'schedules', id);
        await unit.audited(tx, principal, { action: 'delete', entity: 'schedule', entityId: id, before });
        return { Message: MESSAGES.scheduleDeleted };
      });
    },

    /** The final layer over [from, to) (at most a year, the schema says) with its gaps, the people named in one query. */
    shifts(principal: Principal, id: number, range: ShiftRange): Promise<ShiftsAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const row = await requireSchedule(tx, customerId, id);
        const { from, to } = windowOf(range, unit.now());
        const overrides = await overridesQuery(tx, customerId, [id], from, to).execute();
        const final = shifts(definitionOf(row, overrides), from.getTime(), to.getTime());
        const names = namesWith(
          await resourceNames(
            tx,
            customerId,
            final.filter((shift) => shift.source !== 'override').map((shift) => shift.resource_id),
          ),
          overrides,
        );
        return {
          schedule_id: id,
          time_zone: row.time_zone,
          from: from.toISOString(),
          to: to.toISOString(),
          shifts: final.map((shift) => ({
            resource_id: shift.resource_id,
            resource_fullname: names.get(shift.resource_id) ?? '',
            start: new Date(shift.start).toISOString(),
            end: new Date(shift.end).toISOString(),
            source: shift.source,
            rotation_id:
              shift.rotation_index === null
                ? null
                : (row.definition.rotations[shift.rotation_index]?.rotation_id ?? null),
            override_id: shift.override_id,
          })),
          gaps: gapsOf(final, from.getTime(), to.getTime()).map((gap) => ({
            start: new Date(gap.start).toISOString(),
            end: new Date(gap.end).toISOString(),
          })),
        };
      });
    },

    /** Who is on call at `at` (default now) and until the next change, looked for up to a year ahead. */
    onCall(principal: Principal, id: number, query: { at?: string }): Promise<OnCallAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const row = await requireSchedule(tx, customerId, id);
        const at = query.at ? new Date(query.at) : unit.now();
        const overrides = await overridesQuery(
          tx,
          customerId,
          [id],
          at,
          after(at, SCHEDULE_LIMITS.rangeDays),
        ).execute();
        const { shift, until } = onCallUntil(definitionOf(row, overrides), at.getTime(), SCHEDULE_LIMITS.rangeDays);
        const names = shift
          ? namesWith(await resourceNames(tx, customerId, [shift.resource_id]), overrides)
          : new Map();
        return {
          at: at.toISOString(),
          resource: shift ? participant(names, shift.resource_id) : null,
          source: shift?.source ?? null,
          until: until === null ? null : new Date(until).toISOString(),
        };
      });
    },

    /** The schedule's overrides that overlap the window (default: from now, a year ahead), by start. */
    listOverrides(principal: Principal, id: number, range: ShiftRange): Promise<ListOf<ScheduleOverride>> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireSchedule(tx, customerId, id);
        const now = unit.now();
        const from = range.from
          ? new Date(range.from)
          : range.to
            ? after(new Date(range.to), -SCHEDULE_LIMITS.rangeDays)
            : now;
        const to = range.to ? new Date(range.to) : after(from, SCHEDULE_LIMITS.rangeDays);
        // at most SCHEDULE_LIMITS.overrides rows: a schedule holds no more
        const rows = await overridesQuery(tx, customerId, [id], from, to).execute();
        const list = rows
          .sort((a, b) => a.start_at.getTime() - b.start_at.getTime() || a.override_id - b.override_id)
          .map(toOverride);
        return { total: list.length, list };
      });
    },

    /** docs/product.md#schedules: a person instead of whoever is on call, from start to end (also "take this shift"). */
    addOverride(principal: Principal, id: number, body: OverrideBody): Promise<ScheduleOverride> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        // one writer at a time per schedule: the count and the insert cannot interleave
        if (!(await lockSchedule(tx, customerId, id))) throw notFound(SCHEDULE_MESSAGES.notFound);
        if (!(await ownResourceIds(tx, customerId, [body.resource_id])).has(body.resource_id))
          throw notFound(RESOURCE_MESSAGES.notFound);
        if ((await countOverrides(tx, customerId, id)) >= SCHEDULE_LIMITS.overrides)
          throw conflict(SCHEDULE_MESSAGES.overridesTooMany);
        const made = await insertOverride(tx, customerId, {
          schedule_id: id,
          resource_id: body.resource_id,
          start_at: new Date(body.start),
          end_at: new Date(body.end),
          override_createby: principal.email,
          override_createdt: unit.now(),
        });
        const saved = toOverride((await findOverride(tx, customerId, id, made))!);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'schedule_override',
          entityId: made,
          detail: { schedule_id: id, ...body },
          after: saved,
        });
        return saved;
      });
    },

    removeOverride(principal: Principal, id: number, overrideId: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        if (!(await lockSchedule(tx, customerId, id))) throw notFound(SCHEDULE_MESSAGES.notFound);
        if (!(await deleteOverride(tx, customerId, id, overrideId))) throw notFound(SCHEDULE_MESSAGES.overrideNotFound);
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'schedule_override',
          entityId: overrideId,
          detail: { schedule_id: id },
        });
        return { Message: MESSAGES.overrideDeleted };
      });
    },

    /** The dashboard's "On call now": the first 50 active schedules by name, who is on call and until when (31 days ahead). */
    onCallNow(principal: Principal): Promise<OnCallNow> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const now = unit.now();
        const rows = await activeSchedules(tx, customerId, ON_CALL_NOW_SCHEDULES);
        const overrides = await overridesQuery(
          tx,
          customerId,
          rows.map((row) => row.schedule_id),
          now,
          after(now, NEXT_SHIFT_DAYS),
        ).execute();
        const answers = rows.map((row) => ({
          row,
          ...onCallUntil(definitionOf(row, overrides), now.getTime(), NEXT_SHIFT_DAYS),
        }));
        const names = namesWith(
          await resourceNames(
            tx,
            customerId,
            answers.flatMap((answer) => (answer.shift ? [answer.shift.resource_id] : [])),
          ),
          overrides,
        );
        return {
          at: now.toISOString(),
          schedules: answers.map(({ row, shift, until }) => ({
            schedule_id: row.schedule_id,
            schedule_name: row.schedule_name,
            resource: shift ? participant(names, shift.resource_id) : null,
            until: until === null ? null : new Date(until).toISOString(),
          })),
        };
      });
    },

    /**
     * Each resource's next shift (running now, or the first to start within 31 days) in any active
     * schedule; resources of another customer, or without one, are absent.
     */
    nextShifts(principal: Principal, resourceIds: readonly number[]): Promise<{ next_shifts: NextShift[] }> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const wanted = [...new Set(resourceIds)];
        const now = unit.now();
        const from = after(now, -RUNNING_SHIFT_LOOKBACK_DAYS);
        const to = after(now, NEXT_SHIFT_DAYS);
        const rows = await activeSchedulesOfResources(tx, customerId, wanted, now, NEXT_SHIFT_SCHEDULES);
        if (rows.length === 0) return { next_shifts: [] };
        const overrides = await overridesQuery(
          tx,
          customerId,
          rows.map((row) => row.schedule_id),
          from,
          to,
        ).execute();
        const next = new Map<number, NextShift>();
        const asked = new Set(wanted);
        for (const row of rows) {
          const seen = new Set<number>();
          for (const shift of shifts(definitionOf(row, overrides), from.getTime(), to.getTime())) {
            if (shift.end <= now.getTime() || !asked.has(shift.resource_id) || seen.has(shift.resource_id)) continue;
            seen.add(shift.resource_id);
            const known = next.get(shift.resource_id);
            // the earliest across schedules; on a tie the schedule first by name (the rows' order)
            if (known && Date.parse(known.start) <= shift.start) continue;
            next.set(shift.resource_id, {
              resource_id: shift.resource_id,
              schedule_id: row.schedule_id,
              schedule_name: row.schedule_name,
              start: new Date(shift.start).toISOString(),
              end: new Date(shift.end).toISOString(),
            });
          }
        }
        return { next_shifts: wanted.flatMap((id) => next.get(id) ?? []) };
      });
    },
  };
}
