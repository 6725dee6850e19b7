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
import { get, named, reply } from '../endpoint';
import { IdParams } from './common';

const read = { auth: 'session' as const, permissions: ['events.read' as const] };
/** The calls about one event, by its id. */
const oneEvent = { params: IdParams, ...read };

/** `/:token`: the last segment of an audio's address (`<token>.wav`); the server answers 404 for anything else. */
export const AudioTokenParams = /* @__PURE__ */ (() =>
  v.object({
    token: v.pipe(v.string(EVENT_MESSAGES.audioNotFound), v.maxLength(100, EVENT_MESSAGES.audioNotFound)),
  }))();

export const eventEndpoints = /* @__PURE__ */ named({
  /** docs/product.md#http-calls: the events of the caller's customer, filtered, sorted and paged (newest first by default). */
  listEvents: get('/api/events/filters', reply<ListOf<IncidentEvent>>(), { query: EventListQuerySchema, ...read }),
  /** docs/product.md#http-calls: the log of one event (its contacts), paged. */
  listEventLog: get('/api/events/log/:id', reply<ListOf<EventLogEntry>>(), { query: PageQuerySchema, ...oneEvent }),
  /**
   * docs/product.md#constants-and-limits, docs/product.md#exports: the events of the list's filters as a CSV file (Events-{YYYYMMDD}.csv),
   * streamed newest first: a million rows in constant memory. A browser downloads it by its address.
   */
  exportEvents: get('/api/events/export', reply<string>(), { query: EventFilterSchema, ...read }),
  /** docs/product.md#event-logs: an event's log as a CSV file (all its rows, or one with `event_log_id`), with the last-event field. */
  exportEventLog: get('/api/events/log/:id/export', reply<string>(), { query: EventLogExportSchema, ...oneEvent }),
  /**
   * The events list follows changes live: a text/event-stream that sends `changed` whenever an event
   * of the caller's customer is created or changes (created, accepted, resolved...), so the screen
   * reads its page again.
   */
  eventChanges: get('/api/events/stream', reply<string>(), read),
  /**
   * Issue 13, docs/product.md#event.audio: the spoken message of a voice call, as WAV bytes (the typed client
   * reads them as a Blob; a page plays the address in an audio element). Its random token is the
   * credential: the voice gateway and the events screen fetch it without signing in, until 7 days
   * after the event.
   */
  eventAudio: get('/api/v1/audio/:token', reply<Blob>(), { params: AudioTokenParams, auth: 'public' }),
});

export const { listEvents, listEventLog, exportEvents, exportEventLog, eventChanges, eventAudio } = eventEndpoints;
