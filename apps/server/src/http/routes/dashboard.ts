import { dashboardEndpoints } from '@relevo/api';
import type { AppContext } from '../../context';
import { dashboardService } from '../../dashboard/summaries';
import type { RouteTable } from '../implement';

/** docs/product.md#dashboard-calls summaries. */
export function dashboardRoutes(routes: RouteTable, ctx: AppContext): void {
  const dashboard = dashboardService(ctx);
  routes
    .implement(dashboardEndpoints.summaryToday, ({ principal }) => dashboard.today(principal))
    .implement(dashboardEndpoints.summaryModules, ({ principal, query }) =>
      dashboard.modules(principal, query.filter_by),
    )
    .implement(dashboardEndpoints.summaryPerformance, ({ principal }) => dashboard.performance(principal))
    .implement(dashboardEndpoints.summaryCompliance, ({ principal }) => dashboard.compliance(principal))
    .implement(dashboardEndpoints.summaryResource, ({ principal }) => dashboard.responders(principal))
    .implement(dashboardEndpoints.summaryChart, ({ principal }) => dashboard.chart(principal))
    .implement(dashboardEndpoints.summaryEvents, ({ principal }) => dashboard.moduleEvents(principal));
}
