import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { customer, staffEdit, staffRoot } from './support/users';

test.describe('the guard and the layout (docs/product.md#route-guard, #layout)', () => {
  test('logout returns to Login, and a layout page then asks for a sign-in again', async ({ page, signIn }) => {
    await signIn(page, customer);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectAccessible(page, 'settings menu open');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a Customer opening Admin Users lands on 403 and is signed out', async ({ page, signIn }) => {
    await signIn(page, customer);
    const loggedOut = page.waitForResponse(
      (response) => response.url().endsWith('/api/login/jwt/logout') && response.ok(),
    );
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
    await expect(page.getByText('Lo sentimos, no tienes permiso para acceder a esta página.')).toBeVisible();
    await expectAccessible(page, '403');
    await loggedOut;
    // the cookie is gone: the server no longer knows this browser
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 401 from any call clears the session and reloads into Login (docs/product.md#messages)', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customer);
    // the dashboard's own calls answered first (else one of them meets the 401 before the click)
    await page.waitForLoadState('networkidle');
    // the session ends behind the app's back (revoked from elsewhere); the app still shows the layout
    expect((await page.request.post('/api/login/jwt/logout')).ok()).toBe(true);
    const reloaded = page.waitForEvent('load');
    // in-app navigation: the profile's counts call answers 401 (or a call of the dashboard still
    // under way does so first, and the page is already reloading when the click would come)
    await Promise.race([
      page
        .getByRole('link', { name: /Ana Torres/ })
        .click()
        .catch(() => undefined),
      reloaded,
    ]);
    await reloaded;
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a screen whose code cannot be downloaded says so and offers a reload; another screen still opens', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customer);
    // the events screen's file is gone (a deploy replaced the build the page came from)
    await page.route(/\/assets\/EventsPage-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('alert')).toContainText('This page could not be loaded');
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await expectAccessible(page, 'a screen that could not be loaded');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
  });

  test('the page paints its header bar before the scripts run, and the app draws over it', async ({ page }) => {
    // the scripts held back: what the browser paints from the page alone
    await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort());
    await page.goto('/login');
    const boot = page.locator('#root > .rl-boot');
    await expect(boot).toBeVisible();
    await expect(boot).toHaveText('Relevo');
    expect((await boot.boundingBox())!.height).toBe(56);
    await page.unroute(/\/assets\/[^/]*\.js$/);

    // the session is read once, as the scripts start (shell/session.tsx, startSessionRead)
    const sessionReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/me') sessionReads.push(request.method());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(boot).toHaveCount(0);
    expect(sessionReads).toEqual(['GET']);
    await expectAccessible(page, 'Login, drawn over the first paint');
  });

  test('an unknown path goes to the role home; staff are not sent to the Dashboard', async ({ page, signIn }) => {
    await signIn(page, staffEdit);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/customer$/);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allInnerTexts()).toEqual([
      'Customers',
      'Customer Users',
    ]);
    await expectAccessible(page, 'Customers for a Staff Edit');
    await page.goto('/');
    await expect(page).toHaveURL(/\/customer$/);
  });

  test('without a session every layout page goes to Login, and a signed-in user skips Login', async ({
    page,
    signIn,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page, 'login reached from a layout page');
    await signIn(page, staffRoot);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/customer$/);
  });

  test('the profile shows the user, the four counts and opens the password modal', async ({ page, signIn }) => {
    await signIn(page, staffRoot);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('menuitem', { name: 'Password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Sofía Rivera' })).toBeVisible();
    for (const label of ['Completed', 'Non Compliance', 'Open', 'Today'])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.locator('.profile__stat-value').first()).toHaveText(/^\d+$/);
    await expectAccessible(page, 'profile of a Staff Root');
    await page.getByRole('button', { name: 'Modify Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'change password modal of a Staff Root');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
