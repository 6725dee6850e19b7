import type { Browser, Locator, Page } from '@playwright/test';
import { freshPage, seriousViolations } from './support/axe';
import { expect, settled, test, type InboxClient } from './support/fixtures';
import {
  DEMO_CUSTOMER,
  HARBOR_CUSTOMER,
  customer,
  harborDispatcher,
  harborRoot,
  peopleRoot,
  peopleViewer,
  type TestUser,
} from './support/users';

/** Opens a user screen and waits for its first page. */
async function openScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
}

/** Searches the list (Enter sends at once, without the 500 ms wait) and waits for that page. */
async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox');
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.startsWith('/api/user/') && (url.searchParams.get('search') ?? '') === text;
  });
  await box.fill(text);
  await box.press('Enter');
  await answered;
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
}

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function choose(page: Page, dialog: Locator, field: string, option: string) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

interface NewUser {
  name: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
  customer?: string;
}

async function fillCreate(page: Page, user: NewUser): Promise<Locator> {
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await expect(dialog).toBeVisible();
  // docs/product.md#user-lists and #states-and-transitions: no status on create
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill(user.lastName);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(user.password);
  await choose(page, dialog, 'Role', user.role);
  if (user.customer) await choose(page, dialog, 'Customer', user.customer);
  return dialog;
}

async function createUser(page: Page, user: NewUser) {
  const dialog = await fillCreate(page, user);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User has been successfully Created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, user.email);
  await expect(rowOf(page, user.email)).toHaveCount(1);
}

