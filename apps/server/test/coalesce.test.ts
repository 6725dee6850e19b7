import { describe, expect, it } from 'vitest';
import { coalesce } from '../src/db/coalesce';

/** A batch runner whose batches are answered when the test says so. */
function gate() {
  const batches: {
    keys: readonly number[];
    answer: (values: readonly (number | Error)[]) => void;
    fail: (error: Error) => void;
  }[] = [];
  const run = (keys: readonly number[]) =>
    new Promise<readonly (number | Error)[]>((answer, fail) => {
      batches.push({ keys, answer, fail });
    });
  return { batches, run };
}
const ticks = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced requests (db/coalesce.ts)', () => {
  it('sends a request at once while the database is idle, and gathers the ones made meanwhile into the next batch', async () => {
    const { batches, run } = gate();
    const load = coalesce(run, { flights: 1, maxBatchSize: 100 });
    const first = load(1);
    await ticks();
    expect(batches.map((b) => b.keys)).toEqual([[1]]);
    const later = [load(2), load(3), load(4)];
    await ticks();
    // the first batch is still on its way: the others wait together
    expect(batches).toHaveLength(1);
    batches[0]!.answer([10]);
    expect(await first).toBe(10);
    await ticks();
    expect(batches.map((b) => b.keys)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.answer([20, 30, 40]);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('keeps up to `flights` batches on their way and splits a batch above its largest size', async () => {
    const { batches, run } = gate();
    const load = coalesce(run, { flights: 2, maxBatchSize: 2 });
    const a = load(1);
    await ticks();
    const b = load(2);
    await ticks();
    expect(batches.map((batch) => batch.keys)).toEqual([[1], [2]]);
    const rest = [3, 4, 5].map(load);
    await ticks();
    expect(batches).toHaveLength(2);
    batches[1]!.answer([2]);
    await ticks();
    // the full batch leaves first; the one after it waits for the next free flight
    expect(batches.map((batch) => batch.keys)).toEqual([[1], [2], [3, 4]]);
    batches[0]!.answer([1]);
    await ticks();
    expect(batches.map((batch) => batch.keys)).toEqual([[1], [2], [3, 4], [5]]);
    batches[2]!.answer([3, 4]);
    batches[3]!.answer([5]);
    expect(await Promise.all([a, b, ...rest])).toEqual([1, 2, 3, 4, 5]);
  });

  it('fails only the request whose answer is an error, and every request of a batch that failed', async () => {
    const { batches, run } = gate();
    const load = coalesce(run, { flights: 1, maxBatchSize: 100 });
    const lone = load(1);
    await ticks();
    const [ok, bad] = [load(2), load(3)];
    await ticks();
    batches[0]!.fail(new Error('connection lost'));
    await expect(lone).rejects.toThrow('connection lost');
    await ticks();
    batches[1]!.answer([2, new Error('refused 3')]);
    expect(await ok).toBe(2);
    await expect(bad).rejects.toThrow('refused 3');
    // the runner is free again afterwards
    const again = load(4);
    await ticks();
    batches[2]!.answer([4]);
    expect(await again).toBe(4);
  });
});
