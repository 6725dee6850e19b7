import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ROUTE_ROLES, Role, type LayoutRoute, type RoleId } from '@relevo/domain';
import { expect, settled, submitPassword, test } from './support/fixtures';
import { mailedLink, ownApplication, reportIncident } from './support/incidents';
import { customerRoot, DEMO_CUSTOMER, staffRoot, type TestUser } from './support/users';

/**
 * The dashboard on a phone (390 x 844, docs/user-guide.md "On a phone"): every route of the app,
 * signed out and signed in, shows without the page scrolling sideways; wide content (a table, a
 * timeline) scrolls inside its own box. The dialogs fit the screen, and the events filters fold
 * into a panel that a "Filters" button opens.
 *
 * The signed-in routes come from the domain's route table (ROUTE_ROLES), so a new screen is
 * visited as soon as it has a route; the public paths of apps/web/src/routes.tsx are checked
 * against PUBLIC_PATHS below, so a new public page cannot be forgotten either.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

// each run names its records apart, so a rerun on the same server cannot collide
const RUN = Date.now().toString(36);

/** The pages outside the layout (routes.tsx), by their route path; '*' is the layout's catch-all. */
const PUBLIC_PATHS = [
  'login',
  'authenticator',
  'reset_password',
  'reset_password/sms',
  'reset_password/email/:token?',
  '403',
  'respond/:token',
  'error',
  '*',
] as const;

/** The paths routes.tsx declares (its `path: '...'` entries), read from its source. */
function declaredPublicPaths(): string[] {
  const source = readFileSync(new URL('../src/routes.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);
}

/** Who visits a layout route: the Staff Root, the Customer Root, or both when both may open it. */
const VISITORS: { user: TestUser; role: RoleId }[] = [
  { user: staffRoot, role: Role.StaffRoot },
  { user: customerRoot, role: Role.CustomerRoot },
];

const routesOf = (role: RoleId): LayoutRoute[] =>
  (Object.keys(ROUTE_ROLES) as LayoutRoute[]).filter((route) =>
    (ROUTE_ROLES[route] as readonly RoleId[]).includes(role),
  );

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const firstOf = async <T>(request: APIRequestContext, path: string, pick: (row: T) => unknown): Promise<string> => {
  const { list } = await json<{ list: T[] }>(request, path);
  expect(list.length, `${path} has no rows to open`).toBeGreaterThan(0);
  return String(pick(list[0]!));
};

/** An incident of an application of the test's own (a fresh server's demo data has none): its case ID. */
async function ownIncident(page: Page, baseURL: string | undefined, name: string): Promise<string> {
  const [module] = await ownApplication(page.request, `${name} ${RUN}`, [{ name: `${name} module ${RUN}` }]);
  return reportIncident(baseURL, module!, `${name} ${RUN}`, 'Reported by the phone test. '.repeat(8));
}

/**
 * A resource of the test's own that has no shift ahead, first in the list by its name: its Next
 * Shift cell holds a visually hidden text, which must stay inside the list's scrolling box.
 */
async function shiftlessResource(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/procedures/add/resource', {
    data: {
      resource_fullname: `0 Phone without a shift ${RUN}`,
      resource_email: `phone-without-a-shift-${RUN}@democompany.demo`,
      language_id: 'EN',
    },
  });
  expect(response.ok(), `adding a resource answered ${response.status()}`).toBe(true);
}

/**
 * The address of a route with parameters: a record of the demo customer (the demo data fills
 * each list). A new route with a parameter fails here until it is given one.
 */
async function pathOf(route: LayoutRoute, request: APIRequestContext, caseId?: string): Promise<string> {
  if (!route.includes(':')) return `/${route}`;
  const filled: Partial<Record<LayoutRoute, () => Promise<string>>> = {
    'customer/:customer_id/delivery': async () => {
      const { list } = await json<{ list: { customer_id: number; customer_name: string }[] }>(
        request,
        `/api/procedures/get/customer?search=${encodeURIComponent(DEMO_CUSTOMER)}`,
      );
      return `/customer/${list.find((row) => row.customer_name === DEMO_CUSTOMER)!.customer_id}/delivery`;
    },
    'application/:application_id/modules': async () =>
      `/application/${await firstOf<{ application_id: number }>(request, '/api/procedures/get/application', (row) => row.application_id)}/modules`,
    'events/:case_id/event_logs': async () =>
      `/events/${caseId ?? (await firstOf<{ case_id: string }>(request, '/api/events/filters', (row) => row.case_id))}/event_logs`,
    'escalation/:escalation_id/resources': async () =>
      `/escalation/${await firstOf<{ escalation_id: number }>(request, '/api/procedures/get/escalation', (row) => row.escalation_id)}/resources`,
    'schedules/:schedule_id': async () =>
      `/schedules/${await firstOf<{ schedule_id: number }>(request, '/api/schedules', (row) => row.schedule_id)}`,
  };
  const fill = filled[route];
  if (!fill) throw new Error(`phone.spec.ts: give the route ${route} a record to open (pathOf)`);
  return fill();
}

