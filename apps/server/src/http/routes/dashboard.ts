import {
  summaryToday,
  summaryModules,
  summaryPerformance,
  summaryCompliance,
  summaryResource,
  summaryChart,
  summaryEvents,
} from '@relevo/api';
import type { AppContext } from '../../context';
import { dashboardService } from '../../dashboard/summaries';
import type { RouteTable } from '../implement';

/** docs/product.md#dashboard-calls summaries. */
export function dashboardRoutes(routes: RouteTable, ctx: AppContext): void {
  const dashboard = dashboardService(ctx);
  routes
    .implement(summaryToday, ({ principal }) => dashboard.today(principal))
    .implement(summaryModules, ({ principal, query }) => dashboard.modules(principal, query.filter_by))
    .implement(summaryPerformance, ({ principal }) => dashboard.performance(principal))
    .implement(summaryCompliance, ({ principal }) => dashboard.compliance(principal))
    .implement(summaryResource, ({ principal }) => dashboard.responders(principal))
    .implement(summaryChart, ({ principal }) => dashboard.chart(principal))
    .implement(summaryEvents, ({ principal }) => dashboard.moduleEvents(principal));
}
