import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { customer, customerRoot } from './support/users';

// each run names its records apart, so a rerun on the same server cannot collide
const run = Date.now().toString(36);

const DEMO_ESCALATION = 'Demo on-call';
const DEMO_APPLICATION = 'Demo Store';

const table = (page: Page, name: string) => page.getByRole('table', { name });
const rowOf = (page: Page, tableName: string, name: string) =>
  table(page, tableName)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notification/ }).getByText(text);

async function search(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * An active SLA of the test's own (the module form offers active SLAs only; a new SLA starts
 * inactive, docs/product.md#entities), made and removed through the API with the signed-in page's session.
 */
async function activeSla(page: Page, name: string): Promise<{ remove: () => Promise<void> }> {
  const body = {
    sla_name: name,
    sla_desc: 'Made by the applications browser test',
    sla_response_time: 30,
    sla_response_time_mult: 'M',
  };
  const created = await page.request.post('/api/procedures/add/sla', { data: body });
  expect(created.ok()).toBe(true);
  const { sla_id: id } = (await created.json()) as { sla_id: number };
  const activated = await page.request.put(`/api/procedures/upd/sla/${id}`, { data: { ...body, sla_active: 'Y' } });
  expect(activated.ok()).toBe(true);
  return {
    remove: async () => {
      expect((await page.request.delete(`/api/procedures/del/sla/${id}`)).ok()).toBe(true);
    },
  };
}

test.describe('Applications and modules (docs/product.md#applications, #modules, #states-and-transitions, #validation-rules, #messages)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a Customer Root builds an application with a module, and uses its tools', async ({ page, signIn }) => {
    const appName = `Billing ${run}`;
    const moduleName = `Invoices ${run}`;
    const renamed = `Invoicing ${run}`;
    const slaName = `Invoices within 30 minutes ${run}`;
    // one long walk through both screens and every module tool
    test.slow();
    await signIn(page, customerRoot);
    const sla = await activeSla(page, slaName);
    await page.goto('/applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await expect(rowOf(page, 'Applications', DEMO_APPLICATION)).toBeVisible();
    await expectAccessible(page, 'applications list');

    // create: the status is hidden, the name is required with the server's message
    await page.getByRole('button', { name: 'Create' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Application' });
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'create application modal with errors');
    await dialog.getByLabel('Name', { exact: true }).fill(appName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Application was successfully created')).toBeVisible();
    await expect(dialog).toBeHidden();

    // a click on the name copies it
    await search(page, 'Search applications', appName);
    await rowOf(page, 'Applications', appName).getByRole('button', { name: appName, exact: true }).click();
    await expect(toast(page, 'Application Name copied to clipboard')).toBeVisible();

    // its modules: empty, titled with its name
    await rowOf(page, 'Applications', appName)
      .getByRole('link', { name: `Modules of ${appName}` })
      .click();
    await expect(page).toHaveURL(/\/application\/\d+\/modules/);
    await expect(page.getByRole('heading', { level: 1, name: `Modules of ${appName}` })).toBeVisible();
    await expect(table(page, 'Modules')).toContainText('No modules found. Please add some modules.');
    await expectAccessible(page, 'modules list');

    // create a module on the demo escalation and an active SLA; the application is shown, locked
    await page.getByRole('button', { name: 'Create' }).click();
    dialog = page.getByRole('dialog', { name: 'Create Module' });
    await expect(dialog.getByLabel('Application', { exact: true })).toHaveValue(appName);
    await expect(dialog.getByLabel('Application', { exact: true })).toHaveAttribute('readonly', '');
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'create module modal with errors');
    await dialog.getByLabel('Name', { exact: true }).fill(`  ${moduleName}  `);
    await dialog.getByLabel('Description', { exact: true }).fill('Invoices sent to customers');
    await choose(page, 'Escalation', DEMO_ESCALATION);
    await choose(page, 'SLA', slaName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Module successfully Saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    // the name was trimmed
    const row = rowOf(page, 'Modules', moduleName);
    await expect(row).toContainText(DEMO_ESCALATION);
    await expect(row).toContainText(slaName);
    await expect(row).toContainText('ACTIVE');

    // credentials: confirmed first, then the masked key with Show/Hide
    await row.getByRole('button', { name: `Generate Credentials for ${moduleName}` }).click();
    dialog = page.getByRole('dialog', { name: `Credentials of ${moduleName}` });
    await expect(dialog).toContainText('stop working');
    await expectAccessible(page, 'credentials modal');
    await dialog.getByRole('button', { name: 'Create New Credentials' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to create a new credential key?');
    // the key is made by a POST (the rotation's GET is refused to other sites: docs/security.md)
    const made = page.waitForResponse((response) => response.url().includes('/api/events/module/credential/'));
    await confirm.getByRole('button', { name: 'Continue' }).click();
    expect({ method: (await made).request().method(), status: (await made).status() }).toEqual({
      method: 'POST',
      status: 200,
    });
    // the toast region sits outside the open modal, which hides the rest of the page from assistive technology
    await expect(page.getByText('Credential Created Successfully', { exact: true })).toBeVisible();
    const key = dialog.getByLabel('Credential Key', { exact: true });
    await expect(key).toHaveValue(/^•{32}$/);
    await dialog.getByRole('button', { name: 'Show' }).click();
    await expect(key).toHaveValue(/^[0-9a-f]{32}$/);
    await expectAccessible(page, 'credentials modal with the key shown');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(key).toHaveValue(/^•{32}$/);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download to CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^module_\d+_credential_\d{8}\.csv$/);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();

    // examples: one tab per language, the code in a pre
    await row.getByRole('button', { name: `Get Examples for ${moduleName}` }).click();
    dialog = page.getByRole('dialog', { name: `Examples for ${moduleName}` });
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveText(['curl', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'Events API v2']);
    await expect(dialog.getByRole('tabpanel').locator('pre')).toContainText('/api/v1/incidents');
    await expectAccessible(page, 'examples modal');
    await dialog.getByRole('tab', { name: 'curl' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('button', { name: /download/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // incident simulation: Send disabled until valid, then a success toast
    await row.getByRole('button', { name: `Incident Simulation for ${moduleName}` }).click();
    dialog = page.getByRole('dialog', { name: `Incident Simulation for ${moduleName}` });
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Incident', { exact: true }).fill('Too short');
    await expect(dialog.getByLabel('Incident', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'simulation modal with errors');
    await dialog.getByLabel('Incident', { exact: true }).fill('Invoice queue is stuck');
    await dialog.getByLabel('Description', { exact: true }).fill('No invoice has been sent for 20 minutes.');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(toast(page, 'The incident was sent')).toBeVisible();
    await expect(dialog).toBeHidden();

    // edit: the status shows, the application stays
    await row.getByRole('button', { name: `Edit ${moduleName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Module' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(moduleName);
    await expect(dialog.getByRole('combobox', { name: 'Escalation' })).toHaveText(DEMO_ESCALATION);
    await expectAccessible(page, 'edit module modal');
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await choose(page, 'Status', 'INACTIVE');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Module successfully Edited')).toBeVisible();
    const edited = rowOf(page, 'Modules', renamed);
    await expect(edited).toContainText('INACTIVE');

    // an application with modules is not deleted: the warning names them
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/applications/);
    await search(page, 'Search applications', appName);
    await rowOf(page, 'Applications', appName)
      .getByRole('button', { name: `Delete ${appName}` })
      .click();
    await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to remove this application?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await expect(
      toast(page, new RegExp(`This application cannot be deleted: it still has the module "${renamed}"`)),
    ).toBeVisible();
    await expect(rowOf(page, 'Applications', appName)).toBeVisible();

    // delete the module (the Spanish confirmation), then the application
    await rowOf(page, 'Applications', appName)
      .getByRole('link', { name: `Modules of ${appName}` })
      .click();
    await rowOf(page, 'Modules', renamed)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    let dialogConfirm = page.getByRole('alertdialog');
    await expect(dialogConfirm).toContainText('Are you sure you want to remove this Module?');
    await dialogConfirm.getByRole('button', { name: 'Continuar' }).click();
    await expect(toast(page, 'Module has been successfully deleted')).toBeVisible();
    await expect(table(page, 'Modules')).toContainText('No modules found. Please add some modules.');

    await page.getByRole('button', { name: 'Go back' }).click();
    await search(page, 'Search applications', appName);
    await rowOf(page, 'Applications', appName)
      .getByRole('button', { name: `Edit ${appName}` })
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit Application' });
    await expectAccessible(page, 'edit application modal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await rowOf(page, 'Applications', appName)
      .getByRole('button', { name: `Delete ${appName}` })
      .click();
    dialogConfirm = page.getByRole('alertdialog');
    await dialogConfirm.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, 'Application was successfully deleted')).toBeVisible();
    await expect(table(page, 'Applications')).toContainText('No applications found. Please add some applications.');
    await sla.remove();
  });

  test('a Customer reads applications and modules and their examples, and changes nothing', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customer);
    await page.goto('/applications');
    const app = rowOf(page, 'Applications', DEMO_APPLICATION);
    await expect(app).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expect(app.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    // hovering the name lists its modules
    await app.getByRole('button', { name: DEMO_APPLICATION, exact: true }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Checkout');

    await app.getByRole('link', { name: `Modules of ${DEMO_APPLICATION}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Modules of ${DEMO_APPLICATION}` })).toBeVisible();
    const checkout = rowOf(page, 'Modules', 'Checkout');
    await expect(checkout).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expect(
      checkout.getByRole('button', { name: /^(Edit|Delete|Generate Credentials|Incident Simulation) / }),
    ).toHaveCount(0);
    await checkout.getByRole('button', { name: 'Get Examples for Checkout' }).click();
    await expect(page.getByRole('dialog', { name: 'Examples for Checkout' }).getByRole('tab')).toHaveCount(7);
    await expectAccessible(page, 'examples modal of a Customer');
  });

  test('the module route goes to the applications', async ({ page, signIn }) => {
    await signIn(page, customerRoot);
    await page.goto('/module');
    await expect(page).toHaveURL(/\/applications$/);
  });
});