async function editLastName(page: Page, user: NewUser, lastName: string) {
  await page.getByRole('button', { name: `Edit ${user.name} ${user.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog).toBeVisible();
  // docs/product.md#user-lists: the e-mail is fixed after creation, there is no password, and the status shows
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(user.email);
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).not.toBeEditable();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('ACTIVE');
  await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill(lastName);
  await choose(page, dialog, 'Status', 'INACTIVE');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User has been successfully Updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, user.email);
  await expect(row).toContainText(lastName);
  await expect(row).toContainText('INACTIVE');
  await expect(row).toContainText(/\d{4}\/\d{2}\/\d{2}/);
}

async function deleteUser(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to remove this user?');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('User has been successfully Deleted', { exact: true })).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);
  await expect(page.getByText('No users found. Please add some users.')).toBeVisible();
}

const signInFresh = async (
  browser: Browser,
  baseURL: string | undefined,
  signIn: (page: Page, user: TestUser) => Promise<void>,
  user: TestUser,
) => {
  const fresh = await freshPage(browser, baseURL);
  await signIn(fresh.page, user);
  return fresh;
};

/** Opens the help tooltip of a field and checks its message. */
async function expectFieldMessage(page: Page, dialog: Locator, label: string, message: string) {
  await dialog.getByRole('button', { name: new RegExp(`^${label}: 1 problem`) }).hover();
  await expect(page.getByRole('tooltip')).toContainText(message);
}

/** The notices of an own phone change that reached the inbox since `since` (ms). */
async function phoneNotices(inbox: InboxClient, user: TestUser, oldPhone: string | null, since: number) {
  const mails = (await inbox.mails()).filter(
    (mail) =>
      mail.receivedAt >= since &&
      mail.to.includes(user.email) &&
      mail.subject === 'Your Relevo phone number was changed',
  );
  const texts = oldPhone
    ? (await inbox.texts()).filter(
        (sms) =>
          sms.receivedAt >= since && sms.to === oldPhone && sms.body.startsWith('Your Relevo phone number was changed'),
      )
    : [];
  return { mails: mails.length, texts: texts.length };
}

test.describe('people screens (docs/product.md#user-lists, #roles-and-permissions, #messages)', () => {
  test('a Staff Root creates, edits and deletes a staff user on Admin Users; its own row has no Delete, no admin password change and no demotion', async ({
    page,
    signIn,
  }) => {
    await signIn(page, peopleRoot);
    await openScreen(page, '/admin/users', 'Admin Users');
    await expect(page.getByRole('columnheader', { name: 'Role' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    // docs/product.md#constants-and-limits: Admin Users sorted by id
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'none');

    const staff: NewUser = {
      name: 'Elena',
      lastName: 'Ruiz',
      email: 'elena.ruiz@relevo.test',
      password: 'Staff.Edit.2026',
      role: 'Staff Edit',
    };
    await page.getByRole('button', { name: 'Create' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create User' });
    // docs/product.md#user-lists: the staff modal offers Staff Root, Staff Edit and Staff View only
    await createDialog.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option')).toHaveText(['Select Role', 'Staff Root', 'Staff Edit', 'Staff View']);
    await page.keyboard.press('Escape');
    await createDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(createDialog).toBeHidden();

    await createUser(page, staff);
    await expect(rowOf(page, staff.email)).toContainText('StaffEdit');
    await expect(rowOf(page, staff.email)).toContainText('ACTIVE');
    await editLastName(page, staff, 'Ruiz Vega');
    await deleteUser(page, 'Elena Ruiz Vega', staff.email);

    // one's own row: Edit only (no Delete, no admin password change), and no self demotion
    await search(page, peopleRoot.email);
    const me = `${peopleRoot.name} ${peopleRoot.lastName}`;
    await expect(page.getByRole('button', { name: `Edit ${me}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${me}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Change password of ${me}` })).toHaveCount(0);
    await page.getByRole('button', { name: `Edit ${me}` }).click();
    const own = page.getByRole('dialog', { name: 'Edit User' });
    await expect(own.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await expect(own.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    await expect(own).toContainText('You cannot deactivate your own user or change its role.');
    await own.getByRole('button', { name: 'Cancel' }).click();
    await expect(own).toBeHidden();
  });

  test('a Staff Root creates, edits and deletes a customer user on Customer Users; a duplicate e-mail shows on its field', async ({
    page,
    signIn,
  }) => {
    await signIn(page, peopleRoot);
    await openScreen(page, '/customer/users', 'Customer Users');
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Role' })).toHaveCount(0);

    // docs/product.md#user-lists: staff roles listed but disabled; only Customer Root and Customer can be chosen
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Select Role',
      'Staff Root',
      'Staff Edit',
      'Staff View',
      'Customer Root',
      'Customer',
    ]);
    for (const staffRole of ['Staff Root', 'Staff Edit', 'Staff View']) {
      await expect(page.getByRole('option', { name: staffRole })).toHaveAttribute('aria-disabled', 'true');
    }
    await page.keyboard.press('Escape');
    // the customer dropdown leaves out the provider (not_root)
    await dialog.getByRole('combobox', { name: 'Customer' }).click();
    await expect(page.getByRole('option', { name: HARBOR_CUSTOMER })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Relevo' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // an e-mail already in use: the server's 422 shows on the e-mail field and the modal stays open
    const duplicate = await fillCreate(page, {
      name: 'Ana',
      lastName: 'Copy',
      email: customer.email,
      password: 'Copy.Pass.2026',
      role: 'Customer',
      customer: DEMO_CUSTOMER,
    });
    await duplicate.getByRole('button', { name: 'Save' }).click();
    const email = duplicate.getByRole('textbox', { name: 'Email', exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await duplicate.getByRole('button', { name: /^Email: 1 problem/ }).hover();
    await expect(page.getByRole('tooltip')).toContainText('A user with this email already exists');
    await expect(duplicate).toBeVisible();
    // shown on the field only, not again as a general warning
    await expect(page.getByText('EMAIL: A user with this email already exists')).toHaveCount(0);
    await duplicate.getByRole('button', { name: 'Cancel' }).click();

    const person: NewUser = {
      name: 'Marta',
      lastName: 'Luna',
      email: 'marta.luna@harbor.test',
      password: 'Harbor.Ops.2026',
      role: 'Customer',
      customer: HARBOR_CUSTOMER,
    };
    await createUser(page, person);
    await expect(rowOf(page, person.email)).toContainText(HARBOR_CUSTOMER);
    await editLastName(page, person, 'Luna Paz');
    await deleteUser(page, 'Marta Luna Paz', person.email);
  });

  test('an admin password change asks first, then the new password signs in for that user', async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    await signIn(page, peopleRoot);
    await openScreen(page, '/customer/users', 'Customer Users');
    const person: NewUser = {
      name: 'Raúl',
      lastName: 'Cruz',
      email: 'raul.cruz@harbor.test',
      password: 'First.Pass.2026',
      role: 'Customer',
      customer: HARBOR_CUSTOMER,
    };
    await createUser(page, person);

    await page.getByRole('button', { name: 'Change password of Raúl Cruz' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText("Are you sure you want to change this user's password?");
    // Cancel leaves everything as it was
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Change User Password' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Change password of Raúl Cruz' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change User Password' });
    await expect(dialog).toBeVisible();
    // docs/product.md#validation-rules: checked on every input
    await dialog.getByLabel('New Password', { exact: true }).fill('weakpass');
    await dialog.getByRole('button', { name: /^New Password: \d problems/ }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Password must contain at least one uppercase letter');
    const next = 'Chosen.By.Admin.2026';
    await dialog.getByLabel('New Password', { exact: true }).fill(next);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(next);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User password has been updated', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // the user signs in with the new password and is asked to choose its own
    const { context, page: theirs } = await signInFresh(browser, baseURL, signIn, {
      ...harborDispatcher,
      email: person.email,
      password: next,
    });
    await expect(theirs.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
    await context.close();
  });

  test('a Customer Root sees only its own customer on Users, creates a user there, and cannot open Admin Users', async ({
    page,
    signIn,
  }) => {
    await signIn(page, harborRoot);
    await openScreen(page, '/users', 'Users');
    await expect(rowOf(page, harborDispatcher.email)).toHaveCount(1);
    await expect(rowOf(page, harborRoot.email)).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    // docs/product.md#constants-and-limits: Users sorted by name
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // another customer's users are out of reach, even by search
    await search(page, customer.email);
    await expect(page.getByText('No users found. Please add some users.')).toBeVisible();
    await search(page, '');

    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    // Users have no customer field: a new user joins the Customer Root's own customer
    await expect(dialog.getByRole('combobox', { name: 'Customer' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const person: NewUser = {
      name: 'Sara',
      lastName: 'Lugo',
      email: 'sara.lugo@harbor.test',
      password: 'Harbor.Sara.2026',
      role: 'Customer',
    };
    await createUser(page, person);
    await expect(rowOf(page, person.email)).toContainText('ACTIVE');

    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  });

  test('a Customer Root changes its own phone on Users only with its current password; the e-mail and the old phone get a notice', async ({
    page,
    signIn,
    inbox,
  }) => {
    await signIn(page, harborRoot);
    await openScreen(page, '/users', 'Users');
    const me = `${harborRoot.name} ${harborRoot.lastName}`;
    await expect(page.getByRole('button', { name: `Delete ${me}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Change password of ${me}` })).toHaveCount(0);

    const openOwn = async () => {
      await page.getByRole('button', { name: `Edit ${me}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit User' });
      await expect(dialog).toBeVisible();
      return dialog;
    };
    const currentPassword = (dialog: Locator) => dialog.getByLabel('Current password', { exact: true });

    // a phone added: the current password is asked for once the number differs from the stored one
    let dialog = await openOwn();
    await expect(currentPassword(dialog)).toHaveCount(0);
    await dialog.getByLabel('Phone', { exact: true }).fill('7875550170');
    await expect(currentPassword(dialog)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(currentPassword(dialog)).toHaveAttribute('aria-invalid', 'true');
    await expectFieldMessage(page, dialog, 'Current password', 'Current Password is required');
    // a wrong one comes back from the server on the field; the modal stays open
    await currentPassword(dialog).fill('Not.The.Password.1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectFieldMessage(page, dialog, 'Current password', 'The current password is not correct');
    await expect(dialog).toBeVisible();
    const firstChange = Date.now();
    await currentPassword(dialog).fill(harborRoot.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User has been successfully Updated', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    // no phone before: the e-mail is told, no SMS
    await expect
      .poll(() => phoneNotices(inbox, harborRoot, null, firstChange), { timeout: 15_000 })
      .toEqual({ mails: 1, texts: 0 });

    // changed again: now the old phone is told too
    dialog = await openOwn();
    await dialog.getByLabel('Phone', { exact: true }).fill('7875550171');
    await currentPassword(dialog).fill(harborRoot.password);
    const secondChange = Date.now();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => phoneNotices(inbox, harborRoot, '+17875550170', secondChange), { timeout: 15_000 })
      .toEqual({ mails: 1, texts: 1 });
  });

  test('a Staff View sees Customer Users without Create or row actions', async ({ page, signIn }) => {
    await signIn(page, peopleViewer);
    await openScreen(page, '/customer/users', 'Customer Users');
    await expect(page.getByRole('cell', { name: customer.email })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete|Change password of) / })).toHaveCount(0);
  });

  test('axe finds no serious or critical violation on the staff screens and their modals', async ({
    browser,
    baseURL,
    signIn,
  }) => {
    const staff = await signInFresh(browser, baseURL, signIn, peopleRoot);
    for (const [path, title] of [
      ['/admin/users', 'Admin Users'],
      ['/customer/users', 'Customer Users'],
    ] as const) {
      await openScreen(staff.page, path, title);
      expect(await seriousViolations(staff.page), title).toEqual([]);
      await staff.page.getByRole('button', { name: 'Create' }).click();
      await settled(staff.page.getByRole('dialog', { name: 'Create User' }));
      expect(await seriousViolations(staff.page), `${title} create modal`).toEqual([]);
      await staff.page.keyboard.press('Escape');
      await expect(staff.page.getByRole('dialog')).toHaveCount(0);
    }
    await search(staff.page, customer.email);
    await staff.page.getByRole('button', { name: /^Edit / }).click();
    await settled(staff.page.getByRole('dialog', { name: 'Edit User' }));
    expect(await seriousViolations(staff.page), 'edit modal').toEqual([]);
    await staff.page.keyboard.press('Escape');
    await expect(staff.page.getByRole('dialog')).toHaveCount(0);
    await staff.page.getByRole('button', { name: /^Change password of / }).click();
    await settled(staff.page.getByRole('alertdialog'));
    expect(await seriousViolations(staff.page), 'password confirmation').toEqual([]);
    await staff.page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await settled(staff.page.getByRole('dialog', { name: 'Change User Password' }));
    expect(await seriousViolations(staff.page), 'admin password modal').toEqual([]);
    await staff.context.close();
  });

  test('axe finds no serious or critical violation on Users and its modals', async ({ browser, baseURL, signIn }) => {
    const own = await signInFresh(browser, baseURL, signIn, harborRoot);
    await openScreen(own.page, '/users', 'Users');
    expect(await seriousViolations(own.page), 'Users').toEqual([]);
    await own.page.getByRole('button', { name: 'Create' }).click();
    await settled(own.page.getByRole('dialog', { name: 'Create User' }));
    expect(await seriousViolations(own.page), 'Users create modal').toEqual([]);
    await own.page.keyboard.press('Escape');
    await expect(own.page.getByRole('dialog')).toHaveCount(0);
    await own.page.getByRole('button', { name: `Edit ${harborDispatcher.name} ${harborDispatcher.lastName}` }).click();
    await settled(own.page.getByRole('dialog', { name: 'Edit User' }));
    expect(await seriousViolations(own.page), 'Users edit modal').toEqual([]);
    await own.page.keyboard.press('Escape');
    await expect(own.page.getByRole('dialog')).toHaveCount(0);
    await own.page
      .getByRole('button', { name: `Change password of ${harborDispatcher.name} ${harborDispatcher.lastName}` })
      .click();
    await own.page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await settled(own.page.getByRole('dialog', { name: 'Change User Password' }));
    expect(await seriousViolations(own.page), 'Users admin password modal').toEqual([]);
    await own.page.keyboard.press('Escape');
    await expect(own.page.getByRole('dialog')).toHaveCount(0);
    // one's own row: role and status locked, and the current password field with its message
    const ownDialog = own.page.getByRole('dialog', { name: 'Edit User' });
    await own.page.getByRole('button', { name: `Edit ${harborRoot.name} ${harborRoot.lastName}` }).click();
    await settled(ownDialog);
    await ownDialog.getByLabel('Phone', { exact: true }).fill('7875550179');
    await ownDialog.getByRole('button', { name: 'Save' }).click();
    await expect(ownDialog.getByLabel('Current password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(own.page), 'own row modal asking for the current password').toEqual([]);
    await own.context.close();
  });
});
