import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { AUTH, type Database } from '../db/database';
import { deleteExpiredAudio } from '../db/event-audio';
import { pruneRateLimits } from '../db/rate-limits';
import { pruneSessions } from '../db/sessions';

const EVERY_MS = 60 * 60 * 1000;
/** How long the inbound webhook's messages are kept. */
export const INBOUND_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

/** Worker chores: forget ended rate-limit windows and long-expired sessions, delete expired voice-call audio and old inbound messages. */
export class Housekeeping {
  #timer: NodeJS.Timeout | null = null;
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  start(): void {
    void this.runOnce();
    this.#timer = setInterval(() => void this.runOnce(), EVERY_MS);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
  }

  async runOnce(): Promise<void> {
    try {
      const now = this.clock.now();
      await this.database.scoped(AUTH, async (tx) => {
        await pruneRateLimits(tx, now);
        await pruneSessions(tx, now);
      });
      await this.database.scoped({ kind: 'staff' }, async (tx) => {
        // spec: an event's audio expires 7 days after the event
        await deleteExpiredAudio(tx, now);
        // the inbound webhook's record answers a gateway's retries: 90 days is far past any of them
        await tx.deleteFrom('inbound_messages').where('received_at', '<', new Date(now.getTime() - INBOUND_KEPT_MS)).execute();
      });
      await this.database.maintain();
    } catch (error) {
      this.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'housekeeping failed');
    }
  }
}
