import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { forcedChange } from './support/users';

test('a forced password change opens by itself, cannot be dismissed, shows the rules and succeeds', async ({
  page,
  signIn,
}) => {
  await signIn(page, forcedChange);
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expectAccessible(page, 'forced change password modal');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  // docs/product.md#validation-rules: every rule is checked on each input and listed on the field's help icon
  await dialog.getByLabel('New Password', { exact: true }).fill('short');
  const hint = dialog.getByRole('button', { name: /^New Password: \d problems/ });
  await hint.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Password must be at least 8 characters long');
  await expect(tooltip).toContainText('Password must contain at least one uppercase letter');
  await expect(tooltip).toContainText('Password must contain at least one number');
  await expect(tooltip).toContainText('Password must contain at least one special character');
  await expectAccessible(page, 'forced change password modal with the rules tooltip open');

  await dialog.getByLabel('Confirm Password', { exact: true }).fill('different');
  await dialog.getByRole('button', { name: /^Confirm Password: 1 problem/ }).hover();
  await expect(page.getByRole('tooltip')).toContainText('Passwords do not match');

  const next = 'Brand.New.2026';
  await dialog.getByLabel('Current Password', { exact: true }).fill(forcedChange.password);
  await dialog.getByLabel('New Password', { exact: true }).fill(next);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(next);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('User password has been updated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectAccessible(page, 'dashboard with the success toast');
  // the reloaded session user no longer has force_change_password: the modal stays closed
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
