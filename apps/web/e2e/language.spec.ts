import { expect, submitCode, submitPassword, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { speaker } from './support/users';

const SPANISH_CODE_SUBJECT = 'Su código de verificación de Relevo';
const SPANISH_CODE = /Su código de verificación es (\d{6})/;

/**
 * docs/product.md#languages: the header's language menu saves the choice to the profile; the app is
 * drawn again in it at once, and a sign-in from another browser (another device) finds it, with the
 * sign-in code e-mailed in it. Choosing English again brings the product's own texts back.
 */
test('a user switches to Spanish, finds it on another device, and back to English', async ({
  browser,
  inbox,
  signIn,
}) => {
  // two sign-ins and two full redraws of the app
  test.setTimeout(120_000);
  const first = await browser.newContext({ locale: 'en-US' });
  const page = await first.newPage();
  await signIn(page, speaker);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Eventos' }),
  ).toBeVisible();
  await expectAccessible(page, 'dashboard in Spanish');

  // a list in Spanish: its title, its columns and the counts of its footer
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  await expectAccessible(page, 'events in Spanish');

  // another device, with an English browser: the profile's language wins, the code comes in Spanish
  const other = await browser.newContext({ locale: 'en-US' });
  const second = await other.newPage();
  const since = Date.now();
  await submitPassword(second, speaker);
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await inbox.mails())
        .filter((m) => m.receivedAt >= since && m.to.includes(speaker.email) && m.subject === SPANISH_CODE_SUBJECT)
        .pop();
      code = (mail && SPANISH_CODE.exec(mail.text)?.[1]) ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await submitCode(second, code);
  await expect(second.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();

  // and back to English, from the menu (its name now in Spanish)
  await second.getByRole('button', { name: 'Idioma' }).click();
  await second.getByRole('menuitem', { name: 'English' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');

  await first.close();
  await other.close();
});

test('someone signed out reads the sign-in page in their browser language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-PR' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await expectAccessible(page, 'sign-in in Spanish');
  await context.close();
});
