import { createHash, randomBytes } from 'node:crypto';
import { nextDueAt, type Heartbeat, type HeartbeatState, type HeartbeatWatch } from '@relevo/domain';
import type { Tx } from '../db/database';
import type { HeartbeatsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import type { SecretBox } from '../security/secret-box';
import { iso } from '../db/listing';
import { stampsOf } from '../catalogue/common';

// docs/product.md#heartbeat-monitors: the SQL of the monitors, their secrets and their watch.

export type HeartbeatRow = Selectable<HeartbeatsTable>;

/** A new beat secret: 32 random bytes, 43 characters of base64url (the address is the credential). */
export const newBeatToken = () => randomBytes(32).toString('base64url');

export const beatTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Where a monitor's sealed token lives: it opens for that customer and that token's hash only. */
export const beatSealPlace = (customerId: number, tokenHash: string) => `customer:${customerId}:heartbeat:${tokenHash}`;

/** The beat address of a token. */
export const beatUrlOf = (publicUrl: string, token: string) => `${publicUrl}/api/v1/heartbeat/${token}`;

export const beatUrlOfRow = (publicUrl: string, box: SecretBox, row: HeartbeatRow) =>
  beatUrlOf(publicUrl, box.open(beatSealPlace(row.customer_id, row.token_hash), row.token_sealed));

/** The monitor as the domain's rules see it. */
export function watchOf(
  row: Pick<HeartbeatRow, 'interval_seconds' | 'grace_seconds' | 'heartbeat_active' | 'state' | 'last_beat_at'>,
): HeartbeatWatch {
  return {
    interval_seconds: row.interval_seconds,
    grace_seconds: row.grace_seconds,
    active: row.heartbeat_active === 'Y',
    state: row.state,
    last_beat_at: row.last_beat_at ? new Date(row.last_beat_at).getTime() : null,
  };
}

/**
 * The job columns of a monitor in `watch`'s state: pending at its due time while watched, idle
 * otherwise, and any claim given up (a change made while a worker holds it fences that worker out).
 */
export function watchColumns(watch: HeartbeatWatch) {
  const due = nextDueAt(watch);
  return {
    state: watch.state as HeartbeatState,
    status: due === null ? ('idle' as const) : ('pending' as const),
    due_at: due === null ? null : new Date(due),
    attempts: 0,
    locked_by: null,
    locked_until: null,
    claim_token: null,
    last_error: null,
  };
}

/** Monitors with the case ID of the incident their miss opened while it is open. */
export function heartbeatsWithCase(tx: Tx) {
  return tx
    .selectFrom('heartbeats as h')
    .leftJoin('events as e', (join) =>
      join
        .onRef('e.event_id', '=', 'h.open_event_id')
        .onRef('e.customer_id', '=', 'h.customer_id')
        .on('e.event_status', 'in', ['open', 'progress']),
    )
    .selectAll('h')
    .select('e.case_id as open_case_id');
}

export type HeartbeatWithCase = HeartbeatRow & { open_case_id: string | null };

/** The wire form; `beatUrl` only for those who may change the monitor. */
export function heartbeatOf(row: HeartbeatWithCase, beatUrl?: string): Heartbeat {
  return {
    id: row.heartbeat_id,
    heartbeat_id: row.heartbeat_id,
    customer_id: row.customer_id,
    module_id: row.module_id,
    heartbeat_name: row.heartbeat_name,
    interval_seconds: row.interval_seconds,
    grace_seconds: row.grace_seconds,
    heartbeat_active: row.heartbeat_active,
    state: row.state,
    last_beat_at: iso(row.last_beat_at),
    due_at: iso(row.due_at),
    open_case_id: row.open_case_id ?? null,
    ...(beatUrl === undefined ? {} : { beat_url: beatUrl }),
    ...stampsOf('heartbeat', row),
  };
}

/** The open (or in progress) incident of a monitor's dedup key on its module, with its engine timer. */
export function openMonitorEvents(tx: Tx, moduleId: number, dedupKey: string) {
  return tx
    .selectFrom('events as e')
    .innerJoin('engine_timers as t', 't.event_id', 'e.event_id')
    .select(['e.event_id', 'e.case_id', 't.id as timer_id'])
    .where('e.module_id', '=', moduleId)
    .where('e.dedup_key', '=', dedupKey)
    .where('e.event_status', 'in', ['open', 'progress']);
}
