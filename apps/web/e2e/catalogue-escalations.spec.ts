import type { Locator, Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { customer, customerRoot } from './support/users';

const WARNING = 'The resource configuration is incomplete or incorrect.';
const RUN = Date.now().toString(36);
const ESCALATION = `Night shift ${RUN}`;
const AGENT_ONE = `Agent One ${RUN}`;
const AGENT_TWO = `Agent Two ${RUN}`;
const SUPERVISOR = `Supervisor ${RUN}`;

/** Creates a resource through the API from the signed-in page (same origin, its session cookie). */
async function createResource(page: Page, body: Record<string, string | null>) {
  const status = await page.evaluate(async (resource) => {
    const response = await fetch('/api/procedures/add/resource', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(resource),
    });
    return response.status;
  }, body);
  expect(status, `create resource ${body.resource_fullname}`).toBe(200);
}

async function choose(page: Page, dialog: Locator, field: string, option: string) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const tableReady = (page: Page) => expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');

/** The resource names of the steps table, top to bottom. */
const resourceColumn = (page: Page) => page.getByRole('row').locator('td:nth-child(3)').allInnerTexts();

interface NewStep {
  type: 'Agent' | 'Supervisor';
  channel: 'Voice call' | 'SMS' | 'E-mail';
  resource: string;
  callAgain?: number;
  hours?: number;
}

