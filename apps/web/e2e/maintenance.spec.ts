import type { APIResponse, Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { ownApplication, reportIncident } from './support/incidents';
import { customerRoot } from './support/users';

// docs/product.md#maintenance-windows: a Customer Root plans a window on the Maintenance screen for
// a module of the test's own (so no other test's incidents are held), an incident reported during
// it is taken and marked, and the Events screen shows the mark and filters by it.

const RUN = Date.now().toString(36);
const APPLICATION = `Maintenance Lab ${RUN}`;
const MODULE = 'Checkout';
const WINDOW = `Checkout upgrade ${RUN}`;

async function json<T>(answer: Promise<APIResponse>): Promise<T> {
  const response = await answer;
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** An instant as the date-time field takes it ("YYYY-MM-DDTHH:MM") in the zone. */
function localInput(zone: string, at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const eventsTable = (page: Page) => page.getByRole('table', { name: 'Events' });

test('a window planned on the screen holds an incident: marked on the Events screen and found by the filter', async ({
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { context, page: signed } = await freshPage(browser, baseURL);
  await signIn(signed, customerRoot);
  const [module] = await ownApplication(signed.request, APPLICATION, [{ name: MODULE }]);
  const { time_zone: zone } = await json<{ time_zone: string }>(signed.request.get('/api/maintenance-windows'));

  // the list, then a new window for the module: from an hour ago to two hours ahead
  await signed.goto('/maintenance');
  await expect(signed.getByRole('table', { name: 'Maintenance windows' })).toBeVisible();
  await expect(signed.getByText(`Times are in your organisation’s zone, ${zone}.`)).toBeVisible();
  await expectAccessible(signed, 'the Maintenance list');
  await signed.getByRole('button', { name: 'Create' }).click();
  const dialog = signed.getByRole('dialog', { name: 'New maintenance window' });
  await settled(dialog);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(WINDOW);
  await expect(dialog.getByRole('combobox', { name: 'Application' })).toBeEnabled();
  await dialog.getByRole('combobox', { name: 'Application' }).selectOption({ label: APPLICATION });
  await expect(dialog.getByRole('combobox', { name: 'Module' })).toBeEnabled();
  await dialog.getByRole('combobox', { name: 'Module' }).selectOption({ label: MODULE });
  await dialog.getByLabel('Start', { exact: true }).fill(localInput(zone, Date.now() - 3_600_000));
  await dialog.getByLabel('End', { exact: true }).fill(localInput(zone, Date.now() + 2 * 3_600_000));
  await dialog.getByRole('combobox', { name: 'When it ends' }).selectOption({ label: 'Stay quiet' });
  await expectAccessible(signed, 'the maintenance window');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = signed.getByRole('row').filter({ hasText: WINDOW });
  await expect(row).toContainText(`${MODULE} (${APPLICATION})`);
  await expect(row).toContainText('In progress');
  await expect(row).toContainText('Stay quiet');

  // an incident now: taken (201) and held
  const caseId = await reportIncident(baseURL, module!, `Replica lag ${RUN}`, 'During the planned upgrade');
  const held = await json<{
    list: { event_id: number; case_id: string; in_maintenance: string; event_status: string }[];
  }>(signed.request.get(`/api/events/filters?search=${caseId}`));
  expect(held.list).toMatchObject([{ case_id: caseId, in_maintenance: 'Y', event_status: 'open' }]);

  // the Events screen: the mark beside the incident, and the filter keeps it
  await signed.goto(`/events?application=${module!.applicationId}`);
  const marked = eventsTable(signed)
    .getByRole('row')
    .filter({ has: signed.getByRole('button', { name: `Copy case ID ${caseId}` }) });
  await expect(marked).toContainText('Maintenance');
  await signed.getByRole('combobox', { name: 'Maintenance' }).selectOption({ label: 'Not in maintenance' });
  await expect(signed).toHaveURL(/maintenance=N/);
  await expect(signed.getByText('No events found.')).toBeVisible();
  await signed.getByRole('combobox', { name: 'Maintenance' }).selectOption({ label: 'Arrived in maintenance' });
  await expect(signed).toHaveURL(/maintenance=Y/);
  await expect(marked).toBeVisible();
  await expectAccessible(signed, 'the Events list filtered by maintenance');

  // nobody was contacted: the event's log is empty
  const logs = await json<{ total: number }>(signed.request.get(`/api/events/log/${held.list[0]!.event_id}`));
  expect(logs.total).toBe(0);

  // deleting the window lets the incident go as it says: quiet, still open, nobody contacted
  await signed.goto('/maintenance');
  await signed.getByRole('button', { name: `Delete ${WINDOW}` }).click();
  const confirm = signed.getByRole('alertdialog');
  await expect(confirm).toContainText('Incidents it still holds are let go now');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(signed.getByRole('row').filter({ hasText: WINDOW })).toHaveCount(0);
  await context.close();
});
