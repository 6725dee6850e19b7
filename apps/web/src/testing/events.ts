import { ApiError } from '@relevo/api';
import {
  EVENT_ACTION_MESSAGES,
  eventActionRefusal,
  type EventActionAnswer,
  type EventLogEntry,
  type IncidentEvent,
  type ListOf,
  type ListQuery,
  type TimelineEntry,
} from '@relevo/domain';
import type { EventCalls, FilterChoice } from '../features/events/event-calls';
import type { EventFilters } from '../features/events/event-filters';
import { never } from './fixtures';

/** A WAV of no samples, inline: a story's player has something to load without a request. */
export const SILENT_WAV = 'data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

/** The instant the event stories see as now (the audio's 7 days count from it). */
export const STORY_NOW = new Date(Date.UTC(2026, 10, 24, 15));

const SUBJECTS = [
  'Disk almost full on db-1',
  'CPU above 90% on web-2',
  'Latency above 2 s on the API',
  'Checkout errors above 5%',
  'Certificate expiring on gateway-1',
  'Queue backlog on worker-3',
];
const STATUSES: IncidentEvent['event_status'][] = [
  'open',
  'progress',
  'completed',
  'canceled',
  'completed',
  'completed',
];

/** Six events of the demo customer, newest first: every status, one with audio, two older than 7 days. */
export const STORY_EVENTS: IncidentEvent[] = SUBJECTS.map((subject, i) => ({
  event_id: i + 1,
  case_id: ['K7QW2M9P', 'H4RT8NXC', 'P9ZD3KWM', 'B2YV6QJT', 'M8XC4RTA', 'Q3WE7UYN'][i]!,
  event_createdt: new Date(
    STORY_NOW.getTime() - [1, 5, 30, 26, 9 * 24 * 60, 10 * 24 * 60][i]! * 60_000 * 60,
  ).toISOString(),
  accepteddt:
    STATUSES[i] === 'progress' || STATUSES[i] === 'completed'
      ? new Date(
          STORY_NOW.getTime() - [1, 5, 30, 26, 9 * 24 * 60, 10 * 24 * 60][i]! * 3_600_000 + 240_000,
        ).toISOString()
      : null,
  event_closedt:
    STATUSES[i] === 'completed' || STATUSES[i] === 'canceled'
      ? new Date(
          STORY_NOW.getTime() - [1, 5, 30, 26, 9 * 24 * 60, 10 * 24 * 60][i]! * 3_600_000 + 3_600_000,
        ).toISOString()
      : null,
  event_status: STATUSES[i]!,
  application_name: i % 2 === 0 ? 'Demo Store' : 'Billing',
  module_name: i % 2 === 0 ? 'Checkout' : 'Invoices',
  module_id: i % 2 === 0 ? 1 : 2,
  last_resource_assigned: 'Carlos Méndez',
  accepted_by: STATUSES[i] === 'progress' || STATUSES[i] === 'completed' ? 'Carlos Méndez' : null,
  minutes_elapsed: STATUSES[i] === 'completed' ? 60 : null,
  time_response: STATUSES[i] === 'progress' || STATUSES[i] === 'completed' ? 4 : null,
  sla_response: 15,
  sla_compliance: i === 0 ? 'NO' : i === 3 ? null : 'YES',
  short_event_subject: subject,
  short_event_body: 'Raised by the monitoring system',
  event_cause: STATUSES[i] === 'completed' ? 'A log file filled the data disk' : null,
  event_resolution: STATUSES[i] === 'completed' ? 'Rotated the logs and freed 40 GB' : null,
  resolution: null,
  audio: i === 1 ? SILENT_WAV : null,
  // docs/product.md#maintenance-windows: the queue backlog arrived during a maintenance window
  in_maintenance: i === 5 ? 'Y' : 'N',
}));

