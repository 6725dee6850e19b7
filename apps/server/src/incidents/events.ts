import { sql, type Compilable, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { sameCustomerRow } from '../db/joins';
import {
  EVENT_MESSAGES,
  type EventListQuery,
  type EventLogEntry,
  type EventOrderColumn,
  type IncidentEvent,
  type ListOf,
  type PageQuery,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { iso, offsetOf, pageOf, readList, sortKey } from '../db/listing';
import { HttpError } from '../http/errors';
import { listOfParent } from '../catalogue/common';
import {
  EVENT_COLUMNS,
  countOf,
  eventConditions,
  eventGroups,
  selectionOf,
  toEvent,
  type EventRow,
  type EventSelection,
} from './event-query';

const SORT: Record<EventOrderColumn, { column: string; text: boolean }> = {
  event_createdt: { column: 'e.event_createdt', text: false },
  case_id: { column: 'e.case_id', text: false },
  event_status: { column: 'e.event_status', text: false },
  short_event_subject: { column: 'e.short_event_subject', text: true },
  module_name: { column: 'm.module_name', text: true },
  application_name: { column: 'a.application_name', text: true },
  sla_compliance: { column: 'e.sla_compliance', text: false },
  accepteddt: { column: 'e.accepteddt', text: false },
  event_closedt: { column: 'e.event_closedt', text: false },
};

/**
 * Newest first, a page is found by walking the creation index and keeping the rows that match;
 * that is quick while matches are common. When they are rare (fewer than one row in
 * `WALK_LIMIT / wanted`), the walk would read most of the history for a page, so the matching rows
 * are gathered through the filters' own indexes instead and sorted (docs/perf.md "Events").
 */
const WALK_LIMIT = 20_000;

export const EVENT_LOG_COLUMNS = [
  'l.event_log_id',
  'l.event_id',
  'e.case_id',
  'l.customer_id',
  'l.call_date',
  'l.called_number',
  'l.followup_status',
  'l.resource',
  'l.resource_phone',
  'l.next_resource',
  'l.next_resource_phone',
  'l.next_assigned_date',
  'l.resolved',
  'l.event_ind_last_event_log',
  'l.channel',
  'l.delivery_status',
  'l.provider',
  'l.provider_message_id',
  'l.delivery_detail',
] as const;

export const toLogEntry = <R extends { call_date: Date; next_assigned_date: Date | null }>(row: R) =>
  ({
    ...row,
    call_date: iso(row.call_date)!,
    next_assigned_date: iso(row.next_assigned_date),
  }) as unknown as EventLogEntry;

/** How many events the selection holds, and how many the customer has in its date range (the scope the filters narrow). */
export function eventTotalsQuery(
  db: Kysely<DB>,
  selection: EventSelection,
): Compilable<{ total: number; scope: number }> {
  const { search, module_id, application_id, sla_compliance, event_status } = selection.filter;
  // only a date range (or nothing): the scope is the selection, counted once
  if (!search && !module_id && !application_id && !sla_compliance && !event_status) {
    return {
      compile: () =>
        sql<{
          total: number;
          scope: number;
        }>`select n as total, n as scope from (select ${countOf(db, selection)} as n) counted`.compile(db),
    };
  }
  const everything: EventSelection = { ...selection, filter: { search: '' } };
  return {
    compile: () =>
      sql<{
        total: number;
        scope: number;
      }>`select ${countOf(db, selection)} as total, ${countOf(db, everything)} as scope`.compile(db),
  };
}

/** Whether walking the creation index for `wanted` rows would read more than `walkLimit` events (matches are rare). */
export function gathersRareMatches(total: number, scope: number, wanted: number, walkLimit = WALK_LIMIT): boolean {
  return total < scope && (wanted * scope) / total > walkLimit;
}

/** The orders by a name of the event's module or application: the name's table, and the group of events each name covers. */
const BY_NAME: Partial<
  Record<EventOrderColumn, { table: 'modules' | 'applications'; alias: 'm' | 'a'; id: 'module_id' | 'application_id' }>
> = {
  module_name: { table: 'modules', alias: 'm', id: 'module_id' },
  application_name: { table: 'applications', alias: 'a', id: 'application_id' },
};

/**
 * One page of a selection in the list's order, its module and application named. The page's
 * events are found first by their ids alone (the order's index, counted off to the page), and
 * only those are read whole and joined to their names: a deep page skips rows without joining
 * them. In the order of a module's or application's name (then creation, then id, all one way),
 * each group of events under one name is walked in creation order (the index of the module or
 * application filter, its date range a range of the index) and the groups are merged, instead of
 * sorting every event (`byGroups`: when the matches are more than a walk's limit; fewer are
 * gathered and sorted).
 */
export function eventPageQuery(
  db: Kysely<DB>,
  selection: EventSelection,
  query: Pick<EventListQuery, 'order_by_column' | 'order_by_direction' | 'page_num' | 'page_size'>,
  plan: { sparse: boolean; byGroups: boolean },
  now: Date,
) {
  const column = query.order_by_column ?? 'event_createdt';
  const direction = query.order_by_direction?.toLowerCase() === 'asc' ? 'asc' : 'desc';
  const sort = SORT[column];
  const byName = BY_NAME[column];
  const customerId = selection.customerId;
  const dir = sql.raw(direction);
  let page: RawBuilder<{ event_id: number }>;
  if (byName && plan.byGroups) {
    // a group's events, newest (or oldest) first: of its module (or application), or without one (two branches, each on the index)
    const walk = (inGroup: RawBuilder<SqlBool>) =>
      db
        .selectFrom('events as e')
        .select(['e.event_id', 'e.event_createdt'])
        .where((eb) => eventConditions(eb, selection, selection.from, selection.until, 'walk'))
        .where(inGroup)
        .orderBy('e.event_createdt', direction)
        .orderBy('e.event_id', direction)
        .limit(offsetOf(query) + query.page_size);
    const id = sql.ref(`e.${byName.id}`);
    page = sql<{ event_id: number }>`select w.event_id
      from (${eventGroups(db, selection, byName.id)}) g
      cross join lateral ((${walk(sql<SqlBool>`${id} = g.group_id`)}) union all (${walk(sql<SqlBool>`${id} is null and g.group_id is null`)})) w
      left join ${sql.table(byName.table)} ${sql.raw(byName.alias)} on ${sql.ref(`${byName.alias}.customer_id`)} = ${customerId} and ${sql.ref(`${byName.alias}.${byName.id}`)} = g.group_id
      order by ${sortKey(sort.column, sort.text)} ${dir}, w.event_createdt ${dir}, w.event_id ${dir}
      limit ${query.page_size} offset ${offsetOf(query)}`;
  } else {
    // `+ interval '0'` hides the creation index's order from the planner: rare matches are gathered, then sorted
    const key =
      column === 'event_createdt' && plan.sparse
        ? sql`e.event_createdt + interval '0 seconds'`
        : sortKey(sort.column, sort.text);
    const ids = db
      .selectFrom('events as e')
      // joins the planner drops unless the order reads a name
      .leftJoin('modules as m', (join) => join.on(sameCustomerRow('m', 'e', 'module_id')))
      .leftJoin('applications as a', (join) => join.on(sameCustomerRow('a', 'e', 'application_id')))
      // rare matches of a search are found through its indexes, common ones on the walk
      .where((eb) => eventConditions(eb, selection, selection.from, selection.until, plan.sparse ? 'ids' : 'walk'))
      .select('e.event_id')
      .orderBy(key, direction)
      .$if(byName !== undefined, (qb) => qb.orderBy('e.event_createdt', direction))
      .orderBy('e.event_id', direction);
    page = sql<{ event_id: number }>`${pageOf(ids, query)}`;
  }
  return (
    db
      .selectFrom(sql<{ event_id: number }>`(${page})`.as('p'))
      .innerJoin('events as e', (join) =>
        join.onRef('e.event_id', '=', 'p.event_id').on('e.customer_id', '=', customerId),
      )
      .leftJoin('modules as m', (join) => join.on(sameCustomerRow('m', 'e', 'module_id')))
      .leftJoin('applications as a', (join) => join.on(sameCustomerRow('a', 'e', 'application_id')))
      .select(EVENT_COLUMNS)
      // docs/product.md#event.audio: the latest voice call's, until it expires
      .select((eb) =>
        eb
          .selectFrom('event_audio as au')
          .select('au.token')
          .whereRef('au.event_id', '=', 'e.event_id')
          .where('au.expires_at', '>', now)
          .orderBy('au.event_audio_id', 'desc')
          .limit(1)
          .as('audio_token'),
      )
      .orderBy(sortKey(sort.column, sort.text), direction)
      .$if(byName !== undefined, (qb) => qb.orderBy('e.event_createdt', direction))
      .orderBy('e.event_id', direction)
  );
}

/** docs/product.md#events, #event-logs, #http-calls: the events of the caller's customer and their logs. */
export function eventService(ctx: AppContext, options: { walkLimit: number } = { walkLimit: WALK_LIMIT }) {
  const db = ctx.database.db;

  return {
    /**
     * The total first (from the monthly counts: a few rows however long the history), then the
     * page, unless the total says it is empty; two short reads instead of one that counts.
     */
    async list(principal: Principal, query: EventListQuery): Promise<ListOf<IncidentEvent>> {
      const selection = selectionOf(principal.customerId, query);
      const [[counted]] = await ctx.database.read(principal.scope, [eventTotalsQuery(db, selection)], {
        planForValues: true,
      });
      const total = Number(counted?.total ?? 0);
      if (total === 0 || offsetOf(query) >= total) return { total, list: [] };
      const sparse = gathersRareMatches(
        total,
        Number(counted?.scope ?? 0),
        offsetOf(query) + query.page_size,
        options.walkLimit,
      );
      const plan = { sparse, byGroups: total > options.walkLimit };
      const [rows] = await ctx.database.read(
        principal.scope,
        [eventPageQuery(db, selection, query, plan, ctx.clock.now())],
        { planForValues: true },
      );
      return { total, list: (rows as EventRow[]).map(toEvent) };
    },

    /** One round trip while the event has log rows; an empty page checks the event is the caller's (else 404). */
    log(principal: Principal, eventId: number, query: PageQuery): Promise<ListOf<EventLogEntry>> {
      const matching = db
        .selectFrom('event_logs as l')
        .innerJoin('events as e', (join) => join.on(sameCustomerRow('e', 'l', 'event_id')))
        .where('l.customer_id', '=', principal.customerId)
        .where('l.event_id', '=', eventId);
      const page = matching.select(EVENT_LOG_COLUMNS).orderBy('l.event_log_id');
      const list = readList(ctx.database, principal.scope, {
        matching,
        page: pageOf(page, query),
        toItem: toLogEntry,
        searched: false,
      });
      return listOfParent(list, async () => {
        const event = await ctx.database.scoped(principal.scope, (tx) =>
          tx
            .selectFrom('events')
            .select('event_id')
            .where('customer_id', '=', principal.customerId)
            .where('event_id', '=', eventId)
            .executeTakeFirst(),
        );
        if (!event) throw new HttpError(404, EVENT_MESSAGES.notFound);
      });
    },
  };
}
