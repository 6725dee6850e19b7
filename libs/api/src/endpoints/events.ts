import * as v from 'valibot';
import {
  EVENT_MESSAGES,
  EventFilterSchema,
  EventListQuerySchema,
  EventLogExportSchema,
  PageQuerySchema,
  type EventLogEntry,
  type IncidentEvent,
  type ListOf,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

const read = { auth: 'session' as const, permissions: ['events.read' as const] };

/** docs/product.md#http-calls: the events of the caller's customer, filtered, sorted and paged (newest first by default). */
export const listEvents = endpoint({
  name: 'listEvents',
  method: 'GET',
  path: '/api/events/filters',
  query: EventListQuerySchema,
  response: reply<ListOf<IncidentEvent>>(),
  ...read,
});
/** docs/product.md#http-calls: the log of one event (its contacts), paged. */
export const listEventLog = endpoint({
  name: 'listEventLog',
  method: 'GET',
  path: '/api/events/log/:id',
  params: IdParams,
  query: PageQuerySchema,
  response: reply<ListOf<EventLogEntry>>(),
  ...read,
});
/**
 * docs/product.md#constants-and-limits, docs/product.md#exports: the events of the list's filters as a CSV file (Events-{YYYYMMDD}.csv),
 * streamed newest first: a million rows in constant memory. A browser downloads it by its address.
 */
export const exportEvents = endpoint({
  name: 'exportEvents',
  method: 'GET',
  path: '/api/events/export',
  query: EventFilterSchema,
  response: reply<string>(),
  ...read,
});
/** docs/product.md#event-logs: an event's log as a CSV file (all its rows, or one with `event_log_id`), with the last-event field. */
export const exportEventLog = endpoint({
  name: 'exportEventLog',
  method: 'GET',
  path: '/api/events/log/:id/export',
  params: IdParams,
  query: EventLogExportSchema,
  response: reply<string>(),
  ...read,
});
/**
 * The events list follows changes live: a text/event-stream that sends `changed` whenever an event
 * of the caller's customer is created or changes (created, accepted, resolved...), so the screen
 * reads its page again.
 */
export const eventChanges = endpoint({
  name: 'eventChanges',
  method: 'GET',
  path: '/api/events/stream',
  response: reply<string>(),
  ...read,
});

/** `/:token`: the last segment of an audio's address (`<token>.wav`); the server answers 404 for anything else. */
export const AudioTokenParams = /* @__PURE__ */ (() =>
  v.object({
    token: v.pipe(v.string(EVENT_MESSAGES.audioNotFound), v.maxLength(100, EVENT_MESSAGES.audioNotFound)),
  }))();

/**
 * Issue 13, docs/product.md#event.audio: the spoken message of a voice call, as WAV bytes (the typed client
 * reads them as a Blob; a page plays the address in an audio element). Its random token is the
 * credential: the voice gateway and the events screen fetch it without signing in, until 7 days
 * after the event.
 */
export const eventAudio = endpoint({
  name: 'eventAudio',
  method: 'GET',
  path: '/api/v1/audio/:token',
  params: AudioTokenParams,
  response: reply<Blob>(),
  auth: 'public',
});

export const eventEndpoints = { listEvents, listEventLog, exportEvents, exportEventLog, eventChanges, eventAudio };
