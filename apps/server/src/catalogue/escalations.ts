import { sql, type Selectable } from 'kysely';
import { ESCALATION_ORDER_COLUMNS, STEP_ORDER_COLUMNS } from '@relevo/api';
import {
  ESCALATION_MESSAGES,
  MESSAGES,
  RESOURCE_MESSAGES,
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
import { refreshEscalations } from './queries';
import { matches, ordering, pageOf, readList, sortKey } from '../db/listing';
import { sameCustomerRow } from '../db/joins';
import type { EscalationsTable } from '../db/schema';
import { HttpError, ValidationFailure } from '../http/errors';
import { catalogueUnit, conflict, listOfParent, notFound, stampsOf, type CatalogueTx } from './common';

type EscalationRow = Omit<Selectable<EscalationsTable>, 'search_text'> & { resources: string | null };
const ESCALATION_COLUMNS = [
  'e.escalation_id',
  'e.customer_id',
  'e.escalation_name',
  'e.escalation_desc',
  'e.escalation_active',
  'e.escalation_validate',
  'e.escalation_createby',
  'e.escalation_createdt',
  'e.escalation_updateby',
  'e.escalation_updatedt',
] as const;
/** docs/product.md#entities: the names of its steps' resources, comma-separated, in priority order */
const resourceNames = sql<string | null>`(
  select string_agg(r.resource_fullname, ', ' order by s.escalation_priority_orden, s.escalation_resource_id)
  from escalation_resources s join resources r on r.customer_id = s.customer_id and r.resource_id = s.resource_id
  where s.escalation_id = e.escalation_id)`.as('resources');

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

const STEP_COLUMNS = [
  's.escalation_resource_id',
  's.escalation_id',
  's.participation_type_id',
  'p.participation_type_desc',
  's.channel_id',
  'c.channel_desc',
  's.resource_id',
  'r.resource_fullname',
  's.escalation_priority_orden',
  's.escalation_active',
  's.ind_call_again',
  's.max_attemp_number',
  's.next_followup_time',
  's.next_followup_time_mult',
  's.escalation_last_in_line',
  's.escalation_resource_createby',
  's.escalation_resource_createdt',
  's.escalation_resource_updateby',
  's.escalation_resource_updatedt',
] as const;

interface StepRow {
  escalation_resource_id: number;
  escalation_id: number;
  participation_type_id: number;
  participation_type_desc: string;
  channel_id: number;
  channel_desc: string;
  resource_id: number;
  resource_fullname: string;
  escalation_priority_orden: number;
  escalation_active: YesNo;
  ind_call_again: YesNo;
  max_attemp_number: number;
  next_followup_time: number;
  next_followup_time_mult: 'M' | 'H' | 'D';
  escalation_last_in_line: YesNo;
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
    resource: { resource_id: row.resource_id, resource_fullname: row.resource_fullname },
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

const ESCALATION_SORT_TEXT = new Set(['escalation_name', 'escalation_desc', 'escalation_updateby']);
const STEP_SORT: Record<(typeof STEP_ORDER_COLUMNS)[number], { column: string; text: boolean }> = {
  escalation_priority_orden: { column: 's.escalation_priority_orden', text: false },
  participation_type: { column: 'p.participation_type_desc', text: true },
  resource: { column: 'r.resource_fullname', text: true },
  channel: { column: 'c.channel_desc', text: true },
  escalation_active: { column: 's.escalation_active', text: false },
};

function stepsQuery(tx: Pick<CatalogueTx, 'selectFrom'>, customerId: number) {
  return tx
    .selectFrom('escalation_resources as s')
    .innerJoin('participation_types as p', 'p.participation_type_id', 's.participation_type_id')
    .innerJoin('channels as c', 'c.channel_id', 's.channel_id')
    .innerJoin('resources as r', (join) => join.on(sameCustomerRow('r', 's', 'resource_id')))
    .where('s.customer_id', '=', customerId);
}

const findEscalation = (tx: CatalogueTx, customerId: number, id: number) =>
  tx
    .selectFrom('escalations as e')
    .select([...ESCALATION_COLUMNS, resourceNames])
    .where('e.customer_id', '=', customerId)
    .where('e.escalation_id', '=', id)
    .executeTakeFirst();
const findStep = (tx: CatalogueTx, customerId: number, id: number) =>
  stepsQuery(tx, customerId).select(STEP_COLUMNS).where('s.escalation_resource_id', '=', id).executeTakeFirst();

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
    const row = await tx
      .selectFrom('escalations')
      .select('escalation_id')
      .where('customer_id', '=', customerId)
      .where('escalation_id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(ESCALATION_MESSAGES.notFound);
  }

  /** The ids a step names must be the caller's (another customer's resource is not found). */
  async function checkStepReferences(tx: CatalogueTx, customerId: number, body: StepBody) {
    await requireEscalationId(tx, customerId, body.escalation_id);
    const resource = await tx
      .selectFrom('resources')
      .select('resource_id')
      .where('customer_id', '=', customerId)
      .where('resource_id', '=', body.resource_id)
      .executeTakeFirst();
    if (!resource) throw notFound(RESOURCE_MESSAGES.notFound);
    const channel = await tx
      .selectFrom('channels')
      .select('channel_id')
      .where('channel_id', '=', body.channel_id)
      .executeTakeFirst();
    if (!channel) throw ValidationFailure.field('channel_id', 'Channel not found');
    const type = await tx
      .selectFrom('participation_types')
      .select('participation_type_id')
      .where('participation_type_id', '=', body.participation_type_id)
      .executeTakeFirst();
    if (!type) throw ValidationFailure.field('participation_type_id', 'Participation type not found');
  }

  const stepColumns = (body: StepBody) => ({
    participation_type_id: body.participation_type_id,
    channel_id: body.channel_id,
    resource_id: body.resource_id,
    escalation_active: body.escalation_active,
    ind_call_again: body.ind_call_again,
    max_attemp_number: body.max_attemp_number,
    next_followup_time: body.next_followup_time,
    next_followup_time_mult: body.next_followup_time_mult,
  });

  return {
    list(
      principal: Principal,
      query: PageQuery & { escalation_active?: YesNo; escalation_validate?: YesNo },
    ): Promise<ListOf<Escalation>> {
      let matching = ctx.database.db.selectFrom('escalations as e').where('e.customer_id', '=', principal.customerId);
      if (query.escalation_active) matching = matching.where('e.escalation_active', '=', query.escalation_active);
      if (query.escalation_validate) matching = matching.where('e.escalation_validate', '=', query.escalation_validate);
      if (query.search) matching = matching.where(matches(sql`e.search_text`, query.search.toLowerCase()));
      const order = ordering(query, ESCALATION_ORDER_COLUMNS, 'escalation_name');
      const page = matching
        .select([...ESCALATION_COLUMNS, resourceNames])
        .orderBy(sortKey(`e.${order.column}`, ESCALATION_SORT_TEXT.has(order.column)), order.direction)
        .orderBy('e.escalation_id', order.direction);
      return readList(ctx.database, principal.scope, {
        matching,
        page: pageOf(page, query),
        toItem: toEscalation,
        searched: Boolean(query.search),
      });
    },

    async get(principal: Principal, id: number): Promise<Escalation> {
      return toEscalation(await unit.inCustomer(principal, (tx, customerId) => requireEscalation(tx, customerId, id)));
    },

    create(principal: Principal, body: EscalationCreate): Promise<Escalation> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const made = await tx
          .insertInto('escalations')
          .values({
            customer_id: customerId,
            ...body,
            escalation_createby: principal.email,
            escalation_createdt: unit.now(),
          })
          .returning('escalation_id')
          .executeTakeFirstOrThrow();
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'escalation',
          entityId: made.escalation_id,
          detail: { ...body },
        });
        return toEscalation(await requireEscalation(tx, customerId, made.escalation_id));
      });
    },

    update(principal: Principal, id: number, body: EscalationUpdate): Promise<Escalation> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireEscalationId(tx, customerId, id);
        await tx
          .updateTable('escalations')
          .set({ ...body, escalation_updateby: principal.email, escalation_updatedt: unit.now() })
          .where('customer_id', '=', customerId)
          .where('escalation_id', '=', id)
          .execute();
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'escalation',
          entityId: id,
          detail: { ...body },
        });
        return toEscalation(await requireEscalation(tx, customerId, id));
      });
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireEscalationId(tx, customerId, id);
        const modules = await tx
          .selectFrom('modules')
          .select('module_name')
          .where('customer_id', '=', customerId)
          .where('escalation_id', '=', id)
          .orderBy('module_name')
          .execute();
        const refusal = escalationDeleteRefusal(modules.map((module) => module.module_name));
        if (refusal) throw conflict(refusal);
        // its steps go with it (on delete cascade)
        await tx
          .deleteFrom('escalations')
          .where('customer_id', '=', customerId)
          .where('escalation_id', '=', id)
          .execute();
        await unit.audited(tx, principal, { action: 'delete', entity: 'escalation', entityId: id });
        return { Message: MESSAGES.escalationDeleted };
      });
    },

    listSteps(principal: Principal, query: PageQuery & { escalation_id: number }): Promise<ListOf<EscalationStep>> {
      const matching = stepsQuery(ctx.database.db, principal.customerId).where(
        's.escalation_id',
        '=',
        query.escalation_id,
      );
      const order = ordering(query, STEP_ORDER_COLUMNS, 'escalation_priority_orden');
      const sort = STEP_SORT[order.column];
      const searched = query.search
        ? matching.where(
            matches(
              sql`lower(r.resource_fullname || ' ' || c.channel_desc || ' ' || p.participation_type_desc)`,
              query.search.toLowerCase(),
            ),
          )
        : matching;
      const page = searched
        .select(STEP_COLUMNS)
        .orderBy(sortKey(sort.column, sort.text), order.direction)
        .orderBy('s.escalation_resource_id', order.direction);
      return listOfParent(
        readList(ctx.database, principal.scope, {
          matching: searched,
          page: pageOf(page, query),
          toItem: toStep,
          searched: Boolean(query.search),
        }),
        () => unit.inCustomer(principal, (tx, customerId) => requireEscalationId(tx, customerId, query.escalation_id)),
      );
    },

    async getStep(principal: Principal, id: number): Promise<EscalationStep> {
      const row = await unit.inCustomer(principal, (tx, customerId) => findStep(tx, customerId, id));
      if (!row) throw notFound(ESCALATION_MESSAGES.stepNotFound);
      return toStep(row);
    },

    addStep(principal: Principal, body: StepBody): Promise<StepSaveAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await checkStepReferences(tx, customerId, body);
        const last = await tx
          .selectFrom('escalation_resources')
          .select((eb) => eb.fn.max('escalation_priority_orden').as('top'))
          .where('customer_id', '=', customerId)
          .where('escalation_id', '=', body.escalation_id)
          .executeTakeFirst();
        const priority = Number(last?.top ?? 0) + 1;
        if (priority > 999) throw new HttpError(409, ESCALATION_MESSAGES.priorityTooMany);
        const made = await tx
          .insertInto('escalation_resources')
          .values({
            customer_id: customerId,
            escalation_id: body.escalation_id,
            ...stepColumns(body),
            escalation_priority_orden: priority,
            escalation_resource_createby: principal.email,
            escalation_resource_createdt: unit.now(),
          })
          .returning('escalation_resource_id')
          .executeTakeFirstOrThrow();
        await refreshEscalations(tx, [body.escalation_id]);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'escalation_resource',
          entityId: made.escalation_resource_id,
          detail: { ...body },
        });
        return {
          feedback: MESSAGES.stepCreated,
          status: 1,
          escalation_resource: toStep((await findStep(tx, customerId, made.escalation_resource_id))!),
        };
      });
    },

    updateStep(principal: Principal, id: number, body: StepBody): Promise<StepSaveAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findStep(tx, customerId, id);
        if (!current) throw notFound(ESCALATION_MESSAGES.stepNotFound);
        await checkStepReferences(tx, customerId, body);
        if (body.escalation_id !== current.escalation_id)
          throw ValidationFailure.field('escalation_id', 'A step stays in its escalation');
        await tx
          .updateTable('escalation_resources')
          .set({
            ...stepColumns(body),
            escalation_resource_updateby: principal.email,
            escalation_resource_updatedt: unit.now(),
          })
          .where('customer_id', '=', customerId)
          .where('escalation_resource_id', '=', id)
          .execute();
        await refreshEscalations(tx, [current.escalation_id]);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'escalation_resource',
          entityId: id,
          detail: { ...body },
        });
        return {
          feedback: MESSAGES.stepUpdated,
          status: 1,
          escalation_resource: toStep((await findStep(tx, customerId, id))!),
        };
      });
    },

    removeStep(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findStep(tx, customerId, id);
        if (!current) throw notFound(ESCALATION_MESSAGES.stepNotFound);
        await tx
          .deleteFrom('escalation_resources')
          .where('customer_id', '=', customerId)
          .where('escalation_resource_id', '=', id)
          .execute();
        await refreshEscalations(tx, [current.escalation_id]);
        await unit.audited(tx, principal, { action: 'delete', entity: 'escalation_resource', entityId: id });
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
        const changed = await sql<{ n: number }>`
          with wanted as (select step_id, position from unnest(${ordered}::integer[]) with ordinality as w(step_id, position)),
          held as (select count(*) as n from escalation_resources where customer_id = ${customerId} and escalation_id = ${id}),
          matched as (
            select count(*) as n from wanted w
            join escalation_resources s on s.escalation_resource_id = w.step_id and s.customer_id = ${customerId} and s.escalation_id = ${id}
          ),
          renumbered as (
            update escalation_resources s set escalation_priority_orden = w.position,
              escalation_resource_updateby = ${principal.email}, escalation_resource_updatedt = ${unit.now()}
            from wanted w, held, matched
            where s.escalation_resource_id = w.step_id and s.customer_id = ${customerId} and s.escalation_id = ${id}
              and held.n = ${ordered.length} and matched.n = ${ordered.length}
            returning 1
          )
          select count(*)::integer as n from renumbered`.execute(tx);
        if (Number(changed.rows[0]?.n ?? 0) !== ordered.length)
          throw ValidationFailure.field('resources', ESCALATION_MESSAGES.priorityList);
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
