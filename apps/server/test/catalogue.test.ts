import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addApplication,
  addEscalation,
  addModule,
  addResource,
  addSla,
  addStep,
  changePriority,
  deleteApplication,
  deleteEscalation,
  deleteModule,
  deleteResource,
  deleteSla,
  deleteStep,
  filteredResources,
  getEscalation,
  getModule,
  getResource,
  listApplications,
  listEscalations,
  listModules,
  listResources,
  listSlas,
  listSteps,
  resourceLimit,
  updateModule,
  updateResource,
  updateSla,
  updateStep,
} from '@relevo/api';
import {
  APPLICATION_MESSAGES,
  AUTH_MESSAGES,
  ESCALATION_MESSAGES,
  MESSAGES,
  MODULE_MESSAGES,
  RESOURCE_MESSAGES,
  SLA_MESSAGES,
  STEP_MESSAGES,
  applicationDeleteRefusal,
  escalationDeleteRefusal,
  resourceDeleteRefusal,
  resourceQuotaWarning,
  slaDeleteRefusal,
  type Resource,
} from '@relevo/domain';
import { agentStep } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

describe.each(DATABASE_KINDS)('the catalogue on %s', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let reader: SignedIn;
  let otherRoot: SignedIn;
  let staff: SignedIn;
  let carlos: Resource;
  let ana: Resource;

  const status = async (promise: Promise<unknown>) => (await failure(promise)).status;
  /** A plain HTTP call of the Customer Root (its bearer token) with a JSON body the typed client would not send. */
  const asRoot = (method: string, path: string, body: unknown) =>
    t.raw(method, path, { body, headers: { authorization: `Bearer ${root.token}` } });
  /** A 422's body that refuses fields of the request's body: each field's message, in order. */
  const refused = (fields: Record<string, string>) => ({
    detail: Object.entries(fields).map(([field, msg]) => ({ loc: ['body', field], msg })),
  });
  /** Sends `body` as the Customer Root and expects the 422's body that refuses `fields`. */
  const expectRefused = async (method: string, path: string, body: unknown, fields: Record<string, string>) =>
    expect((await asRoot(method, path, body)).body).toEqual(refused(fields));

  beforeAll(async () => {
    t = await startTestApp({ kind });
    await t.createCustomer('Acme', 4);
    await t.createCustomer('Other', 10);
    const make = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    root = await make('CustomerRoot', 'Acme');
    reader = await make('Customer', 'Acme');
    otherRoot = await make('CustomerRoot', 'Other');
    staff = await make('StaffRoot');
    carlos = await root.client.call(addResource, {
      body: {
        resource_fullname: ' Carlos Méndez ',
        resource_email: 'carlos@example.test',
        language_id: 'EN',
        resource_phone1: '787 555 0142',
        resource_country_phone1: 'PR',
        resource_phone2: '(212) 555-0199',
        resource_country_phone2: 'US',
      },
    });
    ana = await root.client.call(addResource, {
      body: {
        resource_fullname: 'Ana Torres',
        resource_email: '',
        resource_phone1: '7875550123',
        resource_country_phone1: 'PR',
      },
    });
  });
  afterAll(async () => t?.close());

  describe('resources', () => {
    it('stores the national number and country of two phones, and their E.164 form', async () => {
      expect(carlos).toMatchObject({
        resource_fullname: 'Carlos Méndez',
        resource_active: 'Y',
        resource_email: 'carlos@example.test',
        language: { language_id: 'EN', language_desc: 'English' },
        resource_phone1: '7875550142',
        resource_country_phone1: 'PR',
        resource_phone2: '2125550199',
        resource_country_phone2: 'US',
      });
      expect(ana).toMatchObject({ resource_email: null, language_id: 'ES', resource_phone2: null });
      const stored = await asSystem(t, (tx) =>
        tx
          .selectFrom('resources')
          .select(['resource_phone1_e164', 'resource_phone2_e164'])
          .where('resource_id', '=', carlos.resource_id)
          .executeTakeFirstOrThrow(),
      );
      expect(stored).toEqual({ resource_phone1_e164: '+17875550142', resource_phone2_e164: '+12125550199' });
    });

    it('refuses bad fields with the messages of the rules and stores nothing', async () => {
      const bad = await asRoot('POST', '/api/procedures/add/resource', {
        resource_fullname: '',
        resource_email: 'not-an-email',
        resource_phone1: '12',
        resource_country_phone1: 'PR',
        resource_phone2: '7875550142',
        resource_country_phone2: 'FR',
      });
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(
        refused({ resource_fullname: RESOURCE_MESSAGES.nameRequired, resource_email: 'Must be a valid email address' }),
      );
      await expectRefused(
        'POST',
        '/api/procedures/add/resource',
        {
          resource_fullname: 'X',
          resource_phone1: '12',
          resource_country_phone1: 'PR',
          resource_phone2: '7875550142',
          resource_country_phone2: 'FR',
        },
        { resource_phone1: RESOURCE_MESSAGES.phoneInvalid, resource_phone2: RESOURCE_MESSAGES.phoneCountry },
      );
      const language = await asRoot('POST', '/api/procedures/add/resource', {
        resource_fullname: 'X',
        language_id: 'ZZ',
      });
      expect({ status: language.status, body: language.body }).toEqual({
        status: 422,
        body: refused({ language_id: RESOURCE_MESSAGES.languageRequired }),
      });
      expect((await root.client.call(listResources, {})).total).toBe(2);
    });

    it('lists, searches and sorts in the tenant; another tenant sees none of it', async () => {
      const page = await reader.client.call(listResources, {
        query: { order_by_column: 'resource_fullname', order_by_direction: 'asc' },
      });
      expect(page.list.map((r) => r.resource_fullname)).toEqual(['Ana Torres', 'Carlos Méndez']);
      expect(
        (await reader.client.call(listResources, { query: { search: 'méndez' } })).list.map((r) => r.resource_id),
      ).toEqual([carlos.resource_id]);
      // by language: Español after English
      expect(
        (
          await reader.client.call(listResources, {
            query: { order_by_column: 'language', order_by_direction: 'desc' },
          })
        ).list.map((r) => r.language.language_desc),
      ).toEqual(['Español', 'English']);
      expect(await otherRoot.client.call(listResources, {})).toEqual({ total: 0, list: [] });
      expect(await status(otherRoot.client.call(getResource, { params: { id: carlos.resource_id } }))).toBe(404);
      expect(
        await status(
          otherRoot.client.call(updateResource, {
            params: { id: carlos.resource_id },
            body: { resource_fullname: 'Hijacked', resource_active: 'N' },
          }),
        ),
      ).toBe(404);
      expect(await status(otherRoot.client.call(deleteResource, { params: { id: carlos.resource_id } }))).toBe(404);
    });

    it('keeps writes to a Customer Root: a Customer reads, staff reach nothing', async () => {
      const refused = await failure(reader.client.call(addResource, { body: { resource_fullname: 'Nope' } }));
      expect({ status: refused.status, message: refused.message }).toEqual({
        status: 403,
        message: AUTH_MESSAGES.forbidden,
      });
      expect(await status(staff.client.call(listResources, {}))).toBe(403);
      expect((await reader.client.call(getResource, { params: { id: ana.resource_id } })).resource_fullname).toBe(
        'Ana Torres',
      );
    });

    it('refuses a creation past the quota with 409, also under 20 concurrent creations', async () => {
      expect(await root.client.call(resourceLimit, {})).toEqual({ limit: false, count: 2, max: 4 });
      const made = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          root.client.call(addResource, { body: { resource_fullname: `Burst ${i}` } }),
        ),
      );
      expect(made.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
      const refusals = made
        .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
        .map((result) => result.reason as { status: number; message: string });
      expect(new Set(refusals.map((refusal) => `${refusal.status} ${refusal.message}`))).toEqual(
        new Set([`409 ${resourceQuotaWarning(4)}`]),
      );
      expect(await root.client.call(resourceLimit, {})).toEqual({ limit: true, count: 4, max: 4 });
      const bursts = await root.client.call(listResources, { query: { search: 'burst' } });
      for (const burst of bursts.list) await root.client.call(deleteResource, { params: { id: burst.resource_id } });
      expect((await root.client.call(resourceLimit, {})).limit).toBe(false);
    });
  });

  describe('SLAs', () => {
    it('creates inactive (docs/product.md#entities), edits with a status, lists the active ones as options', async () => {
      const sla = await root.client.call(addSla, {
        body: {
          sla_name: 'Half hour',
          sla_desc: 'Accepted within 30 minutes',
          sla_response_time: '30',
          sla_response_time_mult: 'M',
        },
      });
      expect(sla).toMatchObject({ sla_active: 'N', sla_response_time: 30, sla_response_time_mult: 'M' });
      expect((await reader.client.call(listSlas, { query: { sla_active: 'Y' } })).list).toEqual([]);
      const active = await root.client.call(updateSla, {
        params: { id: sla.sla_id },
        body: { sla_name: 'Half hour', sla_response_time: 30, sla_response_time_mult: 'M', sla_active: 'Y' },
      });
      expect(active.sla_active).toBe('Y');
      expect(active.sla_updateby).toMatch(/@example\.test$/);
      expect((await reader.client.call(listSlas, { query: { sla_active: 'Y' } })).list.map((s) => s.sla_id)).toEqual([
        sla.sla_id,
      ]);
      expect(
        await status(
          otherRoot.client.call(updateSla, {
            params: { id: sla.sla_id },
            body: { sla_name: 'x', sla_response_time: 1, sla_active: 'Y' },
          }),
        ),
      ).toBe(404);
    });

    it('refuses a response time outside 1 to 99 and a unit other than M or H', async () => {
      await expectRefused(
        'POST',
        '/api/procedures/add/sla',
        { sla_name: 'x', sla_response_time: 100, sla_response_time_mult: 'D' },
        { sla_response_time: SLA_MESSAGES.responseTimeRange, sla_response_time_mult: SLA_MESSAGES.unitRequired },
      );
    });
  });

  describe('escalations, steps and priority', () => {
    it('keeps escalation_validate and last in line from the steps, as the domain rule says', async () => {
      const escalation = await root.client.call(addEscalation, {
        body: { escalation_name: 'Night shift', escalation_desc: 'Nights and weekends' },
      });
      expect(escalation).toMatchObject({ escalation_active: 'Y', escalation_validate: 'N', resources: '' });
      const valid = async () =>
        (await root.client.call(getEscalation, { params: { id: escalation.escalation_id } })).escalation_validate;

      // an e-mail step to a resource without an e-mail: not valid
      const first = await root.client.call(addStep, {
        body: { ...agentStep, escalation_id: escalation.escalation_id, channel_id: 3, resource_id: ana.resource_id },
      });
      expect(first).toMatchObject({
        status: 1,
        feedback: MESSAGES.stepCreated,
        escalation_resource: { escalation_priority_orden: 1, escalation_last_in_line: 'Y' },
      });
      // docs/product.md#schedules: a step calls a resource or a schedule, the other null
      expect(first.escalation_resource).toMatchObject({
        resource: { resource_id: ana.resource_id, resource_fullname: 'Ana Torres' },
        schedule: null,
      });
      expect(await valid()).toBe('N');
      // a voice call to the same resource instead: valid
      await root.client.call(updateStep, {
        params: { id: first.escalation_resource.escalation_resource_id },
        body: { ...agentStep, escalation_id: escalation.escalation_id, channel_id: 1, resource_id: ana.resource_id },
      });
      expect(await valid()).toBe('Y');
      const second = await root.client.call(addStep, {
        body: {
          ...agentStep,
          escalation_id: escalation.escalation_id,
          channel_id: 2,
          resource_id: carlos.resource_id,
          ind_call_again: 'Y',
          max_attemp_number: '3',
        },
      });
      const third = await root.client.call(addStep, {
        body: {
          ...agentStep,
          participation_type_id: 2,
          escalation_id: escalation.escalation_id,
          channel_id: 3,
          resource_id: carlos.resource_id,
          next_followup_time: 99,
        },
      });
      // a supervisor has no follow-up time, whatever was sent
      expect(third.escalation_resource).toMatchObject({
        escalation_priority_orden: 3,
        next_followup_time: 0,
        next_followup_time_mult: 'M',
        escalation_last_in_line: 'Y',
      });
      expect(second.escalation_resource).toMatchObject({ max_attemp_number: 3, ind_call_again: 'Y' });
      expect((await root.client.call(getEscalation, { params: { id: escalation.escalation_id } })).resources).toBe(
        'Ana Torres, Carlos Méndez, Carlos Méndez',
      );

      // a resource made inactive makes every escalation using it invalid, and active again valid
      const carlosActive = (resource_active: 'Y' | 'N') =>
        root.client.call(updateResource, {
          params: { id: carlos.resource_id },
          body: {
            resource_fullname: 'Carlos Méndez',
            resource_email: 'carlos@example.test',
            resource_phone1: '7875550142',
            resource_country_phone1: 'PR',
            resource_active,
          },
        });
      await carlosActive('N');
      expect(await valid()).toBe('N');
      await carlosActive('Y');
      expect(await valid()).toBe('Y');

      // reorder: the supervisor first, the two agents after; renumbered 1..n
      const ids = [third, first, second].map((step) => step.escalation_resource.escalation_resource_id);
      const answer = await root.client.call(changePriority, {
        params: { id: escalation.escalation_id },
        body: {
          escalation_id: escalation.escalation_id,
          resources: ids.map((id, i) => ({ escalation_resource_id: id, escalation_priority_orden: (i + 1) * 10 })),
        },
      });
      expect(answer).toEqual({ Message: MESSAGES.priorityChanged });
      const steps = await reader.client.call(listSteps, {
        query: { escalation_id: escalation.escalation_id, page_size: 999 },
      });
      expect(
        steps.list.map((step) => [
          step.escalation_resource_id,
          step.escalation_priority_orden,
          step.escalation_last_in_line,
        ]),
      ).toEqual([
        [ids[0], 1, 'N'],
        [ids[1], 2, 'N'],
        [ids[2], 3, 'Y'],
      ]);

      // a priority list that leaves a step out, names another escalation's step, or repeats one: 422, nothing changed
      for (const resources of [ids.slice(0, 2), [...ids.slice(0, 2), 999_999]].map((list) =>
        list.map((id, i) => ({ escalation_resource_id: id, escalation_priority_orden: i + 1 })),
      )) {
        const refused = await failure(
          root.client.call(changePriority, { params: { id: escalation.escalation_id }, body: { resources } }),
        );
        expect({ status: refused.status, message: refused.message }).toEqual({
          status: 422,
          message: ESCALATION_MESSAGES.priorityList,
        });
      }
      const repeated = await failure(
        root.client.call(changePriority, {
          params: { id: escalation.escalation_id },
          body: {
            resources: [ids[0], ids[0], ids[1]].map((id, i) => ({
              escalation_resource_id: id!,
              escalation_priority_orden: i + 1,
            })),
          },
        }),
      );
      expect(repeated.status).toBe(422);
      expect(
        (await reader.client.call(listSteps, { query: { escalation_id: escalation.escalation_id } })).list.map(
          (step) => step.escalation_resource_id,
        ),
      ).toEqual(ids);
      // the steps of another customer's escalation, or of none: not found, filled or not, searched or not
      expect(
        await status(otherRoot.client.call(listSteps, { query: { escalation_id: escalation.escalation_id } })),
      ).toBe(404);
      expect(
        await status(
          otherRoot.client.call(listSteps, { query: { escalation_id: escalation.escalation_id, search: 'zzz' } }),
        ),
      ).toBe(404);
      expect(await status(reader.client.call(listSteps, { query: { escalation_id: 999_999 } }))).toBe(404);
      // a search that finds none, and a page past the end, in an escalation of the caller's: answered
      expect(
        await reader.client.call(listSteps, { query: { escalation_id: escalation.escalation_id, search: 'zzz' } }),
      ).toEqual({ total: 0, list: [] });
      expect(
        await reader.client.call(listSteps, { query: { escalation_id: escalation.escalation_id, page_num: 5 } }),
      ).toEqual({ total: 3, list: [] });
      expect(
        await status(
          otherRoot.client.call(changePriority, {
            params: { id: escalation.escalation_id },
            body: { resources: ids.map((id, i) => ({ escalation_resource_id: id, escalation_priority_orden: i + 1 })) },
          }),
        ),
      ).toBe(404);

      // the options of the module form: active and valid only
      expect(
        (
          await reader.client.call(listEscalations, { query: { escalation_active: 'Y', escalation_validate: 'Y' } })
        ).list.map((e) => e.escalation_name),
      ).toEqual(['Night shift']);
      expect(
        (await root.client.call(filteredResources, { params: { id: escalation.escalation_id } })).list.map(
          (r) => r.resource_fullname,
        ),
      ).toEqual(['Ana Torres', 'Carlos Méndez']);

      // the resource is in use: deleting it is refused with the escalation named
      const inUse = await failure(root.client.call(deleteResource, { params: { id: carlos.resource_id } }));
      expect({ status: inUse.status, message: inUse.message }).toEqual({
        status: 409,
        message: resourceDeleteRefusal(['Night shift']),
      });

      // deleting the last active step: not valid again
      for (const id of ids) await root.client.call(deleteStep, { params: { id } });
      expect(await valid()).toBe('N');
    });

    it('checks every step rule of docs/product.md#validation-rules on the server', async () => {
      const escalation = await root.client.call(addEscalation, { body: { escalation_name: 'Rules' } });
      await expectRefused(
        'POST',
        '/api/escalation/resource',
        {
          escalation_id: escalation.escalation_id,
          participation_type_id: 1,
          channel_id: 1,
          resource_id: ana.resource_id,
          ind_call_again: 'Y',
          max_attemp_number: 6,
          next_followup_time: 14,
          next_followup_time_mult: 'M',
        },
        {
          max_attemp_number: STEP_MESSAGES.maxAttemptsMax,
          next_followup_time: 'Next Follow Up Time must be at least 15',
        },
      );
      await expectRefused(
        'POST',
        '/api/escalation/resource',
        {
          ...agentStep,
          escalation_id: escalation.escalation_id,
          channel_id: 1,
          resource_id: ana.resource_id,
          next_followup_time: 25,
          next_followup_time_mult: 'H',
        },
        { next_followup_time: 'Next Follow Up Time cannot exceed 24' },
      );
      // another customer's resource or escalation: not found
      const foreign = await otherRoot.client.call(addResource, {
        body: { resource_fullname: 'Stranger', resource_phone1: '7875550100', resource_country_phone1: 'PR' },
      });
      const stepOf = (resource_id: number) => ({
        body: { ...agentStep, escalation_id: escalation.escalation_id, channel_id: 1, resource_id },
      });
      const foreignStep = stepOf(foreign.resource_id);
      expect(await status(root.client.call(addStep, foreignStep))).toBe(404);
      expect(await status(otherRoot.client.call(addStep, foreignStep))).toBe(404);
      expect(await status(reader.client.call(addStep, stepOf(ana.resource_id)))).toBe(403);
      expect((await reader.client.call(listSteps, { query: { escalation_id: escalation.escalation_id } })).total).toBe(
        0,
      );
    });
  });

  describe('applications and modules', () => {
    it('makes a module on an active, valid escalation and an active SLA; refuses deletions in use with 409', async () => {
      const application = await root.client.call(addApplication, { body: { application_name: 'Store' } });
      const duplicate = await failure(root.client.call(addApplication, { body: { application_name: 'STORE' } }));
      expect(duplicate.status).toBe(422);
      const escalation = await root.client.call(addEscalation, { body: { escalation_name: 'Store on call' } });
      const sla = await root.client.call(addSla, { body: { sla_name: 'Quarter', sla_response_time: 15 } });
      const body = {
        module_name: '  Checkout  ',
        module_desc: 'Payments',
        application_id: application.application_id,
        escalation_id: escalation.escalation_id,
        sla_id: sla.sla_id,
      };

      // neither valid nor active yet
      await expectRefused('POST', '/api/modules/module', body, {
        escalation_id: MODULE_MESSAGES.escalationUnusable,
        sla_id: MODULE_MESSAGES.slaUnusable,
      });
      await root.client.call(addStep, {
        body: { ...agentStep, escalation_id: escalation.escalation_id, channel_id: 1, resource_id: ana.resource_id },
      });
      await root.client.call(updateSla, {
        params: { id: sla.sla_id },
        body: { sla_name: 'Quarter', sla_response_time: 15, sla_active: 'Y' },
      });
      const module = await root.client.call(addModule, { body });
      expect(module).toMatchObject({
        module_name: 'Checkout',
        module_active: 'Y',
        application: { application_id: application.application_id, application_name: 'Store' },
        escalation: {
          escalation_id: escalation.escalation_id,
          escalation_name: 'Store on call',
          resources: 'Ana Torres',
        },
        sla: { sla_id: sla.sla_id, sla_name: 'Quarter' },
      });
      expect(
        (await reader.client.call(listApplications, {})).list.find(
          (a) => a.application_id === application.application_id,
        )?.modules,
      ).toBe('Checkout');
      expect(
        (await reader.client.call(listModules, { query: { application_id: application.application_id } })).list.map(
          (m) => m.module_id,
        ),
      ).toEqual([module.module_id]);

      // the application is locked once set
      const other = await root.client.call(addApplication, { body: { application_name: 'Billing' } });
      const moved = await failure(
        root.client.call(updateModule, {
          params: { id: module.module_id },
          body: { ...body, application_id: other.application_id, module_active: 'Y' },
        }),
      );
      expect({ status: moved.status, message: moved.message }).toEqual({
        status: 422,
        message: MODULE_MESSAGES.applicationLocked,
      });

      // one name per module of an application, letter case aside: a second one, or a rename onto it, is refused on the name
      const nameTaken = { status: 422, body: refused({ module_name: MODULE_MESSAGES.nameTaken }) };
      const twin = await asRoot('POST', '/api/modules/module', { ...body, module_name: 'CHECKOUT' });
      expect({ status: twin.status, body: twin.body }).toEqual(nameTaken);
      const returns = await root.client.call(addModule, { body: { ...body, module_name: 'Returns' } });
      const renamed = await asRoot('PUT', `/api/modules/module/${returns.module_id}`, {
        ...body,
        module_name: 'checkout',
        module_active: 'Y',
      });
      expect({ status: renamed.status, body: renamed.body }).toEqual(nameTaken);
      expect((await root.client.call(getModule, { params: { id: returns.module_id } })).module_name).toBe('Returns');
      await root.client.call(deleteModule, { params: { id: returns.module_id } });

      // in use: 409 naming the module
      for (const [call, message] of [
        [() => root.client.call(deleteSla, { params: { id: sla.sla_id } }), slaDeleteRefusal(['Checkout'])],
        [
          () => root.client.call(deleteEscalation, { params: { id: escalation.escalation_id } }),
          escalationDeleteRefusal(['Checkout']),
        ],
        [
          () => root.client.call(deleteApplication, { params: { id: application.application_id } }),
          applicationDeleteRefusal(['Checkout']),
        ],
      ] as const) {
        const refused = await failure(call());
        expect({ status: refused.status, message: refused.message }).toEqual({ status: 409, message });
      }
      // another customer cannot see, use or delete any of it
      expect(
        await status(otherRoot.client.call(listModules, { query: { application_id: application.application_id } })),
      ).toBe(404);
      expect(await status(otherRoot.client.call(deleteModule, { params: { id: module.module_id } }))).toBe(404);
      const foreignApp = await otherRoot.client.call(addApplication, { body: { application_name: 'Store' } });
      expect(
        await status(
          otherRoot.client.call(addModule, { body: { ...body, application_id: foreignApp.application_id } }),
        ),
      ).toBe(404);
      // an application of the caller's without modules lists none; one that does not exist is not found
      expect(
        await otherRoot.client.call(listModules, { query: { application_id: foreignApp.application_id } }),
      ).toEqual({ total: 0, list: [] });
      expect(
        await status(root.client.call(listModules, { query: { application_id: foreignApp.application_id } })),
      ).toBe(404);
      expect(await status(reader.client.call(listModules, { query: { application_id: 999_999 } }))).toBe(404);

      // another customer's escalation or SLA named by a module: not found, nothing made
      const theirs = await otherRoot.client.call(addEscalation, { body: { escalation_name: 'Theirs' } });
      const theirSla = await otherRoot.client.call(addSla, { body: { sla_name: 'Theirs', sla_response_time: 5 } });
      expect(
        await status(root.client.call(addModule, { body: { ...body, escalation_id: theirs.escalation_id } })),
      ).toBe(404);
      expect(await status(root.client.call(addModule, { body: { ...body, sla_id: theirSla.sla_id } }))).toBe(404);
      expect(
        (await reader.client.call(listModules, { query: { application_id: application.application_id } })).total,
      ).toBe(1);

      // lengths and flags of the shared rules, on their fields
      await expectRefused(
        'PUT',
        `/api/modules/module/${module.module_id}`,
        { ...body, module_name: 'n'.repeat(101), module_desc: 'd'.repeat(1001), module_active: 'X' },
        {
          module_name: 'Must be at most 100 characters',
          module_desc: 'Must be at most 1000 characters',
          module_active: MODULE_MESSAGES.activeRequired,
        },
      );
      await expectRefused(
        'PUT',
        `/api/procedures/upd/application/${application.application_id}`,
        { application_name: '', application_active: 'maybe' },
        {
          application_name: APPLICATION_MESSAGES.nameRequired,
          application_active: APPLICATION_MESSAGES.activeRequired,
        },
      );
      expect(
        (await reader.client.call(listApplications, {})).list.find(
          (a) => a.application_id === application.application_id,
        )?.application_name,
      ).toBe('Store');

      // once the module is gone, the rest goes too
      expect(await root.client.call(deleteModule, { params: { id: module.module_id } })).toEqual({
        Message: MESSAGES.moduleDeleted,
      });
      expect(await root.client.call(deleteApplication, { params: { id: application.application_id } })).toEqual({
        Message: MESSAGES.applicationDeleted,
      });
      expect(await root.client.call(deleteEscalation, { params: { id: escalation.escalation_id } })).toEqual({
        Message: MESSAGES.escalationDeleted,
      });
      expect(await root.client.call(deleteSla, { params: { id: sla.sla_id } })).toEqual({
        Message: MESSAGES.slaDeleted,
      });
    });
  });
});
