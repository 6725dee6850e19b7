import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test, type InboxClient } from './support/fixtures';
import { smsResetter } from './support/users';

const RESET_CODE = /password reset code is (\d{6})/;
const NEW_PASSWORD = 'Sms.Reset.2027';

/** The newest reset code the SMS webhook received for `phone` after `since` (ms); waits for it. */
async function resetCodeTextedTo(inbox: InboxClient, phone: string, since: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const sms = (await inbox.texts())
      .filter((t) => t.receivedAt >= since && t.to === phone && RESET_CODE.test(t.body))
      .pop();
    if (sms) return RESET_CODE.exec(sms.body)![1]!;
    if (Date.now() > deadline) throw new Error(`No reset code texted to ${phone} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Step 1 with a Puerto Rico number typed nationally (PR is the first preferred country, docs/product.md#constants-and-limits). */
async function requestCode(page: Page, e164: string) {
  await page.goto('/reset_password/sms');
  await page.getByLabel('Phone', { exact: true }).fill(e164.replace(/^\+1/, ''));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the verification code' })).toBeFocused();
}

async function fillCodeStep(page: Page, code: string, password: string) {
  await page.getByLabel('Verification code', { exact: true }).fill(code);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password verified', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('password reset by SMS (docs/product.md#password-reset)', () => {
  test('the texted code sets a new password; a wrong code shows the red alert; the old password fails', async ({
    page,
    inbox,
    signIn,
  }) => {
    await page.goto('/reset_password');
    await expectAccessible(page, 'chooser');
    await page.getByRole('link', { name: 'SMS' }).click();
    await expect(page).toHaveURL(/\/reset_password\/sms$/);

    // step 1: phone, limited to the docs/product.md#constants-and-limits countries with the preferred ones first
    await expect(page.getByRole('heading', { name: 'Enter your phone number' })).toBeVisible();
    const countries = page.getByRole('combobox', { name: 'Country' });
    await expect(countries).toHaveValue('PR');
    // the preferred ones, then the others by name
    const offered = await countries
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toEqual(['PR', 'US', 'VI', 'AR', 'CA', 'CL', 'CO', 'CR', 'DO', 'GT', 'MX', 'PE', 'ES', 'VE']);
    await expectAccessible(page, 'SMS step 1');

    const since = Date.now();
    await requestCode(page, smsResetter.phone!);
    await expect(page.getByText(smsResetter.phone!)).toBeVisible();
    await expectAccessible(page, 'SMS step 2');

    // a wrong code: the first message of the answer in the red alert above the form
    const code = await resetCodeTextedTo(inbox, smsResetter.phone!, since);
    await fillCodeStep(page, code === '111111' ? '222222' : '111111', NEW_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('The verification code is not valid');
    await expectAccessible(page, 'SMS step 2 with the red alert');

    // the texted code
    await fillCodeStep(page, code, NEW_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Password successfully reset' })).toBeFocused();
    await expectAccessible(page, 'SMS step 3');
    await page.getByRole('link', { name: 'Go to Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    // the old password fails, the new one signs in
    await page.getByLabel('Email', { exact: true }).fill(smsResetter.email);
    await page.getByLabel('Password', { exact: true }).fill(smsResetter.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
    await expectAccessible(page, 'login with the red alert');
    await signIn(page, { ...smsResetter, password: NEW_PASSWORD });
  });

  test('an unknown phone gets the same next step as a known one, and no SMS; Back returns to the phone', async ({
    page,
    inbox,
  }) => {
    const unknown = '+17875550177';
    const since = Date.now();
    await requestCode(page, smsResetter.phone!);
    const known = (await page.locator('main').innerText()).replace(smsResetter.phone!, '<phone>');
    await resetCodeTextedTo(inbox, smsResetter.phone!, since);

    // Back from the code step to the phone step, which takes the focus back
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your phone number' })).toBeFocused();
    await expectAccessible(page, 'SMS step 1 after Back');

    await requestCode(page, unknown);
    expect((await page.locator('main').innerText()).replace(unknown, '<phone>')).toBe(known);
    await expectAccessible(page, 'SMS step 2 for an unknown phone');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await inbox.texts()).filter((t) => t.to === unknown)).toEqual([]);
  });

  test('the phone field is keyboard operable and refuses a number that is not valid before any call', async ({
    page,
  }) => {
    await page.goto('/reset_password/sms');
    const phone = page.getByLabel('Phone', { exact: true });
    await expect(phone).toBeFocused();
    // Shift+Tab reaches the country list; the arrow keys choose without leaving it
    await page.keyboard.press('Shift+Tab');
    const countries = page.getByRole('combobox', { name: 'Country' });
    await expect(countries).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(countries).toHaveValue('US');
    await expect(countries).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(phone).toBeFocused();

    await page.keyboard.type('555');
    await page.keyboard.press('Enter');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: /^Phone: 1 problem/ }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Must be a valid phone number');
    await expect(page.getByRole('heading', { name: 'Enter your phone number' })).toBeVisible();
    await expectAccessible(page, 'SMS step 1 with a number that is not valid and its tooltip open');
  });
});
