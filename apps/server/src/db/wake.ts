import { sql, type Kysely } from 'kysely';

/** Anything that can send a NOTIFY (a Database, or a Kysely instance's connection pool). */
export interface Notifier {
  notify(channel: string, payload: string): Promise<void>;
}

interface Waking {
  again: boolean;
  done: Promise<void>;
}

/** After a wake-up of a channel, the next one waits this long: calls meanwhile join it. */
export const WAKE_SPACING_MS = 20;

const waking = new WeakMap<object, Map<string, Waking>>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wakes the processes listening on `channel` (an empty NOTIFY), after the caller's transaction
 * committed. Calls that come while a wake-up of the channel is on its way make one more after it,
 * WAKE_SPACING_MS later, whatever their number: PostgreSQL commits one notifying transaction at a
 * time, each waiting for its commit to reach the disk, so a NOTIFY per incident or per message
 * made every such commit of the cluster wait in one line (migration 0016). Answers once a wake-up
 * that began after the call has been sent; a failed one is left to the listeners' own polls.
 */
export function wake(notifier: Notifier, channel: string): Promise<void> {
  let channels = waking.get(notifier);
  if (!channels) waking.set(notifier, (channels = new Map()));
  const running = channels.get(channel);
  if (running) {
    running.again = true;
    return running.done;
  }
  const entry: Waking = { again: false, done: Promise.resolve() };
  const all = channels;
  entry.done = (async () => {
    for (;;) {
      entry.again = false;
      await notifier.notify(channel, '').catch(() => undefined);
      if (!entry.again) break;
      await sleep(WAKE_SPACING_MS);
    }
    all.delete(channel);
  })();
  channels.set(channel, entry);
  return entry.done;
}

const afterCommit = new WeakMap<object, Set<string>>();
const notifiers = new WeakMap<object, Notifier>();

/** The NOTIFY of a Kysely instance's connections (one per instance: `wake` coalesces per notifier). */
export function notifierOf<D>(db: Kysely<D>): Notifier {
  let notifier = notifiers.get(db);
  if (!notifier) {
    notifier = {
      async notify(channel, payload) {
        await sql`select pg_notify(${channel}, ${payload})`.execute(db);
      },
    };
    notifiers.set(db, notifier);
  }
  return notifier;
}

/**
 * Asks for a wake-up of `channel` once the unit of work `tx` (of `Database.scoped` or
 * `scopedPrepared`) has committed; nothing is sent when it rolls back.
 */
export function wakeAfterCommit(tx: object, channel: string): void {
  let channels = afterCommit.get(tx);
  if (!channels) afterCommit.set(tx, (channels = new Set()));
  channels.add(channel);
}

/** The wake-ups asked for in `tx`, sent (`committed`) or dropped; for the implementations of `scoped`. */
export function settleWakes<D>(db: Kysely<D>, tx: object | null, committed: boolean): void {
  if (!tx) return;
  const channels = afterCommit.get(tx);
  if (!channels) return;
  afterCommit.delete(tx);
  if (!committed) return;
  for (const channel of channels) void wake(notifierOf(db), channel);
}
