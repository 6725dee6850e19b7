import { sql, type Insertable, type SqlBool } from 'kysely';
import type { EngineState, WakeUpEnd } from '@relevo/domain';
import type { Tx } from '../db/database';
import type { EventActionsTable, EventLogsTable } from '../db/schema';
import type { eventAudioRow } from '../delivery/queries';
import type { ClaimRef } from '../jobs/lease';

// The engine's SQL: a wake-up reads its event's state with the timer locked, and writes what it
// decided in one statement.

/** An event's timer, its state and the event's facts its contacts name. */
export type LoadedTimer = NonNullable<Awaited<ReturnType<typeof loadTimer>>>;

/** Reads the timer and its event, the timer's row locked until the caller's transaction ends. */
export async function loadTimer(tx: Tx, timerId: number) {
  const row = await tx
    .selectFrom('engine_timers as t')
    .innerJoin('events as e', 'e.event_id', 't.event_id')
    .select([
      't.id',
      't.state',
      't.status',
      't.claim_token',
      't.locked_by',
      't.due_at',
      'e.event_id',
      'e.customer_id',
      'e.case_id',
      'e.short_event_subject',
      'e.short_event_body',
    ])
    .where('t.id', '=', timerId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { ...row, state: row.state as EngineState } : undefined;
}

/** Whether the claim a worker holds still holds the timer (a worker that lost its lease changes nothing). */
export const claimHolds = (timer: LoadedTimer, claim: ClaimRef) =>
  timer.status === 'claimed' && timer.claim_token === claim.claim_token && timer.locked_by === claim.locked_by;

/** The idempotency keys of the contacts an event logged (its contacts still waiting are canceled when it closes). */
export async function loggedContactKeys(tx: Tx, eventId: number): Promise<string[]> {
  const logged = await tx
    .selectFrom('event_logs')
    .select('idempotency_key')
    .where('event_id', '=', eventId)
    .where('idempotency_key', 'is not', null)
    .execute();
  return logged.map((row) => row.idempotency_key!);
}

/**
 * What a wake-up writes with the event's changes, in one statement: its log rows (the same key
 * twice, a re-run after a crash, is one row), the voice calls' audio rows, and whether it closes
 * the event (its earlier rows then stop being the last).
 */
export interface WakeUpRows {
  logs: Insertable<EventLogsTable>[];
  audio: ReturnType<typeof eventAudioRow>[];
  closing: boolean;
  /** what a person or the integration did (docs/product.md#timeline), when the input changed the event */
  acted?: Insertable<EventActionsTable>;
}

/**
 * The log rows, the event and its timer in one statement (an earlier log row of the event stops
 * being its last when this wake-up closes it; the statement's snapshot holds the rows before it).
 * The timer is pending again at `dueAt`, or done when the walk ended.
 */
export async function writeWakeUp(
  tx: Tx,
  timer: LoadedTimer,
  rows: WakeUpRows,
  end: WakeUpEnd,
  state: EngineState,
  lastContacted: string | null,
  dueAt: Date,
): Promise<void> {
  const { logs, audio } = rows;
  const closing = rows.closing
    ? tx.with('earlier_logs', (db) =>
        db.updateTable('event_logs').set({ event_ind_last_event_log: 'N' }).where('event_id', '=', timer.event_id),
      )
    : tx;
  const logged =
    logs.length > 0
      ? (closing as Tx).with('logged', (db) =>
          db
            .insertInto('event_logs')
            .values(logs)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing()),
        )
      : closing;
  const spoken =
    audio.length > 0
      ? (logged as Tx).with('spoken', (db) =>
          db
            .insertInto('event_audio')
            .values(audio)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing()),
        )
      : logged;
  const acted = rows.acted
    ? (spoken as Tx).with('acted', (db) => db.insertInto('event_actions').values(rows.acted!))
    : spoken;
  const { event } = end;
  const eventValues = {
    event_status: event.status,
    sla_compliance: event.sla_compliance,
    accepteddt: event.accepted_at === null ? null : new Date(event.accepted_at),
    accepted_by: event.accepted_by,
    time_response: event.response_minutes,
    event_closedt: event.closed_at === null ? null : new Date(event.closed_at),
    minutes_elapsed: event.elapsed_minutes,
    ...(lastContacted !== null ? { last_resource_assigned: lastContacted } : {}),
  };
  await (acted as Tx)
    .with('event_changed', (db) =>
      db
        .updateTable('events')
        .set(eventValues)
        .where('event_id', '=', timer.event_id)
        // a wake-up that changes none of them (a recall of the person already contacted) writes no new
        // version of the event: none of its index entries, none of its triggers' rows
        .where(
          sql<SqlBool>`(${sql.join(Object.keys(eventValues).map((column) => sql.ref(column)))}) is distinct from (${sql.join(Object.values(eventValues))})`,
        ),
    )
    .updateTable('engine_timers')
    .set({
      state: JSON.stringify(state),
      status: end.dueAt === null ? 'done' : 'pending',
      due_at: dueAt,
      // a timer is claimed once per wake-up: the attempt cap counts failures in a row, not wake-ups
      attempts: 0,
      locked_by: null,
      locked_until: null,
      claim_token: null,
      last_error: null,
    })
    .where('id', '=', timer.id)
    .execute();
}
