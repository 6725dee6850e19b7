import { assign, setup } from 'xstate';
import { errorText, notProvided } from '../shared';

/**
 * "Notify me on this device" (docs/product.md#push-notifications), on the responder page and the
 * profile:
 *
 *   checking ──▶ unsupported (final)      the browser has no service worker, push or notifications
 *      │    ──▶ denied                    notifications blocked: the page says how to allow them
 *      │    ──▶ subscribed ──STOP──▶ unsubscribing ──▶ notSubscribed
 *      └────▶ notSubscribed ──NOTIFY──▶ subscribing ──▶ subscribed
 *                                             └─ permission refused ──▶ denied
 *
 * A failed call goes back to where it came from with its message. Actors: `check` (what the
 * device is now), `subscribe` (asks permission, subscribes with the server's key, stores it:
 * 'subscribed', or 'denied' when the person refused) and `unsubscribe`.
 */
export type PushDeviceStatus = 'unsupported' | 'denied' | 'subscribed' | 'notSubscribed';

export interface PushDeviceContext {
  error: string | null;
}

export type PushDeviceEvent = { type: 'NOTIFY' } | { type: 'STOP' };

export const pushDeviceMachine = setup({
  types: { context: {} as PushDeviceContext, events: {} as PushDeviceEvent },
  actions: {
    failed: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    cleared: assign({ error: null }),
  },
  actors: {
    check: notProvided<PushDeviceStatus, void>('check'),
    subscribe: notProvided<'subscribed' | 'denied', void>('subscribe'),
    unsubscribe: notProvided<void, void>('unsubscribe'),
  },
}).createMachine({
  id: 'pushDevice',
  context: { error: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'check',
        onDone: [
          { guard: ({ event }) => event.output === 'unsupported', target: 'unsupported' },
          { guard: ({ event }) => event.output === 'denied', target: 'denied' },
          { guard: ({ event }) => event.output === 'subscribed', target: 'subscribed' },
          { target: 'notSubscribed' },
        ],
        // what the device is could not be read: it can still subscribe
        onError: {
          target: 'notSubscribed',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    unsupported: { type: 'final' },
    denied: {},
    notSubscribed: { on: { NOTIFY: { target: 'subscribing', actions: 'cleared' } } },
    subscribing: {
      invoke: {
        src: 'subscribe',
        onDone: [{ guard: ({ event }) => event.output === 'denied', target: 'denied' }, { target: 'subscribed' }],
        onError: {
          target: 'notSubscribed',
          actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    subscribed: { on: { STOP: { target: 'unsubscribing', actions: 'cleared' } } },
    unsubscribing: {
      invoke: {
        src: 'unsubscribe',
        onDone: { target: 'notSubscribed' },
        onError: { target: 'subscribed', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
