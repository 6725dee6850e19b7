import { freshPage, seriousViolations } from './support/axe';
import { expect, submitPassword, test } from './support/fixtures';
import { auditor } from './support/users';

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test('login, code step, layout with profile, 403 and 404', async ({ browser, baseURL, inbox }) => {
    const { context, page } = await freshPage(browser, baseURL);

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await seriousViolations(page), 'login').toEqual([]);

    const since = Date.now();
    await submitPassword(page, auditor);
    await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'code step').toEqual([]);

    await page.getByLabel('Code', { exact: true }).fill(await inbox.codeMailedTo(auditor.email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Iris Santos' })).toBeVisible();
    await expect(page.locator('.profile__stat-value').first()).toHaveText(/^\d+$/);
    expect(await seriousViolations(page), 'layout and profile').toEqual([]);

    await page.getByRole('button', { name: 'Modify Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
    expect(await seriousViolations(page), 'change password modal').toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/error');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    expect(await seriousViolations(page), '404').toEqual([]);

    await page.goto('/403');
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
    expect(await seriousViolations(page), '403').toEqual([]);

    await context.close();
  });
});
