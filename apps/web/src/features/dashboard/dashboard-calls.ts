import {
  onCallNow,
  summaryChart,
  summaryCompliance,
  summaryEvents,
  summaryModules,
  summaryPerformance,
  summaryResource,
  summaryToday,
  type OnCallNow,
} from '@relevo/api';
import type {
  CompliancePerformance,
  DashboardToday,
  EventChartRow,
  ModuleEventCount,
  ModuleEventTimes,
  ModulePerformance,
  ModulePeriod,
  ResponderCount,
} from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Dashboard's widgets */
    dashboardCalls: DashboardCalls;
  }
}

/** The calls of the dashboard's widgets; stories give fixtures instead (Services `dashboardCalls`). */
export interface DashboardCalls {
  today: () => Promise<DashboardToday>;
  modules: (period: ModulePeriod) => Promise<ModuleEventCount[]>;
  performance: () => Promise<ModulePerformance[]>;
  compliance: () => Promise<CompliancePerformance[]>;
  responders: () => Promise<ResponderCount[]>;
  chart: () => Promise<EventChartRow[]>;
  moduleEvents: () => Promise<ModuleEventTimes[]>;
  /** docs/product.md#schedules: who is on call now in each active schedule */
  onCallNow: () => Promise<OnCallNow>;
}

/** docs/product.md#dashboard-calls summaries. */
export const liveDashboardCalls: DashboardCalls = {
  today: () => api.call(summaryToday),
  modules: (period) => api.call(summaryModules, { query: { filter_by: period } }),
  performance: () => api.call(summaryPerformance),
  compliance: () => api.call(summaryCompliance),
  responders: () => api.call(summaryResource),
  chart: () => api.call(summaryChart, { query: { filter_by: 'Year' } }),
  moduleEvents: () => api.call(summaryEvents),
  onCallNow: () => api.call(onCallNow),
};
