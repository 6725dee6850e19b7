import DataLoader from 'dataloader';

export interface CoalesceOptions {
  /** batches on their way to the database at once; a request arriving meanwhile waits for the next batch */
  flights: number;
  /** the most requests in one batch */
  maxBatchSize: number;
}

/**
 * Many small requests for the database as few batches (docs/perf.md, "Ingest"): while `flights`
 * batches are on their way, every new request joins the next batch, which leaves as soon as one of
 * them is answered. An idle database gets a request at once, alone; a busy one gets them together,
 * one round trip and one commit for all. Each request is sent after it was made, so it sees every
 * change committed before it (no answer is shared with a request made later). `run` answers every
 * key of a batch, in order, with its value or its own error; when `run` throws, every request of
 * its batch fails with that error.
 */
export function coalesce<K, V>(
  run: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  options: CoalesceOptions,
): (key: K) => Promise<V> {
  let flying = 0;
  // batches ready to leave, oldest first (a batch at its largest size is ready while the next gathers)
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      flying++;
      try {
        return await run(keys);
      } finally {
        flying--;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize,
      // called when a batch gets its first request
      batchScheduleFn: (dispatch) => {
        if (flying < options.flights) process.nextTick(dispatch);
        else waiting.push(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}
