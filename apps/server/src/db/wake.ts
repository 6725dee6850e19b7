import type { Database } from './database';

interface Waking {
  again: boolean;
  done: Promise<void>;
}

const waking = new WeakMap<object, Map<string, Waking>>();

/**
 * Wakes the processes listening on `channel` (an empty NOTIFY), after the caller's transaction
 * committed. Calls that come while a wake-up of the channel is on its way make one more after it,
 * whatever their number: PostgreSQL commits one notifying transaction at a time, each waiting for
 * its commit to reach the disk, so a NOTIFY per incident or per message would make every such
 * commit of the cluster wait in one line (migration 0016). Answers once a wake-up that began after
 * the call has been sent; a failed one is left to the listeners' own polls.
 */
export function wake(database: Pick<Database, 'notify'>, channel: string): Promise<void> {
  let channels = waking.get(database);
  if (!channels) waking.set(database, (channels = new Map()));
  const running = channels.get(channel);
  if (running) {
    running.again = true;
    return running.done;
  }
  const entry: Waking = { again: false, done: Promise.resolve() };
  const all = channels;
  entry.done = (async () => {
    do {
      entry.again = false;
      await database.notify(channel, '').catch(() => undefined);
    } while (entry.again);
    all.delete(channel);
  })();
  channels.set(channel, entry);
  return entry.done;
}
