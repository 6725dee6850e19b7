import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { customer } from './support/users';

// docs/product.md#openapi-document: a Customer opens the API reference from the user guide, reads
// an endpoint, filters the list, and the page stays accessible in each state.

const area = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
/** An endpoint's line by its method and path. */
const endpointLine = (page: Page, method: string, path: string) =>
  page
    .locator('summary')
    .filter({ has: page.getByText(path, { exact: true }) })
    .filter({ hasText: method });

test.describe('API reference (docs/product.md#openapi-document)', () => {
  test('a Customer opens the reference, reads POST /api/webhooks and filters the endpoints', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customer);

    // the user guide links to it
    await page.goto('/guide');
    // its section on the reference, and the API tokens' section, link to the page
    await page.locator('.guide__text a[href="/api_reference"]').first().click();
    await expect(page).toHaveURL(/\/api_reference$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();

    const webhooks = area(page, 'Outgoing webhooks');
    const addWebhook = webhooks.locator('summary').filter({ hasText: 'Add webhook' });
    await expect(addWebhook).toContainText('POST');
    await expect(addWebhook).toContainText('/api/webhooks');
    await expectAccessible(page, 'API reference');

    // opened from the keyboard: who may call it and what its body holds
    await addWebhook.focus();
    await page.keyboard.press('Enter');
    const opened = webhooks.locator('details[open]');
    await expect(opened).toHaveCount(1);
    const body = opened.getByRole('table', { name: 'Body (JSON)' });
    await expect(body.getByRole('row').filter({ hasText: 'webhook_url' })).toContainText('required');
    await expect(opened.getByText('Customer Root', { exact: true })).toBeVisible();
    await expectAccessible(page, 'API reference, an endpoint opened');

    // the filter keeps what holds every word, in the address too
    await page.getByRole('searchbox', { name: 'Filter endpoints' }).fill('delete webhooks');
    await expect(page).toHaveURL(/\/api_reference\?filter=delete\+webhooks$/);
    await expect(endpointLine(page, 'DELETE', '/api/webhooks/{id}')).toBeVisible();
    await expect(endpointLine(page, 'POST', '/api/webhooks')).toHaveCount(0);
    await expect(area(page, 'Customers')).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Filter endpoints' }).fill('no such endpoint');
    await expect(page.getByText('No endpoint matches “no such endpoint”.')).toBeVisible();
    await expectAccessible(page, 'API reference, nothing matches');
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await expect(endpointLine(page, 'POST', '/api/webhooks')).toBeVisible();
  });

  test('the document itself answers without a session, as JSON', async ({ request }) => {
    const answer = await request.get('/api/openapi.json');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/json/);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths['/api/webhooks'] ?? {})).toEqual(['get', 'post']);
  });
});
