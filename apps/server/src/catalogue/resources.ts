import { sql } from 'kysely';
import { RESOURCE_ORDER_COLUMNS } from '@relevo/api';
import {
  MAX_PAGE_SIZE,
  MESSAGES,
  RESOURCE_MESSAGES,
  resourceDeleteRefusal,
  resourceQuota,
  resourceQuotaRefusal,
  type ListOf,
  type MessageAnswer,
  type PageQuery,
  type Resource,
  type ResourceCreate,
  type ResourceLimit,
  type ResourceUpdate,
  type YesNo,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { escalationsUsingResource, refreshEscalations } from './queries';
import { matches, ordering, pageOf, readList, sortKey } from '../db/listing';
import { ValidationFailure } from '../http/errors';
import { catalogueUnit, conflict, notFound, stampsOf, type CatalogueTx } from './common';

const COLUMNS = [
  'r.resource_id',
  'r.resource_fullname',
  'r.resource_active',
  'r.resource_email',
  'r.language_id',
  'l.language_desc',
  'r.resource_phone1',
  'r.resource_country_phone1',
  'r.resource_phone2',
  'r.resource_country_phone2',
  'r.resource_createby',
  'r.resource_createdt',
  'r.resource_updateby',
  'r.resource_updatedt',
] as const;

interface ResourceRow {
  resource_id: number;
  resource_fullname: string;
  resource_active: YesNo;
  resource_email: string | null;
  language_id: string;
  language_desc: string;
  resource_phone1: string | null;
  resource_country_phone1: string | null;
  resource_phone2: string | null;
  resource_country_phone2: string | null;
  resource_createby: string | null;
  resource_createdt: Date;
  resource_updateby: string | null;
  resource_updatedt: Date | null;
}

export function toResource(row: ResourceRow): Resource {
  return {
    id: row.resource_id,
    resource_id: row.resource_id,
    resource_fullname: row.resource_fullname,
    resource_active: row.resource_active,
    resource_email: row.resource_email,
    language_id: row.language_id,
    language: { language_id: row.language_id, language_desc: row.language_desc },
    resource_phone1: row.resource_phone1,
    resource_country_phone1: row.resource_country_phone1,
    resource_phone2: row.resource_phone2,
    resource_country_phone2: row.resource_country_phone2,
    ...stampsOf('resource', row),
  };
}

/** docs/product.md#resources sort columns to their database expressions (text without regard to case). */
const SORT: Record<(typeof RESOURCE_ORDER_COLUMNS)[number], { column: string; text: boolean }> = {
  resource_fullname: { column: 'r.resource_fullname', text: true },
  resource_email: { column: 'r.resource_email', text: true },
  language: { column: 'l.language_desc', text: true },
  resource_phone1: { column: 'r.resource_phone1', text: false },
  resource_phone2: { column: 'r.resource_phone2', text: false },
  resource_active: { column: 'r.resource_active', text: false },
  resource_updateby: { column: 'r.resource_updateby', text: true },
  resource_updatedt: { column: 'r.resource_updatedt', text: false },
  resource_id: { column: 'r.resource_id', text: false },
};

const findResource = (tx: CatalogueTx, customerId: number, id: number) =>
  tx
    .selectFrom('resources as r')
    .innerJoin('languages as l', 'l.language_id', 'r.language_id')
    .select(COLUMNS)
    .where('r.customer_id', '=', customerId)
    .where('r.resource_id', '=', id)
    .executeTakeFirst();

/** The customer's resources now, and its quota (customer_qty_resources, docs/product.md#constants-and-limits). */
async function quotaOf(tx: CatalogueTx, customerId: number): Promise<ResourceLimit> {
  const row = await tx
    .selectFrom('customers as c')
    .select([
      'c.customer_qty_resources',
      (eb) =>
        eb
          .selectFrom('resources')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('customer_id', '=', customerId)
          .as('count'),
    ])
    .where('c.customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return resourceQuota(Number(row.count ?? 0), row.customer_qty_resources);
}

const phoneColumns = (body: ResourceCreate) => ({
  resource_fullname: body.resource_fullname,
  resource_email: body.resource_email,
  language_id: body.language_id,
  resource_phone1: body.phone1?.national ?? null,
  resource_country_phone1: body.phone1?.country ?? null,
  resource_phone1_e164: body.phone1?.e164 ?? null,
  resource_phone2: body.phone2?.national ?? null,
  resource_country_phone2: body.phone2?.country ?? null,
  resource_phone2_e164: body.phone2?.e164 ?? null,
});

/** docs/product.md#resources: the people the engine contacts, within the customer's quota. */
export function resourceService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);

  async function languageExists(tx: CatalogueTx, languageId: string): Promise<boolean> {
    return !!(await tx
      .selectFrom('languages')
      .select('language_id')
      .where('language_id', '=', languageId)
      .executeTakeFirst());
  }

  return {
    list(principal: Principal, query: PageQuery & { resource_active?: YesNo }): Promise<ListOf<Resource>> {
      let matching = ctx.database.db.selectFrom('resources as r').where('r.customer_id', '=', principal.customerId);
      if (query.resource_active) matching = matching.where('r.resource_active', '=', query.resource_active);
      if (query.search) matching = matching.where(matches(sql`r.search_text`, query.search.toLowerCase()));
      const order = ordering(query, RESOURCE_ORDER_COLUMNS, 'resource_fullname');
      const sort = SORT[order.column];
      const page = matching
        .innerJoin('languages as l', 'l.language_id', 'r.language_id')
        .select(COLUMNS)
        .orderBy(sortKey(sort.column, sort.text), order.direction)
        .orderBy('r.resource_id', order.direction);
      return readList(ctx.database, principal.scope, {
        matching,
        page: pageOf(page, query),
        toItem: toResource,
        searched: Boolean(query.search),
      });
    },

    /** docs/product.md#http-calls filtered/{id}: the active resources a step of that escalation may use. */
    async filtered(principal: Principal, escalationId: number): Promise<ListOf<Resource>> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const escalation = await tx
          .selectFrom('escalations')
          .select('escalation_id')
          .where('customer_id', '=', customerId)
          .where('escalation_id', '=', escalationId)
          .executeTakeFirst();
        if (!escalation) throw notFound('Escalation not found');
        const rows = await tx
          .selectFrom('resources as r')
          .innerJoin('languages as l', 'l.language_id', 'r.language_id')
          .select(COLUMNS)
          .where('r.customer_id', '=', customerId)
          .where('r.resource_active', '=', 'Y')
          .orderBy(sql`lower(r.resource_fullname)`)
          .orderBy('r.resource_id')
          .limit(MAX_PAGE_SIZE)
          .execute();
        return { total: rows.length, list: rows.map(toResource) };
      });
    },

    limit(principal: Principal): Promise<ResourceLimit> {
      return unit.inCustomer(principal, (tx, customerId) => quotaOf(tx, customerId));
    },

    async get(principal: Principal, id: number): Promise<Resource> {
      const row = await unit.inCustomer(principal, (tx, customerId) => findResource(tx, customerId, id));
      if (!row) throw notFound(RESOURCE_MESSAGES.notFound);
      return toResource(row);
    },

    create(principal: Principal, body: ResourceCreate): Promise<Resource> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        // one creation at a time per customer: the count and the insert cannot interleave
        await sql`select pg_advisory_xact_lock(hashtext('relevo.resources'), ${customerId})`.execute(tx);
        const refusal = resourceQuotaRefusal(await quotaOf(tx, customerId));
        if (refusal) throw conflict(refusal);
        if (!(await languageExists(tx, body.language_id)))
          throw ValidationFailure.field('language_id', RESOURCE_MESSAGES.languageRequired);
        const made = await tx
          .insertInto('resources')
          .values({
            customer_id: customerId,
            ...phoneColumns(body),
            resource_createby: principal.email,
            resource_createdt: unit.now(),
          })
          .returning('resource_id')
          .executeTakeFirstOrThrow();
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'resource',
          entityId: made.resource_id,
          detail: { name: body.resource_fullname },
        });
        return toResource((await findResource(tx, customerId, made.resource_id))!);
      });
    },

    update(principal: Principal, id: number, body: ResourceUpdate): Promise<Resource> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        if (!(await findResource(tx, customerId, id))) throw notFound(RESOURCE_MESSAGES.notFound);
        if (!(await languageExists(tx, body.language_id)))
          throw ValidationFailure.field('language_id', RESOURCE_MESSAGES.languageRequired);
        await tx
          .updateTable('resources')
          .set({
            ...phoneColumns(body),
            resource_active: body.resource_active,
            resource_updateby: principal.email,
            resource_updatedt: unit.now(),
          })
          .where('customer_id', '=', customerId)
          .where('resource_id', '=', id)
          .execute();
        // its status, e-mail and phones decide whether the escalations that use it can run
        await refreshEscalations(tx, await escalationsUsingResource(tx, id));
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'resource',
          entityId: id,
          detail: { name: body.resource_fullname, active: body.resource_active },
        });
        return toResource((await findResource(tx, customerId, id))!);
      });
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        if (!(await findResource(tx, customerId, id))) throw notFound(RESOURCE_MESSAGES.notFound);
        const users = await tx
          .selectFrom('escalations as e')
          .select('e.escalation_name')
          .where('e.customer_id', '=', customerId)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('escalation_resources as s')
                .select('s.escalation_resource_id')
                .whereRef('s.escalation_id', '=', 'e.escalation_id')
                .where('s.resource_id', '=', id),
            ),
          )
          .orderBy('e.escalation_name')
          .execute();
        const refusal = resourceDeleteRefusal(users.map((escalation) => escalation.escalation_name));
        if (refusal) throw conflict(refusal);
        await tx.deleteFrom('resources').where('customer_id', '=', customerId).where('resource_id', '=', id).execute();
        await unit.audited(tx, principal, { action: 'delete', entity: 'resource', entityId: id });
        return { Message: MESSAGES.resourceDeleted };
      });
    },
  };
}
