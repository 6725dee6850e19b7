import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { UserDashboard } from '@relevo/api';
import type { DashboardToday, IncidentEvent } from '@relevo/domain';
import { expectAccessible, freshPage } from './support/axe';
import { expect, test } from './support/fixtures';
import { acceptAndResolveByMail, longSla, ownApplication, reportIncident } from './support/incidents';
import { customer, customerRoot } from './support/users';

// each run names its records apart, so a rerun on the same server cannot collide
const run = Date.now().toString(36);
const APPLICATION = `Dashboard Lab ${run}`;
const GAMMA = `Gamma ${run}`;
const DELTA = `Delta ${run}`;

/** What the dashboard and the profile count for the customer, read from their summaries as the signed-in user. */
async function counts(request: APIRequestContext) {
  const read = async <T>(path: string): Promise<T> => {
    const answer = await request.get(path);
    expect(answer.ok(), path).toBe(true);
    return (await answer.json()) as T;
  };
  const modules = (period: string) =>
    read<{ num_events: number }[]>(`/api/summary/dashboard/modules?filter_by=${period}`).then((rows) =>
      rows.reduce((sum, row) => sum + row.num_events, 0),
    );
  const compliance = await read<{ compliance_status: 'YES' | 'NO'; current_month: number }[]>(
    '/api/summary/dashboard/compliance',
  );
  const chart = await read<{ years: number; months: number; num_event: number }[]>(
    '/api/summary/dashboard/chart?filter_by=Year',
  );
  const thisMonth = chart.at(-1)!;
  return {
    today: await read<DashboardToday>('/api/summary/dashboard/today'),
    profile: await read<UserDashboard>('/api/users/user/dashboard/'),
    modules: { Today: await modules('Today'), Week: await modules('Week'), Month: await modules('Month') },
    slaMet: compliance.find((row) => row.compliance_status === 'YES')!.current_month,
    slaMissed: compliance.find((row) => row.compliance_status === 'NO')!.current_month,
    responders: Object.fromEntries(
      (await read<{ resource: string; num_assigned_month: number }[]>('/api/summary/dashboard/resource')).map((row) => [
        row.resource,
        row.num_assigned_month,
      ]),
    ) as Record<string, number>,
    month: { year: thisMonth.years, month: thisMonth.months, events: thisMonth.num_event },
  };
}

const figure = (value: number) => value.toLocaleString('en-US');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A number of a widget's tiles, by its label. */
const tile = (widget: Locator, label: string) =>
  widget
    .locator('.rl-stat-tiles__tile')
    .filter({ has: widget.page().getByText(label, { exact: true }) })
    .locator('dd');

/** A module's number and share in the donut's legend. */
const slice = (legend: Locator, name: string) =>
  legend.getByRole('listitem').filter({ hasText: name }).locator('.rl-chart-legend__value');

async function expectTiles(page: Page, today: DashboardToday) {
  const widget = page.getByRole('region', { name: 'Events Today' });
  const expected: [string, number][] = [
    ['Events today', today.count_today],
    ['Open', today.count_open],
    ['In progress', today.count_progress],
    ['Completed', today.count_completed],
    ['Canceled', today.count_canceled],
    ['SLA missed', today.count_non_compliance],
  ];
  for (const [label, value] of expected) await expect(tile(widget, label), label).toHaveText(figure(value));
}

/**
 * The dashboard (docs/product.md#dashboard) and the profile's counts (docs/product.md#profile) after incidents of the test's own:
 * the numbers read before, plus what the test's three incidents added, as their own events say.
 * Gamma's module has an SLA of 99 hours (its incident accepted by mail meets it); Delta's has the
 * demo SLA of 15 minutes, which the engine's fast clock lets pass at once.
 */
