import { sql } from 'kysely';
import {
  addressOf,
  onCallAt,
  type EngineInput,
  type EnginePerson,
  type EngineState,
  type OnCallLookup,
  type StepRowForEngine,
} from '@relevo/domain';
import type { Tx } from '../db/database';
import type { StoredScheduleDefinition } from '../db/schema';
import { pushDevicesOf } from '../push/queries';
import { definitionOf, type OverrideRow } from '../schedules/definitions';

/** A person a schedule may name, with what reaches them. */
type Person = EnginePerson & Pick<StepRowForEngine, 'resource_push_devices'>;

interface ScheduleForEngine {
  schedule_id: number;
  schedule_active: 'Y' | 'N';
  time_zone: string;
  definition: StoredScheduleDefinition;
  overrides: (Omit<OverrideRow, 'start_at' | 'end_at'> & { start_at: string; end_at: string })[];
  people: Person[];
}

/** Inputs that may walk the steps (and so contact a schedule step). */
const WALKS: ReadonlySet<EngineInput['kind']> = new Set(['due', 'undelivered', 'escalate']);

/**
 * docs/product.md#schedules: who a wake-up's schedule steps reach, read in one statement when the
 * event is open, has a schedule step and the input may walk (a wake-up of an event without one reads
 * nothing more): each schedule with its overrides at this moment and every person it may name, with
 * their addresses. Nobody on call, an inactive schedule or person, or a person the step's channel
 * cannot reach: null, and the engine skips the step.
 */
export async function onCallLookup(
  tx: Tx,
  customerId: number,
  state: EngineState,
  input: EngineInput,
  now: Date,
): Promise<OnCallLookup | undefined> {
  if (state.status !== 'open' || !WALKS.has(input.kind)) return undefined;
  const ids = [...new Set(state.steps.flatMap((step) => (step.schedule ? [step.schedule.schedule_id] : [])))];
  if (ids.length === 0) return undefined;
  const push = state.steps.some((step) => step.schedule && step.channel === 'push');
  const current = sql`o.schedule_id = s.schedule_id and o.start_at <= ${now} and o.end_at > ${now}`;
  const { rows } = await sql<ScheduleForEngine>`
    select s.schedule_id, s.schedule_active, s.time_zone, s.definition,
      coalesce((select json_agg(json_build_object('override_id', o.override_id, 'schedule_id', o.schedule_id,
          'resource_id', o.resource_id, 'start_at', o.start_at, 'end_at', o.end_at) order by o.override_id)
        from schedule_overrides o where ${current}), '[]') as overrides,
      coalesce((select json_agg(json_build_object('resource_id', r.resource_id,
          'resource_fullname', r.resource_fullname, 'resource_active', r.resource_active,
          'resource_email', r.resource_email, 'resource_phone1_e164', r.resource_phone1_e164,
          'resource_phone2_e164', r.resource_phone2_e164, 'language_id', r.language_id,
          'resource_push_devices', ${push ? pushDevicesOf('r') : sql`0`}))
        from resources r
        where r.customer_id = s.customer_id and r.resource_id in (
          select m.resource_id from schedule_members m where m.schedule_id = s.schedule_id
          union select o.resource_id from schedule_overrides o where ${current})), '[]') as people
    from schedules s
    where s.customer_id = ${customerId} and s.schedule_id = any(${ids}::integer[])`.execute(tx);
  const schedules = new Map(rows.map((row) => [row.schedule_id, row]));
  return (step) => {
    const schedule = step.schedule ? schedules.get(step.schedule.schedule_id) : undefined;
    if (!schedule || schedule.schedule_active !== 'Y') return null;
    const overrides = schedule.overrides.map((row) => ({
      ...row,
      start_at: new Date(row.start_at),
      end_at: new Date(row.end_at),
    }));
    const shift = onCallAt(definitionOf(schedule, overrides), now.getTime());
    const person = shift && schedule.people.find((each) => each.resource_id === shift.resource_id);
    if (!person || person.resource_active !== 'Y') return null;
    // a chat step names the person in the module's chats (the post fails later if none posts for it)
    const address = addressOf({ ...person, module_chats: 1 }, step.channel);
    if (!address) return null;
    return {
      resource_id: person.resource_id,
      resource_name: person.resource_fullname,
      address,
      language: person.language_id,
    };
  };
}
