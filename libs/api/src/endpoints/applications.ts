import * as v from 'valibot';
import {
  ApplicationCreateSchema,
  ApplicationUpdateSchema,
  ModuleCreateSchema,
  ModuleUpdateSchema,
  PageQuerySchema,
  idField,
  ynFlag,
  type Application,
  type ListOf,
  type MessageAnswer,
  type Module,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** docs/product.md#applications: sortable columns; default application_name ascending (docs/product.md#constants-and-limits). */
export const APPLICATION_ORDER_COLUMNS = [
  'application_name',
  'application_active',
  'application_updateby',
  'application_updatedt',
  'application_id',
] as const;
export type ApplicationOrderColumn = (typeof APPLICATION_ORDER_COLUMNS)[number];

/** The list (docs/product.md#http-calls sends module_filter=1: the modules' names come with each row, they always do here). */
export const ApplicationListQuery = /* @__PURE__ */ (() =>
  v.object({
    ...PageQuerySchema.entries,
    module_filter: v.optional(v.picklist(['0', '1'], 'Must be 0 or 1')),
    application_active: v.optional(ynFlag()),
  }))();

/** docs/product.md#modules: sortable columns; default module_name (docs/product.md#constants-and-limits). */
export const MODULE_ORDER_COLUMNS = [
  'module_name',
  'module_desc',
  'escalation',
  'sla',
  'module_active',
  'module_updateby',
  'module_updatedt',
  'module_id',
] as const;
export type ModuleOrderColumn = (typeof MODULE_ORDER_COLUMNS)[number];

/** docs/product.md#http-calls: the modules of one application (the list takes the application id). */
export const ModuleListQuery = /* @__PURE__ */ (() =>
  v.object({ ...PageQuerySchema.entries, application_id: idField('Application is required') }))();

const read = { auth: 'session' as const, permissions: ['catalogue.read' as const] };
const write = { auth: 'session' as const, permissions: ['catalogue.write' as const] };

export const listApplications = endpoint({
  name: 'listApplications',
  method: 'GET',
  path: '/api/procedures/get/application',
  query: ApplicationListQuery,
  response: reply<ListOf<Application>>(),
  ...read,
});
export const getApplication = endpoint({
  name: 'getApplication',
  method: 'GET',
  path: '/api/procedures/get/application/:id',
  params: IdParams,
  response: reply<Application>(),
  ...read,
});
export const addApplication = endpoint({
  name: 'addApplication',
  method: 'POST',
  path: '/api/procedures/add/application',
  body: ApplicationCreateSchema,
  response: reply<Application>(),
  ...write,
});
export const updateApplication = endpoint({
  name: 'updateApplication',
  method: 'PUT',
  path: '/api/procedures/upd/application/:id',
  params: IdParams,
  body: ApplicationUpdateSchema,
  response: reply<Application>(),
  ...write,
});
export const deleteApplication = endpoint({
  name: 'deleteApplication',
  method: 'DELETE',
  path: '/api/procedures/del/application/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});

export const listModules = endpoint({
  name: 'listModules',
  method: 'GET',
  path: '/api/modules/module',
  query: ModuleListQuery,
  response: reply<ListOf<Module>>(),
  ...read,
});
export const getModule = endpoint({
  name: 'getModule',
  method: 'GET',
  path: '/api/modules/module/:id',
  params: IdParams,
  response: reply<Module>(),
  ...read,
});
export const addModule = endpoint({
  name: 'addModule',
  method: 'POST',
  path: '/api/modules/module',
  body: ModuleCreateSchema,
  response: reply<Module>(),
  ...write,
});
export const updateModule = endpoint({
  name: 'updateModule',
  method: 'PUT',
  path: '/api/modules/module/:id',
  params: IdParams,
  body: ModuleUpdateSchema,
  response: reply<Module>(),
  ...write,
});
export const deleteModule = endpoint({
  name: 'deleteModule',
  method: 'DELETE',
  path: '/api/modules/module/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});

export const applicationEndpoints = {
  listApplications,
  getApplication,
  addApplication,
  updateApplication,
  deleteApplication,
};
export const moduleEndpoints = { listModules, getModule, addModule, updateModule, deleteModule };
