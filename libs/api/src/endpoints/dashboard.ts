import {
  ChartSummaryQuerySchema,
  ModuleSummaryQuerySchema,
  type CompliancePerformance,
  type DashboardToday,
  type EventChartRow,
  type ModuleEventCount,
  type ModuleEventTimes,
  type ModulePerformance,
  type ResponderCount,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

const read = { auth: 'session' as const, permissions: ['dashboard.read' as const] };

/**
 * docs/product.md#dashboard-calls summaries (GET): the widgets of docs/product.md#dashboard over the caller's customer's events,
 * in that customer's time zone (docs/product.md#tenants-and-roles).
 */
export const summaryToday = endpoint({
  name: 'summaryToday',
  method: 'GET',
  path: '/api/summary/dashboard/today',
  response: reply<DashboardToday>(),
  ...read,
});
/** Events Per Module over Today, this Week (from Monday) or this Month (the default). */
export const summaryModules = endpoint({
  name: 'summaryModules',
  method: 'GET',
  path: '/api/summary/dashboard/modules',
  query: ModuleSummaryQuerySchema,
  response: reply<ModuleEventCount[]>(),
  ...read,
});
/** Module Performance Month-to-Date: this month against the previous one, by module. */
export const summaryPerformance = endpoint({
  name: 'summaryPerformance',
  method: 'GET',
  path: '/api/summary/dashboard/performance',
  response: reply<ModulePerformance[]>(),
  ...read,
});
/** SLA Performance Month-to-Date: this month against the previous one, by compliance status. */
export const summaryCompliance = endpoint({
  name: 'summaryCompliance',
  method: 'GET',
  path: '/api/summary/dashboard/compliance',
  response: reply<CompliancePerformance[]>(),
  ...read,
});
/** Top 10 Responders of the Month. */
export const summaryResource = endpoint({
  name: 'summaryResource',
  method: 'GET',
  path: '/api/summary/dashboard/resource',
  response: reply<ResponderCount[]>(),
  ...read,
});
/** Events Line Chart: events per month of the previous and the current year. */
export const summaryChart = endpoint({
  name: 'summaryChart',
  method: 'GET',
  path: '/api/summary/dashboard/chart',
  query: ChartSummaryQuerySchema,
  response: reply<EventChartRow[]>(),
  ...read,
});
/** Module Events This Month: events, average response and resolution minutes, by module. */
export const summaryEvents = endpoint({
  name: 'summaryEvents',
  method: 'GET',
  path: '/api/summary/dashboard/events',
  response: reply<ModuleEventTimes[]>(),
  ...read,
});

export const dashboardEndpoints = {
  summaryToday,
  summaryModules,
  summaryPerformance,
  summaryCompliance,
  summaryResource,
  summaryChart,
  summaryEvents,
};
