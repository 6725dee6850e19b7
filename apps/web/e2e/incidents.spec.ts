import { expectAccessible, freshPage } from './support/axe';
import { expect, test } from './support/fixtures';
import { customerRoot } from './support/users';

/**
 * Incidents in, people contacted (service.md 5, 6): a monitoring system reports an incident to the
 * demo module with its credentials; the engine calls the on-call person, then mails the team lead
 * a link; the link opens the incident, Accept and Resolve close it, and the events list shows it.
 */
test('an incident reported by the ingest API reaches the responder page by e-mail; Accept and Resolve complete it', async ({ browser, baseURL, inbox, signIn }) => {
  test.setTimeout(60_000);
  const { context, page } = await freshPage(browser, baseURL);
  await page.goto('/login');
  await signIn(page, customerRoot);

  // the demo module's ID and a new credential key, as the Modules screen gets them
  const apps = (await (await page.request.get('/api/procedures/get/application?search=Demo%20Store')).json()) as { list: { application_id: number }[] };
  const applicationId = apps.list[0]!.application_id;
  const modules = (await (await page.request.get(`/api/modules/module?application_id=${applicationId}`)).json()) as { list: { module_id: number; module_name: string }[] };
  const moduleId = modules.list.find((module) => module.module_name === 'Checkout')!.module_id;
  const [credential] = (await (await page.request.get(`/api/events/module/credential/${moduleId}/${applicationId}`)).json()) as [{ body: { credentialKey: string } }];

  const since = Date.now();
  const reported = await fetch(`${baseURL}/api/v1/incidents`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${moduleId}:${credential.body.credentialKey}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ incident: 'Checkout errors above 5%', description: 'The payment provider answers 502 to one request in twenty.' }),
  });
  expect(reported.status).toBe(201);
  const { case_id: caseId } = (await reported.json()) as { case_id: string };

  // the first step calls Carlos; the second mails Ana, the team lead, with the link
  await expect.poll(async () => (await inbox.texts()).some((text) => text.receivedAt >= since && text.body.includes(caseId)), { timeout: 15_000 }).toBe(true);
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await inbox.mails()).find((m) => m.receivedAt >= since && m.to.includes('ana.lead@democompany.demo') && m.subject.includes(caseId));
        link = /https?:\/\/\S+\/respond\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');

  const responder = await context.newPage();
  await responder.goto(new URL(link).pathname);
  await expect(responder.getByRole('heading', { name: `Incident ${caseId}` })).toBeVisible();
  await expect(responder.getByText('Sent to Ana Torres.')).toBeVisible();
  await expectAccessible(responder, 'the responder page');
  await responder.getByRole('button', { name: 'Accept' }).click();
  await expect(responder.getByText('You accepted this incident')).toBeVisible();
  await expect(responder.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await responder.getByRole('button', { name: 'Resolve' }).click();
  await expect(responder.getByText('You resolved this incident')).toBeVisible();
  await expect(responder.getByText('Completed')).toBeVisible();

  // the events list shows it completed; its log lists the contacts
  await page.goto(`/events?search=${caseId}`);
  const row = page.getByRole('row', { name: new RegExp(caseId) });
  await expect(row.getByText('Completed')).toBeVisible();
  await expectAccessible(page, 'the events list');
  await row.getByRole('link', { name: `Event log of ${caseId}` }).click();
  await expect(page.getByRole('heading', { name: `Event Logs of case ${caseId}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'completed' })).toBeVisible();
  await expectAccessible(page, 'the event log');
  await context.close();
});
