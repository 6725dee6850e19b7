import { readFile } from 'node:fs/promises';
import { AUDIT_CSV_HEADERS } from '@relevo/domain';
import { expectAccessible } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { customer, customerRoot } from './support/users';

// docs/product.md#audit-trail: a Customer Root changes an SLA, opens Audit from the sidebar, finds
// the change among its own customer's rows, narrows the list by action and record, reads the change
// before and after in its window (keyboard only), and downloads the same rows as CSV. A Customer
// has no Audit.

const RUN = Date.now().toString(36);

test.describe('Audit (docs/product.md#audit-trail)', () => {
  test('a Customer Root reads its own trail, filters it, opens a change and downloads the CSV', async ({
    page,
    signIn,
  }) => {
    await signIn(page, customerRoot);
    const name = `Audit SLA ${RUN}`;
    const made = await page.request.post('/api/procedures/add/sla', {
      data: { sla_name: name, sla_desc: '', sla_response_time: 20, sla_response_time_mult: 'M' },
    });
    expect(made.status()).toBe(200);
    const { sla_id: id } = (await made.json()) as { sla_id: number };
    const renamed = await page.request.put(`/api/procedures/upd/sla/${id}`, {
      data: {
        sla_name: `${name} renamed`,
        sla_desc: '',
        sla_response_time: 25,
        sla_response_time_mult: 'M',
        sla_active: 'N',
      },
    });
    expect(renamed.status()).toBe(200);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit trail' });
    await expect(table.getByRole('row').nth(1)).toContainText(`sla ${id}`);
    // a Customer Root's trail is its own customer's: no customer column
    await expect(table.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    await expectAccessible(page, 'the Audit list');

    // the filters go into the address and narrow the list
    await page.getByLabel('Action', { exact: true }).selectOption('update');
    await page.getByLabel('Entity', { exact: true }).selectOption('sla');
    await expect(page).toHaveURL(/action=update/);
    await expect(page).toHaveURL(/entity=sla/);
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText(`update`);
    await expect(rows.nth(1)).toContainText(`sla ${id}`);

    // the change, before and after side by side, opened and closed with the keyboard
    const open = page.getByRole('button', { name: new RegExp(`^Change \\d+: update sla$`) }).first();
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Change: update sla ${id}` });
    await settled(dialog);
    await expect(dialog.getByRole('row', { name: /sla_name/ })).toContainText(`${name}${name} renamed`);
    await expect(dialog.getByRole('row', { name: /sla_response_time/ })).toContainText('2025');
    await expectAccessible(page, 'the change window');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // the CSV of the same filters
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^AuditTrail-\d{8}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(AUDIT_CSV_HEADERS.join(','));
    expect(lines.slice(1).every((line) => line.includes(',update,sla,'))).toBe(true);
    expect(lines.some((line) => line.includes(`,update,sla,${id},`))).toBe(true);
  });

  test('a Customer has no Audit: the address shows the not-allowed page', async ({ page, signIn }) => {
    await signIn(page, customer);
    await expect(page.getByRole('link', { name: 'Audit' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page).toHaveURL(/\/403$/);
  });
});
