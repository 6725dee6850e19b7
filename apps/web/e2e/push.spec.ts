import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { mailedLink, ownApplication, reportIncident } from './support/incidents';
import { customerRoot } from './support/users';

// each run names its records apart, so a rerun on the same server cannot collide
const run = Date.now().toString(36);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/**
 * The installable app (docs/architecture.md, "Service worker and manifest"): the built app serves
 * its manifest with icons that load, and the service worker at /sw.js as JavaScript, checked again
 * on every load so a new version is taken.
 */
test('the built app serves its manifest, with icons that load, and its service worker', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /\.png$/);

  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: ManifestIcon[];
  };
  expect(manifest).toMatchObject({ name: 'Relevo', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...manifest.icons.map((i) => i.src), '/icons/apple-touch-icon-180.png']) {
    const image = await request.get(icon);
    expect(image.status(), icon).toBe(200);
    expect(image.headers()['content-type'], icon).toBe('image/png');
    // a PNG's signature
    expect([...(await image.body()).subarray(0, 4)], icon).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await worker.text()).toContain("addEventListener('push'");
});

/**
 * docs/product.md#push-notifications: the responder page of an open incident offers "Notify me on
 * this device"; the click registers the app's service worker for the whole site, which shows a
 * push with the incident's Accept and Resolve.
 */
test('the responder page of an open incident offers "Notify me on this device"', async ({
  page,
  browser,
  baseURL,
  inbox,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn(page, customerRoot);
  const [module] = await ownApplication(page.request, `Push Lab ${run}`, [{ name: `Push ${run}` }]);
  const since = Date.now();
  const caseId = await reportIncident(baseURL, module!, `Queue backlog ${run}`, 'The orders queue grows.');
  const path = await mailedLink(inbox, since, caseId);

  // a person on a phone: no session, only the link; notifications allowed when asked
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications']);
  const responder = await context.newPage();
  await responder.goto(path);
  await expect(responder.getByRole('heading', { name: `Incident ${caseId}` })).toBeVisible();
  const push = responder.getByRole('region', { name: 'Notifications on this device' });
  await expect(push.getByText('This device does not get push notifications from Relevo.')).toBeVisible();
  const notify = push.getByRole('button', { name: 'Notify me on this device' });
  await expect(notify).toBeEnabled();
  await expectAccessible(responder, 'the responder page with "Notify me on this device"');

  await notify.click();
  // the service worker of the built app installs at the site's root, whatever the push service answers
  // (a Chromium without Google's keys has no push service to subscribe to)
  const registered = await responder.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
  });
  expect(registered).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
  await expect(
    push.getByRole('button', { name: /^(Stop notifications on this device|Notify me on this device)$/ }),
  ).toBeEnabled();

  // a push as the server sends it (apps/server/src/delivery/push-sender.ts), handed to the worker
  // through DevTools: the notification shows with the case as its tag and the two actions
  const devtools = await context.newCDPSession(responder);
  const registration = new Promise<string>((resolve) =>
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await devtools.send('ServiceWorker.enable');
  const token = path.split('/').pop()!;
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: await registration,
    data: JSON.stringify({
      title: `Case ${caseId}: Queue backlog ${run}`,
      body: 'New incident. The orders queue grows.',
      case_id: caseId,
      lang: 'en',
      url: `${baseURL}${path}`,
      actions: [
        { action: 'accept', title: 'Accept', url: `${baseURL}/api/v1/respond/${token}/accept` },
        { action: 'resolve', title: 'Resolve', url: `${baseURL}/api/v1/respond/${token}/resolve` },
      ],
    }),
  });
  await expect
    .poll(() =>
      responder.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          tag: n.tag,
          requireInteraction: n.requireInteraction,
          actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map(
            ({ action, title }) => `${action}:${title}`,
          ),
        })),
      ),
    )
    .toEqual([
      {
        title: `Case ${caseId}: Queue backlog ${run}`,
        tag: caseId,
        requireInteraction: true,
        actions: ['accept:Accept', 'resolve:Resolve'],
      },
    ]);
  await context.close();
});
