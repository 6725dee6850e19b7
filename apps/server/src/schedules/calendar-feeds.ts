import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';

// docs/product.md#calendar-feeds: each schedule and each resource has one secret address,
// PUBLIC_URL/api/calendar/{token}.ics. The token (32 random bytes) is the credential: its SHA-256
// finds the feed, and the token itself is kept sealed with SECRETS_KEY so that the address can be
// shown again. A new token replaces the old one, which stops working at once.

/** Whose feed: a schedule's, or a resource's (its shifts in every schedule). */
export type FeedOwner = { schedule_id: number } | { resource_id: number };

/** A feed found by its token: whose it is. */
export interface FeedRow {
  customer_id: number;
  schedule_id: number | null;
  resource_id: number | null;
}

const FEED_SUFFIX = '.ics';

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Where a feed's sealed token lives: it opens for that customer's feed only. */
const sealPlace = (customerId: number, owner: FeedOwner) =>
  'schedule_id' in owner
    ? `customer:${customerId}:calendar:schedule:${owner.schedule_id}`
    : `customer:${customerId}:calendar:resource:${owner.resource_id}`;

const addressOf = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/calendar/${token}${FEED_SUFFIX}`;

function ownerColumns(owner: FeedOwner) {
  return 'schedule_id' in owner
    ? { schedule_id: owner.schedule_id, resource_id: null }
    : { schedule_id: null, resource_id: owner.resource_id };
}

function feedsOf(tx: Transaction<DB>, customerId: number, owner: FeedOwner) {
  const query = tx.selectFrom('calendar_feeds').where('customer_id', '=', customerId);
  return 'schedule_id' in owner
    ? query.where('schedule_id', '=', owner.schedule_id)
    : query.where('resource_id', '=', owner.resource_id);
}

/** Stores a new token for the owner's feed (none must exist); answers its address, or null when another unit of work made one first. */
async function insertFeed(
  tx: Transaction<DB>,
  ctx: AppContext,
  customerId: number,
  owner: FeedOwner,
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const target = 'schedule_id' in owner ? 'schedule_id' : 'resource_id';
  const made = await tx
    .insertInto('calendar_feeds')
    .values({
      token_hash: tokenHash(token),
      customer_id: customerId,
      ...ownerColumns(owner),
      token_sealed: ctx.delivery.box.seal(sealPlace(customerId, owner), token),
      created_at: ctx.clock.now(),
    })
    // the partial unique index of the owner's column: two first reads at once make one feed
    .onConflict((oc) => oc.column(target).where(target, 'is not', null).doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return made ? addressOf(ctx, token) : null;
}

/**
 * The secret address of a schedule's or a resource's calendar feed, made on first use
 * (docs/product.md#calendar-feeds). The caller has checked that the owner is the customer's.
 */
export async function feedUrl(
  tx: Transaction<DB>,
  ctx: AppContext,
  customerId: number,
  owner: { schedule_id: number } | { resource_id: number },
): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const stored = await feedsOf(tx, customerId, owner).select('token_sealed').executeTakeFirst();
    if (stored) return addressOf(ctx, ctx.delivery.box.open(sealPlace(customerId, owner), stored.token_sealed));
    const made = await insertFeed(tx, ctx, customerId, owner);
    if (made) return made;
  }
  throw new Error('the calendar feed could not be made');
}

/** A new secret address for the owner's feed: the old one stops working when the caller's unit of work commits. */
export async function rotateFeed(
  tx: Transaction<DB>,
  ctx: AppContext,
  customerId: number,
  owner: FeedOwner,
): Promise<string> {
  const target = 'schedule_id' in owner ? 'schedule_id' : 'resource_id';
  const id = 'schedule_id' in owner ? owner.schedule_id : owner.resource_id;
  await tx.deleteFrom('calendar_feeds').where('customer_id', '=', customerId).where(target, '=', id).execute();
  const made = await insertFeed(tx, ctx, customerId, owner);
  // a rotation at the same moment made its own first: that one stands
  return made ?? feedUrl(tx, ctx, customerId, owner);
}

/**
 * The token of a feed's address segment (`{token}.ics`), or null. The contract's pattern has
 * checked its characters and length.
 */
export function feedTokenOf(segment: string): string | null {
  return segment.endsWith(FEED_SUFFIX) ? segment.slice(0, -FEED_SUFFIX.length) : null;
}

/**
 * The feed a token opens, of an active customer, or null. Found across customers by the token's
 * hash (the staff scope: nobody is signed in); what it shows is then read in its customer's scope.
 */
export async function feedOfToken(database: Database, token: string): Promise<FeedRow | null> {
  const row = await database.scoped({ kind: 'staff' }, (tx) =>
    tx
      .selectFrom('calendar_feeds as f')
      .innerJoin('customers as c', 'c.customer_id', 'f.customer_id')
      .select(['f.customer_id', 'f.schedule_id', 'f.resource_id'])
      .where('f.token_hash', '=', tokenHash(token))
      .where('c.customer_active', '=', 'Y')
      .executeTakeFirst(),
  );
  return row ?? null;
}