/** The page has settled: its main heading shows and nothing says it is still loading. */
async function settledPage(page: Page, heading: Locator = page.getByRole('heading', { level: 1 })): Promise<void> {
  // generous: the suite shares the machine with other work
  await expect(heading.first()).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.locator('main [aria-busy="true"], main .rl-spinner, main .rl-page-spinner').count(), {
      message: 'the page is still loading',
      timeout: 30_000,
    })
    .toBe(0);
}

/**
 * What sticks out of the page sideways: nothing when the document is no wider than the window;
 * otherwise the outermost elements past its right edge that no box of theirs clips or scrolls, as
 * `tag.class "text" right=px`. A box clips what its containing block lies in: an absolutely placed
 * element (a visually hidden text) escapes a scrolling box between it and its positioned ancestor,
 * and a fixed one escapes every box, so those widen the page from inside a scrolling table.
 */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return [];
    const past = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    const clipped = (element: Element) => {
      const position = getComputedStyle(element).position;
      if (position === 'fixed') return false;
      let box: Element | null =
        position === 'absolute' && element instanceof HTMLElement ? element.offsetParent : element.parentElement;
      for (; box && box !== document.body && box !== root; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      if (element.getBoundingClientRect().width > 0 && past(element) && !clipped(element)) outside.add(element);
    }
    const found: string[] = [];
    for (const element of outside) {
      if (element.parentElement && outside.has(element.parentElement)) continue;
      const classes = [...element.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right);
      found.push(`${element.tagName.toLowerCase()}${classes} "${text}" right=${right}`);
    }
    return [`document ${root.scrollWidth} px wide in a window of ${width}`, ...found.slice(0, 8)];
  });
}

/** PHONE_SCREENSHOTS=dir keeps a full-page picture of each page checked, to look at them. */
const SCREENSHOTS = process.env.PHONE_SCREENSHOTS;

