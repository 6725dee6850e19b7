import * as v from 'valibot';
import {
  EVENT_MESSAGES,
  EventFilterSchema,
  EventListQuerySchema,
  EventLogExportSchema,
  EventNoteSchema,
  PageQuerySchema,
  ReassignEventSchema,
  ResolveEventSchema,
  type EventActionAnswer,
  type Timeline,
  type EventLogEntry,
  type IncidentEvent,
  type ListOf,
} from '@relevo/domain';
import { get, named, post, reply } from '../endpoint';
import { CaseIdParams, IdParams } from './common';

const read = { auth: 'session' as const, permissions: ['events.read' as const] };
/** The calls about one event, by its id. */
const oneEvent = { params: IdParams, ...read };
/** docs/product.md#responding: a person's action on one event of their customer, by its case ID. */
const respond = { params: CaseIdParams, auth: 'session' as const, permissions: ['events.respond' as const] };

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
  /** docs/product.md#responding: accept the event (once: a second accept is 409). */
  acceptEvent: post('/api/events/:case_id/accept', reply<EventActionAnswer>(), respond),
  /** docs/product.md#responding: resolve it, with its cause, resolution and other comments. */
  resolveEvent: post('/api/events/:case_id/resolve', reply<EventActionAnswer>(), {
    ...respond,
    body: ResolveEventSchema,
  }),
  /** docs/product.md#responding: contact one of the customer's resources now; the walk goes on after them. */
  reassignEvent: post('/api/events/:case_id/reassign', reply<EventActionAnswer>(), {
    ...respond,
    body: ReassignEventSchema,
  }),
  /** docs/product.md#responding: the next step at once. */
  escalateEvent: post('/api/events/:case_id/escalate', reply<EventActionAnswer>(), respond),
  /** docs/product.md#responding: a note on the event's timeline (1 to 2,000 characters). */
  addEventNote: post('/api/events/:case_id/notes', reply<EventActionAnswer>(), { ...respond, body: EventNoteSchema }),
  /** docs/product.md#timeline: every contact, report, reply, key press, state change and note, oldest first. */
  eventTimeline: get('/api/events/:case_id/timeline', reply<Timeline>(), { params: CaseIdParams, ...read }),
});

export const {
  listEvents,
  listEventLog,
  exportEvents,
  exportEventLog,
  eventChanges,
  eventAudio,
  acceptEvent,
  resolveEvent,
  reassignEvent,
  escalateEvent,
  addEventNote,
  eventTimeline,
} = eventEndpoints;
