import { assign, setup } from 'xstate';
import type { ResponderView } from '../../entities/incident';
import { errorText, notProvided } from '../shared';

/**
 * The responder page (docs/product.md#escalation-engine), opened from the link of a call, SMS or e-mail:
 *
 *   loading ──done──▶ ready ──ACCEPT──▶ accepting ──done──▶ ready (accepted)
 *      │                │  └─RESOLVE──▶ resolving ──done──▶ ready (resolved)
 *    error              │                   │ error
 *      ▼                ◀──── failed ◀──────┘   (the message; RETRY reads the event again)
 *   unavailable (final: the link is not valid or the event is closed)
 *
 * Opening the page only reads (a mail scanner's fetch changes nothing); each button is one POST.
 * Actors: `load`, `accept`, `resolve`, each answering the event as it now is.
 */
export interface ResponderContext {
  view: ResponderView | null;
  /** the last action's outcome, said once it is done */
  done: 'accepted' | 'resolved' | null;
  error: string | null;
}

export type ResponderEvent = { type: 'ACCEPT' } | { type: 'RESOLVE' } | { type: 'RETRY' };

export const responderMachine = setup({
  types: { context: {} as ResponderContext, events: {} as ResponderEvent },
  actors: {
    load: notProvided<ResponderView, void>('load'),
    accept: notProvided<ResponderView, void>('accept'),
    resolve: notProvided<ResponderView, void>('resolve'),
  },
  guards: {
    mayAccept: ({ context }) => !!context.view?.can_accept,
    mayResolve: ({ context }) => !!context.view?.can_resolve,
  },
}).createMachine({
  id: 'responder',
  context: { view: null, done: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ view: event.output, error: null })) },
        onError: { target: 'unavailable', actions: assign(({ event }) => ({ error: errorText(event.error) })) },
      },
    },
    ready: {
      on: {
        ACCEPT: { guard: 'mayAccept', target: 'accepting' },
        RESOLVE: { guard: 'mayResolve', target: 'resolving' },
      },
    },
    accepting: {
      invoke: {
        src: 'accept',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ view: event.output, done: 'accepted' as const, error: null })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorText(event.error) })) },
      },
    },
    resolving: {
      invoke: {
        src: 'resolve',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ view: event.output, done: 'resolved' as const, error: null })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorText(event.error) })) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    unavailable: { type: 'final' },
  },
});
