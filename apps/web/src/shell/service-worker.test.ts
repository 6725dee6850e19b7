/**
 * public/sw.js, the service worker (docs/product.md#push-notifications), run in a node:vm context
 * with a fake ServiceWorkerGlobalScope: what a push shows, and what a click on the notification or
 * on its Accept and Resolve does.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://relevo.example';
const PAGE = `${ORIGIN}/respond/12.0.abc`;

/** The server's notification (apps/server/src/delivery/push-sender.ts) with its actions' addresses. */
const NOTIFICATION = {
  title: 'Case K7QW2M9P: Checkout errors above 5%',
  body: 'New incident. The payment provider answers 502.',
  case_id: 'K7QW2M9P',
  lang: 'en',
  url: PAGE,
  actions: [
    { action: 'accept', title: 'Accept', url: `${ORIGIN}/api/v1/respond/12.0.abc/accept` },
    { action: 'resolve', title: 'Resolve', url: `${ORIGIN}/api/v1/respond/12.0.abc/resolve` },
  ],
};

type Listener = (event: Record<string, unknown>) => void;
interface Shown {
  title: string;
  options: Record<string, unknown>;
}

/** Loads sw.js against fakes: the notifications it shows, the requests it sends, the windows it opens or focuses. */
function worker(answer: (url: string) => Response | Promise<Response> = () => new Response('{}')) {
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const windows = [{ url: `${ORIGIN}/dashboard` }];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown> = {}) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async () => windows.map((w) => ({ ...w, focus: async () => focused.push(w.url) })),
      openWindow: async (url: string) => opened.push(url),
    },
  };
  const fetch = async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return answer(url);
  };
  runInNewContext(SOURCE, { self, fetch, URL });

  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  const push = (data: unknown) =>
    dispatch('push', {
      data: {
        json: () => (typeof data === 'string' ? JSON.parse(data) : data),
      },
    });
  const click = (action: string, data: unknown = NOTIFICATION) => {
    const notification = { data, closed: false, close: () => (notification.closed = true) };
    return dispatch('notificationclick', { action, notification }).then(() => notification);
  };
  return { shown, requests, opened, focused, windows, push, click };
}

describe('the service worker', () => {
  it('shows a push with its case as tag, ringing again, kept until acted on, with Accept and Resolve', async () => {
    const sw = worker();
    await sw.push(NOTIFICATION);
    expect(sw.shown).toEqual([
      {
        title: NOTIFICATION.title,
        options: expect.objectContaining({
          body: NOTIFICATION.body,
          tag: 'K7QW2M9P',
          renotify: true,
          requireInteraction: true,
          data: NOTIFICATION,
        }),
      },
    ]);
    expect(sw.shown[0]!.options.actions).toEqual([
      { action: 'accept', title: 'Accept' },
      { action: 'resolve', title: 'Resolve' },
    ]);
  });

  it('still shows something for a push it cannot read', async () => {
    const sw = worker();
    await sw.push('not json');
    expect(sw.shown.map((n) => n.title)).toEqual(['Relevo']);
  });

  it('accepts from the notification: POSTs the action address without cookies and says Accepted, opening no window', async () => {
    const sw = worker();
    const notification = await sw.click('accept');
    expect(notification.closed).toBe(true);
    expect(sw.requests).toEqual([
      { url: NOTIFICATION.actions[0]!.url, init: expect.objectContaining({ method: 'POST', credentials: 'omit' }) },
    ]);
    expect(sw.shown).toEqual([
      { title: 'Accepted', options: expect.objectContaining({ body: NOTIFICATION.title, tag: 'K7QW2M9P' }) },
    ]);
    expect(sw.opened).toEqual([]);
    expect(sw.focused).toEqual([]);
  });

  it('resolves in the notification language', async () => {
    const sw = worker();
    await sw.click('resolve', { ...NOTIFICATION, lang: 'es' });
    expect(sw.requests.map((r) => r.url)).toEqual([NOTIFICATION.actions[1]!.url]);
    expect(sw.shown.map((n) => n.title)).toEqual(['Resuelto']);
  });

  it('shows the server’s refusal, or that Relevo could not be reached', async () => {
    const refused = worker(() =>
      Response.json({ detail: 'This incident is closed: the link no longer works' }, { status: 410 }),
    );
    await refused.click('accept');
    expect(refused.shown.map((n) => n.title)).toEqual(['This incident is closed: the link no longer works']);

    const offline = worker(() => Promise.reject(new TypeError('Failed to fetch')));
    await offline.click('resolve');
    expect(offline.shown.map((n) => n.title)).toEqual(['Relevo could not be reached. Open the incident to try again.']);
  });

  it('opens the responder page on a plain click, or focuses the window already showing it', async () => {
    const sw = worker();
    await sw.click('');
    expect(sw.opened).toEqual([PAGE]);
    expect(sw.requests).toEqual([]);

    sw.windows.push({ url: PAGE });
    await sw.click('');
    expect(sw.focused).toEqual([PAGE]);
    expect(sw.opened).toEqual([PAGE]);
  });
});
