import type { APIResponse, Locator, Page } from '@playwright/test';
import { expectAccessible, freshPage } from './support/axe';
import { expect, settled, test } from './support/fixtures';
import { longSla, ownApplication, reportIncident } from './support/incidents';
import { customerRoot } from './support/users';

// docs/product.md#schedules: a Customer Root builds a schedule on the screens, points an escalation
// step at it, and an incident reaches whoever is on call.

const RUN = Date.now().toString(36);
const SCHEDULE = `Support ${RUN}`;
const DORA = { name: `Dora Vidal ${RUN}`, email: `dora.${RUN}@democompany.demo` };
const CARLOS = 'Carlos Méndez';
const ANA = 'Ana Torres';
const ZONE = 'America/Puerto_Rico';

async function json<T>(answer: Promise<APIResponse>): Promise<T> {
  const response = await answer;
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** A date (YYYY-MM-DD) in Puerto Rico (UTC-4 all year), `days` from today there. */
function dateInZone(days: number): string {
  return new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function addParticipant(dialog: Locator, name: string) {
  await dialog.getByRole('combobox', { name: 'Participants' }).selectOption({ label: name });
  await dialog.getByRole('button', { name: 'Add participant' }).click();
}

const saved = (page: Page, text: string) => expect(page.getByText(text, { exact: false }).first()).toBeVisible();

test('a weekly rotation of three, an override, the timeline; a step on the schedule reaches the person on call', async ({
  browser,
  baseURL,
  inbox,
  signIn,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await freshPage(browser, baseURL);
  await signIn(page, customerRoot);
  // a third person, reached by e-mail
  await json(
    page.request.post('/api/procedures/add/resource', {
      data: { resource_fullname: DORA.name, resource_email: DORA.email, language_id: 'EN' },
    }),
  );

  // the list: create the schedule
  await page.goto('/schedules');
  await expect(page.getByRole('table', { name: 'Schedules' })).toBeVisible();
  await expectAccessible(page, 'the Schedules list');
  await page.getByRole('button', { name: 'Create' }).click();
  const create = page.getByRole('dialog', { name: 'Create Schedule' });
  await settled(create);
  await create.getByRole('textbox', { name: 'Name' }).fill(SCHEDULE);
  await create.getByRole('textbox', { name: 'Description' }).fill('The support desk, a week each');
  await create.getByRole('combobox', { name: 'Time zone' }).selectOption({ label: ZONE });
  await expectAccessible(page, 'the schedule window');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SCHEDULE }) });
  // no rotation yet: nobody is on call
  await expect(row).toContainText('Nobody on call');

  // its page: a weekly rotation of three people, Dora's week started yesterday at 09:00
  await row.getByRole('link', { name: SCHEDULE }).click();
  await expect(page).toHaveURL(/\/schedules\/\d+$/);
  const scheduleId = Number(/\/schedules\/(\d+)$/.exec(page.url())![1]);
  await page.getByRole('button', { name: 'Add rotation' }).click();
  const rotation = page.getByRole('dialog', { name: 'Add rotation' });
  await settled(rotation);
  await rotation.getByRole('textbox', { name: 'Name' }).fill('Weekly');
  await expect(rotation.getByRole('combobox', { name: 'Participants' })).toBeEnabled();
  for (const person of [DORA.name, CARLOS, ANA]) await addParticipant(rotation, person);
  // Ana goes up one: Dora, Ana, Carlos
  await rotation.getByRole('button', { name: `Move ${ANA} up` }).click();
  await rotation.getByRole('textbox', { name: 'Shift length' }).fill('1');
  await rotation.getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Weeks' });
  await rotation.getByLabel('Handoff time', { exact: true }).fill('09:00');
  await rotation.getByLabel('Start date', { exact: true }).fill(dateInZone(-1));
  await expectAccessible(page, 'the rotation window');
  await rotation.getByRole('button', { name: 'Save' }).click();
  await expect(rotation).toBeHidden();
  await expect(page.getByRole('list', { name: 'Participants of Weekly, in order' }).getByRole('listitem')).toHaveText([
    DORA.name,
    ANA,
    CARLOS,
  ]);

  // the timeline: Dora's lane this week, on call now
  const shifts = page.getByRole('region', { name: /^Shifts, / });
  const doraLane = shifts.getByRole('list', { name: `Shifts of ${DORA.name}` });
  await expect(doraLane.getByRole('button', { name: new RegExp(`^Take this shift: ${DORA.name}, `) })).toBeVisible();
  await expect(page.locator('#main-content')).toContainText(`${DORA.name} until`);

  // an override: Carlos tomorrow from 10:00 to 12:00 (the schedule's zone)
  await page.getByRole('button', { name: 'Add override' }).click();
  const override = page.getByRole('dialog', { name: 'Add override' });
  await settled(override);
  await expect(override.getByRole('combobox', { name: 'Person on call' })).toBeEnabled();
  await override.getByRole('combobox', { name: 'Person on call' }).selectOption({ label: CARLOS });
  await override.getByLabel('Start', { exact: true }).fill(`${dateInZone(1)}T10:00`);
  await override.getByLabel('End', { exact: true }).fill(`${dateInZone(1)}T12:00`);
  await expectAccessible(page, 'the override window');
  await override.getByRole('button', { name: 'Save' }).click();
  await expect(override).toBeHidden();
  await expect(page.getByRole('list', { name: 'Upcoming overrides' })).toContainText(CARLOS);
  // the override is in the week's timeline, marked as one
  await expect(shifts.getByText('Override').first()).toBeVisible();
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(doraLane.getByRole('button').first()).toBeVisible();
  await expectAccessible(page, "the schedule's page");

  // the server agrees: Dora now, Carlos during the override
  const onCall = await json<{ resource: { resource_fullname: string } | null }>(
    page.request.get(`/api/schedules/${scheduleId}/on-call`),
  );
  expect(onCall.resource?.resource_fullname).toBe(DORA.name);
  const during = await json<{ resource: { resource_fullname: string } | null }>(
    page.request.get(
      `/api/schedules/${scheduleId}/on-call?at=${encodeURIComponent(`${dateInZone(1)}T11:00:00-04:00`)}`,
    ),
  );
  expect(during.resource?.resource_fullname).toBe(CARLOS);

  // an escalation whose step calls the schedule by e-mail, made on the steps screen
  const { escalation_id: escalationId } = await json<{ escalation_id: number }>(
    page.request.post('/api/procedures/add/escalation', { data: { escalation_name: `On call ${RUN}` } }),
  );
  await page.goto(`/escalation/${escalationId}/resources`);
  await page.getByRole('button', { name: 'Create' }).click();
  const step = page.getByRole('dialog', { name: 'Create Escalation Resource' });
  await settled(step);
  await step.getByRole('combobox', { name: 'Participation Type' }).click();
  await page.getByRole('option', { name: 'Agent', exact: true }).click();
  await step.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'E-mail', exact: true }).click();
  await step.getByRole('radio', { name: 'Schedule' }).check();
  await step.getByRole('combobox', { name: 'Schedule' }).click();
  await page.getByRole('option', { name: SCHEDULE, exact: true }).click();
  await expectAccessible(page, 'the step window calling a schedule');
  await step.getByRole('button', { name: 'Save' }).click();
  await saved(page, 'EscalationResource was successfully created');
  await expect(step).toBeHidden();
  await expect(page.getByRole('table')).toContainText(`On call: ${SCHEDULE}`);
  await expect(page.getByText('The resource configuration is incomplete or incorrect.')).toHaveCount(0);

  // an incident on a module of that escalation: the engine mails Dora, who is on call
  const slaId = await longSla(page.request, `On call SLA ${RUN}`);
  const [module] = await ownApplication(page.request, `On call ${RUN}`, [
    { name: `Paged ${RUN}`, slaId, escalationId },
  ]);
  const since = Date.now();
  const caseId = await reportIncident(baseURL, module!, `Help desk down ${RUN}`, 'Nobody can open a ticket.');
  await expect
    .poll(
      async () =>
        (await inbox.mails()).some(
          (mail) => mail.receivedAt >= since && mail.to.includes(DORA.email) && mail.subject.includes(caseId),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  // nobody else was mailed about it
  const others = (await inbox.mails()).filter(
    (mail) => mail.receivedAt >= since && mail.subject.includes(caseId) && !mail.to.includes(DORA.email),
  );
  expect(others).toEqual([]);
  await context.close();
});