/** The contacts of an event: a call, its recall, then the team lead by e-mail, and last the module's team chat paged for her. */
export const STORY_LOG: EventLogEntry[] = (
  ['open', 'follow-up', 'escalation', 'not reached', 'completed', 'follow-up', 'escalation'] as const
).map((status, i) => ({
  event_log_id: i + 1,
  event_id: 1,
  case_id: 'K7QW2M9P',
  customer_id: 2,
  call_date: new Date(STORY_NOW.getTime() - 3_600_000 + i * 5 * 60_000).toISOString(),
  // docs/product.md#team-chat ("A chat as a step"): a post in the module's channel reaches no number
  called_number: i < 2 ? '+17875550142' : i === 6 ? null : 'ana.lead@democompany.demo',
  followup_status: status,
  resource: i < 2 ? 'Carlos Méndez' : 'Ana Torres',
  resource_phone: i < 2 ? '+17875550142' : null,
  next_resource: i < 2 ? 'Ana Torres' : null,
  next_resource_phone: null,
  next_assigned_date: i < 2 ? new Date(STORY_NOW.getTime() - 3_600_000 + (i + 1) * 5 * 60_000).toISOString() : null,
  resolved: status === 'completed' ? 'Y' : 'N',
  event_ind_last_event_log: i === 6 ? 'Y' : 'N',
  channel: i < 2 ? 'voice' : i === 6 ? 'chat' : 'email',
  // the first call went to the second provider: the first reported the line busy
  delivery_status: i === 0 ? 'delivered' : i < 2 ? 'no-answer' : 'sent',
  provider: i === 0 ? 'vonage' : i < 2 ? 'twilio' : null,
  provider_message_id: i === 0 ? 'a1b2c3d4-0001' : i < 2 ? 'CA00000000000000000000000000000002' : null,
  delivery_detail: i === 0 ? 'Twilio: busy; then Vonage' : i === 6 ? 'Posted in Slack' : null,
}));

const minutesAgo = (minutes: number) => new Date(STORY_NOW.getTime() - minutes * 60_000).toISOString();

/** What happened to the open event K7QW2M9P: received, called twice, a busy line, an SMS reply for help, a note. */
export const STORY_TIMELINE: TimelineEntry[] = [
  { at: minutesAgo(60), kind: 'created', incident: 'Disk almost full on db-1' },
  {
    at: minutesAgo(60),
    kind: 'contact',
    status: 'open',
    channel: 'voice',
    resource: 'Carlos Méndez',
    delivery: 'delivered',
    provider: 'vonage',
    detail: 'Twilio: busy; then Vonage',
  },
  { at: minutesAgo(58), kind: 'reply', channel: 'sms', sender: '+17875550142', text: 'HELP', result: 'replied' },
  {
    at: minutesAgo(55),
    kind: 'contact',
    status: 'follow-up',
    channel: 'voice',
    resource: 'Carlos Méndez',
    delivery: 'no-answer',
    provider: 'twilio',
    detail: null,
  },
  {
    at: minutesAgo(50),
    kind: 'note',
    who: 'Ana Torres',
    via: 'dashboard',
    text: 'Carlos is on a flight: calling Luis.',
  },
];

/** A timeline longer than the server sends: the latest 500, and the notice that older ones were left out. */
export const STORY_LONG_TIMELINE: TimelineEntry[] = Array.from({ length: 500 }, (_, i) => ({
  at: minutesAgo(500 - i),
  kind: 'contact' as const,
  status: i % 2 === 0 ? 'open' : 'follow-up',
  channel: 'sms',
  resource: `Responder ${(i % 7) + 1}`,
  delivery: 'delivered',
  provider: 'twilio',
  detail: null,
}));

/** Whom an event may be reassigned to. */
export const STORY_RESOURCES: FilterChoice[] = [
  { id: 11, name: 'Ana Torres' },
  { id: 12, name: 'Carlos Méndez' },
  { id: 13, name: 'Luis Rivera' },
];

const APPLICATIONS: FilterChoice[] = [
  { id: 1, name: 'Demo Store' },
  { id: 2, name: 'Billing' },
];
const MODULES: Record<number, FilterChoice[]> = { 1: [{ id: 1, name: 'Checkout' }], 2: [{ id: 2, name: 'Invoices' }] };

const pageOf = <T>(rows: T[], query: ListQuery): ListOf<T> => ({
  total: rows.length,
  list: rows.slice((query.page_num - 1) * query.page_size, query.page_num * query.page_size),
});

/** The fixture events a filter lets through (as the server would). */
export function filteredStoryEvents(events: IncidentEvent[], filters: EventFilters): IncidentEvent[] {
  return events.filter(
    (event) =>
      (filters.applicationId === null || (filters.applicationId === 1) === (event.module_id === 1)) &&
      (filters.moduleId === null || event.module_id === filters.moduleId) &&
      (filters.sla === null || event.sla_compliance === filters.sla) &&
      (filters.status === null || event.event_status === filters.status) &&
      (filters.maintenance === null || event.in_maintenance === filters.maintenance),
  );
}

/**
 * How the fixture calls behave: filled, empty, never answering, or failing lists; `newEvent`: the
 * stream is open and soon says the newest event arrived (the list shows it on the next read);
 * `streamDown`: the stream is closed, so the screen asks again itself every few seconds.
 */
export type StoryEventCallsKind =
  'filled' | 'empty' | 'loading' | 'failed' | 'newEvent' | 'streamDown' | 'longTimeline' | 'acceptedMeanwhile';

