import { PUSH_MESSAGES, type PushDeviceStatus } from '@relevo/domain';
import type { PushDeviceIO } from '../shell/push-device';
import { never } from './fixtures';

/** The push-service refusal a failed subscription shows (the server's 422 on the endpoint). */
export const PUSH_REFUSAL = PUSH_MESSAGES.pushService;

/**
 * A device for "Notify me on this device" in stories: what it is at first, and how subscribing
 * and stopping end (`working` never ends, `failed` is refused with PUSH_REFUSAL, `denied` is the
 * person blocking the browser's question).
 */
export function storyPushDevice(
  status: PushDeviceStatus,
  outcome: { subscribe?: 'subscribed' | 'denied' | 'working' | 'failed' } = {},
): PushDeviceIO {
  return {
    check: async () => status,
    subscribe: async () => {
      const result = outcome.subscribe ?? 'subscribed';
      if (result === 'working') return never();
      if (result === 'failed') throw new Error(PUSH_REFUSAL);
      return result;
    },
    unsubscribe: async () => undefined,
  };
}

/** The push states a page's stories show, by name (story args stay plain strings). */
export const PUSH_DEVICES = {
  notSubscribed: () => storyPushDevice('notSubscribed'),
  subscribed: () => storyPushDevice('subscribed'),
  denied: () => storyPushDevice('denied'),
  unsupported: () => storyPushDevice('unsupported'),
  working: () => storyPushDevice('notSubscribed', { subscribe: 'working' }),
  failed: () => storyPushDevice('notSubscribed', { subscribe: 'failed' }),
  refusedByPerson: () => storyPushDevice('notSubscribed', { subscribe: 'denied' }),
} satisfies Record<string, () => PushDeviceIO>;
export type PushDeviceFixture = keyof typeof PUSH_DEVICES;
