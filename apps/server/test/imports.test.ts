import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  listApplications,
  listEscalations,
  listModules,
  listOverrides,
  listResources,
  listSchedules,
  listSteps,
  runImport,
} from '@relevo/api';
import { IMPORT_KINDS, type ImportKind, type ImportReport, type ImportSource } from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

/**
 * docs/product.md#importers over HTTP: each tool's sample export (written from the tool's API
 * reference) as a dry run that writes nothing, an import whose records the catalogue's own lists
 * show, a second run that changes nothing; a malformed file (422, nothing written), the resource
 * quota (409, nothing written), another customer untouched, and every other role refused.
 */
const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const FIXTURES = join(__dirname, 'fixtures', 'imports');
const sample = (tool: ImportSource) => readFileSync(join(FIXTURES, `${tool}.json`), 'utf8');

/** What each sample makes (docs/product.md#importers: what maps and what does not). */
const EXPECTED: Record<
  ImportSource,
  {
    counts: Record<ImportKind, number>;
    resources: string[];
    schedule: string;
    escalation: string;
    application: string;
    unmapped: string;
  }
> = {
  pagerduty: {
    counts: { resource: 3, schedule: 1, override: 1, escalation: 1, step: 2, application: 2, module: 2 },
    resources: ['Ana Rivera', 'Bruno Costa', 'Carla Méndez'],
    schedule: 'Payments primary',
    escalation: 'Payments escalation',
    application: 'Checkout API',
    unmapped: 'This country is not supported',
  },
  opsgenie: {
    counts: { resource: 2, schedule: 1, override: 1, escalation: 1, step: 2, application: 1, module: 1 },
    resources: ['Ana Rivera', 'Bruno Costa'],
    schedule: 'Platform on call',
    escalation: 'Platform escalation',
    application: 'Platform',
    unmapped: 'A step calls a user or a schedule, not a team',
  },
  goalert: {
    counts: { resource: 2, schedule: 2, override: 1, escalation: 1, step: 2, application: 1, module: 1 },
    resources: ['Ana Rivera', 'Diego Paz'],
    schedule: 'Database on call',
    escalation: 'Database policy',
    application: 'Orders database',
    unmapped: 'An override puts a person on call; removing one has no equivalent',
  },
  'grafana-oncall': {
    counts: { resource: 2, schedule: 1, override: 1, escalation: 1, step: 2, application: 1, module: 1 },
    resources: ['Ana Rivera', 'Luis Ortiz'],
    schedule: 'Web rotation',
    escalation: 'Web default',
    application: 'Storefront alerts',
    unmapped: 'A step of type trigger_webhook has no equivalent',
  },
};

