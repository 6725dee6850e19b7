import { expectAccessible } from './support/axe';
import { expect, sidebarLabels, submitCode, submitPassword, test } from './support/fixtures';
import { codeTester, customer, customerRoot, staffRoot } from './support/users';

const CUSTOMER_MENU = [
  'Dashboard',
  'Resources',
  'Service Level Agreement',
  'Schedules',
  'Escalation',
  'Applications',
  'Maintenance',
  'Events',
  'User Guide',
];

test.describe('two-step sign-in (docs/product.md#sign-in, #verification-code)', () => {
  test('staff sign in with the e-mailed code and land on Customers with the staff menu', async ({ page, signIn }) => {
    await signIn(page, staffRoot);
    await expect(page).toHaveURL(/\/customer$/);
    expect(await sidebarLabels(page)).toEqual(['Customers', 'Customer Users', 'Admin Users', 'Audit', 'API Tokens']);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('YOU ARE HERE');
    await expect(page.getByRole('contentinfo')).toContainText('Sofía Rivera');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expectAccessible(page, 'Customers for a Staff Root');
  });

  test('a Customer lands on the Dashboard with the customer menu and its company in the footer', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await sidebarLabels(page)).toEqual(CUSTOMER_MENU);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Ana Torres');
    await expect(page.getByRole('contentinfo')).toContainText('Demo Company');
    await expectAccessible(page, 'dashboard of a Customer');
  });

  test('a Customer Root also gets Users, Team Chat, Webhooks, Import, Audit and API Tokens in the menu', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customerRoot);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await sidebarLabels(page)).toEqual([
      'Dashboard',
      'Users',
      ...CUSTOMER_MENU.slice(1, -1),
      'Team Chat',
      'Webhooks',
      'Import',
      'Audit',
      'API Tokens',
      'User Guide',
    ]);
    await expectAccessible(page, 'dashboard of a Customer Root');
  });

  test('a wrong password shows the first message in the red alert', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('version 1.4.4')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Recovery password' })).toHaveAttribute('href', '/reset_password');
    await page.getByLabel('Email', { exact: true }).fill(customerRoot.email);
    await page.getByLabel('Password', { exact: true }).fill('Not.The.Password1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page, 'login with the red alert');
  });

  test('empty fields are refused before any call, with the rules on the help icon', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: /^Email: 1 problem/ }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Email is required');
    await expectAccessible(page, 'login with empty fields and the rules tooltip open');
  });

  test('a wrong code shows the red alert and the right one still signs in', async ({ page, inbox }) => {
    const since = Date.now();
    await submitPassword(page, codeTester);
    const code = await inbox.codeMailedTo(codeTester.email, since);
    const wrong = code === '123456' ? '654321' : '123456';
    await submitCode(page, wrong);
    await expect(page.getByRole('alert')).toHaveText('The verification code is not valid');
    await expectAccessible(page, 'code step with the red alert');
    await submitCode(page, code);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Resend Code shows the notice; the new code works and the old one does not', async ({ page, inbox }) => {
    const first = Date.now();
    await submitPassword(page, codeTester);
    // the user has a phone: the code goes by e-mail and by SMS (docs/product.md#sign-in-sessions-and-secrets)
    await expect(page.getByText('by e-mail and SMS')).toBeVisible();
    const oldCode = await inbox.codeMailedTo(codeTester.email, first);
    expect(await inbox.codeTextedTo(codeTester.phone!, first)).toBe(oldCode);

    const second = Date.now();
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your verification code has been resent' })).toBeVisible();
    await expectAccessible(page, 'code step with the resent notice');
    const newCode = await inbox.codeMailedTo(codeTester.email, second);
    expect(newCode).not.toBe(oldCode);

    await submitCode(page, oldCode);
    await expect(page.getByRole('alert')).toHaveText('The verification code is not valid');
    await submitCode(page, newCode);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
