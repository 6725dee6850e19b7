import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { AUTH, CHURN_TABLES, type Database } from '../db/database';
import { deleteExpiredAudio } from '../delivery/queries';
import { foldDayCounts } from '../dashboard/day-counts';
import { announceEventChanges } from '../incidents/event-changes';
import { pruneSignInRecords } from '../auth/queries';
import { HandoffNotices, pruneHandoffs } from '../schedules/handoffs';
import { GapWarnings } from '../schedules/gap-warnings';
import { pruneDeliveries } from '../webhooks/queries';

const EVERY_MS = 60 * 60 * 1000;
/** How often the events' count changes are moved into their totals: the rows a list's total adds up stay few. */
export const FOLD_EVERY_MS = 10_000;
/** How long the inbound webhook's messages are kept. */
export const INBOUND_KEPT_MS = 90 * 24 * 60 * 60 * 1000;
/** How often the schedules' handoff notices and gap warnings are looked for. */
export const NOTICES_EVERY_MS = 60_000;

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
 * changes no screen has heard of (migration 0016) and vacuum the tables of such passing rows; every minute, queue the
 * schedules' handoff notices and the day's gap warnings (docs/product.md#handoff-notices,
 * docs/product.md#gap-warnings); every hour, forget ended rate-limit windows and long-expired
 * sessions, delete expired voice-call audio, old inbound messages and old handoff records, and
 * trim each webhook's delivery log.
 */
export class Housekeeping {
  #timer: NodeJS.Timeout | null = null;
  #foldTimer: NodeJS.Timeout | null = null;
  #folding: Promise<void> | null = null;
  #noticeTimer: NodeJS.Timeout | null = null;
  #noticing: Promise<void> | null = null;
  readonly #handoffs: HandoffNotices;
  readonly #gaps: GapWarnings;
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** PUBLIC_URL: the notices link to their schedule */
    publicUrl?: string,
  ) {
    this.#handoffs = new HandoffNotices(database, publicUrl);
    this.#gaps = new GapWarnings(database, publicUrl);
  }

  start(): void {
    void this.runOnce();
    this.#timer = setInterval(() => void this.runOnce(), EVERY_MS);
    this.#timer.unref();
    this.#foldTimer = setInterval(() => void this.fold(), FOLD_EVERY_MS);
    this.#foldTimer.unref();
    this.#noticeTimer = setInterval(() => void this.notices(), NOTICES_EVERY_MS);
    this.#noticeTimer.unref();
  }

  /** Stops the timers; answers once a fold or a run of the notices in progress has ended. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#foldTimer) clearInterval(this.#foldTimer);
    if (this.#noticeTimer) clearInterval(this.#noticeTimer);
    await Promise.all([this.#folding, this.#noticing]);
  }

  /** The schedules' handoff notices, then the gap warnings whose day has come (one run at a time). */
  notices(): Promise<void> {
    this.#noticing ??= this.#handoffs
      .run(this.clock.now())
      .then(() => this.#gaps.run(this.clock.now()))
      .then(
        () => undefined,
        (error: unknown) =>
          this.log.warn(
            { error: error instanceof Error ? error.message : String(error) },
            "queuing the schedules' handoff notices or gap warnings failed",
          ),
      )
      .finally(() => {
        this.#noticing = null;
      });
    return this.#noticing;
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
        await pruneHandoffs(tx, now);
        // docs/product.md#outgoing-webhooks: each webhook keeps its latest deliveries
        await pruneDeliveries(tx);
      });
      await this.database.maintain();
    } catch (error) {
      this.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'housekeeping failed');
    }
  }
}
