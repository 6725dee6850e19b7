import { sql } from 'kysely';
import { EVENT_MESSAGES, EVENT_ORDER_COLUMNS, type EventListQuery, type EventLogEntry, type IncidentEvent, type ListOf, type PageQuery } from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { iso, matches, ordering, pageOf, readList, sortKey } from '../db/listing';
import { audioPath } from '../db/event-audio';
import { HttpError } from '../http/errors';
import { listOfParent } from '../catalogue/common';

const DAY = 24 * 60 * 60 * 1000;

/** An event as read: the domain's fields, with dates as the database gives them. */
type EventRow = Omit<IncidentEvent, 'event_createdt' | 'accepteddt' | 'event_closedt' | 'audio'> & { event_createdt: Date; accepteddt: Date | null; event_closedt: Date | null; audio_token: string | null };

const toEvent = ({ audio_token, ...row }: EventRow): IncidentEvent => ({
  ...row,
  event_createdt: iso(row.event_createdt)!,
  accepteddt: iso(row.accepteddt),
  event_closedt: iso(row.event_closedt),
  audio: audio_token === null ? null : audioPath(audio_token),
});

const SORT: Record<(typeof EVENT_ORDER_COLUMNS)[number], { column: string; text: boolean }> = {
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

/** spec 2.13, 2.14, 7: the events of the caller's customer and their logs. */
export function eventService(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    list(principal: Principal, query: EventListQuery): Promise<ListOf<IncidentEvent>> {
      let matching = db
        .selectFrom('events as e')
        .leftJoin('modules as m', (join) => join.onRef('m.customer_id', '=', 'e.customer_id').onRef('m.module_id', '=', 'e.module_id'))
        .leftJoin('applications as a', (join) => join.onRef('a.customer_id', '=', 'm.customer_id').onRef('a.application_id', '=', 'm.application_id'))
        .where('e.customer_id', '=', principal.customerId);
      if (query.module_id) matching = matching.where('e.module_id', '=', query.module_id);
      if (query.application_id) matching = matching.where('m.application_id', '=', query.application_id);
      if (query.sla_compliance) matching = matching.where('e.sla_compliance', '=', query.sla_compliance);
      if (query.event_status) matching = matching.where('e.event_status', '=', query.event_status);
      // whole days, both ends included
      if (query.start_date) matching = matching.where('e.event_createdt', '>=', new Date(`${query.start_date}T00:00:00Z`));
      if (query.end_date) matching = matching.where('e.event_createdt', '<', new Date(new Date(`${query.end_date}T00:00:00Z`).getTime() + DAY));
      if (query.search) {
        const search = query.search;
        matching = matching.where((eb) => eb.or([eb('e.case_id', '=', search.toUpperCase()), matches(sql`e.short_event_subject`, search)]));
      }
      const order = ordering(query, EVENT_ORDER_COLUMNS, 'event_createdt');
      const direction = query.order_by_direction ? order.direction : 'desc';
      const sort = SORT[order.column];
      const page = matching
        .select([
          'e.event_id',
          'e.case_id',
          'e.event_createdt',
          'e.accepteddt',
          'e.event_closedt',
          'e.event_status',
          'a.application_name',
          'm.module_name',
          'e.module_id',
          'e.last_resource_assigned',
          'e.minutes_elapsed',
          'e.time_response',
          'e.sla_response',
          'e.sla_compliance',
          'e.short_event_subject',
          'e.short_event_body',
          'e.event_cause',
          'e.event_resolution',
          'e.resolution',
          // spec 3 Event.audio: the latest voice call's, until it expires
          (eb) => eb.selectFrom('event_audio as au').select('au.token').whereRef('au.event_id', '=', 'e.event_id').where('au.expires_at', '>', ctx.clock.now()).orderBy('au.event_audio_id', 'desc').limit(1).as('audio_token'),
        ])
        .orderBy(sortKey(sort.column, sort.text), direction)
        .orderBy('e.event_id', direction);
      return readList(ctx.database, principal.scope, { matching, page: pageOf(page, query), toItem: toEvent, searched: Boolean(query.search) });
    },

    /** One round trip while the event has log rows; an empty page checks the event is the caller's (else 404). */
    log(principal: Principal, eventId: number, query: PageQuery): Promise<ListOf<EventLogEntry>> {
      const matching = db
        .selectFrom('event_logs as l')
        .innerJoin('events as e', (join) => join.onRef('e.event_id', '=', 'l.event_id').onRef('e.customer_id', '=', 'l.customer_id'))
        .where('l.customer_id', '=', principal.customerId)
        .where('l.event_id', '=', eventId);
      const page = matching
        .select([
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
        ])
        .orderBy('l.event_log_id');
      const list = readList(ctx.database, principal.scope, {
        matching,
        page: pageOf(page, query),
        toItem: (row) => ({ ...row, call_date: iso(row.call_date)!, next_assigned_date: iso(row.next_assigned_date) }),
        searched: false,
      });
      return listOfParent(list, async () => {
        const event = await ctx.database.scoped(principal.scope, (tx) =>
          tx.selectFrom('events').select('event_id').where('customer_id', '=', principal.customerId).where('event_id', '=', eventId).executeTakeFirst(),
        );
        if (!event) throw new HttpError(404, EVENT_MESSAGES.notFound);
      });
    },
  };
}
