import {
  acceptEvent,
  addEventNote,
  endpointUrl,
  escalateEvent,
  eventChanges,
  eventTimeline,
  exportEventLog,
  exportEvents,
  listApplications,
  listEventLog,
  listEvents,
  listModules,
  reassignEvent,
  resolveEvent,
} from '@relevo/api';
import {
  OPTION_LIST_SIZE,
  type EventActionAnswer,
  type EventLogEntry,
  type EventNote,
  type ReassignEvent,
  type ResolveEvent,
  type Timeline,
  type EventOrderColumn,
  type IncidentEvent,
  type ListOf,
  type ListQuery,
} from '@relevo/domain';
import { api } from '../../shell/api';
import type { EventFilters } from './event-filters';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Events and Event Logs screens */
    eventCalls: EventCalls;
  }
}

/** A choice of the filters: an application or a module. */
export interface FilterChoice {
  id: number;
  name: string;
}

/** How the screen hears of changes: pushed by the server, or not (then it asks again itself). */
export interface ChangeWatch {
  /** the server said the customer's events changed */
  onChange: () => void;
  /** the stream is open (true) or closed and reconnecting (false) */
  onLive: (live: boolean) => void;
}

/** The calls of the events screens; stories give fixtures instead (Services `eventCalls`). */
export interface EventCalls {
  list: (query: ListQuery, filters: EventFilters, signal: AbortSignal) => Promise<ListOf<IncidentEvent>>;
  /** the event with this case ID, if it is the caller's */
  findEvent: (caseId: string, signal: AbortSignal) => Promise<IncidentEvent | null>;
  log: (eventId: number, query: ListQuery, signal: AbortSignal) => Promise<ListOf<EventLogEntry>>;
  applications: (signal: AbortSignal) => Promise<FilterChoice[]>;
  modules: (applicationId: number, signal: AbortSignal) => Promise<FilterChoice[]>;
  /** where the CSV of the filtered events downloads from (the server streams it) */
  exportUrl: (filters: EventFilters, search: string) => string;
  /** where an event's log (or one of its rows) downloads from */
  logExportUrl: (eventId: number, eventLogId?: number) => string;
  /** listens for changes of the customer's events; answers the stop */
  watch: (watch: ChangeWatch) => () => void;
  /** docs/product.md#timeline: what happened to the event, oldest first */
  timeline: (caseId: string, signal: AbortSignal) => Promise<Timeline>;
  /** docs/product.md#responding: the actions of a signed-in person */
  respond: EventResponseCalls;
  /** the customer's active resources, by name: whom an event may be reassigned to */
  resources: (signal: AbortSignal) => Promise<FilterChoice[]>;
}

/** docs/product.md#responding: each answers the event as it now is. */
export interface EventResponseCalls {
  accept: (caseId: string) => Promise<EventActionAnswer>;
  escalate: (caseId: string) => Promise<EventActionAnswer>;
  resolve: (caseId: string, body: ResolveEvent) => Promise<EventActionAnswer>;
  reassign: (caseId: string, body: ReassignEvent) => Promise<EventActionAnswer>;
  note: (caseId: string, body: EventNote) => Promise<EventActionAnswer>;
}

/** The viewer's time zone: days of the date filter and times of the CSV are read in it. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The wire form of the screen's filters (docs/product.md#http-calls GET /api/events/filters). */
export function filterQuery(filters: EventFilters) {
  return {
    application_id: filters.applicationId ?? undefined,
    module_id: filters.moduleId ?? undefined,
    sla_compliance: filters.sla ?? undefined,
    event_status: filters.status ?? undefined,
    in_maintenance: filters.maintenance ?? undefined,
    start_date: filters.from ?? undefined,
    end_date: filters.to ?? undefined,
    search_by_date: filters.from || filters.to ? ('event_createdt' as const) : undefined,
    time_zone: viewerTimeZone(),
  };
}

export const choices = <T>(rows: T[], id: (row: T) => number, name: (row: T) => string): FilterChoice[] =>
  rows.map((row) => ({ id: id(row), name: name(row) }));

/** docs/product.md#event-calls, the option lists of the filters, the CSV exports and the stream of changes. */
export const liveEventCalls: EventCalls = {
  list: (query, filters, signal) =>
    api.call(listEvents, {
      query: { ...query, order_by_column: query.order_by_column as EventOrderColumn, ...filterQuery(filters) },
      signal,
    }),
  findEvent: async (caseId, signal) => {
    const found = await api.call(listEvents, { query: { search: caseId, page_size: 10 }, signal });
    return found.list.find((row) => row.case_id === caseId.toUpperCase()) ?? null;
  },
  log: (eventId, query, signal) => api.call(listEventLog, { params: { id: eventId }, query, signal }),
  applications: async (signal) =>
    choices(
      (
        await api.call(listApplications, {
          query: { page_size: OPTION_LIST_SIZE, order_by_column: 'application_name' },
          signal,
        })
      ).list,
      (a) => a.application_id,
      (a) => a.application_name,
    ),
  modules: async (applicationId, signal) =>
    choices(
      (
        await api.call(listModules, {
          query: { application_id: applicationId, page_size: OPTION_LIST_SIZE, order_by_column: 'module_name' },
          signal,
        })
      ).list,
      (m) => m.module_id,
      (m) => m.module_name,
    ),
  exportUrl: (filters, search) => endpointUrl(exportEvents, { query: { ...filterQuery(filters), search } }),
  logExportUrl: (eventId, eventLogId) =>
    endpointUrl(exportEventLog, {
      params: { id: eventId },
      query: { event_log_id: eventLogId, time_zone: viewerTimeZone() },
    }),
  timeline: (caseId, signal) => api.call(eventTimeline, { params: { case_id: caseId }, signal }),
  respond: {
    accept: (caseId) => api.call(acceptEvent, { params: { case_id: caseId } }),
    escalate: (caseId) => api.call(escalateEvent, { params: { case_id: caseId } }),
    resolve: (caseId, body) => api.call(resolveEvent, { params: { case_id: caseId }, body }),
    reassign: (caseId, body) => api.call(reassignEvent, { params: { case_id: caseId }, body }),
    note: (caseId, body) => api.call(addEventNote, { params: { case_id: caseId }, body }),
  },
  // the resources' endpoint brings the phone rules of the resource forms: loaded when Reassign opens
  resources: async (signal) => (await import('./reassign-choices')).reassignChoices(signal),
  watch: ({ onChange, onLive }) => {
    if (typeof EventSource === 'undefined') {
      onLive(false);
      return () => undefined;
    }
    // same origin: the session cookie rides along; the browser reconnects by itself after a drop
    const source = new EventSource(endpointUrl(eventChanges));
    source.addEventListener('ready', () => onLive(true));
    source.addEventListener('changed', () => onChange());
    source.addEventListener('error', () => onLive(false));
    return () => source.close();
  },
};
