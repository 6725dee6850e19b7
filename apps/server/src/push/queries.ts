import { sql, type RawBuilder } from 'kysely';
import { CHANNEL, PUSH_DEVICES_PER_OWNER, type PushSubscriptionBody } from '@relevo/domain';
import type { Tx } from '../db/database';

// The push area's SQL: the devices of people (resources, from a responder link) and of users
// (from the profile), and what the push sender reads and writes of them.

/** Whose device: a resource of a customer, or a user (who belongs to one customer). */
export type PushOwner =
  { kind: 'resource'; customerId: number; resourceId: number } | { kind: 'user'; customerId: number; userId: number };

const ownerColumn = (owner: PushOwner) => (owner.kind === 'resource' ? 'resource_id' : 'user_id');
const ownerId = (owner: PushOwner) => (owner.kind === 'resource' ? owner.resourceId : owner.userId);

/**
 * Stores a device for its owner (the same endpoint again takes its new keys), then drops the
 * owner's oldest beyond PUSH_DEVICES_PER_OWNER.
 */
export async function storeDevice(tx: Tx, owner: PushOwner, body: PushSubscriptionBody, now: Date): Promise<number> {
  const column = ownerColumn(owner);
  const id = ownerId(owner);
  const stored = await tx
    .insertInto('push_subscriptions')
    .values({
      customer_id: owner.customerId,
      resource_id: owner.kind === 'resource' ? owner.resourceId : null,
      user_id: owner.kind === 'user' ? owner.userId : null,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns([column, 'endpoint'])
        .where(column, 'is not', null)
        .doUpdateSet({ p256dh: body.keys.p256dh, auth: body.keys.auth, created_at: now }),
    )
    .returning('push_subscription_id')
    .executeTakeFirstOrThrow();
  await tx
    .deleteFrom('push_subscriptions')
    .where(
      'push_subscription_id',
      'in',
      tx
        .selectFrom('push_subscriptions')
        .select('push_subscription_id')
        .where(column, '=', id)
        .orderBy('created_at', 'desc')
        .orderBy('push_subscription_id', 'desc')
        .offset(PUSH_DEVICES_PER_OWNER),
    )
    .execute();
  return stored.push_subscription_id;
}

/** Stops a device of its owner; another owner's device with the same endpoint stays. */
export async function removeDevice(tx: Tx, owner: PushOwner, endpoint: string): Promise<void> {
  await tx
    .deleteFrom('push_subscriptions')
    .where(ownerColumn(owner), '=', ownerId(owner))
    .where('customer_id', '=', owner.customerId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function hasDevice(tx: Tx, owner: PushOwner, endpoint: string): Promise<boolean> {
  const row = await tx
    .selectFrom('push_subscriptions')
    .select('push_subscription_id')
    .where(ownerColumn(owner), '=', ownerId(owner))
    .where('customer_id', '=', owner.customerId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return !!row;
}

/** A user's devices, newest first (at most PUSH_DEVICES_PER_OWNER are kept). */
export function userDevices(tx: Tx, owner: Extract<PushOwner, { kind: 'user' }>) {
  return tx
    .selectFrom('push_subscriptions')
    .select(['push_subscription_id as id', 'endpoint', 'created_at', 'last_used_at'])
    .where('user_id', '=', owner.userId)
    .where('customer_id', '=', owner.customerId)
    .orderBy('created_at', 'desc')
    .orderBy('push_subscription_id', 'desc')
    .limit(PUSH_DEVICES_PER_OWNER)
    .execute();
}

/**
 * How many devices reach a resource (`r`, joined in the caller's query): its own, and those of its
 * customer's users with its e-mail (users' e-mails are stored lower case).
 */
export function pushDevicesOf(resource: string): RawBuilder<number> {
  const r = (column: string) => sql.ref(`${resource}.${column}`);
  return sql<number>`(
      (select count(*) from push_subscriptions ps where ps.resource_id = ${r('resource_id')})
      + (select count(*) from push_subscriptions ps join users u on u.id = ps.user_id
         where u.customer_id = ${r('customer_id')} and u.email = lower(${r('resource_email')}))
    )::integer`;
}

/**
 * `pushDevicesOf` a step's resource, counted for push steps only: a CASE evaluates its subqueries
 * only on the branch taken.
 */
export function pushDevicesOfStep(stepChannel: string, resource: string): RawBuilder<number> {
  return sql<number>`case when ${sql.ref(stepChannel)} = ${CHANNEL.push} then ${pushDevicesOf(resource)} else 0 end`;
}

/** A device a push goes to. */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The most devices one push goes to: a person's own, and a few users' with the person's e-mail. */
const TARGETS_MAX = PUSH_DEVICES_PER_OWNER * 4;

/** The devices that reach a resource, one per endpoint (a browser stored for the person and its user gets one push). */
export async function devicesOfResource(tx: Tx, resourceId: number): Promise<PushTarget[]> {
  const result = await sql<PushTarget>`
    select distinct on (ps.endpoint) ps.push_subscription_id as id, ps.endpoint, ps.p256dh, ps.auth
    from resources r
    join push_subscriptions ps
      on ps.resource_id = r.resource_id
      or ps.user_id in (select u.id from users u where u.customer_id = r.customer_id and u.email = lower(r.resource_email))
    where r.resource_id = ${resourceId}
    order by ps.endpoint, ps.push_subscription_id
    limit ${TARGETS_MAX}`.execute(tx);
  return result.rows;
}

/** A push service said the subscription is gone (404, 410): it is gone for every owner. */
export async function dropEndpoint(tx: Tx, endpoint: string): Promise<void> {
  await tx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

export async function markDevicesUsed(tx: Tx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable('push_subscriptions')
    .set({ last_used_at: now })
    .where('push_subscription_id', 'in', [...ids])
    .execute();
}
