import { maintenanceEndpoints } from '@relevo/api';
import type { AppContext } from '../../context';
import { maintenanceService } from '../../maintenance/service';
import type { RouteTable } from '../implement';

/** docs/product.md#maintenance-windows: a customer's maintenance windows. */
export function maintenanceRoutes(routes: RouteTable, ctx: AppContext): void {
  const windows = maintenanceService(ctx);
  const { listMaintenanceWindows, addMaintenanceWindow, updateMaintenanceWindow, deleteMaintenanceWindow } =
    maintenanceEndpoints;
  routes
    .implement(listMaintenanceWindows, ({ principal, query }) => windows.list(principal, query))
    .implement(addMaintenanceWindow, ({ principal, body }) => windows.create(principal, body))
    .implement(updateMaintenanceWindow, ({ principal, params, body }) => windows.update(principal, params.id, body))
    .implement(deleteMaintenanceWindow, ({ principal, params }) => windows.remove(principal, params.id));
}