async function createStep(page: Page, step: NewStep, checkAxe = false) {
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Escalation Resource' });
  await settled(dialog);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(dialog.getByRole('combobox', { name: 'Participation Type' })).toBeEnabled();
  // docs/product.md#escalation-steps: Save is disabled until the form is valid
  await expect(save).toBeDisabled();
  await choose(page, dialog, 'Participation Type', step.type);
  await choose(page, dialog, 'Channel', step.channel);
  await choose(page, dialog, 'Resource', step.resource);
  if (step.type === 'Supervisor') {
    await expect(dialog.getByRole('textbox', { name: 'Next Follow Up Time', exact: true })).toHaveCount(0);
  } else {
    await expect(dialog.getByRole('textbox', { name: 'Next Follow Up Time', exact: true })).toHaveValue('15');
  }
  if (step.callAgain) {
    await dialog.getByRole('switch', { name: 'Call Again' }).check();
    const attempts = dialog.getByRole('textbox', { name: 'Max Attempt Recall', exact: true });
    await attempts.fill('6');
    await expect(save).toBeDisabled();
    await expect(attempts).toHaveAttribute('aria-invalid', 'true');
    await attempts.fill(String(step.callAgain));
  }
  if (step.hours) {
    const time = dialog.getByRole('textbox', { name: 'Next Follow Up Time', exact: true });
    await time.fill('25');
    // 25 minutes are fine; 25 hours are over the limit
    await expect(save).toBeEnabled();
    await choose(page, dialog, 'Follow Up Time Type', 'Hours');
    await expect(save).toBeDisabled();
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    await time.fill(String(step.hours));
  }
  await expect(save).toBeEnabled();
  if (checkAxe) await expectAccessible(page, 'the step modal');
  await save.click();
  await expect(page.getByText('EscalationResource was successfully created', { exact: false }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await tableReady(page);
}

async function openPriority(page: Page) {
  await page.getByRole('button', { name: 'Priority', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Priority' });
  await settled(dialog);
  await expect(dialog.getByTestId('sortable-item')).toHaveCount(3);
  return dialog;
}

async function savePriority(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Priority Order of Escalation resource was changed successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await tableReady(page);
}

test.describe('escalations and their steps (docs/product.md#escalations, #escalation-steps, #validation-rules)', () => {
  test('a Customer Root builds an escalation of three steps, fixes its configuration and reorders it by drag and by keyboard', async ({
    browser,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await freshPage(browser, baseURL);
    await signIn(page, customerRoot);

    await createResource(page, {
      resource_fullname: AGENT_ONE,
      resource_email: '',
      language_id: 'EN',
      resource_phone1: '7877221234',
      resource_country_phone1: 'PR',
      resource_phone2: '3057221234',
      resource_country_phone2: 'US',
    });
    await createResource(page, {
      resource_fullname: AGENT_TWO,
      resource_email: `agent.two.${RUN}@democompany.demo`,
      language_id: 'ES',
      resource_phone1: null,
      resource_country_phone1: null,
      resource_phone2: null,
      resource_country_phone2: null,
    });
    await createResource(page, {
      resource_fullname: SUPERVISOR,
      resource_email: `supervisor.${RUN}@democompany.demo`,
      language_id: 'ES',
      resource_phone1: '7872810000',
      resource_country_phone1: 'PR',
      resource_phone2: null,
      resource_country_phone2: null,
    });

    // the escalation: new, so it has no step and cannot run yet
    await page.goto('/escalations');
    await expect(page.getByRole('heading', { level: 1, name: 'Escalations' })).toBeVisible();
    await tableReady(page);
    await expectAccessible(page, 'the escalations page');
    await page.getByRole('button', { name: 'Create' }).click();
    const create = page.getByRole('dialog', { name: 'Create Escalation' });
    await settled(create);
    await expect(create.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await expectAccessible(page, 'the escalation modal');
    await create.getByRole('textbox', { name: 'Name' }).fill(ESCALATION);
    await create.getByRole('textbox', { name: 'Description' }).fill('Who answers at night');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Escalation was successfully created').first()).toBeVisible();
    await page.getByRole('searchbox').fill(ESCALATION);
    await page.getByRole('searchbox').press('Enter');
    const row = page.getByRole('row').filter({ hasText: ESCALATION });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('img', { name: WARNING })).toBeVisible();

    // its steps page
    await row.getByRole('button', { name: `Show resources of ${ESCALATION}` }).click();
    await expect(page).toHaveURL(/\/escalation\/\d+\/resources$/);
    await expect(page.getByRole('heading', { level: 1, name: `Escalation Resources of ${ESCALATION}` })).toBeVisible();
    await expect(page.getByText('No escalations found. Please add some escalations.')).toBeVisible();
    await expect(page.getByText(WARNING)).toBeVisible();
    await expectAccessible(page, 'the empty steps page');

    // an agent with call again, an agent by e-mail, a supervisor by SMS to someone without a phone
    await createStep(page, { type: 'Agent', channel: 'Voice call', resource: AGENT_ONE, callAgain: 2 }, true);
    await expect(page.getByText(WARNING)).toBeHidden();
    await createStep(page, { type: 'Agent', channel: 'E-mail', resource: AGENT_TWO, hours: 2 });
    await createStep(page, { type: 'Supervisor', channel: 'SMS', resource: AGENT_TWO });
    await expect(page.getByText(WARNING)).toBeVisible();
    expect(await resourceColumn(page)).toEqual([AGENT_ONE, AGENT_TWO, AGENT_TWO]);
    await expect(page.getByRole('row').nth(2)).toContainText('2 Hour(s)');
    await expectAccessible(page, 'the steps page with an invalid configuration');

    // the supervisor's notice goes to someone with a phone: the configuration can run
    await page.getByRole('button', { name: `Edit step 3 (${AGENT_TWO})` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Escalation Resource' });
    await settled(edit);
    await expect(edit.getByRole('combobox', { name: 'Status' })).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'Next Follow Up Time', exact: true })).toHaveCount(0);
    await choose(page, edit, 'Resource', SUPERVISOR);
    await expectAccessible(page, 'the step modal (edit)');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await tableReady(page);
    await expect(page.getByText(WARNING)).toBeHidden();
    expect(await resourceColumn(page)).toEqual([AGENT_ONE, AGENT_TWO, SUPERVISOR]);

    // reorder by dragging: the supervisor's handle onto the first place
    let priority = await openPriority(page);
    await expectAccessible(page, 'the priority modal');
    const handles = priority.getByRole('button', { name: /^Move / });
    const from = (await handles.nth(2).boundingBox())!;
    const to = (await handles.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 4) * step) / 10);
    }
    await page.mouse.up();
    await expect(priority.getByTestId('sortable-item').first()).toContainText(SUPERVISOR);
    await savePriority(page, priority);
    expect(await resourceColumn(page)).toEqual([SUPERVISOR, AGENT_ONE, AGENT_TWO]);

    // reorder by keyboard: the first step two places down
    priority = await openPriority(page);
    await priority.getByRole('button', { name: `Move ${SUPERVISOR}`, exact: false }).focus();
    await page.keyboard.press('Space');
    // picked up: the item shows as dragged; each arrow moves it one place down before the next
    const dragged = priority.locator('.rl-sortable__item--dragging');
    await expect(dragged).toHaveCount(1);
    const top = async () => (await dragged.boundingBox())!.y;
    for (let move = 0; move < 2; move += 1) {
      const before = await top();
      await page.keyboard.press('ArrowDown');
      await expect.poll(top).toBeGreaterThan(before + 10);
    }
    await page.keyboard.press('Space');
    await expect(dragged).toHaveCount(0);
    await expect(priority.getByTestId('sortable-item').last()).toContainText(SUPERVISOR);
    await expect(priority.getByTestId('sortable-item').first()).toContainText(AGENT_ONE);
    await savePriority(page, priority);
    expect(await resourceColumn(page)).toEqual([AGENT_ONE, AGENT_TWO, SUPERVISOR]);
    await expect(page.getByText(WARNING)).toBeHidden();
    await context.close();
  });

  test('a Customer reads escalations without changing them', async ({ browser, baseURL, signIn }) => {
    const { context, page } = await freshPage(browser, baseURL);
    await signIn(page, customer);
    await page.goto('/escalations');
    await expect(page.getByRole('heading', { level: 1, name: 'Escalations' })).toBeVisible();
    await tableReady(page);
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expectAccessible(page, 'the escalations page of a Customer');
    await context.close();
  });
});
