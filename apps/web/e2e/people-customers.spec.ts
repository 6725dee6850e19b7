import type { Locator, Page } from '@playwright/test';
import { freshPage, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { DEMO_CUSTOMER, customersRoot, customersViewer } from './support/users';

// each run names its customers apart, so a rerun on the same server cannot collide
const run = Date.now().toString(36);

const table = (page: Page) => page.getByRole('table', { name: 'Customers' });
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search customers' });
const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notification/ }).getByText(text);

/** The names of the rows shown, top to bottom. */
async function shownNames(page: Page): Promise<string[]> {
  return table(page).locator('tbody tr td:nth-child(2)').allInnerTexts();
}

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

async function helpFor(dialog: Locator, label: string) {
  return dialog.getByRole('button', { name: new RegExp(`^${label}: \\d+ problem`) });
}

test.describe('Customers (docs/product.md#user-lists, #tables, #roles-and-permissions, #messages)', () => {
  test('a Staff Root creates, finds, edits and deletes a customer', async ({ page, signIn }) => {
    const name = `Nakatomi Trading ${run}`;
    const renamed = `Nakatomi Holdings ${run}`;
    await signIn(page, customersRoot);
    // docs/product.md#verification-code: staff land on the Customer screen
    await expect(page).toHaveURL(/\/customer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(page.getByText(/^Show 1 to \d+ of \d+ records$/)).toBeVisible();

    // create: the status is hidden, the quota starts at 10 (docs/product.md#states-and-transitions, #constants-and-limits); focus moves in and back
    const create = page.getByRole('button', { name: 'Create' });
    await create.click();
    let dialog = page.getByRole('dialog', { name: 'Create Customer' });
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await expect(dialog.getByLabel('Resource quota', { exact: true })).toHaveValue('10');

    // the domain's rules with their exact messages; the modal stays open
    await dialog.getByLabel('Resource quota', { exact: true }).fill('1.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await (await helpFor(dialog, 'Resource quota')).click();
    await expect(page.getByRole('tooltip')).toContainText('The resource quota must be a whole number from 0 to 100000');

    // a name already taken comes back as a 422 and shows on the name field
    await dialog.getByLabel('Name', { exact: true }).fill(DEMO_CUSTOMER);
    await dialog.getByLabel('Resource quota', { exact: true }).fill('25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await (await helpFor(dialog, 'Name')).click();
    await expect(page.getByRole('tooltip')).toContainText('A customer with this name already exists');
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The customer was Saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    // search finds it (and only it)
    await search(page, name);
    await expect(page.getByText('Show 1 to 1 of 1 records')).toBeVisible();
    const row = rowOf(page, name);
    await expect(row).toContainText('ACTIVE');
    await expect(row.getByRole('cell').nth(3)).toHaveText('25');
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);

    // edit: name, status and quota
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'INACTIVE' }).click();
    await dialog.getByLabel('Resource quota', { exact: true }).fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The customer was Edited successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await search(page, renamed);
    const edited = rowOf(page, renamed);
    await expect(edited).toContainText('INACTIVE');
    await expect(edited.getByRole('cell').nth(3)).toHaveText('30');

    // delete after the docs/product.md#messages confirmation; Cancel first leaves it alone
    await edited.getByRole('button', { name: `Delete ${renamed}` }).click();
    let confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to remove this customer?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: `Delete ${renamed}` }).click();
    confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, 'customer was successfully deleted successfully')).toBeVisible();
    await expect(table(page)).toContainText('No customers found. Please add some customers.');
    await expect(page.getByText('Show 0 to 0 of 0 records')).toBeVisible();
  });

  test('a customer that still has users is not deleted: the warning toast says why', async ({ page, signIn }) => {
    await signIn(page, customersRoot);
    await search(page, DEMO_CUSTOMER);
    await rowOf(page, DEMO_CUSTOMER)
      .getByRole('button', { name: `Delete ${DEMO_CUSTOMER}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, /^This customer still has \d+ users?.*; remove them first$/)).toBeVisible();
    await expect(rowOf(page, DEMO_CUSTOMER)).toBeVisible();
  });

  test('the provider organisation has no Delete and cannot be made inactive', async ({ page, signIn }) => {
    await signIn(page, customersRoot);
    await search(page, 'Relevo');
    const provider = rowOf(page, 'Relevo');
    await expect(provider.getByRole('button', { name: 'Edit Relevo' })).toBeVisible();
    await expect(provider.getByRole('button', { name: 'Delete Relevo' })).toHaveCount(0);
    await provider.getByRole('button', { name: 'Edit Relevo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await expect(page.getByRole('option', { name: 'INACTIVE' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('ACTIVE');
  });

  test('sorting and paging live in the URL: reload and the back button keep the place', async ({ page, signIn }) => {
    await signIn(page, customersRoot);
    const prefix = `Paging ${run}`;
    const names = Array.from({ length: 12 }, (_, index) => `${prefix} ${String(index + 1).padStart(2, '0')}`);
    const ids: number[] = [];
    for (const customer_name of names) {
      const response = await page.request.post('/api/procedures/add/customer', {
        data: { customer_name, customer_qty_resources: 5 },
      });
      expect(response.ok()).toBe(true);
      ids.push(((await response.json()) as { customer_id: number }).customer_id);
    }
    try {
      // typing on while the first part of the search is already loading keeps every character
      await searchBox(page).pressSequentially(prefix.slice(0, 6));
      await expect(page).toHaveURL(/[?&]search=Paging/);
      await searchBox(page).pressSequentially(prefix.slice(6), { delay: 60 });
      await expect(searchBox(page)).toHaveValue(prefix);
      await expect(page).toHaveURL(new RegExp(`[?&]search=${prefix.replace(/ /g, '\\+')}$`));
      await expect(page.getByText('Show 1 to 10 of 12 records')).toBeVisible();

      // sort by name: ascending, then descending (each a new history entry)
      const nameHeader = table(page).getByRole('columnheader', { name: 'Name' });
      await nameHeader.getByRole('button').click();
      await expect(page).toHaveURL(/order=customer_name/);
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      await nameHeader.getByRole('button').click();
      await expect(page).toHaveURL(/dir=desc/);
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      await expect.poll(() => shownNames(page)).toEqual(names.slice(2).reverse());

      // page 2 by the pager
      await page.getByRole('navigation', { name: 'Customers pages' }).getByRole('button', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page.getByText('Show 11 to 12 of 12 records')).toBeVisible();
      await expect.poll(() => shownNames(page)).toEqual([names[1], names[0]]);

      // a reload stays on page 2, sorted, searched
      await page.reload();
      await expect(searchBox(page)).toHaveValue(prefix);
      await expect(page.getByText('Show 11 to 12 of 12 records')).toBeVisible();
      await expect(table(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

      // back: page 1 in the same order; back again: ascending; forward: descending
      await page.goBack();
      await expect(page).not.toHaveURL(/[?&]page=/);
      await expect(page.getByText('Show 1 to 10 of 12 records')).toBeVisible();
      await expect.poll(() => shownNames(page)).toEqual(names.slice(2).reverse());
      await page.goBack();
      await expect(table(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
      await expect.poll(() => shownNames(page)).toEqual(names.slice(0, 10));
      await page.goForward();
      await expect(table(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

      // the pager's last and first buttons, by keyboard
      const pager = page.getByRole('navigation', { name: 'Customers pages' });
      await pager.getByRole('button', { name: 'Last page' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Show 11 to 12 of 12 records')).toBeVisible();
      await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await pager.getByRole('button', { name: 'First page' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Show 1 to 10 of 12 records')).toBeVisible();
    } finally {
      for (const id of ids) await page.request.delete(`/api/procedures/del/customer/${id}`);
    }
  });

  test('a Staff View reads the list but has no Create and no actions but Delivery (docs/product.md#roles-and-permissions)', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customersViewer);
    await expect(page).toHaveURL(/\/customer$/);
    await expect(rowOf(page, DEMO_CUSTOMER)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expect(table(page).getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    // docs/product.md#delivery-providers: a Staff View reads each customer's delivery settings
    await expect(table(page).getByRole('link', { name: `Delivery of ${DEMO_CUSTOMER}` })).toBeVisible();
  });

  test('the list and the open modal have no serious or critical axe violation', async ({
    browser,
    baseURL,
    signIn,
  }) => {
    const { context, page } = await freshPage(browser, baseURL);
    await signIn(page, customersRoot);
    await expect(rowOf(page, DEMO_CUSTOMER)).toBeVisible();
    expect(await seriousViolations(page), 'customers list').toEqual([]);

    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Customer' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page), 'create modal with errors').toEqual([]);
    await page.keyboard.press('Escape');

    await rowOf(page, DEMO_CUSTOMER)
      .getByRole('button', { name: `Edit ${DEMO_CUSTOMER}` })
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit Customer' })).toBeVisible();
    expect(await seriousViolations(page), 'edit modal').toEqual([]);
    await context.close();
  });
});
