import { assign, setup } from 'xstate';
import type { ListOf } from '../../entities/paging';
import { notProvided } from '../shared';

/**
 * One page request of a server-paged list, as the wire names it (docs/product.md#entities paging request). Unlike
 * the parsed PageQuery every field is set: a screen always knows its page, sort and search.
 */
export interface ListQuery {
  page_num: number;
  page_size: number;
  search: string;
  order_by_column: string;
  order_by_direction: 'asc' | 'desc';
}

export interface ListContext<Row = unknown> {
  /** the request of the page shown (or being loaded) */
  query: ListQuery;
  rows: Row[];
  total: number;
  /** the last failure, kept for logging; the screen shows an empty list (docs/product.md#http-calls) */
  error: unknown;
}

export type ListEvent =
  /** new page, sort or search: the load under way is dropped, the last request wins */
  | { type: 'PARAMS'; query: ListQuery }
  /** load the same page again (the Reload button, or after a save or delete) */
  | { type: 'RELOAD' };

export const sameListQuery = (a: ListQuery, b: ListQuery): boolean =>
  a.page_num === b.page_num &&
  a.page_size === b.page_size &&
  a.search === b.search &&
  a.order_by_column === b.order_by_column &&
  a.order_by_direction === b.order_by_direction;

/**
 * A server-paged list: loading → ready, or failed with an empty list (docs/product.md#http-calls 'Failed list loads
 * give an empty list silently'). `load` is injected (`listMachine.provide({ actors: { load } })`);
 * it receives the ListQuery as input and the actor's abort signal, so a superseded request is
 * cancelled and its answer can never overwrite a newer one. While a page loads the previous rows
 * stay in context, so a table does not jump while the next page arrives.
 */
export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { query: ListQuery },
  },
  actors: { load: notProvided<ListOf<unknown>, ListQuery>('load') },
  guards: {
    isNewQuery: ({ context, event }) => event.type === 'PARAMS' && !sameListQuery(context.query, event.query),
  },
  actions: {
    assignQuery: assign({ query: ({ context, event }) => (event.type === 'PARAMS' ? event.query : context.query) }),
  },
}).createMachine({
  id: 'list',
  initial: 'loading',
  context: ({ input }) => ({ query: input.query, rows: [], total: 0, error: null }),
  on: {
    // re-entering `loading` stops the load under way (its signal aborts, its answer is ignored)
    PARAMS: { guard: 'isNewQuery', target: '.loading', reenter: true, actions: 'assignQuery' },
    RELOAD: { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => context.query,
        onDone: {
          target: 'ready',
          actions: assign({
            rows: ({ event }) => event.output.list,
            total: ({ event }) => event.output.total,
            error: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ rows: [], total: 0, error: ({ event }) => event.error }),
        },
      },
    },
    ready: {},
    failed: {},
  },
});
