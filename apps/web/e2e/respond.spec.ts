import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { longSla, ownApplication, reportIncident } from './support/incidents';
import { customer, customerRoot } from './support/users';

// each run names its records apart, so a rerun on the same server cannot collide
const run = Date.now().toString(36);

const rowOf = (page: Page, caseId: string) =>
  page
    .getByRole('table', { name: 'Events' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Copy case ID ${caseId}` }) });

/**
 * docs/product.md#responding and #timeline: a Customer accepts an incident from its details and
 * resolves it with its cause; the timeline follows each step, and a note written meanwhile by
 * another person (the Customer Root, through the API) appears in it live.
 */
test('Respond from the dashboard: accept, a note arriving live, resolve, with the timeline following', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, customerRoot);
  const slaId = await longSla(page.request, `Respond SLA ${run}`);
  const [module] = await ownApplication(page.request, `Respond Lab ${run}`, [{ name: `Respond ${run}`, slaId }]);
  const caseId = await reportIncident(baseURL, module!, `Payments down ${run}`, 'Every card payment fails.');

  const context = await browser.newContext({ baseURL });
  const responder = await context.newPage();
  await signIn(responder, customer);
  await responder.goto('/events');
  const row = rowOf(responder, caseId);
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: `Details of ${caseId}` }).click();
  const details = responder.getByRole('dialog', { name: `Event ${caseId}` });
  const timeline = details.getByRole('region', { name: `Timeline of ${caseId}` });
  await expect(timeline.getByText(`Incident received: Payments down ${run}`)).toBeVisible();
  // the engine has contacted the demo escalation's people meanwhile
  await expect(timeline.getByText(/^Contact: .* to Carlos Méndez/).first()).toBeVisible();
  await expectAccessible(responder, 'the event details with its actions and timeline');

  await details.getByRole('button', { name: 'Accept' }).click();
  await expect(responder.getByText('Event accepted', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Accepted by Ana Torres from the dashboard')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await expect(details.getByText('Accepted by', { exact: true })).toBeVisible();

  // another person writes a note: the stream of changes brings it to the open window
  const noted = await page.request.post(`/api/events/${caseId}/notes`, { data: { text: `Bank confirmed ${run}` } });
  expect(noted.status()).toBe(200);
  await expect(timeline.getByText(`Bank confirmed ${run}`)).toBeVisible();
  await expect(timeline.getByText('Note by Carlos Méndez')).toBeVisible();

  await details.getByRole('button', { name: 'Resolve' }).click();
  const resolve = responder.getByRole('dialog', { name: `Resolve ${caseId}` });
  await resolve.getByRole('textbox', { name: 'Cause' }).fill('An expired certificate at the bank');
  await resolve.getByRole('textbox', { name: 'Resolution' }).fill('Renewed the certificate');
  await expectAccessible(responder, 'the resolve window');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve).toBeHidden();
  await expect(timeline.getByText('Resolved by Ana Torres from the dashboard')).toBeVisible();
  await expect(details.getByText('This event is already resolved')).toBeVisible();
  await expect(details.getByText('An expired certificate at the bank')).toBeVisible();
  // the list behind the window followed: completed, within the SLA
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('YES');

  // the same case again, from the API: refused with the reason
  const again = await page.request.post(`/api/events/${caseId}/accept`);
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ detail: 'This event is already resolved' });
  await context.close();
});
