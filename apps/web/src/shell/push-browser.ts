import { pushKey } from '@relevo/api';
import type { PushDeviceStatus } from '@relevo/domain';
import { api } from './api';
import type { PushDeviceCalls } from './push-device';

/**
 * The browser's side of "Notify me on this device" (docs/product.md#push-notifications): the
 * service worker's registration (/sw.js, scope /), the notification permission and the push
 * subscription. The only module that touches them; `browserPushDevice` (push-device.ts) loads it
 * when a page shows the control, so no route's first JavaScript carries it, and provides it to the
 * domain's push-device machine, whose stories give fixtures instead.
 *
 * One browser has one push subscription for the whole site (one service worker registration), which
 * every owner on the device shares: each responder link's person and the signed-in user store the
 * same endpoint on the server. Stopping therefore removes the endpoint from this owner only and
 * keeps the subscription, which the other owners may still be sent to.
 */

const WORKER = '/sw.js';

/** Whether this browser can take push notifications at all (iOS Safari: only once added to the home screen). */
function isSupported(): boolean {
  return (
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    'showNotification' in ServiceWorkerRegistration.prototype
  );
}

/** The site's current subscription, if a service worker was registered and subscribed before. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What the device is for this owner now; registers nothing and asks nothing. */
export async function checkDevice(calls: PushDeviceCalls): Promise<PushDeviceStatus> {
  if (!isSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'notSubscribed';
  return (await calls.isSubscribed(subscription.endpoint)) ? 'subscribed' : 'notSubscribed';
}

/** A base64url string (the VAPID key as the server gives it) as bytes. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a);
  return left.every((byte, i) => byte === b[i]);
}

/**
 * "Notify me on this device": asks the permission (first, while the click still counts as the
 * person's gesture), registers the service worker, subscribes with the server's VAPID key (a
 * subscription made with another key, before a key change, is replaced) and stores it for the owner.
 */
export async function subscribeDevice(calls: PushDeviceCalls): Promise<'subscribed' | 'denied'> {
  if (!isSupported()) throw new Error('This browser cannot show notifications from Relevo.');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted')
    throw new Error('Notifications were not allowed. Choose Allow when the browser asks, to get them on this device.');
  await navigator.serviceWorker.register(WORKER, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = bytesOf((await api.call(pushKey)).public_key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: key })
    .catch((error: unknown) => {
      // the browser's own words ('Registration failed - push service error') say little to a person;
      // the two messages are the catalog's (PushDeviceControl shows them in the reader's language)
      const detail = error instanceof Error && error.message ? error.message : null;
      throw new Error(
        detail
          ? `The browser’s push service did not take this device (${detail}). Try again later.`
          : 'The browser’s push service did not take this device. Try again later.',
      );
    });
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave an incomplete push subscription.');
  await calls.store({
    endpoint,
    expirationTime: expirationTime ?? null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  return 'subscribed';
}

/** "Stop notifications on this device": the owner's device removed on the server; the subscription stays (see above). */
export async function unsubscribeDevice(calls: PushDeviceCalls): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await calls.remove(subscription.endpoint);
}
