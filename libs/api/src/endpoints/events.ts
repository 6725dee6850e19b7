import { EventListQuerySchema, PageQuerySchema, type EventLogEntry, type IncidentEvent, type ListOf } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

const read = { auth: 'session' as const, permissions: ['events.read' as const] };

/** spec 7: the events of the caller's customer, filtered, sorted and paged (newest first by default). */
export const listEvents = endpoint({ name: 'listEvents', method: 'GET', path: '/api/events/filters', query: EventListQuerySchema, response: reply<ListOf<IncidentEvent>>(), ...read });
/** spec 7: the log of one event (its contacts), paged. */
export const listEventLog = endpoint({ name: 'listEventLog', method: 'GET', path: '/api/events/log/:id', params: IdParams, query: PageQuerySchema, response: reply<ListOf<EventLogEntry>>(), ...read });

export const eventEndpoints = { listEvents, listEventLog };
