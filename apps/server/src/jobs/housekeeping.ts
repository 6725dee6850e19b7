import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { AUTH, CHURN_TABLES, type Database } from '../db/database';
import { deleteExpiredAudio } from '../delivery/queries';
import { foldDayCounts } from '../dashboard/day-counts';
import { announceEventChanges } from '../incidents/event-changes';
import { pruneSignInRecords } from '../auth/queries';

const EVERY_MS = 60 * 60 * 1000;
/** How often the events' count changes are moved into their totals: the rows a list's total adds up stay few. */
export const FOLD_EVERY_MS = 10_000;
/** How long the inbound webhook's messages are kept. */
export const INBOUND_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Moves the events' count changes into their totals (migration 0016) and answers how many change
 * rows it moved (0 while another process does it). The day counts of the dashboard (migration 0012)
 * are folded apart, by `foldDayCounts`.
 */
export async function foldEventCounts(database: Database): Promise<number> {
  return database.scoped(
    { kind: 'staff' },
    async (tx) => (await sql<{ moved: number }>`select relevo_fold_event_counts() as moved`.execute(tx)).rows[0]!.moved,
  );
}

/**
 * Worker chores: every 10 s, fold the events' count changes and their day counts, announce the
 * changes no screen has heard of (migration 0016) and vacuum the tables of such passing rows; every hour, forget ended rate-limit
 * windows and long-expired sessions, delete expired voice-call audio and old inbound messages.
 */
export class Housekeeping {
  #timer: NodeJS.Timeout | null = null;
  #foldTimer: NodeJS.Timeout | null = null;
  #folding: Promise<void> | null = null;
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  start(): void {
    void this.runOnce();
    this.#timer = setInterval(() => void this.runOnce(), EVERY_MS);
    this.#timer.unref();
    this.#foldTimer = setInterval(() => void this.fold(), FOLD_EVERY_MS);
    this.#foldTimer.unref();
  }

  /** Stops the timers; answers once a fold in progress has ended. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#foldTimer) clearInterval(this.#foldTimer);
    await this.#folding;
  }

  fold(): Promise<void> {
    this.#folding ??= foldEventCounts(this.database)
      .then(() => foldDayCounts(this.database, { kind: 'staff' }))
      // the changes' marks too, in case no process has screens that listen (else they pile up)
      .then(() => announceEventChanges(this.database))
      .then(() => this.database.vacuum(CHURN_TABLES))
      .then(
        () => undefined,
        (error: unknown) =>
          this.log.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'folding the event counts or their day counts, announcing their changes or vacuuming failed',
          ),
      )
      .finally(() => {
        this.#folding = null;
      });
    return this.#folding;
  }

  async runOnce(): Promise<void> {
    try {
      const now = this.clock.now();
      await this.database.scoped(AUTH, (tx) => pruneSignInRecords(tx, now));
      await this.database.scoped({ kind: 'staff' }, async (tx) => {
        // spec: an event's audio expires 7 days after the event
        await deleteExpiredAudio(tx, now);
        // the inbound webhook's record answers a gateway's retries: 90 days is far past any of them
        await tx
          .deleteFrom('inbound_messages')
          .where('received_at', '<', new Date(now.getTime() - INBOUND_KEPT_MS))
          .execute();
      });
      await this.database.maintain();
    } catch (error) {
      this.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'housekeeping failed');
    }
  }
}