test('the dashboard and the profile count the incidents of the day, the week and the month', async ({
  browser,
  baseURL,
  inbox,
  signIn,
}) => {
  test.setTimeout(120_000);
  // a Customer reads; the Customer Root of the same customer builds the module the incidents go to
  const viewer = await freshPage(browser, baseURL);
  await signIn(viewer.page, customer);
  const builder = await freshPage(browser, baseURL);
  await signIn(builder.page, customerRoot);
  const slaId = await longSla(builder.page.request, `Within 99 hours ${run}`);
  const [gamma, delta] = await ownApplication(builder.page.request, APPLICATION, [
    { name: GAMMA, slaId },
    { name: DELTA },
  ]);

  const before = await counts(viewer.page.request);
  const since = Date.now();
  const resolved = await reportIncident(
    baseURL,
    gamma!,
    `Gamma disk full ${run}`,
    'The gamma volume is at 98% and growing.',
  );
  await reportIncident(baseURL, gamma!, `Gamma slow pages ${run}`, 'Gamma pages take more than five seconds.');
  await reportIncident(
    baseURL,
    delta!,
    `Delta queue stuck ${run}`,
    'No delta message has left the queue for ten minutes.',
  );
  await acceptAndResolveByMail(builder.context, inbox, since, resolved);

  // the three events once the engine is done with them: each escalation walked to Ana, the team lead
  let mine: IncidentEvent[] = [];
  await expect
    .poll(
      async () => {
        const answer = await viewer.page.request.get(
          `/api/events/filters?application_id=${gamma!.applicationId}&page_size=10`,
        );
        mine = ((await answer.json()) as { list: IncidentEvent[] }).list;
        return mine
          .map(
            (event) =>
              `${event.module_name}|${event.event_status}|${event.sla_compliance}|${event.last_resource_assigned}`,
          )
          .sort();
      },
      { timeout: 30_000 },
    )
    .toEqual([`${DELTA}|open|NO|Ana Torres`, `${GAMMA}|completed|YES|Ana Torres`, `${GAMMA}|open|null|Ana Torres`]);
  const accepted = mine.find((event) => event.case_id === resolved)!;

  // Events Today: three more today; one completed, two open (nobody accepted them); Delta's missed its SLA
  const page = viewer.page;
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectTiles(page, {
    count_today: before.today.count_today + 3,
    count_open: before.today.count_open + 2,
    count_progress: before.today.count_progress,
    count_completed: before.today.count_completed + 1,
    count_canceled: before.today.count_canceled,
    count_non_compliance: before.today.count_non_compliance + 1,
  });

  // Events Per Module: Month by default; Today and Week count the same three more
  const perModule = page.getByRole('region', { name: 'Events Per Module' });
  const period = perModule.getByRole('combobox', { name: 'Period of Events Per Module' });
  await expect(period).toHaveValue('Month');
  await expect(
    perModule.getByRole('img', { name: `Events per module this month: ${figure(before.modules.Month + 3)} events` }),
  ).toBeVisible();
  const legend = perModule.getByRole('list', { name: 'Events per module this month, by part' });
  await expect(slice(legend, GAMMA)).toHaveText(/^2 \(/);
  await expect(slice(legend, DELTA)).toHaveText(/^1 \(/);
  await period.selectOption('Today');
  await expect(
    perModule.getByRole('img', { name: `Events per module today: ${figure(before.modules.Today + 3)} events` }),
  ).toBeVisible();
  await expect(slice(perModule.getByRole('list', { name: 'Events per module today, by part' }), GAMMA)).toHaveText(
    /^2 \(/,
  );
  await period.selectOption('Week');
  await expect(
    perModule.getByRole('img', { name: `Events per module this week: ${figure(before.modules.Week + 3)} events` }),
  ).toBeVisible();

  // Events Received: the day's, the week's and the year's events
  const received = page.getByRole('region', { name: 'Events Received' });
  await expect(tile(received, 'Events today')).toHaveText(figure(before.today.count_today + 3));
  await received.getByRole('combobox', { name: 'Period of Events Received' }).selectOption('Weekly');
  await expect(tile(received, 'Events this week')).toHaveText(figure(before.modules.Week + 3));

  // Module Events This Month: the two modules, with Gamma's one response and resolution in minutes
  const moduleEvents = page.getByRole('table', { name: 'Module events this month, times in minutes' });
  await expect(moduleEvents.getByRole('row').filter({ hasText: GAMMA }).getByRole('cell')).toHaveText([
    '2',
    String(accepted.time_response),
    String(accepted.minutes_elapsed),
  ]);
  await expect(moduleEvents.getByRole('row').filter({ hasText: DELTA }).getByRole('cell')).toHaveText(['1', '–', '–']);

  // Module Performance MTD: this month against none last month
  const performance = page.getByRole('table', { name: 'Events per module, this month against last month' });
  await expect(performance.getByRole('row').filter({ hasText: GAMMA }).getByRole('cell').first()).toHaveText('2');
  await expect(performance.getByRole('row').filter({ hasText: GAMMA }).getByRole('cell').nth(1)).toHaveText('0');

  // SLA Performance MTD: Gamma's accepted incident met its SLA, Delta's missed it
  const slaTable = page.getByRole('table', { name: 'SLA results, this month against last month' });
  await expect(
    slaTable
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'SLA met' }) })
      .getByRole('cell')
      .first(),
  ).toHaveText(String(before.slaMet + 1));
  await expect(
    slaTable
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'SLA missed' }) })
      .getByRole('cell')
      .first(),
  ).toHaveText(String(before.slaMissed + 1));

  // Top 10 Responders: the three were last assigned to Ana Torres
  const responders = page.getByRole('list', { name: 'Top 10 responders of the month' });
  await expect(responders.getByRole('listitem').filter({ hasText: 'Ana Torres' })).toContainText(
    `${figure((before.responders['Ana Torres'] ?? 0) + 3)} events`,
  );

  // Events Line Chart: this month three more
  const chart = page.getByRole('table', {
    name: new RegExp(`^Events per month, ${before.month.year} against ${before.month.year - 1}$`),
  });
  await expect(
    chart
      .getByRole('row', { name: new RegExp(`^${MONTHS[before.month.month - 1]} `) })
      .getByRole('cell')
      .first(),
  ).toHaveText(String(before.month.events + 3));
  await expectAccessible(page, 'the dashboard');

  // a widget collapses to its header and opens again
  const today = page.getByRole('region', { name: 'Events Today' });
  await today.getByRole('button', { name: 'Collapse Events Today' }).click();
  await expect(today.getByRole('button', { name: 'Expand Events Today' })).toHaveAttribute('aria-expanded', 'false');
  await expect(today.getByText('SLA missed')).toBeHidden();
  await expectAccessible(page, 'the dashboard with a widget collapsed');
  await today.getByRole('button', { name: 'Expand Events Today' }).click();
  await expect(today.getByText('SLA missed')).toBeVisible();

  // full screen: a dialog with the same widget; Escape brings it back in place
  await perModule.getByRole('button', { name: 'Full screen: Events Per Module' }).click();
  const fullscreen = page.getByRole('dialog', { name: 'Events Per Module' });
  await expect(
    fullscreen.getByRole('img', { name: `Events per module this week: ${figure(before.modules.Week + 3)} events` }),
  ).toBeVisible();
  await expectAccessible(page, 'a dashboard widget full screen');
  await page.keyboard.press('Escape');
  await expect(fullscreen).toBeHidden();
  await expect(perModule.getByRole('img', { name: /^Events per module this week/ })).toBeVisible();

  // the profile counts the customer's events: completed, SLA missed, open or in progress, today
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: `${customer.name} ${customer.lastName}` })).toBeVisible();
  const stat = (label: string) =>
    page
      .locator('.profile__stat')
      .filter({ has: page.locator('.profile__stat-label', { hasText: new RegExp(`^${label}$`) }) })
      .locator('.profile__stat-value');
  await expect(stat('Completed')).toHaveText(String(before.profile.completed + 1));
  await expect(stat('Non Compliance')).toHaveText(String(before.profile.non_compliance + 1));
  await expect(stat('Open')).toHaveText(String(before.profile.open + 2));
  await expect(stat('Today')).toHaveText(String(before.profile.today + 3));
  await expectAccessible(page, 'the profile');

  await viewer.context.close();
  await builder.context.close();
});

