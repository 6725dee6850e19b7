import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { SYSTEM, type Database } from '../db/database';
import { OUTBOX_CHANNEL, claimDue, markFailed, markSent, nextDueAt } from '../db/outbox';
import type { Senders } from './channels';

const IDLE_POLL_MS = 5_000;
const BATCH = 20;

/**
 * The worker side of the outbox: claims due messages, sends them, records the outcome. Woken at
 * once by NOTIFY when a message is queued, and polls otherwise, so a message queued by any
 * process is sent by some worker.
 */
export class OutboxDispatcher {
  #database: Database;
  #clock: Clock;
  #senders: Senders;
  #log: Logger;
  #workerId: string;
  #running = false;
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;
  #pendingWake = false;

  constructor(opts: { database: Database; clock: Clock; senders: Senders; log: Logger; workerId: string }) {
    this.#database = opts.database;
    this.#clock = opts.clock;
    this.#senders = opts.senders;
    this.#log = opts.log;
    this.#workerId = opts.workerId;
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    await this.#database.listen(OUTBOX_CHANNEL, () => this.wake());
    this.#loop = this.#run();
  }

  wake(): void {
    this.#pendingWake = true;
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  /** Sends everything due now; answers how many went out (tests and the CLI use it). */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.#database.scoped(SYSTEM, (tx) => claimDue(tx, this.#clock.now(), this.#workerId, BATCH));
      if (batch.length === 0) return sent;
      for (const message of batch) {
        try {
          await this.#senders[message.channel](message);
          await this.#database.scoped(SYSTEM, (tx) => markSent(tx, message.id, this.#workerId, this.#clock.now()));
          sent++;
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          this.#log.warn({ outboxId: message.id, channel: message.channel, attempt: message.attempts, error: text }, 'message not delivered; will retry');
          await this.#database.scoped(SYSTEM, (tx) => markFailed(tx, message, text, this.#clock.now()));
        }
      }
    }
  }

  async #run(): Promise<void> {
    while (this.#running) {
      this.#pendingWake = false;
      try {
        await this.drain();
      } catch (error) {
        this.#log.error({ error: error instanceof Error ? error.message : String(error) }, 'outbox dispatch failed');
      }
      if (!this.#running) break;
      if (this.#pendingWake) continue;
      let waitMs = IDLE_POLL_MS;
      try {
        const due = await this.#database.scoped(SYSTEM, (tx) => nextDueAt(tx));
        if (due) waitMs = Math.max(50, Math.min(IDLE_POLL_MS, due.getTime() - this.#clock.now().getTime()));
      } catch {
        // keep the idle poll
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }
}
