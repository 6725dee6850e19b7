// Relevo's service worker (docs/architecture.md, "Service worker and manifest"), served at /sw.js
// with scope /. It only shows push notifications and acts on them (docs/product.md#push-notifications):
// no fetch handler, nothing cached, so the app is always the server's current build.
//
// The push's data is the server's PushNotification (apps/server/src/delivery/push-sender.ts):
// { title, body, case_id, lang, url (the responder page), actions: [{ action, title, url }] }, each
// action's url the responder API's POST (/api/v1/respond/{token}/accept|resolve). The token in the
// address is the credential: the POST carries no cookie.

const DONE = {
  en: {
    accept: 'Accepted',
    resolve: 'Resolved',
    failed: 'Relevo could not be reached. Open the incident to try again.',
  },
  es: {
    accept: 'Aceptado',
    resolve: 'Resuelto',
    failed: 'No se pudo contactar con Relevo. Abra el incidente para reintentar.',
  },
};

// a new version takes over at once: there is no cache or page state to hand over
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') {
    // every push must show something (userVisibleOnly)
    event.waitUntil(self.registration.showNotification('Relevo', { body: 'You have a new notification.' }));
    return;
  }
  const actions = Array.isArray(data.actions) ? data.actions : [];
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      // a later notification of the same case replaces this one, and still rings (renotify)
      tag: data.case_id,
      renotify: true,
      requireInteraction: true,
      lang: data.lang,
      icon: '/icons/icon-192.png',
      actions: actions.map(({ action, title }) => ({ action, title })),
      data,
    }),
  );
});

/** The server's refusal of an action: `{ detail: 'text' }` or the validation list `{ detail: [{ msg }] }`. */
async function refusalOf(response) {
  try {
    const body = await response.json();
    if (typeof body.detail === 'string') return body.detail;
    if (Array.isArray(body.detail) && body.detail[0] && typeof body.detail[0].msg === 'string')
      return body.detail[0].msg;
  } catch {
    // not JSON: the status says enough
  }
  return `Relevo answered ${response.status}.`;
}

/** Accept or Resolve from the notification: POST the action's address, then say how it went, in place of the notification. */
async function act(data, action) {
  const words = DONE[data.lang] || DONE.en;
  let result;
  try {
    const response = await fetch(action.url, { method: 'POST', credentials: 'omit', cache: 'no-store' });
    result = response.ok ? words[action.action] || action.title : await refusalOf(response);
  } catch {
    result = words.failed;
  }
  await self.registration.showNotification(result, {
    body: data.title,
    tag: data.case_id,
    icon: '/icons/icon-192.png',
    // a plain click on the confirmation still opens the incident
    data: { ...data, actions: [] },
  });
}

/** The responder page in a window: one already showing it is focused, else a new one opens. */
async function openPage(url) {
  const target = new URL(url || '/', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === target);
  if (open) return open.focus();
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  const action = (data.actions || []).find((candidate) => candidate.action === event.action && candidate.url);
  event.waitUntil(action ? act(data, action) : openPage(data.url));
});
