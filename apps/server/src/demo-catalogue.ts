import { localTime } from '@relevo/domain';
import type { Clock } from './clock';
import type { Database } from './db/database';
import { refreshEscalations } from './catalogue/queries';

/**
 * The demo customer's catalogue: two people, an SLA, the escalation "Demo on-call" that calls the
 * first and tells the second by e-mail, a weekly schedule of the two, and an application whose module uses them, so a new user sees
 * every screen filled and the module is ready to receive incidents.
 */
export const DEMO_CATALOGUE = {
  resources: [
    {
      name: 'Carlos Méndez',
      email: 'carlos.oncall@democompany.demo',
      phone: '7875550142',
      country: 'PR',
      e164: '+17875550142',
    },
    { name: 'Ana Torres', email: 'ana.lead@democompany.demo', phone: null, country: null, e164: null },
  ],
  sla: { name: 'Standard response', desc: 'Someone accepts within 15 minutes', minutes: 15 },
  escalation: { name: 'Demo on-call', desc: 'Call the on-call person, then tell the team lead' },
  /** docs/product.md#schedules: the two people a week each, handing off on Mondays at 09:00 */
  schedule: { name: 'Demo primary', desc: 'Carlos and Ana, a week each', zone: 'America/Puerto_Rico' },
  application: 'Demo Store',
  module: { name: 'Checkout', desc: 'Payments and order confirmation' },
} as const;

const VOICE_CALL = 1;
const EMAIL = 3;
const AGENT = 1;
const SUPERVISOR = 2;

export async function loadDemoCatalogue(database: Database, clock: Clock, customerId: number): Promise<void> {
  const now = clock.now();
  const by = 'demo';
  await database.scoped({ kind: 'customer', customerId }, async (tx) => {
    const resourceIds: number[] = [];
    for (const resource of DEMO_CATALOGUE.resources) {
      const row = await tx
        .insertInto('resources')
        .values({
          customer_id: customerId,
          resource_fullname: resource.name,
          resource_email: resource.email,
          language_id: 'EN',
          resource_phone1: resource.phone,
          resource_country_phone1: resource.country,
          resource_phone1_e164: resource.e164,
          resource_createby: by,
          resource_createdt: now,
        })
        .returning('resource_id')
        .executeTakeFirstOrThrow();
      resourceIds.push(row.resource_id);
    }
    const { schedule } = DEMO_CATALOGUE;
    // the rotation starts on this week's Monday, in the schedule's zone
    const today = localTime(schedule.zone, now.getTime());
    const monday = new Date(Date.UTC(today.year, today.month - 1, today.day - (today.weekday - 1)));
    const made = await tx
      .insertInto('schedules')
      .values({
        customer_id: customerId,
        schedule_name: schedule.name,
        schedule_desc: schedule.desc,
        time_zone: schedule.zone,
        definition: JSON.stringify({
          rotations: [
            {
              rotation_id: 1,
              rotation_name: 'Weekly',
              participants: resourceIds,
              shift_length: 1,
              shift_unit: 'W',
              handoff_time: '09:00',
              start: monday.toISOString().slice(0, 10),
              restrictions: [],
            },
          ],
          temporary_schedules: [],
        }),
        schedule_createby: by,
        schedule_createdt: now,
      })
      .returning('schedule_id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('schedule_members')
      .values(
        resourceIds.map((resource_id) => ({ customer_id: customerId, schedule_id: made.schedule_id, resource_id })),
      )
      .execute();
    const { sla } = DEMO_CATALOGUE;
    const slaRow = await tx
      .insertInto('slas')
      .values({
        customer_id: customerId,
        sla_name: sla.name,
        sla_desc: sla.desc,
        sla_active: 'Y',
        sla_response_time: sla.minutes,
        sla_response_time_mult: 'M',
        sla_createby: by,
        sla_createdt: now,
      })
      .returning('sla_id')
      .executeTakeFirstOrThrow();
    const escalation = await tx
      .insertInto('escalations')
      .values({
        customer_id: customerId,
        escalation_name: DEMO_CATALOGUE.escalation.name,
        escalation_desc: DEMO_CATALOGUE.escalation.desc,
        escalation_createby: by,
        escalation_createdt: now,
      })
      .returning('escalation_id')
      .executeTakeFirstOrThrow();
    const step = {
      customer_id: customerId,
      escalation_id: escalation.escalation_id,
      escalation_resource_createby: by,
      escalation_resource_createdt: now,
    };
    await tx
      .insertInto('escalation_resources')
      .values([
        // the on-call person: called, and called again up to three times, 15 minutes apart
        {
          ...step,
          participation_type_id: AGENT,
          channel_id: VOICE_CALL,
          resource_id: resourceIds[0]!,
          escalation_priority_orden: 1,
          ind_call_again: 'Y',
          max_attemp_number: 3,
          next_followup_time: 15,
          next_followup_time_mult: 'M',
        },
        // the team lead: told by e-mail (a supervisor is never followed up)
        {
          ...step,
          participation_type_id: SUPERVISOR,
          channel_id: EMAIL,
          resource_id: resourceIds[1]!,
          escalation_priority_orden: 2,
          ind_call_again: 'N',
          max_attemp_number: 0,
          next_followup_time: 0,
          next_followup_time_mult: 'M',
        },
      ])
      .execute();
    await refreshEscalations(tx, [escalation.escalation_id]);
    const application = await tx
      .insertInto('applications')
      .values({
        customer_id: customerId,
        application_name: DEMO_CATALOGUE.application,
        application_createby: by,
        application_createdt: now,
      })
      .returning('application_id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('modules')
      .values({
        customer_id: customerId,
        application_id: application.application_id,
        module_name: DEMO_CATALOGUE.module.name,
        module_desc: DEMO_CATALOGUE.module.desc,
        escalation_id: escalation.escalation_id,
        sla_id: slaRow.sla_id,
        module_createby: by,
        module_createdt: now,
      })
      .execute();
  });
}
