import { connect } from 'node:net';
import type { Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { readEnv, E2E_ENV } from './support/environment';
import { expect, settled, test } from './support/fixtures';
import { ownApplication } from './support/incidents';
import { customerRoot } from './support/users';

// docs/product.md#e-mail-into-incidents: a Customer Root opens a module's e-mail address from its
// row on the Modules screen, copies it, and a mail sent to it over SMTP is taken; new credentials
// give the module a new address, which the screen shows after the credentials window closes.

const RUN = Date.now().toString(36);
const APPLICATION = `Mail Lab ${RUN}`;
const MODULE = 'Mailroom';

/** The server's replies to a recipient and to a message. */
interface SmtpReplies {
  rcpt: string;
  message: string;
}

/** One message through the server's SMTP receiver, as a monitoring tool sends it. */
function sendMail(to: string, subject: string, text: string): Promise<SmtpReplies> {
  const port = Number(readEnv(E2E_ENV.inboundSmtpPort));
  const lines = [
    'EHLO tools.example.test',
    'MAIL FROM:<monitor@tools.example.test>',
    `RCPT TO:<${to}>`,
    'DATA',
    `From: monitor@tools.example.test\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${text}\r\n.`,
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = '';
    const replies: string[] = [];
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      // a reply ends with a line "NNN text" (a dash after the code continues it)
      while (/^\d{3} .*\r\n/m.test(buffer)) {
        const end = buffer.search(/^\d{3} .*\r\n/m);
        const line = /^\d{3} .*\r\n/m.exec(buffer.slice(end))![0];
        replies.push(line.trim());
        buffer = buffer.slice(end + line.length);
        const next = lines.shift();
        if (next !== undefined) socket.write(`${next}\r\n`);
      }
    });
    // greeting, EHLO, MAIL, RCPT, DATA, the message, QUIT
    socket.on('end', () => resolve({ rcpt: replies[3] ?? '', message: replies[5] ?? '' }));
    socket.on('error', reject);
  });
}

async function openAddress(page: Page) {
  await page.getByRole('button', { name: `E-mail Address for ${MODULE}` }).click();
  const dialog = page.getByRole('dialog', { name: `E-mail address of ${MODULE}` });
  await settled(dialog);
  return dialog;
}

test('a module shows its e-mail address with Copy, a mail to it is taken, and new credentials change it', async ({
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await freshPage(browser, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, customerRoot);
  const [module] = await ownApplication(page.request, APPLICATION, [{ name: MODULE }]);
  await page.goto(`/application/${module!.applicationId}/modules`);
  await expect(page.getByRole('heading', { name: `Modules of ${APPLICATION}` })).toBeVisible();

  let dialog = await openAddress(page);
  const field = dialog.getByRole('textbox', { name: 'E-mail address' });
  await expect(field).toHaveAttribute('readonly');
  const address = await field.inputValue();
  expect(address).toMatch(/^[0-9a-f]{24}@in\.relevo\.test$/);
  await expectAccessible(page, 'the e-mail address window');
  await dialog.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('E-mail address was copy to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // a monitoring tool's mail to the address is taken
  const taken = await sendMail(address, `Disk full ${RUN}`, 'Only 2% left on /var.');
  expect(taken.rcpt).toMatch(/^250 /);
  expect(taken.message).toMatch(/^250 .*Incident received/);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // new credentials: a new address, and the old one is refused at RCPT time
  await page.getByRole('button', { name: `Generate Credentials for ${MODULE}` }).click();
  const credentials = page.getByRole('dialog', { name: `Credentials of ${MODULE}` });
  await settled(credentials);
  await credentials.getByRole('button', { name: 'Create New Credentials' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await expect(credentials.getByRole('textbox', { name: 'Credential Key' })).toBeVisible();
  await credentials.getByRole('button', { name: 'Close' }).last().click();
  await expect(credentials).toBeHidden();
  dialog = await openAddress(page);
  await expect(dialog.getByRole('textbox', { name: 'E-mail address' })).not.toHaveValue(address);
  expect((await sendMail(address, `Disk full ${RUN}`, 'Sent to the old address.')).rcpt).toMatch(
    /^550 .*No such mailbox/,
  );
  await context.close();
});
