import {
  ESCALATION_MESSAGES,
  MESSAGES,
  RESOURCE_MESSAGES,
  SCHEDULE_MESSAGES,
  escalationDeleteRefusal,
  type Escalation,
  type EscalationCreate,
  type EscalationStep,
  type EscalationUpdate,
  type ListOf,
  type MessageAnswer,
  type PageQuery,
  type PriorityChange,
  type StepBody,
  type StepSaveAnswer,
  type YesNo,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { HttpError, ValidationFailure } from '../http/errors';
import {
  deleteRecord,
  findEscalation,
  findEscalationStep,
  insertRecord,
  listEscalationStepsPage,
  listEscalationsPage,
  lookupExists,
  moduleNamesUsing,
  recordExists,
  refreshEscalations,
  renumberEscalationSteps,
  topStepPriority,
  updateRecord,
  type EscalationRow,
  type StepRow,
} from './queries';
import { catalogueUnit, conflict, listOfParent, notFound, stampsOf, type CatalogueTx } from './common';

export function toEscalation(row: EscalationRow): Escalation {
  return {
    id: row.escalation_id,
    escalation_id: row.escalation_id,
    customer_id: row.customer_id,
    escalation_name: row.escalation_name,
    escalation_desc: row.escalation_desc,
    escalation_active: row.escalation_active,
    escalation_validate: row.escalation_validate,
    resources: row.resources ?? '',
    ...stampsOf('escalation', row),
  };
}

export function toStep(row: StepRow): EscalationStep {
  return {
    id: row.escalation_resource_id,
    escalation_resource_id: row.escalation_resource_id,
    escalation: { escalation_id: row.escalation_id },
    participation_type: {
      participation_type_id: row.participation_type_id,
      participation_type_desc: row.participation_type_desc,
    },
    channel: { channel_id: row.channel_id, channel_desc: row.channel_desc },
    // docs/product.md#schedules: a step calls a resource or a schedule, the other null
    resource:
      row.resource_id === null
        ? null
        : { resource_id: row.resource_id, resource_fullname: row.resource_fullname ?? '' },
    schedule:
      row.schedule_id === null ? null : { schedule_id: row.schedule_id, schedule_name: row.schedule_name ?? '' },
    escalation_priority_orden: row.escalation_priority_orden,
    escalation_active: row.escalation_active,
    ind_call_again: row.ind_call_again,
    max_attemp_number: row.max_attemp_number,
    next_followup_time: row.next_followup_time,
    next_followup_time_mult: row.next_followup_time_mult,
    escalation_last_in_line: row.escalation_last_in_line,
    ...stampsOf('escalation_resource', row),
  };
}

/** The columns of an escalation step from its checked body (the Escalation Steps screen's and an import's). */
export const stepColumns = (body: StepBody) => ({
  participation_type_id: body.participation_type_id,
  channel_id: body.channel_id,
  resource_id: body.resource_id,
  schedule_id: body.schedule_id,
  escalation_active: body.escalation_active,
  ind_call_again: body.ind_call_again,
  max_attemp_number: body.max_attemp_number,
  next_followup_time: body.next_followup_time,
  next_followup_time_mult: body.next_followup_time_mult,
});

/** docs/product.md#escalations, #escalation-steps: escalations and their ordered steps; validity kept by the domain rule in the same transaction. */
export function escalationService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);

  async function requireEscalation(tx: CatalogueTx, customerId: number, id: number) {
    const row = await findEscalation(tx, customerId, id);
    if (!row) throw notFound(ESCALATION_MESSAGES.notFound);
    return row;
  }

  /** The escalation is the caller's: a key lookup, without its steps' names (999 of them at most). */
  async function requireEscalationId(tx: CatalogueTx, customerId: number, id: number): Promise<void> {
    if (!(await recordExists(tx, customerId, 'escalations', id))) throw notFound(ESCALATION_MESSAGES.notFound);
  }

  /** The ids a step names must be the caller's (another customer's resource or schedule is not found). */
  async function checkStepReferences(tx: CatalogueTx, customerId: number, body: StepBody) {
    await requireEscalationId(tx, customerId, body.escalation_id);
    // the step's schema lets exactly one of the two through (docs/product.md#schedules)
    if (body.resource_id !== null && !(await recordExists(tx, customerId, 'resources', body.resource_id)))
      throw notFound(RESOURCE_MESSAGES.notFound);
    if (body.schedule_id !== null && !(await recordExists(tx, customerId, 'schedules', body.schedule_id)))
      throw notFound(SCHEDULE_MESSAGES.notFound);
    if (!(await lookupExists(tx, 'channels', body.channel_id)))
      throw ValidationFailure.field('channel_id', 'Channel not found');
    if (!(await lookupExists(tx, 'participation_types', body.participation_type_id)))
      throw ValidationFailure.field('participation_type_id', 'Participation type not found');
  }

  return {
    list(
      principal: Principal,
      query: PageQuery & { escalation_active?: YesNo; escalation_validate?: YesNo },
    ): Promise<ListOf<Escalation>> {
      return listEscalationsPage(ctx.database, principal.scope, principal.customerId, query, toEscalation);
    },

    async get(principal: Principal, id: number): Promise<Escalation> {
      return toEscalation(await unit.inCustomer(principal, (tx, customerId) => requireEscalation(tx, customerId, id)));
    },

    create(principal: Principal, body: EscalationCreate): Promise<Escalation> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const made = await insertRecord(tx, customerId, 'escalations', {
          ...body,
          escalation_createby: principal.email,
          escalation_createdt: unit.now(),
        });
        const saved = toEscalation(await requireEscalation(tx, customerId, made));
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'escalation',
          entityId: made,
          detail: { ...body },
          after: saved,
        });
        return saved;
      });
    },

    update(principal: Principal, id: number, body: EscalationUpdate): Promise<Escalation> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const before = toEscalation(await requireEscalation(tx, customerId, id));
        await updateRecord(tx, customerId, 'escalations', id, {
          ...body,
          escalation_updateby: principal.email,
          escalation_updatedt: unit.now(),
        });
        const saved = toEscalation(await requireEscalation(tx, customerId, id));
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'escalation',
          entityId: id,
          detail: { ...body },
          before,
          after: saved,
        });
        return saved;
      });
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const before = toEscalation(await requireEscalation(tx, customerId, id));
        const refusal = escalationDeleteRefusal(await moduleNamesUsing(tx, customerId, 'escalation_id', id));
        if (refusal) throw conflict(refusal);
        // its steps go with it (on delete cascade)
        await deleteRecord(tx, customerId, 'escalations', id);
        await unit.audited(tx, principal, { action: 'delete', entity: 'escalation', entityId: id, before });
        return { Message: MESSAGES.escalationDeleted };
      });
    },

    listSteps(principal: Principal, query: PageQuery & { escalation_id: number }): Promise<ListOf<EscalationStep>> {
      return listOfParent(
        listEscalationStepsPage(ctx.database, principal.scope, principal.customerId, query, toStep),
        () => unit.inCustomer(principal, (tx, customerId) => requireEscalationId(tx, customerId, query.escalation_id)),
      );
    },

    async getStep(principal: Principal, id: number): Promise<EscalationStep> {
      const row = await unit.inCustomer(principal, (tx, customerId) => findEscalationStep(tx, customerId, id));
      if (!row) throw notFound(ESCALATION_MESSAGES.stepNotFound);
      return toStep(row);
    },

    addStep(principal: Principal, body: StepBody): Promise<StepSaveAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await checkStepReferences(tx, customerId, body);
        const priority = (await topStepPriority(tx, customerId, body.escalation_id)) + 1;
        if (priority > 999) throw new HttpError(409, ESCALATION_MESSAGES.priorityTooMany);
        const made = await insertRecord(tx, customerId, 'escalation_resources', {
          escalation_id: body.escalation_id,
          ...stepColumns(body),
          escalation_priority_orden: priority,
          escalation_resource_createby: principal.email,
          escalation_resource_createdt: unit.now(),
        });
        await refreshEscalations(tx, [body.escalation_id]);
        const saved = toStep((await findEscalationStep(tx, customerId, made))!);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'escalation_resource',
          entityId: made,
          detail: { ...body },
          after: saved,
        });
        return { feedback: MESSAGES.stepCreated, status: 1, escalation_resource: saved };
      });
    },

    updateStep(principal: Principal, id: number, body: StepBody): Promise<StepSaveAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findEscalationStep(tx, customerId, id);
        if (!current) throw notFound(ESCALATION_MESSAGES.stepNotFound);
        await checkStepReferences(tx, customerId, body);
        if (body.escalation_id !== current.escalation_id)
          throw ValidationFailure.field('escalation_id', 'A step stays in its escalation');
        await updateRecord(tx, customerId, 'escalation_resources', id, {
          ...stepColumns(body),
          escalation_resource_updateby: principal.email,
          escalation_resource_updatedt: unit.now(),
        });
        await refreshEscalations(tx, [current.escalation_id]);
        const saved = toStep((await findEscalationStep(tx, customerId, id))!);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'escalation_resource',
          entityId: id,
          detail: { ...body },
          before: toStep(current),
          after: saved,
        });
        return { feedback: MESSAGES.stepUpdated, status: 1, escalation_resource: saved };
      });
    },

    removeStep(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findEscalationStep(tx, customerId, id);
        if (!current) throw notFound(ESCALATION_MESSAGES.stepNotFound);
        await deleteRecord(tx, customerId, 'escalation_resources', id);
        await refreshEscalations(tx, [current.escalation_id]);
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'escalation_resource',
          entityId: id,
          before: toStep(current),
        });
        return { Message: MESSAGES.stepDeleted };
      });
    },

    /**
     * docs/product.md#http-calls PUT /api/escalation/priority/{id}: the steps in their new order (by the priorities sent),
     * renumbered 1..n by one statement; the list must hold every step of the escalation once.
     */
    changePriority(principal: Principal, id: number, body: PriorityChange): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireEscalationId(tx, customerId, id);
        if (body.escalation_id !== undefined && body.escalation_id !== id)
          throw ValidationFailure.field('escalation_id', ESCALATION_MESSAGES.priorityList);
        const ordered = [...body.resources]
          .sort((a, b) => a.escalation_priority_orden - b.escalation_priority_orden)
          .map((pair) => pair.escalation_resource_id);
        const changed = await renumberEscalationSteps(tx, customerId, id, ordered, {
          by: principal.email,
          at: unit.now(),
        });
        if (changed !== ordered.length) throw ValidationFailure.field('resources', ESCALATION_MESSAGES.priorityList);
        await refreshEscalations(tx, [id]);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'escalation',
          entityId: id,
          detail: { priority: ordered },
        });
        return { Message: MESSAGES.priorityChanged };
      });
    },
  };
}
