import type { Tx } from '../../src/db/database';

/**
 * A schedule written as the owner (docs/product.md#schedules), its definition as the API stores it,
 * and its members: the people the definition names unless `members` says otherwise.
 */
export async function insertSchedule(
  tx: Tx,
  customerId: number,
  spec: {
    name: string;
    definition: object;
    members?: number[];
    zone?: string;
    active?: 'Y' | 'N';
    handoffs?: 'Y' | 'N';
  },
): Promise<number> {
  const made = await tx
    .insertInto('schedules')
    .values({
      customer_id: customerId,
      schedule_name: spec.name,
      time_zone: spec.zone ?? 'America/New_York',
      schedule_active: spec.active ?? 'Y',
      handoff_notices: spec.handoffs ?? 'N',
      definition: JSON.stringify(spec.definition),
    })
    .returning('schedule_id')
    .executeTakeFirstOrThrow();
  const definition = spec.definition as {
    rotations?: { participants: number[] }[];
    temporary_schedules?: { shifts: { resource_id: number }[] }[];
  };
  const members = spec.members ?? [
    ...(definition.rotations ?? []).flatMap((rotation) => rotation.participants),
    ...(definition.temporary_schedules ?? []).flatMap((temporary) => temporary.shifts.map((s) => s.resource_id)),
  ];
  const distinct = [...new Set(members)];
  if (distinct.length)
    await tx
      .insertInto('schedule_members')
      .values(distinct.map((resource_id) => ({ customer_id: customerId, schedule_id: made.schedule_id, resource_id })))
      .execute();
  return made.schedule_id;
}

/** One shift restriction of a rotation: the days (0 Sunday) and the hours it covers. */
export interface RotationRestriction {
  days: number[];
  from: string;
  to: string;
}

/** A definition of one daily rotation handing over at 09:00 from 2026-01-01, in the order given. */
export const dailyRotation = (participants: number[], restrictions: RotationRestriction[] = []) => ({
  rotations: [
    {
      rotation_id: 1,
      rotation_name: 'Daily',
      participants,
      shift_length: 1,
      shift_unit: 'D',
      handoff_time: '09:00',
      start: '2026-01-01',
      restrictions,
    },
  ],
  temporary_schedules: [],
});
