import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ListOf } from '../../entities/paging';
import { tick } from '../test-actors';
import { listMachine, sameListQuery, type ListQuery } from './list.machine';

const QUERY: ListQuery = {
  page_num: 1,
  page_size: 10,
  search: '',
  order_by_column: 'customer_id',
  order_by_direction: 'asc',
};

interface Call {
  query: ListQuery;
  signal: AbortSignal;
  resolve: (value: ListOf<string>) => void;
  reject: (error: unknown) => void;
}

/** A load actor whose every call the test settles by hand, in any order. */
function loads() {
  const calls: Call[] = [];
  const load = fromPromise<ListOf<unknown>, ListQuery>(
    ({ input, signal }) =>
      new Promise<ListOf<unknown>>((resolve, reject) => {
        calls.push({ query: input, signal, resolve, reject });
      }),
  );
  return { calls, load };
}

function start(query: ListQuery = QUERY) {
  const { calls, load } = loads();
  const actor = createActor(listMachine.provide({ actors: { load } }), { input: { query } }).start();
  return { actor, calls };
}

const page = (...names: string[]): ListOf<string> => ({ total: 42, list: names });

describe('list machine (docs/product.md#tables, #http-calls)', () => {
  it('loads the first page on start and shows it', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls.map((call) => call.query)).toEqual([QUERY]);
    calls[0]!.resolve(page('Acme', 'Globex'));
    await tick();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ rows: ['Acme', 'Globex'], total: 42, error: null });
  });

  it('loads again with new params and keeps the shown rows while the next page loads', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve(page('Acme'));
    await tick();
    const next = { ...QUERY, page_num: 2 };
    actor.send({ type: 'PARAMS', query: next });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.rows).toEqual(['Acme']);
    expect(calls[1]!.query).toEqual(next);
    calls[1]!.resolve(page('Initech'));
    await tick();
    expect(actor.getSnapshot().context).toMatchObject({ query: next, rows: ['Initech'] });
  });

  it('ignores params equal to the ones shown', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve(page('Acme'));
    await tick();
    actor.send({ type: 'PARAMS', query: { ...QUERY } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toHaveLength(1);
  });

  it('cancels a stale load: the last params win even when the older answer arrives later', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'PARAMS', query: { ...QUERY, search: 'ac' } });
    actor.send({ type: 'PARAMS', query: { ...QUERY, search: 'acm' } });
    expect(calls).toHaveLength(3);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.signal.aborted).toBe(false);
    calls[2]!.resolve(page('Acme'));
    await tick();
    calls[1]!.resolve(page('Acme', 'Acorn'));
    calls[0]!.reject(new Error('aborted'));
    await tick();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ query: { search: 'acm' }, rows: ['Acme'], error: null });
  });

  it('a failed load gives an empty list', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve(page('Acme'));
    await tick();
    actor.send({ type: 'PARAMS', query: { ...QUERY, page_num: 2 } });
    const failure = new Error('We have a problem');
    calls[1]!.reject(failure);
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ rows: [], total: 0, error: failure });
  });

  it('retries the same params on reload after a failure', async () => {
    const { actor, calls } = start();
    calls[0]!.reject(new Error('We have a problem'));
    await tick();
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[1]!.query).toEqual(QUERY);
    calls[1]!.resolve(page('Acme'));
    await tick();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ rows: ['Acme'], total: 42, error: null });
  });

  it('loads new params after a failure', async () => {
    const { actor, calls } = start();
    calls[0]!.reject(new Error('We have a problem'));
    await tick();
    actor.send({ type: 'PARAMS', query: { ...QUERY, search: 'x' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[1]!.query.search).toBe('x');
  });

  it('reloads the shown page (after a save) and drops a load under way', async () => {
    const { actor, calls } = start();
    calls[0]!.resolve(page('Acme'));
    await tick();
    actor.send({ type: 'RELOAD' });
    actor.send({ type: 'RELOAD' });
    expect(calls).toHaveLength(3);
    expect(calls[1]!.signal.aborted).toBe(true);
    calls[1]!.resolve(page('stale'));
    calls[2]!.resolve(page('Acme', 'Globex'));
    await tick();
    expect(actor.getSnapshot().context.rows).toEqual(['Acme', 'Globex']);
  });

  it('compares queries field by field', () => {
    expect(sameListQuery(QUERY, { ...QUERY })).toBe(true);
    expect(sameListQuery(QUERY, { ...QUERY, order_by_direction: 'desc' })).toBe(false);
    expect(sameListQuery(QUERY, { ...QUERY, page_size: 20 })).toBe(false);
  });
});
