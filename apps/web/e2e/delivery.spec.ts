import type { Locator, Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { E2E_ENV, readEnv } from './support/environment';
import { expect, test } from './support/fixtures';
import { DEMO_CUSTOMER, customer, staffRoot } from './support/users';

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notification/ }).getByText(text);
const rowOf = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name, exact: true }) });
const providerBox = (page: Page, provider: string) => page.getByRole('region', { name: `${provider} settings` });

test.describe('Delivery and Send a test (docs/product.md#delivery-providers, #send-a-test)', () => {
  test('staff save a provider without ever seeing its secret again, and the order; a customer sends a test', async ({
    browser,
    baseURL,
    signIn,
  }) => {
    // staff: Customers → Delivery of the demo customer
    const staff = await freshPage(browser, baseURL);
    let page = staff.page;
    await signIn(page, staffRoot);
    await page.goto('/customer');
    const customers = page.getByRole('table', { name: 'Customers' });
    await rowOf(customers, DEMO_CUSTOMER)
      .getByRole('link', { name: `Delivery of ${DEMO_CUSTOMER}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Delivery of ${DEMO_CUSTOMER}` })).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/\d+\/delivery$/);
    await expectAccessible(page, 'delivery screen');

    // Twilio, with its auth token
    const twilio = providerBox(page, 'Twilio');
    await twilio.getByLabel('Account SID', { exact: true }).fill(`AC${'0123456789abcdef'.repeat(2)}`);
    await twilio.getByLabel('Auth token', { exact: true }).fill('e2e-secret-token-0123456789');
    await twilio.getByLabel('From number', { exact: true }).fill('+17875550100');
    await twilio.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Twilio settings saved')).toBeVisible();

    // the generic webhook, towards the test SMS receiver
    const webhook = providerBox(page, 'Generic webhook');
    await webhook.getByLabel('Webhook URL', { exact: true }).fill(`${readEnv(E2E_ENV.inboxUrl)}/sms`);
    await webhook.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Generic webhook settings saved')).toBeVisible();

    // after a reload the token is not there: the field is empty and says it is saved
    await page.reload();
    const token = providerBox(page, 'Twilio').getByLabel('Auth token', { exact: true });
    await expect(token).toHaveValue('');
    await expect(providerBox(page, 'Twilio').getByText('Saved — leave empty to keep')).toBeVisible();
    await expect(page.getByText('e2e-secret-token-0123456789')).toHaveCount(0);

    // the order: the webhook first, then Twilio
    const order = page.getByRole('list', { name: 'Delivery order' });
    for (const item of await order.getByRole('button', { name: /out of the order/ }).all()) await item.click();
    await page
      .getByRole('group', { name: 'Add to the order' })
      .getByRole('button', { name: 'Generic webhook' })
      .click();
    await page.getByRole('group', { name: 'Add to the order' }).getByRole('button', { name: 'Twilio' }).click();
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, 'Delivery order saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Delivery order' }).getByRole('listitem')).toHaveText([
      /Generic webhook/,
      /Twilio/,
    ]);
    await staff.context.close();

    // a customer: Resources → Send a test to the on-call person
    const other = await freshPage(browser, baseURL);
    page = other.page;
    await signIn(page, customer);
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Send a test to Carlos Méndez' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test to Carlos Méndez' });
    await expect(dialog.getByRole('button', { name: 'Send a test' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Send a test' }).click();
    const results = dialog.getByRole('table', { name: 'Test results' });
    await expect(results.getByRole('row').nth(1)).toContainText('+17875550142');
    await expect(results.getByRole('row').nth(1)).toContainText(/Queued|Sent|Delivered|Failed|Busy|No answer/);
    await expectAccessible(page, 'send a test dialog');
    await other.context.close();
  });
});
