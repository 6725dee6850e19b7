import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCallAt } from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { definitionOf } from '../src/schedules/definitions';
import { SYSTEM, type Database } from '../src/db/database';
import { DEMO_CATALOGUE } from '../src/demo-catalogue';
import { DEMO_USERS, loadDemoData } from '../src/demo';
import { DATABASE_KINDS } from './support/databases';
import { migratedDatabase, type MigratedDatabase } from './support/migrated';

describe.each(DATABASE_KINDS)('demo data on %s', (kind) => {
  let fresh: MigratedDatabase;
  let database: Database;
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 12));
  beforeAll(async () => {
    fresh = await migratedDatabase(kind);
    database = fresh.database;
  });
  afterAll(() => fresh?.close());

  it('loads the users and a catalogue the engine can run, once', async () => {
    expect(await loadDemoData(database, clock)).toBe(true);
    const seen = await database.scoped(SYSTEM, async (tx) => ({
      users: await tx.selectFrom('users').select('email').orderBy('id').execute(),
      resources: await tx
        .selectFrom('resources')
        .select(['resource_fullname', 'resource_phone1_e164'])
        .orderBy('resource_id')
        .execute(),
      escalation: await tx
        .selectFrom('escalations')
        .select(['escalation_name', 'escalation_validate', 'escalation_active'])
        .executeTakeFirstOrThrow(),
      steps: await tx
        .selectFrom('escalation_resources')
        .select(['escalation_priority_orden', 'escalation_last_in_line'])
        .orderBy('escalation_priority_orden')
        .execute(),
      schedule: await tx
        .selectFrom('schedules')
        .select(['schedule_id', 'schedule_name', 'time_zone', 'definition', 'schedule_active'])
        .executeTakeFirstOrThrow(),
      members: await tx.selectFrom('schedule_members').select('resource_id').orderBy('resource_id').execute(),
      module: await tx
        .selectFrom('modules as m')
        .innerJoin('escalations as e', 'e.escalation_id', 'm.escalation_id')
        .innerJoin('slas as s', 's.sla_id', 'm.sla_id')
        .innerJoin('applications as a', 'a.application_id', 'm.application_id')
        .select(['m.module_name', 'e.escalation_name', 's.sla_name', 's.sla_active', 'a.application_name'])
        .executeTakeFirstOrThrow(),
    }));
    expect(seen.users.map((user) => user.email)).toEqual(DEMO_USERS.map((user) => user.email));
    expect(seen.resources).toEqual(
      DEMO_CATALOGUE.resources.map((resource) => ({
        resource_fullname: resource.name,
        resource_phone1_e164: resource.e164,
      })),
    );
    expect(seen.escalation).toEqual({
      escalation_name: 'Demo on-call',
      escalation_validate: 'Y',
      escalation_active: 'Y',
    });
    expect(seen.steps).toEqual([
      { escalation_priority_orden: 1, escalation_last_in_line: 'N' },
      { escalation_priority_orden: 2, escalation_last_in_line: 'Y' },
    ]);
    // the module's SLA is active: the module form offers it
    expect(seen.module).toEqual({
      module_name: 'Checkout',
      escalation_name: 'Demo on-call',
      sla_name: DEMO_CATALOGUE.sla.name,
      sla_active: 'Y',
      application_name: 'Demo Store',
    });
    // docs/product.md#schedules: a weekly schedule of the two people, the first on call this week
    // (2026-11-24 was a Tuesday: the rotation started on Monday the 23rd at 09:00)
    expect(seen.schedule).toMatchObject({ schedule_name: 'Demo primary', schedule_active: 'Y' });
    expect(seen.members).toHaveLength(2);
    const onCall = onCallAt(definitionOf(seen.schedule, []), clock.now().getTime());
    expect(onCall?.resource_id).toBe(seen.members[0]!.resource_id);
    expect(seen.schedule.definition.rotations[0]!.start).toBe('2026-11-23');
    expect(await loadDemoData(database, clock)).toBe(false);
  });
});
