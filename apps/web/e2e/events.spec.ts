import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { acceptAndResolveByMail, longSla, ownApplication, reportIncident } from './support/incidents';
import { customerRoot } from './support/users';

// each run names its records apart, so a rerun on the same server cannot collide
const run = Date.now().toString(36);
const APPLICATION = `Events Lab ${run}`;
const ALPHA = `Alpha ${run}`;
const BETA = `Beta ${run}`;

/** docs/product.md#constants-and-limits: the events file's 12 columns, in order. */
const CSV_HEADER =
  'CASE ID,EVENT,CREATED,APPLICATION,MODULE,STATUS,ACCEPTED,CLOSED,RESPONDED,RESOLUTION TIME,RESPONSE TIME,SLA';

const eventsTable = (page: Page) => page.getByRole('table', { name: 'Events' });
/** The case IDs the list shows, top to bottom. */
const shownCases = (page: Page) => eventsTable(page).getByRole('button', { name: /^Copy case ID / });
const rowOf = (page: Page, caseId: string) =>
  eventsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Copy case ID ${caseId}` }) });

/** The filters are the browser's own select elements (docs/architecture.md). */
async function choose(select: Locator, option: string) {
  await select.selectOption({ label: option });
}

/** The entry a filter shows. */
const chosen = (select: Locator) => select.locator('option:checked');

/**
 * The Events screens (docs/product.md#events, #event-logs) over an application of the test's own: Alpha's module has
 * an SLA of 99 hours, so its incident accepted by mail meets it; Beta's has the demo SLA of 15
 * minutes, which the engine's fast clock lets pass at once, so its incidents miss it.
 */
test('Events: filters in the URL, SLA cycle, details, log page, CSV, and a new incident arriving live', async ({
  page,
  baseURL,
  inbox,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, customerRoot);
  const slaId = await longSla(page.request, `Within 99 hours ${run}`);
  const [alpha, beta] = await ownApplication(page.request, APPLICATION, [{ name: ALPHA, slaId }, { name: BETA }]);

  const since = Date.now();
  const met = await reportIncident(
    baseURL,
    alpha!,
    `Alpha disk full ${run}`,
    'The alpha volume is at 98% and growing.',
  );
  const missed = await reportIncident(
    baseURL,
    beta!,
    `Beta queue stuck ${run}`,
    'No beta message has left the queue for ten minutes.',
  );
  await acceptAndResolveByMail(page.context(), inbox, since, met);

  // the module filter waits for an application
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const filters = page.getByRole('group', { name: 'Event filters' });
  const application = filters.getByRole('combobox', { name: 'Application' });
  const moduleFilter = filters.getByRole('combobox', { name: 'Module' });
  await expect(moduleFilter).toBeDisabled();
  await expect(chosen(moduleFilter)).toHaveText('Choose an application first');
  await expectAccessible(page, 'the events list');

  // the application, then the module: both in the URL
  await choose(application, APPLICATION);
  await expect(page).toHaveURL(new RegExp(`[?&]application=${alpha!.applicationId}(&|$)`));
  await expect(moduleFilter).toBeEnabled();
  await expect(shownCases(page)).toHaveText([missed, met]);
  await choose(moduleFilter, ALPHA);
  await expect(page).toHaveURL(new RegExp(`[?&]module=${alpha!.moduleId}(&|$)`));
  await expect(shownCases(page)).toHaveText([met]);
  await expect(rowOf(page, met)).toContainText('Completed');

  // a reload shows the same filters and rows
  await page.reload();
  await expect(chosen(application)).toHaveText(APPLICATION);
  await expect(chosen(moduleFilter)).toHaveText(ALPHA);
  await expect(shownCases(page)).toHaveText([met]);

  // another application clears the module
  await choose(application, 'Demo Store');
  await expect(page).not.toHaveURL(/[?&]module=/);
  await expect(chosen(moduleFilter)).toHaveText('All modules');
  await expect(shownCases(page).filter({ hasText: met })).toHaveCount(0);
  await choose(application, APPLICATION);
  await expect(shownCases(page)).toHaveText([missed, met]);

  // SLA compliance cycles YES, NO, none (docs/product.md#events); Beta's SLA has long passed once Alpha's incident was resolved
  const sla = filters.getByRole('button', { name: /^SLA: / });
  await expect(sla).toHaveText('SLA: All');
  await sla.click();
  await expect(sla).toHaveText('SLA: YES');
  await expect(page).toHaveURL(/[?&]sla=YES(&|$)/);
  await expect(shownCases(page)).toHaveText([met]);
  await expect(rowOf(page, met).getByText('YES', { exact: true })).toBeVisible();
  await sla.click();
  await expect(sla).toHaveText('SLA: NO');
  await expect(page).toHaveURL(/[?&]sla=NO(&|$)/);
  await expect(shownCases(page)).toHaveText([missed]);
  await expect(rowOf(page, missed).getByText('NO', { exact: true })).toBeVisible();
  await sla.click();
  await expect(sla).toHaveText('SLA: All');
  await expect(page).not.toHaveURL(/[?&]sla=/);
  await expect(shownCases(page)).toHaveText([missed, met]);
  await page.reload();
  await expect(shownCases(page)).toHaveText([missed, met]);

  // the details: the fields, then the log table half a second later
  await rowOf(page, met)
    .getByRole('button', { name: `Details of ${met}` })
    .click();
  const details = page.getByRole('dialog', { name: `Event ${met}` });
  await expect(details.getByText(`Alpha disk full ${run}`, { exact: true })).toBeVisible();
  const log = details.getByRole('region', { name: 'Event log' });
  // five contacts a page: Carlos's calls first, the completion on a later page
  await expect(log.getByRole('cell', { name: 'open', exact: true })).toBeVisible();
  await expect(details.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await details.getByRole('button', { name: 'Next' }).click();
  await expect(details.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(
    details.getByRole('region', { name: 'Event log' }).getByRole('cell', { name: 'completed' }),
  ).toBeVisible();
  await expect(details.getByRole('button', { name: 'Print' })).toBeEnabled();
  // Carlos's voice calls left a recording: its player stays inside the window
  const player = details.locator('audio');
  await expect(player).toBeVisible();
  const [playerBox, windowBox] = [await player.boundingBox(), await details.boundingBox()];
  expect(playerBox!.x + playerBox!.width).toBeLessThanOrEqual(windowBox!.x + windowBox!.width);
  await expectAccessible(page, 'the event details modal');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // the audio: a player for the voice call's message, or the reason there is none
  await rowOf(page, met)
    .getByRole('button', { name: `Audio of ${met}` })
    .click();
  const audio = page.getByRole('dialog', { name: `Audio of ${met}` });
  await expect(audio.locator('audio').or(audio.getByText('No Audio Available'))).toBeVisible();
  await expect(audio.getByText('Event Audio Expired')).toHaveCount(0);
  await expectAccessible(page, 'the event audio modal');
  await audio.getByRole('button', { name: 'Close' }).first().click();
  await expect(audio).toBeHidden();

  // the CSV of the filtered list: its name, the byte order mark, docs/product.md#constants-and-limits's columns, the list's rows
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Events-\d{8}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(await shownCases(page).allInnerTexts());
  const metLine = lines.find((line) => line.startsWith(`${met},`))!.split(',');
  expect([metLine[1], metLine[3], metLine[4], metLine[5], metLine[11]]).toEqual([
    `Alpha disk full ${run}`,
    APPLICATION,
    ALPHA,
    'completed',
    'YES',
  ]);

  // a new incident reaches the list within seconds, without a reload, and the live region says so
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const arriving = await reportIncident(
    baseURL,
    beta!,
    `Beta latency high ${run}`,
    'The beta API answers in more than two seconds.',
  );
  await expect(shownCases(page)).toHaveText([arriving, missed, met], { timeout: 8_000 });
  await expect(page.locator('p[role="status"][aria-live="polite"]')).toHaveText('1 new event');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expectAccessible(page, 'the events list with a new event');

  // the event log page of Alpha's incident, and a contact's details
  await rowOf(page, met)
    .getByRole('link', { name: `Event log of ${met}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/events/${met}/event_logs$`));
  await expect(page.getByRole('heading', { level: 1, name: `Event Logs of module ${ALPHA}` })).toBeVisible();
  await expect(page.getByText(`Case ID ${met}`)).toBeVisible();
  const logTable = page.getByRole('table', { name: `Event log of ${met}` });
  await expect(logTable.getByRole('cell', { name: 'completed' })).toBeVisible();
  await expectAccessible(page, 'the event log page');
  await logTable
    .getByRole('button', { name: /^Details of the contact of / })
    .first()
    .click();
  const contact = page.getByRole('dialog', { name: 'Event log details' });
  await expect(contact.getByText('Follow-up status')).toBeVisible();
  await expect(contact.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute('href', /event_log_id=\d+/);
  await expectAccessible(page, 'the event log details modal');
});
