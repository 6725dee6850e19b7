import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';

/** The secret address of a schedule's or a resource's calendar feed, made on first use (docs/product.md#calendar-feeds). */
export async function feedUrl(
  _tx: Transaction<DB>,
  _ctx: AppContext,
  _customerId: number,
  _owner: { schedule_id: number } | { resource_id: number },
): Promise<string> {
  throw new Error('calendar feeds are not written yet');
}
