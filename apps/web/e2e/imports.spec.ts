import { expectAccessible } from './support/axe';
import { expect, sidebarLabels, test } from './support/fixtures';
import { customer, customerRoot } from './support/users';

// docs/product.md#importers: a Customer Root picks a PagerDuty export through the file input, sees
// the dry run's report (a person already there by e-mail, the escalation, schedule and service to
// be made, what cannot be mapped), imports it, finds the escalation on the Escalations screen, and
// a second dry run of the same file finds everything already there. A Customer has no Import.

const RUN = Date.now().toString(36);

/** A small PagerDuty export: the demo's Ana Torres (by e-mail), a schedule, a policy and a service of this run. */
const EXPORT = JSON.stringify({
  users: [
    {
      id: `PANA${RUN}`,
      type: 'user',
      name: 'Ana Torres',
      email: 'ana.lead@democompany.demo',
      contact_methods: [{ type: 'phone_contact_method', address: '2079460958', country_code: 44, label: 'London' }],
    },
  ],
  schedules: [
    {
      id: `PSCH${RUN}`,
      name: `Imported rota ${RUN}`,
      time_zone: 'America/Puerto_Rico',
      schedule_layers: [
        {
          name: 'Layer 1',
          rotation_virtual_start: '2026-01-05T09:00:00-04:00',
          rotation_turn_length_seconds: 604800,
          users: [{ user: { id: `PANA${RUN}`, type: 'user_reference' } }],
        },
      ],
      overrides: [],
    },
  ],
  escalation_policies: [
    {
      id: `PEP${RUN}`,
      name: `Imported policy ${RUN}`,
      escalation_rules: [
        { escalation_delay_in_minutes: 30, targets: [{ id: `PSCH${RUN}`, type: 'schedule_reference' }] },
        { escalation_delay_in_minutes: 30, targets: [{ id: `PANA${RUN}`, type: 'user_reference' }] },
      ],
    },
  ],
  services: [
    {
      id: `PSVC${RUN}`,
      name: `Imported service ${RUN}`,
      escalation_policy: { id: `PEP${RUN}`, type: 'escalation_policy_reference' },
    },
  ],
});

test.describe('Import (docs/product.md#importers)', () => {
  test('a Customer Root dry-runs a PagerDuty export, imports it, and a second dry run finds it all there', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, customerRoot);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Import', exact: true })
      .click();
    await expect(page).toHaveURL(/\/imports$/);
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await expectAccessible(page, 'Import screen');

    const pick = async () => {
      await page.getByLabel('Tool').selectOption({ label: 'PagerDuty' });
      await page.getByLabel('Export file (JSON)').setInputFiles({
        name: 'pagerduty.json',
        mimeType: 'application/json',
        buffer: Buffer.from(EXPORT),
      });
    };
    await pick();
    await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
    await page.getByRole('button', { name: 'Dry run' }).click();
    const dryRun = page.getByRole('region', { name: 'Dry run: what the import would do' });
    await expect(dryRun.getByRole('row', { name: 'Resources 0 1' })).toBeVisible();
    await expect(dryRun.getByRole('row', { name: 'Escalations 1 0' })).toBeVisible();
    await expect(dryRun.getByRole('row', { name: 'Escalation steps 2 0' })).toBeVisible();
    await expect(dryRun.getByRole('row', { name: 'Schedules 1 0' })).toBeVisible();
    await expect(dryRun.getByRole('list', { name: 'Not mapped' })).toContainText(
      'User Ana Torres: phone London: This country is not supported',
    );
    await expectAccessible(page, 'Import dry run');

    await page.getByRole('button', { name: 'Import' }).click();
    const imported = page.getByRole('region', { name: 'Imported' });
    await expect(imported.getByRole('row', { name: 'Escalations 1 0' })).toBeVisible();
    await expect(imported.getByRole('row', { name: 'Applications 1 0' })).toBeVisible();

    // the imported escalation is an escalation like any other
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Escalation', exact: true })
      .click();
    await page.getByRole('searchbox').fill(`Imported policy ${RUN}`);
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(`Imported policy ${RUN}`) })).toBeVisible();

    // the same file again: nothing to create
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Import', exact: true })
      .click();
    await pick();
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Dry run: what the import would do' })
        .getByRole('row', { name: 'Escalations 0 1' }),
    ).toBeVisible();
  });

  test('a Customer has no Import, and the address answers Access denied', async ({ page, signIn }) => {
    await signIn(page, customer);
    expect(await sidebarLabels(page)).not.toContain('Import');
    await page.goto('/imports');
    await expect(page).toHaveURL(/\/403$/);
  });
});