/** The calls of the events screens on fixtures (see StoryEventCallsKind). */
export function storyEventCalls(
  kind: StoryEventCallsKind = 'filled',
  events: IncidentEvent[] = STORY_EVENTS,
): EventCalls {
  const fail = () => Promise.reject(new ApiError(0, null));
  // the actions change the fixture's own copy, as the server would its events and timelines
  const shown = events.map((event) => ({ ...event }));
  const timelines = new Map<string, TimelineEntry[]>([[shown[0]?.case_id ?? '', [...STORY_TIMELINE]]]);
  const me = { who: 'Dana Demo', via: 'dashboard' as const };
  const act = async (
    caseId: string,
    action: 'accept' | 'resolve' | 'reassign' | 'escalate' | 'note',
    record: Omit<Extract<TimelineEntry, { who: string | null }>, 'at' | 'who' | 'via'>,
    status?: IncidentEvent['event_status'],
  ): Promise<EventActionAnswer> => {
    const event = shown.find((row) => row.case_id === caseId)!;
    const refusal = eventActionRefusal(action, event);
    if (refusal) throw new ApiError(409, { detail: refusal });
    if (status) event.event_status = status;
    if (action === 'accept') event.accepted_by = me.who;
    timelines.set(caseId, [...(timelines.get(caseId) ?? []), { ...record, ...me, at: STORY_NOW.toISOString() }]);
    return { case_id: caseId, event_status: event.event_status, accepted_by: event.accepted_by };
  };
  const base: EventCalls = {
    list: async (query, filters) => pageOf(filteredStoryEvents(shown, filters), query),
    findEvent: async (caseId) => shown.find((event) => event.case_id === caseId) ?? null,
    log: async (_eventId, query) => pageOf(STORY_LOG, query),
    applications: async () => APPLICATIONS,
    modules: async (applicationId) => MODULES[applicationId] ?? [],
    exportUrl: () => '/api/events/export',
    logExportUrl: (eventId, eventLogId) =>
      `/api/events/log/${eventId}/export${eventLogId ? `?event_log_id=${eventLogId}` : ''}`,
    // stories say the stream is open and never push
    watch: ({ onLive }) => {
      onLive(true);
      return () => undefined;
    },
    timeline: async (caseId) => {
      const made = shown.find((event) => event.case_id === caseId);
      const entries = timelines.get(caseId) ?? [
        {
          at: made?.event_createdt ?? STORY_NOW.toISOString(),
          kind: 'created',
          incident: made?.short_event_subject ?? '',
        },
      ];
      return { entries, truncated: false };
    },
    respond: {
      accept: (caseId) => act(caseId, 'accept', { kind: 'accepted', text: null }, 'progress'),
      escalate: (caseId) => act(caseId, 'escalate', { kind: 'escalated', text: null }),
      resolve: (caseId) => act(caseId, 'resolve', { kind: 'resolved', text: null }, 'completed'),
      reassign: (caseId, body) =>
        act(
          caseId,
          'reassign',
          { kind: 'reassigned', text: STORY_RESOURCES.find((r) => r.id === body.resource_id)?.name ?? null },
          'open',
        ),
      note: (caseId, body) => act(caseId, 'note', { kind: 'note', text: body.text }),
    },
    resources: async () => STORY_RESOURCES,
  };
  if (kind === 'longTimeline')
    return { ...base, timeline: async () => ({ entries: STORY_LONG_TIMELINE, truncated: true }) };
  if (kind === 'acceptedMeanwhile')
    // someone else accepted the event a moment before: the server refuses the second accept
    return {
      ...base,
      respond: {
        ...base.respond,
        accept: () =>
          Promise.reject(new ApiError(409, { detail: EVENT_ACTION_MESSAGES.alreadyAccepted('Luis Rivera') })),
      },
    };
  if (kind === 'empty')
    return { ...base, list: async () => ({ total: 0, list: [] }), log: async () => ({ total: 0, list: [] }) };
  if (kind === 'loading') return { ...base, list: never, log: never };
  if (kind === 'failed') return { ...base, list: fail, log: fail };
  if (kind === 'newEvent') {
    let arrived = false;
    return {
      ...base,
      list: async (query, filters) => pageOf(filteredStoryEvents(arrived ? events : events.slice(1), filters), query),
      watch: ({ onLive, onChange }) => {
        onLive(true);
        const timer = setTimeout(() => {
          arrived = true;
          onChange();
        }, 100);
        return () => clearTimeout(timer);
      },
    };
  }
  if (kind === 'streamDown') {
    return {
      ...base,
      watch: ({ onLive }) => {
        onLive(false);
        return () => undefined;
      },
    };
  }
  return base;
}
