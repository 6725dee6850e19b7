import { listEventLog, listEvents } from '@relevo/api';
import type { EventLogEntry, IncidentEvent, ListOf, ListQuery } from '@relevo/domain';
import { api } from '../../shell/api';

/** The calls of the events screens; stories give fixtures instead (Services `eventCalls`). */
export interface EventCalls {
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListOf<IncidentEvent>>;
  /** the log of the event with this case ID (an unknown case has an empty log) */
  log: (caseId: string, query: ListQuery, signal: AbortSignal) => Promise<ListOf<EventLogEntry>>;
}

/** spec 7 Events. */
export const liveEventCalls: EventCalls = {
  list: (query, signal) => api.call(listEvents, { query, signal }),
  log: async (caseId, query, signal) => {
    const found = await api.call(listEvents, { query: { search: caseId, page_size: 1 }, signal });
    const event = found.list.find((row) => row.case_id === caseId);
    return event ? api.call(listEventLog, { params: { id: event.event_id }, query, signal }) : { total: 0, list: [] };
  },
};
