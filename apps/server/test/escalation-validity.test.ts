import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Scope } from '../src/db/database';
import { escalationsUsingResource, refreshEscalations } from '../src/catalogue/queries';
import { escalationsUsingSchedule } from '../src/schedules/queries';
import { createCustomer } from '../src/admin';
import { ManualClock } from '../src/clock';
import { DATABASE_KINDS } from './support/databases';
import { migratedDatabase, type MigratedDatabase } from './support/migrated';

describe.each(DATABASE_KINDS)('escalation validity kept by the server on %s', (kind) => {
  let fresh: MigratedDatabase;
  let database: Database;
  let scope: Scope;
  let customerId: number;
  const clock = new ManualClock(Date.UTC(2026, 10, 24));

  beforeAll(async () => {
    fresh = await migratedDatabase(kind);
    database = fresh.database;
    customerId = await createCustomer(database, clock, { name: 'Acme', qtyResources: 10 });
    scope = { kind: 'customer', customerId };
  });
  afterAll(() => fresh?.close());

  const state = (escalationId: number) =>
    database.scoped(scope, async (tx) => ({
      valid: (
        await tx
          .selectFrom('escalations')
          .select('escalation_validate')
          .where('escalation_id', '=', escalationId)
          .executeTakeFirstOrThrow()
      ).escalation_validate,
      last: (
        await tx
          .selectFrom('escalation_resources')
          .select(['escalation_priority_orden', 'escalation_last_in_line'])
          .where('escalation_id', '=', escalationId)
          .orderBy('escalation_priority_orden')
          .execute()
      ).map((step) => step.escalation_last_in_line),
    }));

  it('marks the last active step and validates the escalation from its steps and their resources', async () => {
    const { escalationId, ana, luis } = await database.scoped(scope, async (tx) => {
      const person = (name: string, email: string | null, phone: string | null) =>
        tx
          .insertInto('resources')
          .values({
            customer_id: customerId,
            resource_fullname: name,
            resource_email: email,
            resource_phone1: phone,
            resource_country_phone1: phone ? 'PR' : null,
            resource_phone1_e164: phone ? `+1${phone}` : null,
          })
          .returning('resource_id')
          .executeTakeFirstOrThrow();
      const ana = (await person('Ana', 'ana@example.test', '7875550123')).resource_id;
      const luis = (await person('Luis', null, null)).resource_id;
      const escalationId = (
        await tx
          .insertInto('escalations')
          .values({ customer_id: customerId, escalation_name: 'Night' })
          .returning('escalation_id')
          .executeTakeFirstOrThrow()
      ).escalation_id;
      const step = (priority: number, resourceId: number, channelId: number, active: 'Y' | 'N' = 'Y') =>
        tx
          .insertInto('escalation_resources')
          .values({
            customer_id: customerId,
            escalation_id: escalationId,
            participation_type_id: 1,
            channel_id: channelId,
            resource_id: resourceId,
            escalation_priority_orden: priority,
            escalation_active: active,
          })
          .execute();
      await step(1, ana, 2);
      await step(2, ana, 3);
      await step(3, luis, 2, 'N');
      return { escalationId, ana, luis };
    });
    await database.scoped(scope, (tx) => refreshEscalations(tx, [escalationId]));
    expect(await state(escalationId)).toEqual({ valid: 'Y', last: ['N', 'Y', 'N'] });

    // an active step on a resource without a phone: not valid, and it is last in line now
    await database.scoped(scope, async (tx) => {
      await tx
        .updateTable('escalation_resources')
        .set({ escalation_active: 'Y' })
        .where('resource_id', '=', luis)
        .execute();
      await refreshEscalations(tx, await escalationsUsingResource(tx, luis));
    });
    expect(await state(escalationId)).toEqual({ valid: 'N', last: ['N', 'N', 'Y'] });

    // the resource gets a phone: valid again
    await database.scoped(scope, async (tx) => {
      await tx
        .updateTable('resources')
        .set({ resource_phone1: '7875550199', resource_country_phone1: 'PR', resource_phone1_e164: '+17875550199' })
        .where('resource_id', '=', luis)
        .execute();
      await refreshEscalations(tx, await escalationsUsingResource(tx, luis));
    });
    expect(await state(escalationId)).toEqual({ valid: 'Y', last: ['N', 'N', 'Y'] });

    // no active step: not valid, nothing last in line
    await database.scoped(scope, async (tx) => {
      await tx
        .updateTable('escalation_resources')
        .set({ escalation_active: 'N' })
        .where('escalation_id', '=', escalationId)
        .execute();
      await refreshEscalations(tx, [escalationId]);
    });
    expect(await state(escalationId)).toEqual({ valid: 'N', last: ['N', 'N', 'N'] });
    expect(await database.scoped(scope, (tx) => escalationsUsingResource(tx, ana))).toEqual([escalationId]);
  });

  it('counts a step that calls a schedule while the schedule is active (docs/product.md#schedules)', async () => {
    const { escalationId, scheduleId } = await database.scoped(scope, async (tx) => {
      const scheduleId = (
        await tx
          .insertInto('schedules')
          .values({ customer_id: customerId, schedule_name: 'Primary', time_zone: 'America/New_York' })
          .returning('schedule_id')
          .executeTakeFirstOrThrow()
      ).schedule_id;
      const escalationId = (
        await tx
          .insertInto('escalations')
          .values({ customer_id: customerId, escalation_name: 'On call' })
          .returning('escalation_id')
          .executeTakeFirstOrThrow()
      ).escalation_id;
      // a schedule step asks nothing of a channel: whoever is on call is reached as the engine finds them
      await tx
        .insertInto('escalation_resources')
        .values({
          customer_id: customerId,
          escalation_id: escalationId,
          participation_type_id: 1,
          channel_id: 3,
          resource_id: null,
          schedule_id: scheduleId,
          escalation_priority_orden: 1,
        })
        .execute();
      await refreshEscalations(tx, [escalationId]);
      return { escalationId, scheduleId };
    });
    expect(await state(escalationId)).toEqual({ valid: 'Y', last: ['Y'] });

    const scheduleActive = (active: 'Y' | 'N') =>
      database.scoped(scope, async (tx) => {
        await tx
          .updateTable('schedules')
          .set({ schedule_active: active })
          .where('schedule_id', '=', scheduleId)
          .execute();
        await refreshEscalations(tx, await escalationsUsingSchedule(tx, customerId, scheduleId));
      });
    await scheduleActive('N');
    expect(await state(escalationId)).toEqual({ valid: 'N', last: ['Y'] });
    await scheduleActive('Y');
    expect(await state(escalationId)).toEqual({ valid: 'Y', last: ['Y'] });
    expect(await database.scoped(scope, (tx) => escalationsUsingSchedule(tx, customerId, scheduleId))).toEqual([
      escalationId,
    ]);
  });
});
