import { chatNoticesOf, type EngineInput, type EngineState } from '@relevo/domain';
import type { Tx } from '../db/database';
import { wakeAfterCommit } from '../db/wake';
import { exponentialRetry, type JobTable } from '../jobs/lease';
import { queueNotices } from './queries';

/** The NOTIFY channel that wakes the team chat workers (after the commit that queued a notice). */
export const TEAM_CHAT_CHANNEL = 'relevo_team_chat';

/**
 * The notices as a job table (docs/architecture.md, "Team chat"): posted once done; a notice the
 * chat refused or could not take is tried again later (5 s, 10 s, ... up to 10 minutes), and given
 * up after 8 claims.
 */
export const CHAT_NOTICE_JOBS: JobTable = {
  name: 'chat_notices',
  doneStatus: 'posted',
  maxAttempts: 8,
  retryDelayMs: exponentialRetry(5_000, 600_000),
};

/**
 * docs/product.md#team-chat: the change of an event that the caller's transaction writes (one
 * wake-up of the engine) queues the chat notices it brings, in the same transaction, so a notice
 * is queued if and only if the change is committed, and once (its key). Only the first wake-up and
 * a change of status cost a statement; the workers are woken only when a chat posts for the event.
 */
export async function queueChatNotices(
  tx: Tx,
  eventId: number,
  previous: EngineState,
  next: EngineState,
  input: EngineInput,
  now: Date,
): Promise<void> {
  const notices = chatNoticesOf(previous, next, input);
  if (notices.length === 0) return;
  if ((await queueNotices(tx, eventId, notices, now)) > 0) wakeAfterCommit(tx, TEAM_CHAT_CHANNEL);
}
