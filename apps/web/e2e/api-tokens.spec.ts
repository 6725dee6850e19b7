import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { customer, customerRoot } from './support/users';

// docs/product.md#api-tokens: a Customer Root makes a token on the API Tokens screen, copies it from
// the window that shows it once, calls the API with it as a script would (a Bearer header, no
// cookie), sees its last use, revokes it, and the same call is refused. A Customer has no API Tokens.

const RUN = Date.now().toString(36);

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notification/ }).getByText(text);

test.describe('API tokens (docs/product.md#api-tokens)', () => {
  test('a Customer Root makes a token, a script calls with it, and revoking it stops it at once', async ({
    page,
    baseURL,
    signIn,
    playwright,
  }) => {
    await signIn(page, customerRoot);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'API Tokens' }).click();
    await expect(page).toHaveURL(/\/api_tokens$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible();
    await expectAccessible(page, 'the API Tokens list');

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Token' });
    await settled(dialog);
    await expectAccessible(page, 'the Create Token window');
    const name = `Script ${RUN}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Expires in').selectOption({ label: '30 days' });
    await dialog.getByRole('button', { name: 'Save' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new token' });
    await settled(shown);
    await expectAccessible(page, 'the new token, shown once');
    const token = await shown.getByLabel(`Token "${name}"`).inputValue();
    expect(token).toMatch(/^rlv_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(toast(page, 'The token was created')).toBeVisible();
    const card = page.getByRole('listitem', { name });
    await expect(card).toContainText('ACTIVE');
    await expect(card).toContainText('Last usedNever');
    await expect(page.getByText(token)).toHaveCount(0);

    // a script: no cookie, the token in the header
    const script = await playwright.request.newContext({ baseURL });
    try {
      const call = () => script.get('/api/procedures/get/resource', { headers: { authorization: `Bearer ${token}` } });
      const first = await call();
      expect(first.status()).toBe(200);
      expect((await first.json()) as { total: number }).toHaveProperty('total');
      const write = await script.post('/api/procedures/add/sla', {
        headers: { authorization: `Bearer ${token}` },
        data: { sla_name: `Scripted ${RUN}`, sla_response_time: 10 },
      });
      expect(write.status()).toBe(403);

      await page.reload();
      await expect(page.getByRole('listitem', { name })).toContainText(/Last used\d{4}-\d\d-\d\d \d\d:\d\d/);

      await page.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('alertdialog');
      await settled(confirm);
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expect(toast(page, 'The token was revoked')).toBeVisible();
      await expect(page.getByRole('listitem', { name })).toContainText('REVOKED');
      expect((await call()).status()).toBe(401);
    } finally {
      await script.dispose();
    }
  });

  test('a Customer has no API Tokens: the address shows the not-allowed page', async ({ page, signIn }) => {
    await signIn(page, customer);
    await expect(page.getByRole('link', { name: 'API Tokens' })).toHaveCount(0);
    await page.goto('/api_tokens');
    await expect(page).toHaveURL(/\/403$/);
  });
});
