import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test, type InboxClient } from './support/fixtures';
import { emailResetter } from './support/users';

const LINK = /https?:\/\/\S+\/reset_password\/email\/[A-Za-z0-9_-]+/;
const SUBJECT = 'Reset your Relevo password';
const NEW_PASSWORD = 'Mail.Reset.2027';

/** The newest reset link mailed to `email` after `since` (ms); waits for it. */
async function linkMailedTo(inbox: InboxClient, email: string, since: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await inbox.mails())
      .filter((m) => m.receivedAt >= since && m.to.includes(email) && m.subject === SUBJECT)
      .pop();
    const link = mail ? LINK.exec(mail.text)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No reset link mailed to ${email} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function requestLink(page: Page, email: string) {
  await page.goto('/reset_password/email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeFocused();
}

test.describe('password reset by e-mail (docs/product.md#password-reset)', () => {
  test('the mailed link sets a new password once; the new one signs in and the old one fails', async ({
    page,
    inbox,
    signIn,
  }) => {
    // chooser, reached from the sign-in page
    await page.goto('/login');
    await page.getByRole('link', { name: 'Recovery password' }).click();
    await expect(page).toHaveURL(/\/reset_password$/);
    await expect(page.getByRole('link', { name: 'SMS' })).toBeVisible();
    await expectAccessible(page, 'chooser');

    // step 1: e-mail
    await page.getByRole('link', { name: 'Email' }).click();
    await expect(page).toHaveURL(/\/reset_password\/email$/);
    await expect(page.getByRole('heading', { name: 'Enter your email address' })).toBeVisible();
    await expectAccessible(page, 'e-mail step 1');
    const since = Date.now();
    await page.getByLabel('Email', { exact: true }).fill(emailResetter.email);
    await page.getByRole('button', { name: 'Verify' }).click();

    // step 2: check the inbox; the heading takes the focus so the new step is announced
    await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Go to login', exact: true })).toHaveAttribute('href', '/login');
    await expectAccessible(page, 'e-mail step 2');

    // step 3: from the link in the captured e-mail
    const link = await linkMailedTo(inbox, emailResetter.email, since);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Login and confirm your new password' })).toBeVisible();
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await expectAccessible(page, 'e-mail step 3');

    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await expect(send).toBeEnabled();
    await expectAccessible(page, 'e-mail step 3 filled in');
    await send.click();

    // step 4
    await expect(page.getByRole('heading', { name: 'Password was successfully updated' })).toBeFocused();
    await expectAccessible(page, 'e-mail step 4');

    // the link works once
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Mail.Again.2028');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Mail.Again.2028');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This reset link is not valid or has expired. Please request a new one.',
    );
    await expect(page.getByRole('heading', { name: 'Login and confirm your new password' })).toBeVisible();
    await expectAccessible(page, 'e-mail step 3 with the red alert');

    // the old password fails, the new one signs in
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(emailResetter.email);
    await page.getByLabel('Password', { exact: true }).fill(emailResetter.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
    await expectAccessible(page, 'login with the red alert');
    await signIn(page, { ...emailResetter, password: NEW_PASSWORD });
  });

  test('Send stays disabled while the new password breaks a rule, with the rule on the help icon', async ({ page }) => {
    // any token shows step 3; the rules are checked in the browser before any call
    await page.goto(`/reset_password/email/${'a'.repeat(43)}`);
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();

    await page.getByLabel('New Password', { exact: true }).fill('lowercase.only1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('lowercase.only1');
    await expect(send).toBeDisabled();
    await page.getByRole('button', { name: /^New Password: 1 problem/ }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Password must contain at least one uppercase letter');
    await expectAccessible(page, 'e-mail step 3 with a rule broken and its tooltip open');

    await page.getByLabel('New Password', { exact: true }).fill('Upper.Case1');
    await expect(send).toBeDisabled();
    await page.getByRole('button', { name: /^Confirm Password: 1 problem/ }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Passwords do not match');

    await page.getByLabel('Confirm Password', { exact: true }).fill('Upper.Case1');
    await expect(send).toBeEnabled();
    // an unknown token is refused by the server, in the red alert above the form
    await send.click();
    await expect(page.getByRole('alert')).toHaveText(
      'This reset link is not valid or has expired. Please request a new one.',
    );
    await expectAccessible(page, 'e-mail step 3 with an unknown link');
  });

  test('an unknown e-mail gets the same next step as a known one, and no e-mail', async ({ page, inbox }) => {
    const unknown = 'nobody.here@democompany.demo';
    const since = Date.now();
    await requestLink(page, emailResetter.email);
    const known = (await page.locator('main').innerText()).replace(emailResetter.email, '<e-mail>');
    await linkMailedTo(inbox, emailResetter.email, since);

    await requestLink(page, unknown);
    expect((await page.locator('main').innerText()).replace(unknown, '<e-mail>')).toBe(known);
    await expectAccessible(page, 'e-mail step 2 for an unknown address');
    // the known address got its mail by now; the unknown one gets none
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await inbox.mails()).filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  test('a malformed address is refused before any call; Back to login leads to the sign-in page', async ({ page }) => {
    await page.goto('/reset_password/email');
    await page.getByLabel('Email', { exact: true }).fill('ana@');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'Enter your email address' })).toBeVisible();
    await expectAccessible(page, 'e-mail step 1 with a malformed address');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
