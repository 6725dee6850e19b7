import type * as v from 'valibot';
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
import { get, named, reply } from '../endpoint';

const read = { auth: 'session' as const, permissions: ['dashboard.read' as const] };
/** A summary with a query of its own. */
const readBy = <Q extends v.GenericSchema>(query: Q) => ({ query, ...read });

/**
 * docs/product.md#dashboard-calls summaries (GET): the widgets of docs/product.md#dashboard over the caller's customer's events,
 * in that customer's time zone (docs/product.md#tenants-and-roles).
 */
export const dashboardEndpoints = /* @__PURE__ */ named({
  summaryToday: get('/api/summary/dashboard/today', reply<DashboardToday>(), read),
  /** Events Per Module over Today, this Week (from Monday) or this Month (the default). */
  summaryModules: get('/api/summary/dashboard/modules', reply<ModuleEventCount[]>(), readBy(ModuleSummaryQuerySchema)),
  /** Module Performance Month-to-Date: this month against the previous one, by module. */
  summaryPerformance: get('/api/summary/dashboard/performance', reply<ModulePerformance[]>(), read),
  /** SLA Performance Month-to-Date: this month against the previous one, by compliance status. */
  summaryCompliance: get('/api/summary/dashboard/compliance', reply<CompliancePerformance[]>(), read),
  /** Top 10 Responders of the Month. */
  summaryResource: get('/api/summary/dashboard/resource', reply<ResponderCount[]>(), read),
  /** Events Line Chart: events per month of the previous and the current year. */
  summaryChart: get('/api/summary/dashboard/chart', reply<EventChartRow[]>(), readBy(ChartSummaryQuerySchema)),
  /** Module Events This Month: events, average response and resolution minutes, by module. */
  summaryEvents: get('/api/summary/dashboard/events', reply<ModuleEventTimes[]>(), read),
});

export const {
  summaryToday,
  summaryModules,
  summaryPerformance,
  summaryCompliance,
  summaryResource,
  summaryChart,
  summaryEvents,
} = dashboardEndpoints;
