import * as v from 'valibot';
import {
  PageQuerySchema,
  ResourceCreateSchema,
  ResourceUpdateSchema,
  ynFlag,
  type ListOf,
  type MessageAnswer,
  type Resource,
  type ResourceLimit,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** docs/product.md#resources: the list's sortable columns; default resource_fullname ascending (docs/product.md#constants-and-limits). */
export const RESOURCE_ORDER_COLUMNS = [
  'resource_fullname',
  'resource_email',
  'language',
  'resource_phone1',
  'resource_phone2',
  'resource_active',
  'resource_updateby',
  'resource_updatedt',
  'resource_id',
] as const;
export type ResourceOrderColumn = (typeof RESOURCE_ORDER_COLUMNS)[number];

/** The list, and the option lists of the step form (page size 1000, docs/product.md#validation-rules), optionally active only. */
export const ResourceListQuery = /* @__PURE__ */ (() =>
  v.object({ ...PageQuerySchema.entries, resource_active: v.optional(ynFlag()) }))();

const session = { auth: 'session' as const };
const read = { ...session, permissions: ['catalogue.read' as const] };
const write = { ...session, permissions: ['catalogue.write' as const] };

export const listResources = endpoint({
  name: 'listResources',
  method: 'GET',
  path: '/api/procedures/get/resource',
  query: ResourceListQuery,
  response: reply<ListOf<Resource>>(),
  ...read,
});
/**
 * GET /api/procedures/get/resource/filtered/{id} (docs/product.md#http-calls): the resources a step of escalation {id}
 * may use, as options: the customer's active resources, by name.
 */
export const filteredResources = endpoint({
  name: 'filteredResources',
  method: 'GET',
  path: '/api/procedures/get/resource/filtered/:id',
  params: IdParams,
  response: reply<ListOf<Resource>>(),
  ...read,
});
/** docs/product.md#resources: whether the customer's resource quota is reached (`limit` true: Create is disabled). */
export const resourceLimit = endpoint({
  name: 'resourceLimit',
  method: 'GET',
  path: '/api/procedures/get/resource-limit',
  response: reply<ResourceLimit>(),
  ...read,
});
export const getResource = endpoint({
  name: 'getResource',
  method: 'GET',
  path: '/api/procedures/get/resource/:id',
  params: IdParams,
  response: reply<Resource>(),
  ...read,
});
export const addResource = endpoint({
  name: 'addResource',
  method: 'POST',
  path: '/api/procedures/add/resource',
  body: ResourceCreateSchema,
  response: reply<Resource>(),
  ...write,
});
export const updateResource = endpoint({
  name: 'updateResource',
  method: 'PUT',
  path: '/api/procedures/upd/resource/:id',
  params: IdParams,
  body: ResourceUpdateSchema,
  response: reply<Resource>(),
  ...write,
});
export const deleteResource = endpoint({
  name: 'deleteResource',
  method: 'DELETE',
  path: '/api/procedures/del/resource/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});

export const resourceEndpoints = {
  listResources,
  filteredResources,
  resourceLimit,
  getResource,
  addResource,
  updateResource,
  deleteResource,
};