describe.each(DATABASE_KINDS)('importers on %s', (kind) => {
  let t: TestApp;
  let other: { id: number; root: SignedIn };
  let reader: SignedIn;
  let staff: SignedIn;
  let counter = 0;

  /** A customer with an active SLA (its modules' SLA) and its Customer Root signed in. */
  async function customer(name: string, qtyResources?: number): Promise<{ id: number; root: SignedIn }> {
    const id = await t.createCustomer(name, qtyResources);
    await asSystem(t, (tx) =>
      tx
        .insertInto('slas')
        .values({ customer_id: id, sla_name: 'Half hour', sla_active: 'Y', sla_response_time: 30 })
        .execute(),
    );
    const user = await t.createUser({ role: 'CustomerRoot', customer: name });
    return { id, root: await t.signIn(user.email, user.password) };
  }

  const run = (who: SignedIn, from: string, file: string, dryRun = false) =>
    who.client.call(runImport, { body: { from: from as ImportSource, file, dry_run: dryRun } });

  /** The customer's rows of every table an import writes. */
  const rows = (customerId: number) =>
    asSystem(t, async (tx) => {
      const count = async (
        table:
          | 'resources'
          | 'schedules'
          | 'schedule_overrides'
          | 'escalations'
          | 'escalation_resources'
          | 'applications'
          | 'modules'
          | 'imported_records',
      ) =>
        Number(
          (
            await tx
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('customer_id', '=', customerId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        resources: await count('resources'),
        schedules: await count('schedules'),
        overrides: await count('schedule_overrides'),
        escalations: await count('escalations'),
        steps: await count('escalation_resources'),
        applications: await count('applications'),
        modules: await count('modules'),
        imported: await count('imported_records'),
      };
    });
  const nothing = {
    resources: 0,
    schedules: 0,
    overrides: 0,
    escalations: 0,
    steps: 0,
    applications: 0,
    modules: 0,
    imported: 0,
  };
  const created = (report: ImportReport) =>
    Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, report.counts[kind].created]));

  beforeAll(async () => {
    t = await startTestApp({ kind, clock: new ManualClock(NOW) });
    other = await customer('Other');
    await customer('Readers');
    const user = await t.createUser({ role: 'Customer', customer: 'Readers' });
    reader = await t.signIn(user.email, user.password);
    const staffUser = await t.createUser({ role: 'StaffRoot' });
    staff = await t.signIn(staffUser.email, staffUser.password);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(Object.keys(EXPECTED) as ImportSource[])(
    'imports the %s sample: a dry run writes nothing, the import makes the records, a second run changes nothing',
    async (tool) => {
      const expected = EXPECTED[tool];
      const acme = await customer(`Acme ${++counter}`);

      const dry = await run(acme.root, tool, sample(tool), true);
      expect(dry.dry_run).toBe(true);
      for (const kind of IMPORT_KINDS) {
        expect(dry.counts[kind], kind).toEqual({ to_create: expected.counts[kind], created: 0, unchanged: 0 });
      }
      expect(dry.unmapped.map((item) => item.why)).toContain(expected.unmapped);
      expect(await rows(acme.id)).toEqual(nothing);

      const done = await run(acme.root, tool, sample(tool));
      expect(done.dry_run).toBe(false);
      expect(created(done)).toEqual(expected.counts);
      expect(done.unmapped).toEqual(dry.unmapped);

      // the records, as the catalogue's own lists show them
      const resources = await acme.root.client.call(listResources, { query: { page_size: 100 } });
      expect(resources.list.map((resource) => resource.resource_fullname).sort()).toEqual(expected.resources);
      expect(
        resources.list.every((resource) => resource.resource_createby === null || resource.resource_createby),
      ).toBe(true);
      const schedules = await acme.root.client.call(listSchedules, { query: { page_size: 100 } });
      const schedule = schedules.list.find((item) => item.schedule_name === expected.schedule)!;
      expect(schedule).toBeDefined();
      expect(schedule.rotations.length).toBeGreaterThan(0);
      const overrides = await acme.root.client.call(listOverrides, {
        params: { id: schedule.schedule_id },
        query: { from: '2026-12-01T00:00:00Z', to: '2027-11-30T00:00:00Z' },
      });
      expect(overrides.total).toBe(1);
      const escalations = await acme.root.client.call(listEscalations, { query: { page_size: 100 } });
      const escalation = escalations.list.find((item) => item.escalation_name === expected.escalation)!;
      expect(escalation.escalation_validate).toBe('Y');
      const steps = await acme.root.client.call(listSteps, { query: { escalation_id: escalation.escalation_id } });
      expect(steps.list.map((step) => step.escalation_priority_orden)).toEqual([1, 2]);
      const applications = await acme.root.client.call(listApplications, { query: { page_size: 100 } });
      const application = applications.list.find((item) => item.application_name === expected.application)!;
      const modules = await acme.root.client.call(listModules, {
        query: { application_id: application.application_id },
      });
      expect(modules.list[0]!.escalation?.escalation_id).toBe(escalation.escalation_id);
      const after = await rows(acme.id);

      const again = await run(acme.root, tool, sample(tool));
      for (const kind of IMPORT_KINDS) {
        expect(again.counts[kind], kind).toEqual({ to_create: 0, created: 0, unchanged: expected.counts[kind] });
      }
      expect(await rows(acme.id)).toEqual(after);
      expect(await rows(other.id)).toEqual(nothing);
    },
    60_000,
  );

  it('maps the PagerDuty phones to E.164 of their countries and keeps the layers and the override', async () => {
    const acme = await customer(`Acme ${++counter}`);
    await run(acme.root, 'pagerduty', sample('pagerduty'));
    const resources = await acme.root.client.call(listResources, { query: { page_size: 100 } });
    const carla = resources.list.find((resource) => resource.resource_fullname === 'Carla Méndez')!;
    expect([carla.resource_phone1, carla.resource_country_phone1, carla.resource_phone2]).toEqual([
      '7875550177',
      'PR',
      '7875550178',
    ]);
    const bruno = resources.list.find((resource) => resource.resource_fullname === 'Bruno Costa')!;
    expect(bruno.resource_phone1).toBeNull();
    const [schedule] = (await acme.root.client.call(listSchedules, {})).list;
    expect(
      schedule!.rotations.map((rotation) => [rotation.rotation_name, rotation.shift_unit, rotation.handoff_time]),
    ).toEqual([
      ['Weekly', 'W', '09:00'],
      ['Business hours', 'D', '08:00'],
    ]);
    expect(schedule!.rotations[1]!.restrictions).toEqual([
      { days: [1], from: '08:00', to: '17:00' },
      { days: [2], from: '08:00', to: '17:00' },
    ]);
  });

  it('refuses a malformed file with a clear 422 and writes nothing', async () => {
    const acme = await customer(`Acme ${++counter}`);
    const notJson = await failure(run(acme.root, 'pagerduty', '{"users": ['));
    expect(notJson.status).toBe(422);
    expect(notJson.body?.detail).toEqual([
      { loc: ['body', 'file'], msg: expect.stringMatching(/^The file is not JSON/) },
    ]);
    const wrongShape = await failure(run(acme.root, 'opsgenie', JSON.stringify({ users: [{ id: 'x', fullName: 3 }] })));
    expect(wrongShape.body?.detail).toEqual([
      { loc: ['body', 'file'], msg: expect.stringMatching(/^The file is not an Opsgenie export: users\[0\]\./) },
    ]);
    const otherTool = await failure(run(acme.root, 'goalert', JSON.stringify({ incidents: [] })));
    expect(otherTool.body?.detail).toEqual([
      { loc: ['body', 'file'], msg: expect.stringContaining('it holds none of the lists users, escalationPolicies') },
    ]);
    const unknownTool = await failure(run(acme.root, 'victorops', sample('pagerduty')));
    expect(unknownTool.status).toBe(422);
    expect(unknownTool.body?.detail).toEqual([
      {
        loc: ['body', 'from'],
        msg: 'Choose the tool the file comes from: pagerduty, opsgenie, goalert or grafana-oncall',
      },
    ]);
    // the route takes a body above the server's usual limit, and the file's own limit says why
    const tooLarge = await failure(run(acme.root, 'pagerduty', `{"users": []}${' '.repeat(5 * 1024 * 1024)}`));
    expect(tooLarge.body?.detail).toEqual([{ loc: ['body', 'file'], msg: 'The file is larger than 5 MB' }]);
    expect(await rows(acme.id)).toEqual(nothing);
  });

  it('counts against the resource quota: past it, nothing is imported (409)', async () => {
    const small = await customer(`Small ${++counter}`, 2);
    const refused = await failure(run(small.root, 'pagerduty', sample('pagerduty')));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      "The import needs 3 new resources and the customer's limit of 2 leaves room for 2: nothing was imported",
    );
    expect(await rows(small.id)).toEqual(nothing);
  });

  it('refuses every role but the Customer Root', async () => {
    for (const who of [reader, staff]) {
      const refused = await failure(run(who, 'pagerduty', sample('pagerduty'), true));
      expect(refused.status).toBe(403);
    }
  });
});