/** Fails (softly, so every route is reported) when the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  if (SCREENSHOTS)
    await page.screenshot({ path: join(SCREENSHOTS, `${what.replace(/[^\w-]+/g, '_')}.png`), fullPage: true });
  const found = await sideways(page);
  expect.soft(found, `${what} scrolls sideways at ${PHONE.width} px:\n${found.join('\n')}`).toEqual([]);
  // a list drawn as cards (DataTable's narrow="cards") fits too: it does not scroll sideways inside its frame
  for (const list of await page.locator('.rl-table--cards .rl-table__scroll').all()) {
    const inside = await list.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect.soft(inside, `${what}: a list of cards scrolls sideways`).toBeLessThanOrEqual(1);
  }
}

/** A dialog lies within the screen; content taller than it scrolls inside. */
async function expectFits(page: Page, dialog: Locator, what: string): Promise<void> {
  await settled(dialog);
  const box = (await dialog.boundingBox())!;
  expect.soft(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(PHONE.height);
  const inside = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect.soft(inside, `${what}: wider than itself`).toBeLessThanOrEqual(1);
  await expectNoSidewaysScroll(page, what);
}

test.describe(`on a phone (${PHONE.width} x ${PHONE.height})`, () => {
  test('the route table is covered: every public path of routes.tsx is visited here', () => {
    expect(declaredPublicPaths().sort()).toEqual([...PUBLIC_PATHS].sort());
    for (const route of Object.keys(ROUTE_ROLES) as LayoutRoute[]) {
      expect(
        VISITORS.some(({ role }) => routesOf(role).includes(route)),
        `${route} is opened by none of ${VISITORS.map((visitor) => visitor.user.role).join(', ')}`,
      ).toBe(true);
    }
  });

  test('signed out: login, code step, password recovery, responder page, 403 and 404', async ({
    page,
    browser,
    baseURL,
    signIn,
    inbox,
  }) => {
    test.setTimeout(180_000);
    for (const path of [
      '/login',
      '/reset_password',
      '/reset_password/sms',
      '/reset_password/email',
      '/reset_password/email/not-a-real-token',
      '/error',
      '/403',
      '/no/such/page',
    ]) {
      await page.goto(path);
      await settledPage(page);
      await expectNoSidewaysScroll(page, path);
    }

    // the code step (/authenticator)
    await submitPassword(page, customerRoot);
    await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, '/authenticator');

    // the responder page (respond/:token) of a real incident, opened from its e-mail
    const context = await browser.newContext({ baseURL, viewport: PHONE });
    const root = await context.newPage();
    await signIn(root, customerRoot);
    const since = Date.now();
    const caseId = await ownIncident(root, baseURL, 'Phone responder');
    await context.close();
    await page.goto(await mailedLink(inbox, since, caseId));
    await settledPage(page, page.getByRole('heading', { level: 1, name: `Incident ${caseId}` }));
    await expectNoSidewaysScroll(page, `/respond (incident ${caseId})`);
  });

  for (const { user, role } of VISITORS) {
    test(`signed in as ${user.role}: every route it may open`, async ({ page, baseURL, signIn }) => {
      const routes = routesOf(role);
      test.setTimeout(60_000 + routes.length * 30_000);
      await signIn(page, user);
      // a row in the events list, and a log to open
      const caseId = routes.includes('events') ? await ownIncident(page, baseURL, 'Phone routes') : undefined;
      if (routes.includes('resources')) await shiftlessResource(page.request);
      for (const route of routes) {
        const path = await pathOf(route, page.request, caseId);
        await page.goto(path);
        await expect(page, `${path} is not sent elsewhere`).not.toHaveURL(/\/(403|login)$/);
        await settledPage(page);
        await expectNoSidewaysScroll(page, `${path} (${user.role})`);
      }

      // the header and the menu: the menu opens over the page from the header's button and closes again
      const menuButton = page.getByRole('banner').getByRole('button', { name: /menu/i });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await menuButton.click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('dialogs fit the screen: create forms, a confirmation and the event details', async ({
    page,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, customerRoot);
    const caseId = await ownIncident(page, baseURL, 'Phone dialogs');
    for (const path of ['/resources', '/escalations', '/schedules', '/maintenance', '/applications', '/users']) {
      await page.goto(path);
      await settledPage(page);
      // the screen's create button: in its title's actions or its list's toolbar
      await page
        .locator('main')
        .locator('.rl-page-header__actions, .rl-table__actions')
        .locator('.rl-button--primary')
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expectFits(page, dialog, `the create form of ${path}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }

    // a delete confirmation
    await page.goto('/resources');
    await settledPage(page);
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const confirmation = page.getByRole('alertdialog');
    await expectFits(page, confirmation, 'the delete confirmation');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toHaveCount(0);

    // the event details: a tall window, its timeline scrolls inside
    await page.goto('/events');
    await settledPage(page);
    await page.getByRole('button', { name: `Details of ${caseId}` }).click();
    const details = page.getByRole('dialog', { name: /^Event / });
    await expectFits(page, details, 'the event details');
  });

  test('the events list: the filters fold into a panel that the Filters button opens, the rows are cards', async ({
    page,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, customerRoot);
    const caseId = await ownIncident(page, baseURL, 'Phone cards');
    await page.goto('/events');
    await settledPage(page);
    const filters = page.getByRole('group', { name: 'Event filters', includeHidden: true });
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', (await filters.getAttribute('id'))!);
    await expect(filters).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters).toBeVisible();
    await expectNoSidewaysScroll(page, '/events with its filters open');
    // a filter set is counted on the button, so the folded panel does not hide that the list is narrowed
    await filters.getByRole('combobox', { name: 'Status' }).selectOption({ index: 1 });
    await expect(toggle).toHaveAccessibleName(/^Filters\s*1 filter set$/);
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(toggle).toHaveAccessibleName('Filters');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(filters).toBeHidden();

    // each row a card of "title: value" lines, within the screen: the list does not scroll sideways either
    const table = page.getByRole('table', { name: 'Events' });
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Copy case ID ${caseId}` }) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toContainText(`Phone cards ${RUN}`);
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(rowBox.height, 'a card: its values one under the other').toBeGreaterThan(150);
    const region = page.getByRole('region', { name: 'Events' });
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    // the sortable titles stay, as a row of buttons
    await expect(table.getByRole('button', { name: 'Created' })).toBeVisible();

    // on a wide screen the filters and the table show as before, with no button
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(filters).toBeVisible();
    await expect(toggle).toBeHidden();
    expect((await row.boundingBox())!.height).toBeLessThan(60);
  });
});