/**
 * On a phone the page's header is drawn before the widgets call the server and fetch their charts'
 * code (features/dashboard/use-summary.ts, afterFirstPaint): the browser draws two frames after the
 * line under the title enters the page before the first summary call starts (resource timing).
 */
test('the dashboard draws its header before its widgets call the server', async ({ browser, baseURL, signIn }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await signIn(page, customer);
  await page.addInitScript(() => {
    const drawn: { inserted?: number; secondFrame?: number } = {};
    Object.assign(window, { relevoDrawn: drawn });
    const watch = new MutationObserver(() => {
      if (!document.querySelector('.rl-page-header__description')) return;
      watch.disconnect();
      drawn.inserted = performance.now();
      requestAnimationFrame(() => requestAnimationFrame((at) => (drawn.secondFrame = at)));
    });
    watch.observe(document, { subtree: true, childList: true });
  });
  await page.goto('/dashboard');
  const read = () =>
    page.evaluate(() => {
      const calls = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/summary/dashboard/'));
      return {
        ...(window as unknown as { relevoDrawn: { inserted?: number; secondFrame?: number } }).relevoDrawn,
        firstCall: calls.length > 0 ? Math.min(...calls.map((entry) => entry.startTime)) : null,
      };
    });
  // the today widget has its answer (its tiles, or its empty text)
  await expect(
    page.getByRole('region', { name: 'Events Today' }).getByText(/^(Events today|No events today\.)$/),
  ).toBeVisible();
  await expect.poll(async () => (await read()).firstCall).not.toBeNull();
  const { inserted, secondFrame, firstCall } = await read();
  expect(inserted, 'the line under the title entered the page').toBeDefined();
  expect(secondFrame, 'two frames were drawn').toBeDefined();
  expect(firstCall!).toBeGreaterThanOrEqual(secondFrame!);
  await context.close();
});
