import { refreshEscalations } from '../../src/catalogue/queries';
import type { Tx } from '../../src/db/database';

export interface RunnableModule {
  id: number;
  applicationId: number;
  escalationId: number;
  slaId: number;
  resourceId: number;
}

/** The fields of an active agent step, followed up every 15 minutes, never called again, as the catalogue's step calls send them. */
export const agentStep = {
  participation_type_id: 1,
  escalation_active: 'Y',
  ind_call_again: 'N',
  max_attemp_number: 0,
  next_followup_time: 15,
  next_followup_time_mult: 'M',
} as const;

/** An application with one module on the escalation and SLA given. */
async function insertModuleRow(
  tx: Tx,
  customerId: number,
  parts: { escalationId: number; slaId: number },
  names: { application: string; module: string },
) {
  const application = await tx
    .insertInto('applications')
    .values({ customer_id: customerId, application_name: names.application })
    .returning('application_id')
    .executeTakeFirstOrThrow();
  const made = await tx
    .insertInto('modules')
    .values({
      customer_id: customerId,
      application_id: application.application_id,
      module_name: names.module,
      escalation_id: parts.escalationId,
      sla_id: parts.slaId,
    })
    .returning('module_id')
    .executeTakeFirstOrThrow();
  return { id: made.module_id, applicationId: application.application_id, ...parts };
}

/**
 * A module that accepts incidents, written as the owner the way the catalogue screens would leave
 * it: one resource (phone and e-mail), an escalation of an agent called with two recalls 15
 * minutes apart then a supervisor told by e-mail, an SLA of 30 minutes, an application.
 */
export async function insertRunnableModule(tx: Tx, customerId: number): Promise<RunnableModule> {
  const resource = await tx
    .insertInto('resources')
    .values({
      customer_id: customerId,
      resource_fullname: 'Carlos Méndez',
      resource_email: 'carlos@example.test',
      resource_phone1: '7875550142',
      resource_country_phone1: 'PR',
      resource_phone1_e164: '+17875550142',
    })
    .returning('resource_id')
    .executeTakeFirstOrThrow();
  const escalation = await tx
    .insertInto('escalations')
    .values({ customer_id: customerId, escalation_name: 'On call', escalation_active: 'Y' })
    .returning('escalation_id')
    .executeTakeFirstOrThrow();
  const step = { customer_id: customerId, escalation_id: escalation.escalation_id, resource_id: resource.resource_id };
  await tx
    .insertInto('escalation_resources')
    .values([
      {
        ...step,
        participation_type_id: 1,
        channel_id: 1,
        escalation_priority_orden: 1,
        ind_call_again: 'Y',
        max_attemp_number: 2,
        next_followup_time: 15,
        next_followup_time_mult: 'M',
      },
      { ...step, participation_type_id: 2, channel_id: 3, escalation_priority_orden: 2, next_followup_time: 0 },
    ])
    .execute();
  await refreshEscalations(tx, [escalation.escalation_id]);
  const sla = await tx
    .insertInto('slas')
    .values({ customer_id: customerId, sla_name: 'Half hour', sla_active: 'Y', sla_response_time: 30 })
    .returning('sla_id')
    .executeTakeFirstOrThrow();
  const parts = { escalationId: escalation.escalation_id, slaId: sla.sla_id };
  const names = { application: `Store ${customerId}-${escalation.escalation_id}`, module: 'Checkout' };
  return { ...(await insertModuleRow(tx, customerId, parts, names)), resourceId: resource.resource_id };
}

/** A resource reachable by phone (national number of Puerto Rico) and e-mail, in English. */
export async function insertResource(
  tx: Tx,
  customerId: number,
  person: { name: string; email: string; phone: string },
): Promise<number> {
  const made = await tx
    .insertInto('resources')
    .values({
      customer_id: customerId,
      resource_fullname: person.name,
      resource_email: person.email,
      language_id: 'EN',
      resource_phone1: person.phone,
      resource_country_phone1: 'PR',
      resource_phone1_e164: `+1${person.phone}`,
    })
    .returning('resource_id')
    .executeTakeFirstOrThrow();
  return made.resource_id;
}

export interface StepOfEscalation {
  /** the resource the step calls, or (docs/product.md#schedules) the schedule whose person on call it calls */
  resourceId?: number;
  scheduleId?: number;
  participation: 'agent' | 'supervisor';
  channel: 'voice' | 'sms' | 'email' | 'push' | 'chat';
  /** call again's attempts (none when absent) */
  recalls?: number;
  /** an agent's follow-up time in minutes (15 when absent) */
  followUpMinutes?: number;
}

const CHANNEL_IDS = { voice: 1, sms: 2, email: 3, push: 4, chat: 5 } as const;

/**
 * A module that accepts incidents, with an escalation of the given steps in this priority order and
 * an SLA of `slaMinutes`; answers the steps' ids in the same order.
 */
export async function insertModuleWithSteps(
  tx: Tx,
  customerId: number,
  spec: { name: string; slaMinutes: number; steps: StepOfEscalation[] },
): Promise<RunnableModule & { stepIds: number[] }> {
  const escalation = await tx
    .insertInto('escalations')
    .values({ customer_id: customerId, escalation_name: spec.name, escalation_active: 'Y' })
    .returning('escalation_id')
    .executeTakeFirstOrThrow();
  const steps = await tx
    .insertInto('escalation_resources')
    .values(
      spec.steps.map((step, index) => ({
        customer_id: customerId,
        escalation_id: escalation.escalation_id,
        resource_id: step.resourceId ?? null,
        schedule_id: step.scheduleId ?? null,
        participation_type_id: step.participation === 'agent' ? 1 : 2,
        channel_id: CHANNEL_IDS[step.channel],
        escalation_priority_orden: index + 1,
        ind_call_again: step.recalls ? ('Y' as const) : ('N' as const),
        max_attemp_number: step.recalls ?? 0,
        next_followup_time: step.participation === 'agent' ? (step.followUpMinutes ?? 15) : 0,
        next_followup_time_mult: 'M' as const,
      })),
    )
    .returning(['escalation_resource_id', 'escalation_priority_orden'])
    .execute();
  await refreshEscalations(tx, [escalation.escalation_id]);
  const sla = await tx
    .insertInto('slas')
    .values({
      customer_id: customerId,
      sla_name: `${spec.name} SLA`,
      sla_active: 'Y',
      sla_response_time: spec.slaMinutes,
    })
    .returning('sla_id')
    .executeTakeFirstOrThrow();
  const parts = { escalationId: escalation.escalation_id, slaId: sla.sla_id };
  const names = { application: `${spec.name} ${escalation.escalation_id}`, module: spec.name };
  return {
    ...(await insertModuleRow(tx, customerId, parts, names)),
    resourceId: spec.steps[0]!.resourceId ?? 0,
    stepIds: [...steps]
      .sort((a, b) => a.escalation_priority_orden - b.escalation_priority_orden)
      .map((step) => step.escalation_resource_id),
  };
}

/** A runnable module whose first step texts its resource instead of calling (channel 2, SMS). */
export async function insertTextingModule(tx: Tx, customerId: number): Promise<RunnableModule> {
  const made = await insertRunnableModule(tx, customerId);
  await tx
    .updateTable('escalation_resources')
    .set({ channel_id: 2 })
    .where('escalation_id', '=', made.escalationId)
    .where('channel_id', '=', 1)
    .execute();
  return made;
}
