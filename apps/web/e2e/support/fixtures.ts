import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { CapturedMail, CapturedSms } from './inbox-server';
import { E2E_ENV, readEnv } from './environment';
import type { TestUser } from './users';

const CODE_SUBJECT = 'Your Relevo verification code';
const CODE_IN_MAIL = /verification code is (\d{6})/;
const CODE_IN_SMS = /verification code is (\d{6})/;

/** Reads what the SMTP server and the SMS receiver of the global setup captured. */
export class InboxClient {
  constructor(private readonly url: string) {}

  async mails(): Promise<CapturedMail[]> {
    return (await fetch(`${this.url}/mail`)).json() as Promise<CapturedMail[]>;
  }

  async texts(): Promise<CapturedSms[]> {
    return (await fetch(`${this.url}/sms`)).json() as Promise<CapturedSms[]>;
  }

  /** The code of the newest sign-in mail to `email` received after `since` (ms); waits for it. */
  async codeMailedTo(email: string, since: number): Promise<string> {
    return poll(`a code e-mail to ${email}`, async () => {
      const mail = (await this.mails())
        .filter(
          (m) =>
            m.receivedAt >= since && m.to.includes(email) && m.subject === CODE_SUBJECT && CODE_IN_MAIL.test(m.text),
        )
        .pop();
      return mail ? CODE_IN_MAIL.exec(mail.text)![1]! : null;
    });
  }

  async codeTextedTo(phone: string, since: number): Promise<string> {
    return poll(`a code SMS to ${phone}`, async () => {
      const sms = (await this.texts())
        .filter((t) => t.receivedAt >= since && t.to === phone && CODE_IN_SMS.test(t.body))
        .pop();
      return sms ? CODE_IN_SMS.exec(sms.body)![1]! : null;
    });
  }
}

async function poll<T>(what: string, read: () => Promise<T | null>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Step one of the sign-in: e-mail and password; answers when the code step shows. */
export async function submitPassword(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/authenticator$/);
}

export async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

let signIns = 0;

/**
 * Each sign-in of the fixture comes from an address of its own: the test server believes its
 * loopback proxy (TRUST_PROXY, global-setup.ts), and the sign-in's two calls carry the address as
 * a proxy would. The suite signs in far more often than one person from one place may
 * (codePerAddress in apps/server/src/limits.ts); the specs that test those limits sign in by hand.
 */
async function fromOwnAddress(page: Page): Promise<void> {
  signIns += 1;
  const address = `198.18.${Math.floor(signIns / 256) % 256}.${signIns % 256}`;
  await page.route(/\/api\/login\/jwt\/(tfa)?$/, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

export const test = base.extend<{ inbox: InboxClient; signIn: (page: Page, user: TestUser) => Promise<void> }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern, so it must be there
  // eslint-disable-next-line no-empty-pattern
  inbox: async ({}, use) => {
    await use(new InboxClient(readEnv(E2E_ENV.inboxUrl)));
  },
  signIn: async ({ inbox }, use) => {
    await use(async (page, user) => {
      const since = Date.now();
      await fromOwnAddress(page);
      await submitPassword(page, user);
      await submitCode(page, await inbox.codeMailedTo(user.email, since));
      // signed in: the guard leaves the public pages (a forced password modal may hide the rest)
      await expect(page).not.toHaveURL(/\/(login|authenticator)$/);
      await expect(page.locator('#main-content')).toBeAttached();
    });
  },
});

export { expect };

/** The sidebar's entries, in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allInnerTexts();
}

/** Waits until a dialog has finished its opening animation (axe reads colours as they are drawn). */
export async function settled(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate(
        (element) =>
          element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length,
      ),
    )
    .toBe(0);
}
