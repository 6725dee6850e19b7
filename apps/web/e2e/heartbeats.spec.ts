import type { Locator, Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { ownApplication } from './support/incidents';
import { customerRoot } from './support/users';

// docs/product.md#heartbeat-monitors: a Customer Root adds a heartbeat to a module of the test's own
// on the Modules screen, reads its beat address from the window, a job's POST to that address (no
// sign-in) is a beat, and the window then shows the monitor up.

const RUN = Date.now().toString(36);
const APPLICATION = `Heartbeat Lab ${RUN}`;
const MODULE = 'Backups';
const HEARTBEAT = `Nightly dump ${RUN}`;

/** Opens the module's heartbeats window from its row, once it has faded in. */
async function openHeartbeats(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: `Heartbeats of ${MODULE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Heartbeats of ${MODULE}` });
  await settled(dialog);
  return dialog;
}

test('a heartbeat added on the Modules screen is up after a beat to the address it shows', async ({
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await freshPage(browser, baseURL);
  await signIn(page, customerRoot);
  const [module] = await ownApplication(page.request, APPLICATION, [{ name: MODULE }]);
  await page.goto(`/application/${module!.applicationId}/modules`);
  await expect(page.getByRole('heading', { name: `Modules of ${APPLICATION}` })).toBeVisible();

  // a new module has none
  let dialog = await openHeartbeats(page);
  await expect(
    dialog.getByText('No heartbeat yet: add one and have your job call its address on every run.'),
  ).toBeVisible();

  // added: every 2 minutes with a minute of grace, waiting for its first beat
  await dialog.getByRole('button', { name: 'Add heartbeat' }).click();
  const form = page.getByRole('dialog', { name: 'Add heartbeat' });
  await settled(form);
  await form.getByRole('textbox', { name: 'Name' }).fill(HEARTBEAT);
  await form.getByRole('textbox', { name: 'Interval (seconds)' }).fill('30');
  await expect(form.getByRole('textbox', { name: 'Interval (seconds)' })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Interval (seconds)' }).fill('120');
  await form.getByRole('textbox', { name: 'Grace (seconds)' }).fill('60');
  await expect(form.getByText('A beat every 2 minutes.')).toBeVisible();
  await expectAccessible(page, 'the add heartbeat form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  let monitor = dialog.getByRole('listitem', { name: HEARTBEAT });
  await expect(monitor).toContainText('Waiting for the first beat');
  await expect(monitor).toContainText('every 2 minutes, 1 minute of grace');
  await expect(monitor).toContainText('No beat yet');

  // the address, read from the window's read-only field
  const address = monitor.getByRole('textbox', { name: 'Beat address' });
  await expect(address).toHaveAttribute('readonly');
  const url = await address.inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/api/v1/heartbeat/[A-Za-z0-9_-]{43}$`));

  // a job's beat: a plain POST, no session, no body
  const beat = await fetch(url, { method: 'POST' });
  expect(beat.status).toBe(202);
  expect(await beat.json()).toEqual({ message: 'Beat recorded', state: 'up' });

  // opened again, the window shows it up, its last beat just now
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  dialog = await openHeartbeats(page);
  monitor = dialog.getByRole('listitem', { name: HEARTBEAT });
  await expect(monitor).toContainText('Up');
  await expect(monitor).not.toContainText('Waiting for the first beat');
  await expect(monitor).toContainText('Last beat just now');
  await expectAccessible(page, 'the heartbeats window');

  // a new address: the old one is refused at once
  await monitor.getByRole('button', { name: 'New address' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('The current address stops working at once');
  await confirm.getByRole('button', { name: 'New address' }).click();
  await expect(address).not.toHaveValue(url);
  expect((await fetch(url, { method: 'POST' })).status).toBe(404);
  expect((await fetch(await address.inputValue(), { method: 'POST' })).status).toBe(202);
  await context.close();
});
