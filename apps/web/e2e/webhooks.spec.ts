import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { ownApplication, reportIncident } from './support/incidents';
import { customer, customerRoot } from './support/users';

// docs/product.md#outgoing-webhooks: a Customer Root adds a webhook on the Webhooks screen to a
// receiver of the test's own (the e2e server allows private targets, WEBHOOK_ALLOW_PRIVATE=on), an
// incident of a module of the test's own reaches it as a signed `created` body, the delivery log
// says DELIVERED, and the webhook is deleted. A Customer has no Webhooks.

const RUN = Date.now().toString(36);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that keeps every POST and answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/relevo/${RUN}`, received, server };
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notification/ }).getByText(text);

/** A field's problem tooltip (its help icon, "URL: 1 problem") says `text`. */
async function expectProblem(page: Page, dialog: Locator, label: string, text: string) {
  await dialog.getByRole('button', { name: new RegExp(`^${label}: \\d+ problem`) }).click();
  await expect(page.getByRole('tooltip')).toContainText(text);
  await page.keyboard.press('Escape');
}

test.describe('Webhooks (docs/product.md#outgoing-webhooks)', () => {
  test('a Customer Root adds a webhook, an incident arrives signed and is logged DELIVERED, then deletes it', async ({
    page,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const receiver = await startReceiver();
    try {
      await signIn(page, customerRoot);
      const [module] = await ownApplication(page.request, `Webhook Lab ${RUN}`, [{ name: 'Checkout' }]);

      // from the sidebar to the empty list
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Webhooks' }).click();
      await expect(page).toHaveURL(/\/webhooks$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(page.getByText('No webhook yet: add one')).toBeVisible();
      await expectAccessible(page, 'the empty Webhooks list');

      // a host that does not resolve: the server's message on the URL, the window stays open
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
      await settled(dialog);
      await expectAccessible(page, 'the Add Webhook window');
      await dialog.getByLabel('URL', { exact: true }).fill('https://no-such-host.invalid/relevo');
      await dialog.getByLabel('Description', { exact: true }).fill(`Browser test ${RUN}`);
      await dialog.getByRole('button', { name: 'Generate' }).click();
      const secret = await dialog.getByLabel('Signing secret', { exact: true }).inputValue();
      expect(secret).toMatch(/^[A-Za-z0-9]{48}$/);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectProblem(page, dialog, 'URL', 'The host name of the URL could not be resolved');
      await expect(dialog.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'the Add Webhook window with a refused URL');

      // the receiver's address: saved, listed active, the secret nowhere on the page
      await dialog.getByLabel('URL', { exact: true }).fill(receiver.url);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, 'The webhook was added')).toBeVisible();
      const card = page.getByRole('listitem', { name: receiver.url });
      await expect(card).toContainText('ACTIVE');
      await expect(card).toContainText('All changes');
      await expect(page.getByText(secret)).toHaveCount(0);
      await expectAccessible(page, 'the Webhooks list with a webhook');

      // an incident: the receiver gets its `created` change, signed with the secret
      const caseId = await reportIncident(baseURL, module!, `Webhook check ${RUN}`, 'Sent to the receiver');
      const createdOf = () =>
        receiver.received.find((hit) => {
          const body = JSON.parse(hit.body) as { change: string; event: { case_id: string } };
          return body.change === 'created' && body.event.case_id === caseId;
        });
      await expect.poll(() => createdOf() !== undefined, { timeout: 30_000 }).toBe(true);
      const created = createdOf()!;
      const timestamp = String(created.headers['x-relevo-timestamp']);
      expect(created.headers['x-relevo-signature']).toBe(
        createHmac('sha256', secret).update(`${timestamp}.${created.body}`).digest('hex'),
      );
      const body = JSON.parse(created.body) as { id: string; event: { event_status: string; subject: string } };
      expect(body.event).toMatchObject({ event_status: 'open', subject: `Webhook check ${RUN}` });
      expect(created.headers['idempotency-key']).toBe(body.id);

      // the log: that delivery DELIVERED, with the key the receiver saw
      await card.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      await settled(log);
      const row = log.getByRole('row').filter({ hasText: caseId }).filter({ hasText: 'Created' });
      await expect(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        await expect(row).toContainText('DELIVERED', { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(row).toContainText(body.id);
      await expect(row).toContainText('200');
      await expectAccessible(page, 'the delivery log');
      await log.getByRole('button', { name: 'Close' }).first().click();
      await expect(log).toBeHidden();

      // deleted after its confirmation
      await card.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog');
      await settled(confirm);
      await expectAccessible(page, 'the delete confirmation');
      await confirm.getByRole('button', { name: 'Continue' }).click();
      await expect(toast(page, 'The webhook was deleted')).toBeVisible();
      await expect(page.getByRole('listitem', { name: receiver.url })).toHaveCount(0);
      await expect(page.getByText('No webhook yet: add one')).toBeVisible();
    } finally {
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });

  test('a Customer has no Webhooks: the address shows the not-allowed page', async ({ page, signIn }) => {
    await signIn(page, customer);
    await expect(page.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
    await page.goto('/webhooks');
    await expect(page).toHaveURL(/\/403$/);
  });
});
