import {
  addMaintenanceWindow,
  deleteMaintenanceWindow,
  listApplications,
  listMaintenanceWindows,
  listModules,
  updateMaintenanceWindow,
  type MaintenanceWindowList,
} from '@relevo/api';
import {
  OPTION_LIST_SIZE,
  type ListQuery,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
  type MessageAnswer,
} from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Maintenance screen */
    maintenanceCalls: MaintenanceCalls;
  }
}

/** A choice of the window's application or module. */
export interface TargetChoice {
  id: number;
  name: string;
}

/** The calls of the Maintenance screen; stories and tests give fixtures instead (Services `maintenanceCalls`). */
export interface MaintenanceCalls {
  /** the page, with the customer's zone */
  list: (query: ListQuery, signal?: AbortSignal) => Promise<MaintenanceWindowList>;
  create: (body: MaintenanceWindowBody) => Promise<MaintenanceWindow>;
  update: (id: number, body: MaintenanceWindowBody) => Promise<MaintenanceWindow>;
  remove: (id: number) => Promise<MessageAnswer>;
  /** the customer's applications, by name */
  applications: () => Promise<TargetChoice[]>;
  /** an application's modules, by name */
  modules: (applicationId: number) => Promise<TargetChoice[]>;
  /** the instant that is now (a new window starts at the next full hour) */
  now: () => number;
}

/** docs/product.md#maintenance-windows. */
export const liveMaintenanceCalls: MaintenanceCalls = {
  list: (query, signal) => api.call(listMaintenanceWindows, { query, signal }),
  create: (body) => api.call(addMaintenanceWindow, { body }),
  update: (id, body) => api.call(updateMaintenanceWindow, { params: { id }, body }),
  remove: (id) => api.call(deleteMaintenanceWindow, { params: { id } }),
  applications: async () =>
    (
      await api.call(listApplications, { query: { page_size: OPTION_LIST_SIZE, order_by_column: 'application_name' } })
    ).list.map((application) => ({ id: application.application_id, name: application.application_name })),
  modules: async (applicationId) =>
    (
      await api.call(listModules, {
        query: { application_id: applicationId, page_size: OPTION_LIST_SIZE, order_by_column: 'module_name' },
      })
    ).list.map((module) => ({ id: module.module_id, name: module.module_name })),
  now: () => Date.now(),
};
