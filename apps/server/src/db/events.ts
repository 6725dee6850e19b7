import { sql } from 'kysely';
import type { Tx } from './database';

/**
 * spec 2.8 profile counts over the events the scope can see: completed, non compliance, open
 * (open or in progress) and created today (UTC).
 */
export async function profileCounts(db: Tx, now: Date): Promise<{ completed: number; non_compliance: number; open: number; today: number }> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const row = await db
    .selectFrom('events')
    .select([
      sql<number>`count(*) filter (where event_status = 'completed')`.as('completed'),
      sql<number>`count(*) filter (where sla_compliance = 'NO')`.as('non_compliance'),
      sql<number>`count(*) filter (where event_status in ('open', 'progress'))`.as('open'),
      sql<number>`count(*) filter (where event_createdt >= ${startOfDay})`.as('today'),
    ])
    .executeTakeFirstOrThrow();
  return { completed: Number(row.completed), non_compliance: Number(row.non_compliance), open: Number(row.open), today: Number(row.today) };
}
