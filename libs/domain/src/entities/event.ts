import type { DeliveryProvider, DeliveryStatus } from '../delivery/chain';
import * as v from 'valibot';
import { idField, isFilterDay } from '../rules/fields';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../rules/time-zone';
import { PAGE_MESSAGES, PageQuerySchema, pageSizeField, searchField } from './paging';

export const EVENT_STATUS_VALUES = ['open', 'progress', 'completed', 'canceled'] as const;
export type EventStatusValue = (typeof EVENT_STATUS_VALUES)[number];

/** docs/product.md#event, as the events list and details show it. */
export interface IncidentEvent {
  event_id: number;
  case_id: string;
  event_createdt: string;
  accepteddt: string | null;
  event_closedt: string | null;
  event_status: EventStatusValue;
  application_name: string | null;
  module_name: string | null;
  module_id: number | null;
  last_resource_assigned: string | null;
  /** docs/product.md#responding: who accepted it (a person's name, or 'integration') */
  accepted_by: string | null;
  /** resolution time in minutes */
  minutes_elapsed: number | null;
  /** minutes from creation to acceptance */
  time_response: number | null;
  /** the SLA response time in minutes, copied at creation */
  sla_response: number | null;
  sla_compliance: 'YES' | 'NO' | null;
  short_event_subject: string;
  short_event_body: string;
  event_cause: string | null;
  event_resolution: string | null;
  resolution: string | null;
  /**
   * the path of the event's latest voice-call audio (`/api/v1/audio/<token>.wav`, played without
   * sign-in); null without a voice call, and once the audio expired (EVENT_AUDIO_DAYS)
   */
  audio: string | null;
  /** docs/product.md#maintenance-windows: it arrived during a maintenance window (nobody was contacted then) */
  in_maintenance: 'Y' | 'N';
}

/** docs/product.md#event log entry. */
export interface EventLogEntry {
  event_log_id: number;
  event_id: number;
  case_id: string;
  customer_id: number;
  call_date: string;
  called_number: string | null;
  followup_status: 'open' | 'escalation' | 'follow-up' | 'not reached' | 'completed' | 'nobody on call';
  resource: string | null;
  resource_phone: string | null;
  next_resource: string | null;
  next_resource_phone: string | null;
  next_assigned_date: string | null;
  resolved: 'Y' | 'N';
  event_ind_last_event_log: 'Y' | 'N';
  channel: 'voice' | 'sms' | 'email' | 'push' | 'chat';
  /** docs/product.md#delivery-providers: the provider that carried the contact, its id of the message, and its delivery */
  delivery_status: DeliveryStatus | null;
  provider: DeliveryProvider | null;
  provider_message_id: string | null;
  /** a failover's note ('Twilio: busy; then Vonage') or why the contact was not delivered */
  delivery_detail: string | null;
}

/** spec: the audio of an event expires 7 days after the event was created, and is deleted. */
export const EVENT_AUDIO_DAYS = 7;

/** docs/product.md#constants-and-limits: events newest first by default; these columns sort. */
export const EVENT_ORDER_COLUMNS = [
  'event_createdt',
  'case_id',
  'event_status',
  'short_event_subject',
  'module_name',
  'application_name',
  'sla_compliance',
  'accepteddt',
  'event_closedt',
] as const;
export type EventOrderColumn = (typeof EVENT_ORDER_COLUMNS)[number];

export const EVENT_MESSAGES = {
  notFound: 'Event not found',
  logNotFound: 'Event log entry not found',
  audioNotFound: 'No audio at this address: it never existed, or it expired 7 days after its event',
  audioTooMany: 'Too many audio requests from this address. Please try again later.',
  emptyEvents: 'No events found.',
  emptyLog: 'No event logs found.',
  badDate: 'Must be a date (YYYY-MM-DD)',
  endBeforeStart: 'The end date must not be before the start date',
  badTimeZone: 'Must be a time zone such as America/Puerto_Rico or UTC',
  badOrder: `Must be one of ${EVENT_ORDER_COLUMNS.join(', ')}`,
  /** docs/product.md#states-and-transitions and #messages: the audio modal and its toasts */
  audioExpired: 'Event Audio Expired',
  noAudio: 'No Audio Available',
  audioExpiredToast: 'Audio of this event has expired',
  noAudioToast: 'No Audio has been generated yet',
} as const;

const dateText = () =>
  v.optional(v.pipe(v.string(EVENT_MESSAGES.badDate), v.check(isFilterDay, EVENT_MESSAGES.badDate)));

/**
 * docs/product.md#events and #http-calls: what narrows the events, in the list call and in the CSV export alike. Days are
 * whole days, both ends included, in `time_zone` (the viewer's; UTC when not given).
 */
const EVENT_FILTER_ENTRIES = {
  search: searchField(),
  module_id: v.optional(idField()),
  application_id: v.optional(idField()),
  sla_compliance: v.optional(v.picklist(['YES', 'NO'], 'Must be YES or NO')),
  event_status: v.optional(v.picklist(EVENT_STATUS_VALUES, 'Must be open, progress, completed or canceled')),
  /** docs/product.md#maintenance-windows: Y, the events that arrived in maintenance; N, the others */
  in_maintenance: v.optional(v.picklist(['Y', 'N'], 'Must be Y or N')),
  start_date: dateText(),
  end_date: dateText(),
  search_by_date: v.optional(v.picklist(['event_createdt'], 'Must be event_createdt')),
  time_zone: v.optional(
    v.pipe(v.string(EVENT_MESSAGES.badTimeZone), v.check(isTimeZone, EVENT_MESSAGES.badTimeZone)),
    DEFAULT_TIME_ZONE,
  ),
};

/** The end of a range is not before its start (both are YYYY-MM-DD, so text order is day order). */
const inOrder = (input: { start_date?: string; end_date?: string }) =>
  !input.start_date || !input.end_date || input.start_date <= input.end_date;

/** The filters of the CSV export (docs/product.md#constants-and-limits; docs/product.md#exports): the list's, without paging. */
export const EventFilterSchema = v.pipe(
  v.object(EVENT_FILTER_ENTRIES),
  v.forward(v.partialCheck([['start_date'], ['end_date']], inOrder, EVENT_MESSAGES.endBeforeStart), ['end_date']),
);
export type EventFilter = v.InferOutput<typeof EventFilterSchema>;

/**
 * docs/product.md#http-calls GET /api/events/filters: paging, the filters, and an order column of the list's own
 * (another is refused, not ignored). Every event at once is the CSV export's job (it streams), not
 * the list's: its page holds at most MAX_PAGE_SIZE rows like every list's.
 */
export const EventListQuerySchema = v.pipe(
  v.object({
    ...PageQuerySchema.entries,
    ...EVENT_FILTER_ENTRIES,
    page_size: pageSizeField(PAGE_MESSAGES.eventPageSizeTooLarge),
    order_by_column: v.optional(v.picklist(EVENT_ORDER_COLUMNS, EVENT_MESSAGES.badOrder)),
  }),
  v.forward(v.partialCheck([['start_date'], ['end_date']], inOrder, EVENT_MESSAGES.endBeforeStart), ['end_date']),
);
export type EventListQuery = v.InferOutput<typeof EventListQuerySchema>;

/** The export of an event's log: all its rows, or the one of a details window (docs/product.md#event-logs). */
export const EventLogExportSchema = v.object({
  event_log_id: v.optional(idField()),
  time_zone: EVENT_FILTER_ENTRIES.time_zone,
});
export type EventLogExportQuery = v.InferOutput<typeof EventLogExportSchema>;
