import {
  MESSAGES,
  SLA_MESSAGES,
  slaDeleteRefusal,
  type ListOf,
  type MessageAnswer,
  type PageQuery,
  type Sla,
  type SlaCreate,
  type SlaUpdate,
  type YesNo,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { deleteRecord, findSla, insertRecord, listSlasPage, moduleNamesUsing, updateSla, type SlaRow } from './queries';
import { catalogueUnit, conflict, notFound, stampsOf } from './common';

export function toSla(row: SlaRow): Sla {
  return {
    id: row.sla_id,
    sla_id: row.sla_id,
    sla_name: row.sla_name,
    sla_desc: row.sla_desc,
    sla_active: row.sla_active,
    sla_response_time: row.sla_response_time,
    sla_response_time_mult: row.sla_response_time_mult,
    ...stampsOf('sla', row),
  };
}

/** docs/product.md#slas: response times that events are measured against. */
export function slaService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);
  return {
    list(principal: Principal, query: PageQuery & { sla_active?: YesNo }): Promise<ListOf<Sla>> {
      return listSlasPage(ctx.database, principal.scope, principal.customerId, query, toSla);
    },

    async get(principal: Principal, id: number): Promise<Sla> {
      const row = await unit.inCustomer(principal, (tx, customerId) => findSla(tx, customerId, id));
      if (!row) throw notFound(SLA_MESSAGES.notFound);
      return toSla(row);
    },

    create(principal: Principal, body: SlaCreate): Promise<Sla> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const made = await insertRecord(tx, customerId, 'slas', {
          ...body,
          sla_createby: principal.email,
          sla_createdt: unit.now(),
        });
        const saved = toSla((await findSla(tx, customerId, made))!);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'sla',
          entityId: made,
          detail: { ...body },
          after: saved,
        });
        return saved;
      });
    },

    update(principal: Principal, id: number, body: SlaUpdate): Promise<Sla> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findSla(tx, customerId, id);
        if (!current) throw notFound(SLA_MESSAGES.notFound);
        const changed = await updateSla(tx, customerId, id, {
          ...body,
          sla_updateby: principal.email,
          sla_updatedt: unit.now(),
        });
        if (!changed) throw notFound(SLA_MESSAGES.notFound);
        const saved = toSla((await findSla(tx, customerId, id))!);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'sla',
          entityId: id,
          detail: { ...body },
          before: toSla(current),
          after: saved,
        });
        return saved;
      });
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findSla(tx, customerId, id);
        if (!current) throw notFound(SLA_MESSAGES.notFound);
        const refusal = slaDeleteRefusal(await moduleNamesUsing(tx, customerId, 'sla_id', id));
        if (refusal) throw conflict(refusal);
        await deleteRecord(tx, customerId, 'slas', id);
        await unit.audited(tx, principal, { action: 'delete', entity: 'sla', entityId: id, before: toSla(current) });
        return { Message: MESSAGES.slaDeleted };
      });
    },
  };
}
