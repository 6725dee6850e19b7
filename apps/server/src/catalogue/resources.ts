import {
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
import { ValidationFailure } from '../http/errors';
import {
  deleteRecord,
  escalationNamesUsingResource,
  escalationsUsingResource,
  findResource,
  insertRecord,
  listActiveResources,
  listResourcesPage,
  lockResourceCreation,
  lookupExists,
  recordExists,
  refreshEscalations,
  resourceCount,
  scheduleNamesUsingResource,
  updateRecord,
  type ResourceRow,
} from './queries';
import { catalogueUnit, conflict, notFound, stampsOf, type CatalogueTx } from './common';

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

/** The customer's resources now, and its quota (customer_qty_resources, docs/product.md#constants-and-limits). */
async function quotaOf(tx: CatalogueTx, customerId: number): Promise<ResourceLimit> {
  const { count, quota } = await resourceCount(tx, customerId);
  return resourceQuota(count, quota);
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

  return {
    list(principal: Principal, query: PageQuery & { resource_active?: YesNo }): Promise<ListOf<Resource>> {
      return listResourcesPage(ctx.database, principal.scope, principal.customerId, query, toResource);
    },

    /** docs/product.md#http-calls filtered/{id}: the active resources a step of that escalation may use. */
    async filtered(principal: Principal, escalationId: number): Promise<ListOf<Resource>> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        if (!(await recordExists(tx, customerId, 'escalations', escalationId))) throw notFound('Escalation not found');
        const rows = await listActiveResources(tx, customerId);
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
        await lockResourceCreation(tx, customerId);
        const refusal = resourceQuotaRefusal(await quotaOf(tx, customerId));
        if (refusal) throw conflict(refusal);
        if (!(await lookupExists(tx, 'languages', body.language_id)))
          throw ValidationFailure.field('language_id', RESOURCE_MESSAGES.languageRequired);
        const made = await insertRecord(tx, customerId, 'resources', {
          ...phoneColumns(body),
          resource_createby: principal.email,
          resource_createdt: unit.now(),
        });
        const saved = toResource((await findResource(tx, customerId, made))!);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'resource',
          entityId: made,
          detail: { name: body.resource_fullname },
          after: saved,
        });
        return saved;
      });
    },

    update(principal: Principal, id: number, body: ResourceUpdate): Promise<Resource> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findResource(tx, customerId, id);
        if (!current) throw notFound(RESOURCE_MESSAGES.notFound);
        if (!(await lookupExists(tx, 'languages', body.language_id)))
          throw ValidationFailure.field('language_id', RESOURCE_MESSAGES.languageRequired);
        await updateRecord(tx, customerId, 'resources', id, {
          ...phoneColumns(body),
          resource_active: body.resource_active,
          resource_updateby: principal.email,
          resource_updatedt: unit.now(),
        });
        // its status, e-mail and phones decide whether the escalations that use it can run
        await refreshEscalations(tx, await escalationsUsingResource(tx, id));
        const saved = toResource((await findResource(tx, customerId, id))!);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'resource',
          entityId: id,
          detail: { name: body.resource_fullname, active: body.resource_active },
          before: toResource(current),
          after: saved,
        });
        return saved;
      });
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findResource(tx, customerId, id);
        if (!current) throw notFound(RESOURCE_MESSAGES.notFound);
        // docs/product.md#schedules: nor while a schedule names it (a rotation, a temporary shift, an override)
        const refusal = resourceDeleteRefusal(
          await escalationNamesUsingResource(tx, customerId, id),
          await scheduleNamesUsingResource(tx, customerId, id),
        );
        if (refusal) throw conflict(refusal);
        await deleteRecord(tx, customerId, 'resources', id);
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'resource',
          entityId: id,
          before: toResource(current),
        });
        return { Message: MESSAGES.resourceDeleted };
      });
    },
  };
}
