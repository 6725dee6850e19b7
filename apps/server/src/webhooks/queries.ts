import { sql, type Selectable } from 'kysely';
import {
  WEBHOOK_LIMITS,
  type Webhook,
  type WebhookChange,
  type WebhookDelivery,
  type WebhookDeliveryState,
  webhookDeliveryKey,
} from '@relevo/domain';
import type { Tx } from '../db/database';
import type { WebhookDeliveriesTable, WebhooksTable } from '../db/schema';
import { iso } from '../db/listing';
import { stampsOf } from '../catalogue/common';

// docs/product.md#outgoing-webhooks: the SQL of the webhooks and their deliveries, and their wire forms.

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Where a webhook's sealed signing secret lives: it opens for that customer and that webhook only. */
export const webhookSealPlace = (customerId: number, webhookId: number) =>
  `customer:${customerId}:webhook:${webhookId}:signing_secret`;

/** A delivery's state on the wire: waiting (or waiting for its retry), on its way, received, given up, dropped. */
export function deliveryStateOf(status: WebhookDeliveryRow['status']): WebhookDeliveryState {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'claimed':
      return 'sending';
    case 'done':
      return 'delivered';
    case 'dead':
      return 'failed';
    case 'canceled':
      return 'canceled';
  }
}

/** Webhooks with their latest delivery and the count of those waiting (each through the log's indexes). */
export function webhooksWithLog(tx: Tx) {
  return tx
    .selectFrom('webhooks as w')
    .selectAll('w')
    .select((eb) => [
      eb
        .selectFrom('webhook_deliveries as d')
        .select('d.created_at')
        .whereRef('d.webhook_id', '=', 'w.webhook_id')
        .orderBy('d.delivery_id', 'desc')
        .limit(1)
        .as('last_delivery_at'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select('d.status')
        .whereRef('d.webhook_id', '=', 'w.webhook_id')
        .orderBy('d.delivery_id', 'desc')
        .limit(1)
        .as('last_delivery_status'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('d.webhook_id', '=', 'w.webhook_id')
        .where('d.status', 'in', ['pending', 'claimed'])
        .as('pending_count'),
    ]);
}

export type WebhookWithLog = WebhookRow & {
  last_delivery_at: Date | string | null;
  last_delivery_status: WebhookDeliveryRow['status'] | null;
  pending_count: number | string | null;
};

/** The wire form: never the secret. */
export function webhookOf(row: WebhookWithLog): Webhook {
  return {
    id: row.webhook_id,
    webhook_id: row.webhook_id,
    customer_id: row.customer_id,
    webhook_url: row.webhook_url,
    webhook_desc: row.webhook_desc,
    changes: [...row.changes] as WebhookChange[],
    webhook_active: row.webhook_active,
    failing_since: iso(row.failing_since),
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    last_delivery_at: iso(row.last_delivery_at ? new Date(row.last_delivery_at) : null),
    last_delivery_state: row.last_delivery_status ? deliveryStateOf(row.last_delivery_status) : null,
    pending_count: Number(row.pending_count ?? 0),
    ...stampsOf('webhook', row),
  };
}

/** A webhook's latest deliveries, newest first, with their events' case IDs. */
export function latestDeliveries(tx: Tx, webhookId: number, limit: number) {
  return tx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.event_id', 'd.event_id')
    .select([
      'd.delivery_id',
      'd.webhook_id',
      'd.event_id',
      'e.case_id',
      'd.change',
      'd.status',
      'd.attempts',
      'd.created_at',
      'd.due_at',
      'd.delivered_at',
      'd.response_status',
      'd.last_error',
    ])
    .where('d.webhook_id', '=', webhookId)
    .orderBy('d.delivery_id', 'desc')
    .limit(limit);
}

type LoggedDelivery = Pick<
  WebhookDeliveryRow,
  | 'delivery_id'
  | 'webhook_id'
  | 'event_id'
  | 'change'
  | 'status'
  | 'attempts'
  | 'created_at'
  | 'due_at'
  | 'delivered_at'
  | 'response_status'
  | 'last_error'
> & { case_id: string };

export function deliveryOf(row: LoggedDelivery): WebhookDelivery {
  return {
    delivery_id: row.delivery_id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    case_id: row.case_id,
    change: row.change,
    state: deliveryStateOf(row.status),
    idempotency_key: webhookDeliveryKey(row.delivery_id),
    attempts: row.attempts,
    created_at: iso(row.created_at)!,
    next_attempt_at: row.status === 'pending' ? iso(row.due_at) : null,
    delivered_at: iso(row.delivered_at),
    response_status: row.response_status,
    last_error: row.last_error,
  };
}

/** A webhook's deliveries still waiting (pending, or claimed by a worker whose late write the cancel fences out) are dropped. */
export function cancelWaitingDeliveries(tx: Tx, webhookId: number, reason: string) {
  return tx
    .updateTable('webhook_deliveries')
    .set({ status: 'canceled', locked_by: null, locked_until: null, claim_token: null, last_error: reason })
    .where('webhook_id', '=', webhookId)
    .where('status', 'in', ['pending', 'claimed'])
    .execute();
}

/** Ended deliveries removed by one statement of housekeeping (its work stays bounded however big the backlog). */
export const PRUNED_PER_RUN = 5_000;

/**
 * Housekeeping (docs/product.md#outgoing-webhooks): each webhook keeps its latest
 * WEBHOOK_LIMITS.logKept deliveries; older ones that ended (delivered, failed, canceled) go, at
 * most `limit` of them. Each webhook's cut is found through its log's index. Answers how many went.
 */
export async function pruneDeliveries(tx: Tx, limit = PRUNED_PER_RUN): Promise<number> {
  const result = await sql`
    with cut as (
      select w.webhook_id,
        (select d.delivery_id from webhook_deliveries d where d.webhook_id = w.webhook_id
         order by d.delivery_id desc offset ${WEBHOOK_LIMITS.logKept} limit 1) as below
      from webhooks w
    ),
    doomed as (
      select d.delivery_id from cut
      join webhook_deliveries d on d.webhook_id = cut.webhook_id and d.delivery_id <= cut.below
      where d.status in ('done', 'dead', 'canceled')
      limit ${limit}
    )
    delete from webhook_deliveries where delivery_id in (select delivery_id from doomed)`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}
