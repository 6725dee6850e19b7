import { expectAccessible } from './support/axe';
import { expect, submitPassword, test } from './support/fixtures';
import { auditor } from './support/users';

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test('login, code step, dashboard, layout with profile, 403 and 404', async ({ page, inbox }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, 'login');

    const since = Date.now();
    await submitPassword(page, auditor);
    await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
    await expectAccessible(page, 'code step');

    await page.getByLabel('Code', { exact: true }).fill(await inbox.codeMailedTo(auditor.email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page, 'dashboard');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Iris Santos' })).toBeVisible();
    await expect(page.locator('.profile__stat-value').first()).toHaveText(/^\d+$/);
    await expectAccessible(page, 'layout and profile');

    await page.getByRole('button', { name: 'Modify Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
    await expectAccessible(page, 'change password modal');
    await page.keyboard.press('Escape');

    await page.goto('/error');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expectAccessible(page, '404');

    await page.goto('/403');
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
    await expectAccessible(page, '403');
  });
});
