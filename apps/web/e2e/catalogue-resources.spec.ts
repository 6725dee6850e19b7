import type { Locator, Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { expect, test } from './support/fixtures';
import { customer, customerRoot } from './support/users';

// each run names its records apart, so a rerun on the same server cannot collide
const run = Date.now().toString(36);

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notification/ }).getByText(text);
const rowOf = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name, exact: true }) });
const helpFor = (dialog: Locator, label: string) =>
  dialog.getByRole('button', { name: new RegExp(`^${label}: \\d+ problem`) });

async function search(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
  await expect(page).toHaveURL(/[?&]search=/);
}

test.describe('Resources and SLAs (docs/product.md#resources, #slas, #roles-and-permissions, #messages)', () => {
  test('a Customer Root creates, edits, copies and deletes a resource with two phones', async ({
    browser,
    baseURL,
    signIn,
  }) => {
    const { context, page } = await freshPage(browser, baseURL);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `Marisol Vega ${run}`;
    await signIn(page, customerRoot);
    await page.goto('/resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Resources' });
    await expect(rowOf(table, 'Carlos Méndez')).toBeVisible();
    await expectAccessible(page, 'resources list');

    // create: the status is hidden; 'Select Language' is offered first; the rules show their messages
    const create = page.getByRole('button', { name: 'Create' });
    await expect(create).toBeEnabled();
    await create.click();
    let dialog = page.getByRole('dialog', { name: 'Create Resource' });
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await dialog.getByLabel('Email', { exact: true }).fill('marisol@');
    await dialog.getByLabel('Main Phone', { exact: true }).fill('787555');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Main Phone', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await helpFor(dialog, 'Main Phone').click();
    await expect(page.getByRole('tooltip')).toContainText('Must be a valid phone number of the chosen country');
    await expectAccessible(page, 'create resource modal with errors');

    // a Puerto Rico main phone and a United States secondary phone
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Email', { exact: true }).fill(`marisol.${run}@democompany.demo`);
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await dialog.getByLabel('Main phone country').selectOption('PR');
    await dialog.getByLabel('Main Phone', { exact: true }).fill('7875550163');
    await dialog.getByLabel('Secondary phone country').selectOption('US');
    await dialog.getByLabel('Secondary Phone', { exact: true }).fill('2025550163');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Resource was successfully created')).toBeVisible();
    await expect(dialog).toBeHidden();

    await search(page, 'Search resources', name);
    const row = rowOf(table, name);
    await expect(row).toContainText('English');
    await expect(row).toContainText('ACTIVE');
    await expect(row.getByRole('button', { name: '+1 787 555 0163' })).toBeVisible();
    await expect(row.getByRole('button', { name: '+1 202 555 0163' })).toBeVisible();

    // click a phone: it is copied and the toast says so
    await row.getByRole('button', { name: '+1 202 555 0163' }).click();
    await expect(toast(page, '+1 202 555 0163 is now in clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('+1 202 555 0163');

    // edit: the stored phones come back with their countries; made inactive
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Resource' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(dialog.getByLabel('Secondary phone country')).toHaveValue('US');
    await expect(dialog.getByLabel('Main phone country')).toHaveValue('PR');
    await expectAccessible(page, 'edit resource modal');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'INACTIVE' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Resource was successfully updated')).toBeVisible();
    await expect(rowOf(table, name)).toContainText('INACTIVE');

    // delete after the confirmation
    await rowOf(table, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to remove this resource?');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, 'Resource was successfully deleted')).toBeVisible();
    await expect(table).toContainText('No resources found. Please add some resources.');
    await context.close();
  });

  test('a resource used by an escalation step is not deleted: the warning says which', async ({ page, signIn }) => {
    await signIn(page, customerRoot);
    await page.goto('/resources');
    const table = page.getByRole('table', { name: 'Resources' });
    await rowOf(table, 'Carlos Méndez').getByRole('button', { name: 'Delete Carlos Méndez' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, /^This resource cannot be deleted: it is a step of the escalation/)).toBeVisible();
    await expect(rowOf(table, 'Carlos Méndez')).toBeVisible();
  });

  test('a Customer Root creates an SLA and edits it to ACTIVE', async ({ browser, baseURL, signIn }) => {
    const { context, page } = await freshPage(browser, baseURL);
    const name = `Gold ${run}`;
    await signIn(page, customerRoot);
    await page.goto('/sla');
    const table = page.getByRole('table', { name: 'Service Level Agreements' });
    await expect(rowOf(table, 'Standard response')).toBeVisible();
    await expectAccessible(page, 'SLA list');

    await page.getByRole('button', { name: 'Create' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Service Level Agreement' });
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Response Time', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await helpFor(dialog, 'Response Time').click();
    await expect(page.getByRole('tooltip')).toContainText('Response time is required');
    await expectAccessible(page, 'create SLA modal with errors');

    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Description', { exact: true }).fill('Checkout incidents at night');
    // the two-digit mask keeps 45 of 4a5 6
    await dialog.getByLabel('Response Time', { exact: true }).pressSequentially('4a56');
    await expect(dialog.getByLabel('Response Time', { exact: true })).toHaveValue('45');
    await dialog.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'Hours' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The Service Level Agreement was Saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await search(page, 'Search service level agreements', name);
    const row = rowOf(table, name);
    await expect(row).toContainText('45 Hour(s)');
    await expect(row).toContainText('INACTIVE');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Service Level Agreement' });
    await expect(dialog.getByLabel('Response Time', { exact: true })).toHaveValue('45');
    await expectAccessible(page, 'edit SLA modal');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'ACTIVE', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The Service Level Agreement was Edited successfully')).toBeVisible();
    await expect(rowOf(table, name)).toContainText('ACTIVE');
    await expect(rowOf(table, name)).not.toContainText('INACTIVE');

    // the SLA is left out of the demo's module; it may be deleted
    await rowOf(table, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    // docs/product.md#messages: the SLA's confirmation is labelled in Spanish
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continuar' }).click();
    await expect(toast(page, 'Service Level Agreement has been successfully deleted')).toBeVisible();
    await context.close();
  });

  test('the Customer reads both lists but sees no Create and no actions (docs/product.md#roles-and-permissions)', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customer);
    for (const [path, label, known] of [
      ['/resources', 'Resources', 'Carlos Méndez'],
      ['/sla', 'Service Level Agreements', 'Standard response'],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole('table', { name: label });
      await expect(rowOf(table, known)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
      // no Edit or Delete; the Resources rows keep only "Send a test" (docs/product.md#send-a-test)
      await expect(table.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
      if (path === '/sla') await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
      await expect(page.getByText(/You have reached the maximum limit/)).toHaveCount(0);
    }
  });
});
