import * as v from 'valibot';
import { idField } from '../rules/fields';
import { PageQuerySchema } from './paging';

export type EventStatusValue = 'open' | 'progress' | 'completed' | 'canceled';

/** spec 3 Event, as the events list and details show it. */
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
}

/** spec 3 Event log entry. */
export interface EventLogEntry {
  event_log_id: number;
  event_id: number;
  case_id: string;
  customer_id: number;
  call_date: string;
  called_number: string | null;
  followup_status: 'open' | 'escalation' | 'follow-up' | 'not reached' | 'completed';
  resource: string | null;
  resource_phone: string | null;
  next_resource: string | null;
  next_resource_phone: string | null;
  next_assigned_date: string | null;
  resolved: 'Y' | 'N';
  event_ind_last_event_log: 'Y' | 'N';
  channel: 'voice' | 'sms' | 'email';
  delivery_status: 'queued' | 'sent' | 'delivered' | 'failed' | null;
}

/** spec: the audio of an event expires 7 days after the event was created, and is deleted. */
export const EVENT_AUDIO_DAYS = 7;

export const EVENT_MESSAGES = {
  notFound: 'Event not found',
  audioNotFound: 'No audio at this address: it never existed, or it expired 7 days after its event',
  emptyEvents: 'No events found.',
  badDate: 'Must be a date (YYYY-MM-DD)',
} as const;

const dateText = () => v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, EVENT_MESSAGES.badDate), v.check((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), EVENT_MESSAGES.badDate)));

/** spec 7 GET /api/events/filters: paging and search (case ID or incident text) and the filters of spec 2.13. */
export const EventListQuerySchema = v.object({
  ...PageQuerySchema.entries,
  module_id: v.optional(idField()),
  application_id: v.optional(idField()),
  sla_compliance: v.optional(v.picklist(['YES', 'NO'], 'Must be YES or NO')),
  event_status: v.optional(v.picklist(['open', 'progress', 'completed', 'canceled'], 'Must be open, progress, completed or canceled')),
  start_date: dateText(),
  end_date: dateText(),
  search_by_date: v.optional(v.picklist(['event_createdt'], 'Must be event_createdt')),
});
export type EventListQuery = v.InferOutput<typeof EventListQuerySchema>;

/** spec 9: events newest first by default; these columns sort. */
export const EVENT_ORDER_COLUMNS = ['event_createdt', 'case_id', 'event_status', 'short_event_subject', 'module_name', 'application_name', 'sla_compliance', 'accepteddt', 'event_closedt'] as const;
