import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../db/database';

/** The channel that carries a customer's id when its events changed (migrations 0013, 0016). */
export const EVENTS_CHANNEL = 'relevo_events';

/** How often a process whose screens listen announces the events changed since (migration 0016). */
export const ANNOUNCE_EVERY_MS = 250;

/**
 * Notifies `relevo_events` once for each customer whose events changed since the last call, from
 * the marks the events' triggers write (migration 0016); answers how many marks it took (0 while
 * another process announces).
 */
export async function announceEventChanges(database: Pick<Database, 'scoped'>): Promise<number> {
  return database.scoped(
    { kind: 'staff' },
    async (tx) =>
      (await sql<{ taken: number }>`select relevo_announce_event_changes() as taken`.execute(tx)).rows[0]!.taken,
  );
}

export interface ChangeStreamOptions {
  /** several changes this close together make one message (a storm of incidents is one reload) */
  coalesceMs: number;
  /** a comment line this often keeps proxies from closing a quiet stream */
  heartbeatMs: number;
  /** a stream ends after this long; the browser opens a new one at once, its session checked again */
  lifetimeMs: number;
  /** how soon a browser reconnects after a stream ends or drops */
  retryMs: number;
}

export const CHANGE_STREAM_DEFAULTS: ChangeStreamOptions = {
  coalesceMs: 150,
  heartbeatMs: 25_000,
  lifetimeMs: 10 * 60_000,
  retryMs: 2_000,
};

type Listener = () => void;

const hubs = new WeakMap<object, EventChanges>();

/** The one EventChanges of an app (its routes and its shutdown share it). */
export function eventChangesOf(
  ctx: { database: Pick<Database, 'listen' | 'scoped'> },
  options?: Partial<ChangeStreamOptions>,
): EventChanges {
  let hub = hubs.get(ctx);
  if (!hub) hubs.set(ctx, (hub = new EventChanges(ctx.database, options)));
  return hub;
}

/**
 * Word of changes to a customer's events, for the screens that show them (server-sent events).
 * One LISTEN per process on `relevo_events`, whatever the number of screens open: each
 * notification names a customer, and only that customer's streams hear of it. Any process may
 * have written the event (an API process, a worker): PostgreSQL carries the notification to all.
 * Once it listens, the process also announces the changes marked since (`announceEventChanges`)
 * every ANNOUNCE_EVERY_MS, for every process, so a screen hears of a change within half a second.
 */
export class EventChanges {
  #database: Pick<Database, 'listen' | 'scoped'>;
  #announcing: NodeJS.Timeout | null = null;
  #announced: Promise<unknown> | null = null;
  #listeners = new Map<number, Set<Listener>>();
  #listening: Promise<void> | null = null;
  #options: ChangeStreamOptions;
  #open = new Set<PassThrough>();

  constructor(database: Pick<Database, 'listen' | 'scoped'>, options: Partial<ChangeStreamOptions> = {}) {
    this.#database = database;
    this.#options = { ...CHANGE_STREAM_DEFAULTS, ...options };
  }

  #listen(): Promise<void> {
    this.#listening ??= this.#database
      .listen(EVENTS_CHANNEL, (payload) => this.#notify(Number(payload)), {
        // notifications sent while the connection was down are gone: every screen reads its page again
        onReconnect: () => {
          for (const customerId of this.#listeners.keys()) this.#notify(customerId);
        },
      })
      .then(() => this.#announce())
      .catch((error: unknown) => {
        this.#listening = null;
        throw error;
      });
    return this.#listening;
  }

  /** Announces every ANNOUNCE_EVERY_MS, one call at a time; a failed call is retried at the next. */
  #announce(): void {
    if (this.#announcing) return;
    this.#announcing = setInterval(() => {
      this.#announced ??= announceEventChanges(this.#database)
        .catch(() => undefined)
        .finally(() => (this.#announced = null));
    }, ANNOUNCE_EVERY_MS);
    this.#announcing.unref();
  }

  #notify(customerId: number): void {
    for (const listener of this.#listeners.get(customerId) ?? []) listener();
  }

  /** Calls `listener` on every change of the customer's events; answers the unsubscribe. */
  async subscribe(customerId: number, listener: Listener): Promise<() => void> {
    await this.#listen();
    let set = this.#listeners.get(customerId);
    if (!set) this.#listeners.set(customerId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(customerId) === set) this.#listeners.delete(customerId);
    };
  }

  /** Ends every open stream and the announcements (the server is stopping: an open stream would hold its connection). */
  async closeAll(): Promise<void> {
    for (const out of this.#open) out.end();
    if (this.#announcing) clearInterval(this.#announcing);
    this.#announcing = null;
    await this.#announced;
  }

  /** How many streams are open (for tests and the health of a process). */
  get streams(): number {
    let count = 0;
    for (const set of this.#listeners.values()) count += set.size;
    return count;
  }

  /**
   * A text/event-stream for one customer: `ready` once listening, then `changed` after changes
   * (coalesced), comments as heartbeats, and an end after `lifetimeMs`.
   */
  async stream(customerId: number): Promise<Readable> {
    const { coalesceMs, heartbeatMs, lifetimeMs, retryMs } = this.#options;
    const out = new PassThrough();
    let pending: NodeJS.Timeout | null = null;
    const unsubscribe = await this.subscribe(customerId, () => {
      pending ??= setTimeout(() => {
        pending = null;
        out.write('event: changed\ndata: {}\n\n');
      }, coalesceMs);
    });
    const heartbeat = setInterval(() => out.write(': still here\n\n'), heartbeatMs);
    const lifetime = setTimeout(() => out.end(), lifetimeMs);
    this.#open.add(out);
    const stop = () => {
      this.#open.delete(out);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      if (pending) clearTimeout(pending);
    };
    out.on('close', stop);
    out.on('finish', stop);
    out.write(`retry: ${retryMs}\nevent: ready\ndata: {}\n\n`);
    return out;
  }
}
