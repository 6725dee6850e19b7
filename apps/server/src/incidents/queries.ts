import type { Tx } from '../db/database';

// The incidents area's SQL that more than one of its services reads: events with their engine timer.

function eventsWithTimer(tx: Tx) {
  return tx.selectFrom('events as e').innerJoin('engine_timers as t', 't.event_id', 'e.event_id');
}

/** An event as the responder page and the inbound webhook act on it: its state and its timer. */
export function eventState(tx: Tx, eventId: number) {
  return eventsWithTimer(tx)
    .select([
      'e.event_id',
      'e.case_id',
      'e.short_event_subject',
      'e.short_event_body',
      'e.event_status',
      'e.accepted_by',
      'e.customer_id',
      't.id as timer_id',
      't.state',
    ])
    .where('e.event_id', '=', eventId)
    .executeTakeFirst();
}

/** A module's events with their timers, for the ingest APIs' accept, resolve and cancel (the caller narrows them). */
export function moduleEvents(tx: Tx, moduleId: number) {
  return eventsWithTimer(tx)
    .select(['e.event_id', 'e.case_id', 't.id as timer_id'])
    .where('e.module_id', '=', moduleId);
}
