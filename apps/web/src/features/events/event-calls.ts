import { listEventLog, listEvents } from '@relevo/api';
import type { EventLogEntry, IncidentEvent, ListOf, ListQuery } from '@relevo/domain';
import { api } from '../../shell/api';

/** The calls of the events screens; stories give fixtures instead (Services `eventCalls`). */
export interface EventCalls {
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListOf<IncidentEvent>>;
  log: (eventId: number, query: ListQuery, signal: AbortSignal) => Promise<ListOf<EventLogEntry>>;
}

/** spec 7 Events. */
export const liveEventCalls: EventCalls = {
  list: (query, signal) => api.call(listEvents, { query, signal }),
  log: (eventId, query, signal) => api.call(listEventLog, { params: { id: eventId }, query, signal }),
};
