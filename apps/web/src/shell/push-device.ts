import { pushDeviceMachine, type PushDeviceStatus, type PushSubscriptionBody } from '@relevo/domain';
import { fromPromise } from 'xstate';

/**
 * The server's side of one owner's devices (docs/product.md#push-notifications): a responder
 * link's person (the token's endpoints) or the signed-in user (the profile's). Each page passes its own.
 */
export interface PushDeviceCalls {
  /** whether the owner keeps this endpoint */
  isSubscribed: (endpoint: string) => Promise<boolean>;
  store: (subscription: PushSubscriptionBody) => Promise<unknown>;
  remove: (endpoint: string) => Promise<unknown>;
}

/** The I/O of the push-device machine, one function per actor: the browser's (below) or a story's fixture. */
export interface PushDeviceIO {
  check: () => Promise<PushDeviceStatus>;
  subscribe: () => Promise<'subscribed' | 'denied'>;
  unsubscribe: () => Promise<void>;
}

/** The browser's I/O for one owner; its module (push-browser.ts) loads when a control first checks. */
export function browserPushDevice(calls: PushDeviceCalls): PushDeviceIO {
  const browser = () => import('./push-browser');
  return {
    check: async () => (await browser()).checkDevice(calls),
    subscribe: async () => (await browser()).subscribeDevice(calls),
    unsubscribe: async () => (await browser()).unsubscribeDevice(calls),
  };
}

/** The domain's push-device machine on this I/O. */
export function pushDeviceMachineOf(io: PushDeviceIO) {
  return pushDeviceMachine.provide({
    actors: {
      check: fromPromise(() => io.check()),
      subscribe: fromPromise(() => io.subscribe()),
      unsubscribe: fromPromise(() => io.unsubscribe()),
    },
  });
}
