import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import Provider from 'oidc-provider';
import { expectAccessible } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { customersRoot } from './support/users';

// docs/product.md#single-sign-on: a Staff Root gives a customer its own OpenID provider in the
// Customers screen's SSO window; a user of that customer's domain signs in from the sign-in
// screen's button through the provider (a real one, `oidc-provider`, run by this test on a
// loopback port), then the e-mailed code, and lands on the dashboard. The provider is taken away
// at the end, so the other tests' sign-in screen offers no single sign-on.

const RUN = Date.now().toString(36);
const DOMAIN = `sso-${RUN}.test`;
const CLIENT = { client_id: `relevo-${RUN}`, client_secret: `e2e-client-secret-${RUN}-0123456789` };

/** A provider whose accounts are their e-mails, each verified: the login typed on its page names the account. */
async function startProvider(callback: string): Promise<{ issuer: string; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [callback],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [`e2e-cookie-key-${RUN}`] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    ttl: { IdToken: 600, AccessToken: 600, AuthorizationCode: 60, Session: 600, Interaction: 600, Grant: 600 },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) }),
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

async function saveSso(page: Page, customerId: number, body: Record<string, unknown>) {
  const saved = await page.request.put(`/api/customers/${customerId}/sso`, { data: body });
  expect(saved.ok()).toBe(true);
}

test.describe('Single sign-on (docs/product.md#single-sign-on)', () => {
  test("a customer's own provider signs in its user from the sign-in screen's button", async ({
    page,
    baseURL,
    signIn,
    inbox,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { issuer, server } = await startProvider(`${baseURL}/api/auth/sso/callback`);
    await signIn(page, customersRoot);
    const made = await page.request.post('/api/procedures/add/customer', {
      data: { customer_name: `SSO Works ${RUN}`, customer_qty_resources: 5 },
    });
    expect(made.ok()).toBe(true);
    const customerId = ((await made.json()) as { customer_id: number }).customer_id;
    const email = `ana.${RUN}@${DOMAIN}`;
    const user = await page.request.post('/api/user/customer/root', {
      data: {
        name: 'Ana',
        last_name: 'Single',
        email,
        password: 'Single.Sign.On.2026',
        confirm_password: 'Single.Sign.On.2026',
        rol_id: 4,
        customer_id: customerId,
        force_change_password: false,
      },
    });
    expect(user.ok()).toBe(true);
    try {
      // the SSO window of the customer's row
      await page.goto(`/customer?search=${encodeURIComponent(`SSO Works ${RUN}`)}`);
      await page.getByRole('button', { name: `Single sign-on of SSO Works ${RUN}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Single sign-on' });
      await settled(dialog);
      await dialog.getByLabel('Issuer', { exact: true }).fill(issuer);
      await dialog.getByLabel('Client ID', { exact: true }).fill(CLIENT.client_id);
      await dialog.getByLabel('Client secret', { exact: true }).fill(CLIENT.client_secret);
      await dialog.getByLabel('E-mail domains', { exact: true }).fill(DOMAIN);
      await expectAccessible(page, 'the single sign-on window');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Single sign-on saved', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();

      // another browser: the sign-in screen's button, the provider's own pages, the code, the dashboard
      const context = await browser.newContext({ baseURL });
      const person = await context.newPage();
      await person.goto('/login');
      const button = person.getByRole('button', { name: 'Sign in with single sign-on' });
      await expect(button).toBeVisible();
      await expectAccessible(person, 'the sign-in screen with single sign-on');
      await person.getByLabel('Email', { exact: true }).fill(email);
      const since = Date.now();
      await button.click();
      await expect(person).toHaveURL(new RegExp(`^${issuer}/interaction/`));
      await person.locator('input[name="login"]').fill(email);
      await person.locator('input[name="password"]').fill('any');
      await person.getByRole('button', { name: 'Sign-in' }).click();
      await person.getByRole('button', { name: 'Continue' }).click();
      await expect(person).toHaveURL(/\/authenticator$/);
      await person.getByLabel('Code', { exact: true }).fill(await inbox.codeMailedTo(email, since));
      await person.getByRole('button', { name: 'Verify' }).click();
      await expect(person).toHaveURL(/\/dashboard$|\/$/);
      await expect(person.locator('#main-content')).toBeAttached();
      await context.close();

      // back from the provider without an account: the sign-in screen says why
      const stranger = await browser.newContext({ baseURL });
      const strangerPage = await stranger.newPage();
      await strangerPage.goto('/login');
      await strangerPage.getByLabel('Email', { exact: true }).fill(`nobody.${RUN}@${DOMAIN}`);
      await strangerPage.getByRole('button', { name: 'Sign in with single sign-on' }).click();
      await strangerPage.locator('input[name="login"]').fill(`nobody.${RUN}@${DOMAIN}`);
      await strangerPage.locator('input[name="password"]').fill('any');
      await strangerPage.getByRole('button', { name: 'Sign-in' }).click();
      await strangerPage.getByRole('button', { name: 'Continue' }).click();
      await expect(strangerPage).toHaveURL(/\/login\?sso_error=account$/);
      await expect(strangerPage.getByRole('alert')).toHaveText(
        'Single sign-on cannot sign you in with this account. Ask your administrator.',
      );
      await stranger.close();
    } finally {
      await saveSso(page, customerId, { domains: [] });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
