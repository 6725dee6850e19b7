import * as v from 'valibot';
import {
  MaintenanceWindowSchema,
  PageQuerySchema,
  type ListOf,
  type MaintenanceWindow,
  type MessageAnswer,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** docs/product.md#maintenance-windows: the list's sortable columns; default start_at, latest first. */
export const MAINTENANCE_ORDER_COLUMNS = [
  'start_at',
  'end_at',
  'window_name',
  'recurrence',
  'release',
  'window_updateby',
  'window_updatedt',
  'maintenance_window_id',
] as const;
export type MaintenanceOrderColumn = (typeof MAINTENANCE_ORDER_COLUMNS)[number];

/** The list (search by name, sort, pager). */
export const MaintenanceListQuery = /* @__PURE__ */ (() => v.object({ ...PageQuerySchema.entries }))();

/** The list, with the customer's zone its times are shown and typed in (a weekly window repeats in it). */
export type MaintenanceWindowList = ListOf<MaintenanceWindow> & { time_zone: string };

const session = { auth: 'session' as const };
const read = { ...session, permissions: ['catalogue.read' as const] };
const write = { ...session, permissions: ['catalogue.write' as const] };

export const listMaintenanceWindows = endpoint({
  name: 'listMaintenanceWindows',
  method: 'GET',
  path: '/api/maintenance-windows',
  query: MaintenanceListQuery,
  response: reply<MaintenanceWindowList>(),
  ...read,
});
/** At most 100 windows per customer (409 beyond). */
export const addMaintenanceWindow = endpoint({
  name: 'addMaintenanceWindow',
  method: 'POST',
  path: '/api/maintenance-windows',
  body: MaintenanceWindowSchema,
  response: reply<MaintenanceWindow>(),
  ...write,
});
/** A change applies to the incidents the window holds: they wait for its new end, or go now if it is over. */
export const updateMaintenanceWindow = endpoint({
  name: 'updateMaintenanceWindow',
  method: 'PUT',
  path: '/api/maintenance-windows/:id',
  params: IdParams,
  body: MaintenanceWindowSchema,
  response: reply<MaintenanceWindow>(),
  ...write,
});
/** The incidents the window holds are let go now, as its release says. */
export const deleteMaintenanceWindow = endpoint({
  name: 'deleteMaintenanceWindow',
  method: 'DELETE',
  path: '/api/maintenance-windows/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});

export const maintenanceEndpoints = {
  listMaintenanceWindows,
  addMaintenanceWindow,
  updateMaintenanceWindow,
  deleteMaintenanceWindow,
};
