import { expect, type APIRequestContext, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import type { InboxClient } from './fixtures';

/** The demo customer's escalation and SLA (demo data): a module of a test's own uses them. */
const DEMO_ESCALATION = 'Demo on-call';
const DEMO_SLA = 'Standard response';

/** A module the incidents of a test go to: its IDs and a fresh credential key. */
export interface ReportingModule {
  applicationId: number;
  moduleId: number;
  moduleName: string;
  credentialKey: string;
}

async function json<T>(answer: Promise<APIResponse>): Promise<T> {
  const response = await answer;
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Makes an application of the test's own with these modules on the demo escalation and the demo SLA
 * (or a module's own escalation and SLA), through
 * the API with the signed-in page's session, and gives each module a credential key as the Modules
 * screen does. Its events are the test's alone, so their numbers do not depend on other specs.
 */
export async function ownApplication(
  request: APIRequestContext,
  applicationName: string,
  modules: { name: string; slaId?: number; escalationId?: number }[],
): Promise<ReportingModule[]> {
  const escalations = await json<{ list: { escalation_id: number; escalation_name: string }[] }>(
    request.get(`/api/procedures/get/escalation?search=${encodeURIComponent(DEMO_ESCALATION)}`),
  );
  const escalationId = escalations.list.find((row) => row.escalation_name === DEMO_ESCALATION)!.escalation_id;
  const slas = await json<{ list: { sla_id: number; sla_name: string }[] }>(
    request.get(`/api/procedures/get/sla?search=${encodeURIComponent(DEMO_SLA)}`),
  );
  const slaId = slas.list.find((row) => row.sla_name === DEMO_SLA)!.sla_id;
  const { application_id: applicationId } = await json<{ application_id: number }>(
    request.post('/api/procedures/add/application', { data: { application_name: applicationName } }),
  );
  const made: ReportingModule[] = [];
  for (const { name: moduleName, slaId: ownSla, escalationId: ownEscalation } of modules) {
    const { module_id: moduleId } = await json<{ module_id: number }>(
      request.post('/api/modules/module', {
        data: {
          module_name: moduleName,
          module_desc: 'Made by a browser test',
          application_id: applicationId,
          escalation_id: ownEscalation ?? escalationId,
          sla_id: ownSla ?? slaId,
        },
      }),
    );
    const [credential] = await json<[{ body: { credentialKey: string } }]>(
      request.get(`/api/events/module/credential/${moduleId}/${applicationId}`),
    );
    made.push({ applicationId, moduleId, moduleName, credentialKey: credential.body.credentialKey });
  }
  return made;
}

/**
 * An active SLA of the test's own (a new SLA starts inactive, docs/product.md#entities): 99 hours, which the
 * engine's 900-fold clock makes six and a half minutes, so an incident accepted by mail meets it.
 */
export async function longSla(request: APIRequestContext, name: string): Promise<number> {
  const body = {
    sla_name: name,
    sla_desc: 'Made by a browser test',
    sla_response_time: 99,
    sla_response_time_mult: 'H',
  };
  const { sla_id: id } = await json<{ sla_id: number }>(request.post('/api/procedures/add/sla', { data: body }));
  await json(request.put(`/api/procedures/upd/sla/${id}`, { data: { ...body, sla_active: 'Y' } }));
  return id;
}

/** The credential key of a demo module, made anew as the Modules screen makes it. */
export async function demoModule(
  request: APIRequestContext,
  applicationName: string,
  moduleName: string,
): Promise<ReportingModule> {
  const apps = await json<{ list: { application_id: number; application_name: string }[] }>(
    request.get(`/api/procedures/get/application?search=${encodeURIComponent(applicationName)}`),
  );
  const applicationId = apps.list.find((row) => row.application_name === applicationName)!.application_id;
  const modules = await json<{ list: { module_id: number; module_name: string }[] }>(
    request.get(`/api/modules/module?application_id=${applicationId}`),
  );
  const moduleId = modules.list.find((row) => row.module_name === moduleName)!.module_id;
  const [credential] = await json<[{ body: { credentialKey: string } }]>(
    request.get(`/api/events/module/credential/${moduleId}/${applicationId}`),
  );
  return { applicationId, moduleId, moduleName, credentialKey: credential.body.credentialKey };
}

/** A monitoring system's report (docs/product.md#incidents-in): POST /api/v1/incidents with the module's ID and key; answers the case ID. */
export async function reportIncident(
  baseURL: string | undefined,
  module: ReportingModule,
  incident: string,
  description: string,
): Promise<string> {
  const reported = await fetch(`${baseURL}/api/v1/incidents`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${module.moduleId}:${module.credentialKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ incident, description }),
  });
  expect(reported.status).toBe(201);
  return ((await reported.json()) as { case_id: string }).case_id;
}

/** The path of the responder link the engine mails Ana, the demo escalation's team lead, for this case. */
export async function mailedLink(inbox: InboxClient, since: number, caseId: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await inbox.mails()).find(
          (m) => m.receivedAt >= since && m.to.includes('ana.lead@democompany.demo') && m.subject.includes(caseId),
        );
        link = /https?:\/\/\S+\/respond\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

/**
 * The demo escalation's walk for one incident: the engine calls Carlos, then mails Ana, the team
 * lead, a link; the link opens the incident, and Accept and Resolve complete it. `check` runs on
 * the responder page once it shows (an axe check, say).
 */
export async function acceptAndResolveByMail(
  context: BrowserContext,
  inbox: InboxClient,
  since: number,
  caseId: string,
  check?: (page: Page) => Promise<void>,
): Promise<void> {
  await expect
    .poll(async () => (await inbox.texts()).some((text) => text.receivedAt >= since && text.body.includes(caseId)), {
      timeout: 15_000,
    })
    .toBe(true);
  const responder = await context.newPage();
  await responder.goto(await mailedLink(inbox, since, caseId));
  await expect(responder.getByRole('heading', { name: `Incident ${caseId}` })).toBeVisible();
  await expect(responder.getByText('Sent to Ana Torres.')).toBeVisible();
  await check?.(responder);
  await responder.getByRole('button', { name: 'Accept' }).click();
  await expect(responder.getByText('You accepted this incident')).toBeVisible();
  await expect(responder.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await responder.getByRole('button', { name: 'Resolve' }).click();
  await expect(responder.getByText('You resolved this incident')).toBeVisible();
  await expect(responder.getByText('Completed')).toBeVisible();
  await responder.close();
}
