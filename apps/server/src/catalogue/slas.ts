import { sql } from 'kysely';
import { SLA_ORDER_COLUMNS } from '@relevo/api';
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
import type { SlasTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { matches, ordering, pageOf, readList, sortKey } from '../db/listing';
import { catalogueUnit, conflict, notFound, stampsOf, type CatalogueTx } from './common';

type SlaRow = Omit<Selectable<SlasTable>, 'customer_id' | 'search_text'>;
const COLUMNS = [
  'sla_id',
  'sla_name',
  'sla_desc',
  'sla_active',
  'sla_response_time',
  'sla_response_time_mult',
  'sla_createby',
  'sla_createdt',
  'sla_updateby',
  'sla_updatedt',
] as const;

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

const TEXT_COLUMNS = new Set(['sla_name', 'sla_desc', 'sla_updateby']);
const findSla = (tx: CatalogueTx, customerId: number, id: number) =>
  tx
    .selectFrom('slas')
    .select(COLUMNS)
    .where('customer_id', '=', customerId)
    .where('sla_id', '=', id)
    .executeTakeFirst();

/** docs/product.md#slas: response times that events are measured against. */
export function slaService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);
  return {
    list(principal: Principal, query: PageQuery & { sla_active?: YesNo }): Promise<ListOf<Sla>> {
      let matching = ctx.database.db.selectFrom('slas').where('customer_id', '=', principal.customerId);
      if (query.sla_active) matching = matching.where('sla_active', '=', query.sla_active);
      if (query.search) matching = matching.where(matches(sql`search_text`, query.search.toLowerCase()));
      const order = ordering(query, SLA_ORDER_COLUMNS, 'sla_id');
      const page = matching
        .select(COLUMNS)
        .orderBy(sortKey(order.column, TEXT_COLUMNS.has(order.column)), order.direction)
        .orderBy('sla_id', order.direction);
      return readList(ctx.database, principal.scope, {
        matching,
        page: pageOf(page, query),
        toItem: toSla,
        searched: Boolean(query.search),
      });
    },

    async get(principal: Principal, id: number): Promise<Sla> {
      const row = await unit.inCustomer(principal, (tx, customerId) => findSla(tx, customerId, id));
      if (!row) throw notFound(SLA_MESSAGES.notFound);
      return toSla(row);
    },

    create(principal: Principal, body: SlaCreate): Promise<Sla> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const made = await tx
          .insertInto('slas')
          .values({ customer_id: customerId, ...body, sla_createby: principal.email, sla_createdt: unit.now() })
          .returning('sla_id')
          .executeTakeFirstOrThrow();
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'sla',
          entityId: made.sla_id,
          detail: { ...body },
        });
        return toSla((await findSla(tx, customerId, made.sla_id))!);
      });
    },

    update(principal: Principal, id: number, body: SlaUpdate): Promise<Sla> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const changed = await tx
          .updateTable('slas')
          .set({ ...body, sla_updateby: principal.email, sla_updatedt: unit.now() })
          .where('customer_id', '=', customerId)
          .where('sla_id', '=', id)
          .returning('sla_id')
          .executeTakeFirst();
        if (!changed) throw notFound(SLA_MESSAGES.notFound);
        await unit.audited(tx, principal, { action: 'update', entity: 'sla', entityId: id, detail: { ...body } });
        return toSla((await findSla(tx, customerId, id))!);
      });
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        if (!(await findSla(tx, customerId, id))) throw notFound(SLA_MESSAGES.notFound);
        const modules = await tx
          .selectFrom('modules')
          .select('module_name')
          .where('customer_id', '=', customerId)
          .where('sla_id', '=', id)
          .orderBy('module_name')
          .execute();
        const refusal = slaDeleteRefusal(modules.map((module) => module.module_name));
        if (refusal) throw conflict(refusal);
        await tx.deleteFrom('slas').where('customer_id', '=', customerId).where('sla_id', '=', id).execute();
        await unit.audited(tx, principal, { action: 'delete', entity: 'sla', entityId: id });
        return { Message: MESSAGES.slaDeleted };
      });
    },
  };
}
