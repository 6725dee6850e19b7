import * as v from 'valibot';
import {
  PageQuerySchema,
  SlaCreateSchema,
  SlaUpdateSchema,
  ynFlag,
  type ListOf,
  type MessageAnswer,
  type Sla,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** docs/product.md#slas: sortable columns; default sla_id (docs/product.md#constants-and-limits). */
export const SLA_ORDER_COLUMNS = [
  'sla_id',
  'sla_name',
  'sla_desc',
  'sla_response_time',
  'sla_active',
  'sla_updateby',
  'sla_updatedt',
] as const;
export type SlaOrderColumn = (typeof SLA_ORDER_COLUMNS)[number];

/** The list; `sla_active=Y` gives the option list of active SLAs (docs/product.md#validation-rules). */
export const SlaListQuery = /* @__PURE__ */ (() =>
  v.object({ ...PageQuerySchema.entries, sla_active: v.optional(ynFlag()) }))();

const read = { auth: 'session' as const, permissions: ['catalogue.read' as const] };
const write = { auth: 'session' as const, permissions: ['catalogue.write' as const] };

export const listSlas = endpoint({
  name: 'listSlas',
  method: 'GET',
  path: '/api/procedures/get/sla',
  query: SlaListQuery,
  response: reply<ListOf<Sla>>(),
  ...read,
});
export const getSla = endpoint({
  name: 'getSla',
  method: 'GET',
  path: '/api/procedures/get/sla/:id',
  params: IdParams,
  response: reply<Sla>(),
  ...read,
});
export const addSla = endpoint({
  name: 'addSla',
  method: 'POST',
  path: '/api/procedures/add/sla',
  body: SlaCreateSchema,
  response: reply<Sla>(),
  ...write,
});
export const updateSla = endpoint({
  name: 'updateSla',
  method: 'PUT',
  path: '/api/procedures/upd/sla/:id',
  params: IdParams,
  body: SlaUpdateSchema,
  response: reply<Sla>(),
  ...write,
});
export const deleteSla = endpoint({
  name: 'deleteSla',
  method: 'DELETE',
  path: '/api/procedures/del/sla/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});

export const slaEndpoints = { listSlas, getSla, addSla, updateSla, deleteSla };
