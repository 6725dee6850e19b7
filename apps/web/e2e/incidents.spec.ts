import type { BrowserContext, Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { expect, test, type InboxClient } from './support/fixtures';
import { acceptAndResolveByMail, demoModule, reportIncident } from './support/incidents';
import { customerRoot } from './support/users';

/**
 * Incidents in, people contacted (docs/product.md#incidents-in, #escalation-engine): a monitoring system reports an incident to the
 * demo module with its credentials, or a person simulates one from the module screen; the engine
 * calls the on-call person, then mails the team lead a link; the link opens the incident, Accept
 * and Resolve close it, and the events list shows it.
 *
 * One test of the flow: a page of its own context signed in as the Customer Root, the incident
 * `report` makes (it answers when it was made and its case ID), then the walk of respondByMail.
 */
function incidentTest(
  title: string,
  report: (page: Page, baseURL: string | undefined) => Promise<{ since: number; caseId: string }>,
): void {
  test(title, async ({ browser, baseURL, inbox, signIn }) => {
    test.setTimeout(60_000);
    const { context, page } = await freshPage(browser, baseURL);
    await page.goto('/login');
    await signIn(page, customerRoot);

    const { since, caseId } = await report(page, baseURL);

    await respondByMail(context, page, inbox, since, caseId);
    await context.close();
  });
}

incidentTest(
  'an incident reported by the ingest API reaches the responder page by e-mail; Accept and Resolve complete it',
  async (page, baseURL) => {
    // the demo module's ID and a new credential key, as the Modules screen gets them
    const checkout = await demoModule(page.request, 'Demo Store', 'Checkout');
    const since = Date.now();
    const caseId = await reportIncident(
      baseURL,
      checkout,
      'Checkout errors above 5%',
      'The payment provider answers 502 to one request in twenty.',
    );
    return { since, caseId };
  },
);

incidentTest(
  'an incident simulated from the module screen reaches the responder page by e-mail; Accept and Resolve complete it',
  async (page) => {
    // Applications → Demo Store's modules → Checkout's Incident Simulation
    await page.goto('/applications');
    await page.getByRole('link', { name: 'Modules of Demo Store' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Modules of Demo Store' })).toBeVisible();
    const incident = `Simulated outage ${Date.now().toString(36)}`;
    const since = Date.now();
    await page.getByRole('button', { name: 'Incident Simulation for Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Incident Simulation for Checkout' });
    await dialog.getByLabel('Incident', { exact: true }).fill(incident);
    await dialog
      .getByLabel('Description', { exact: true })
      .fill('Simulated from the module screen to try the escalation.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('region', { name: /Notification/ }).getByText('The incident was sent')).toBeVisible();
    await expect(dialog).toBeHidden();

    // the events list has it, open, with its case ID
    await page.goto(`/events?search=${encodeURIComponent(incident)}`);
    const row = page.getByRole('row', { name: new RegExp(incident) });
    await expect(row).toHaveCount(1);
    const caseId = ((await row.getByRole('button', { name: /^Copy case ID / }).textContent()) ?? '').trim();
    expect(caseId).toMatch(/^[A-Z0-9]{8}$/);
    return { since, caseId };
  },
);

/**
 * The walk after an incident was made: the engine calls Carlos first, then mails Ana, the team
 * lead, a link; the link opens the incident, Accept and Resolve close it, and the events list and
 * the event's log show it completed.
 */
async function respondByMail(
  context: BrowserContext,
  page: Page,
  inbox: InboxClient,
  since: number,
  caseId: string,
): Promise<void> {
  await acceptAndResolveByMail(context, inbox, since, caseId, (responder) =>
    expectAccessible(responder, 'the responder page'),
  );

  // the events list shows it completed; its log lists the contacts
  await page.goto(`/events?search=${caseId}`);
  const row = page.getByRole('row', { name: new RegExp(caseId) });
  await expect(row.getByText('Completed')).toBeVisible();
  await expectAccessible(page, 'the events list');
  await row.getByRole('link', { name: `Event log of ${caseId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Event Logs of module Checkout' })).toBeVisible();
  await expect(page.getByRole('table', { name: `Event log of ${caseId}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'completed' })).toBeVisible();
  await expectAccessible(page, 'the event log');
}
