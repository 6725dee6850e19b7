import type { PushSubscriptionBody } from '@relevo/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDeviceCalls } from './push-device';

/** The server's VAPID key (65 bytes, base64url) and another one, from before a key change. */
const KEY = Buffer.alloc(65, 4);
const OLD_KEY = Buffer.alloc(65, 7);

vi.mock('./api', () => ({ api: { call: async () => ({ public_key: KEY.toString('base64url') }) } }));
const { checkDevice, subscribeDevice, unsubscribeDevice } = await import('./push-browser');

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const KEYS = { p256dh: `B${'A'.repeat(85)}A`, auth: `${'A'.repeat(21)}A` };

/** A browser subscription: its key, and whether it was ended. */
function subscriptionWith(key: Buffer) {
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: new Uint8Array(key).buffer },
    ended: false,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: async () => {
      subscription.ended = true;
      return true;
    },
  };
  return subscription;
}
type FakeSubscription = ReturnType<typeof subscriptionWith>;

/** A fake browser: secure, with a service worker, push and notifications, as Chromium or Firefox. */
function fakeBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  const state = {
    permission: options.permission ?? 'default',
    registered: [] as string[],
    current: null as FakeSubscription | null,
    subscribedWith: [] as Uint8Array[],
    asked: 0,
  };
  const pushManager = {
    getSubscription: async () => (state.current && !state.current.ended ? state.current : null),
    subscribe: async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      state.subscribedWith.push(applicationServerKey);
      state.current = subscriptionWith(Buffer.from(applicationServerKey));
      return state.current;
    },
  };
  const registration = { pushManager };
  class ServiceWorkerRegistration {
    showNotification() {}
  }
  vi.stubGlobal('window', { isSecureContext: true, PushManager: class {}, Notification: {} });
  vi.stubGlobal('ServiceWorkerRegistration', ServiceWorkerRegistration);
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: async () => {
      state.asked++;
      state.permission = options.answer ?? 'granted';
      return state.permission;
    },
  });
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: async () => (state.registered.length ? registration : undefined),
      register: async (url: string) => {
        state.registered.push(url);
        return registration;
      },
      get ready() {
        return Promise.resolve(registration);
      },
    },
  });
  return state;
}

/** The owner's calls on the server, recording what was stored and removed. */
function serverCalls(kept: string[] = []) {
  const stored: PushSubscriptionBody[] = [];
  const removed: string[] = [];
  const calls: PushDeviceCalls = {
    isSubscribed: async (endpoint) => kept.includes(endpoint),
    store: async (body) => stored.push(body),
    remove: async (endpoint) => removed.push(endpoint),
  };
  return { calls, stored, removed };
}

describe('the browser side of "Notify me on this device" (docs/product.md#push-notifications)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('calls a browser without service workers or push unsupported', async () => {
    vi.stubGlobal('window', { isSecureContext: true });
    vi.stubGlobal('navigator', {});
    expect(await checkDevice(serverCalls().calls)).toBe('unsupported');
    fakeBrowser();
    vi.stubGlobal('window', { isSecureContext: false, PushManager: class {}, Notification: {} });
    expect(await checkDevice(serverCalls().calls)).toBe('unsupported');
  });

  it('reads a blocked permission as denied, without registering anything', async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    expect(await checkDevice(serverCalls().calls)).toBe('denied');
    expect(browser.registered).toEqual([]);
  });

  it('is subscribed only when the browser has a subscription the owner keeps on the server', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    expect(await checkDevice(serverCalls([ENDPOINT]).calls)).toBe('notSubscribed');
    browser.registered.push('/sw.js');
    browser.current = subscriptionWith(KEY);
    expect(await checkDevice(serverCalls([ENDPOINT]).calls)).toBe('subscribed');
    // another owner on this device (another link's person, the profile's user) does not keep it
    expect(await checkDevice(serverCalls([]).calls)).toBe('notSubscribed');
  });

  it('asks first, registers /sw.js, subscribes with the server key and stores the subscription', async () => {
    const browser = fakeBrowser();
    const server = serverCalls();
    expect(await subscribeDevice(server.calls)).toBe('subscribed');
    expect(browser.asked).toBe(1);
    expect(browser.registered).toEqual(['/sw.js']);
    expect(browser.subscribedWith.map((key) => Buffer.from(key))).toEqual([KEY]);
    expect(server.stored).toEqual([{ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }]);
  });

  it('answers denied when the person blocks, and fails when the question was dismissed', async () => {
    const blocked = fakeBrowser({ answer: 'denied' });
    const server = serverCalls();
    expect(await subscribeDevice(server.calls)).toBe('denied');
    expect(blocked.registered).toEqual([]);
    fakeBrowser({ answer: 'default' });
    await expect(subscribeDevice(server.calls)).rejects.toThrow('Notifications were not allowed');
    expect(server.stored).toEqual([]);
  });

  it('keeps a subscription of the same key and replaces one made with a key from before a change', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const same = subscriptionWith(KEY);
    browser.current = same;
    await subscribeDevice(serverCalls().calls);
    expect(browser.subscribedWith).toEqual([]);
    expect(same.ended).toBe(false);

    const old = subscriptionWith(OLD_KEY);
    browser.current = old;
    await subscribeDevice(serverCalls().calls);
    expect(old.ended).toBe(true);
    expect(browser.subscribedWith.map((key) => Buffer.from(key))).toEqual([KEY]);
  });

  it('stops by removing the endpoint for this owner, keeping the subscription the other owners share', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    browser.registered.push('/sw.js');
    const subscription = subscriptionWith(KEY);
    browser.current = subscription;
    const server = serverCalls([ENDPOINT]);
    await unsubscribeDevice(server.calls);
    expect(server.removed).toEqual([ENDPOINT]);
    expect(subscription.ended).toBe(false);
  });
});
