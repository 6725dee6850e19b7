import * as v from 'valibot';

/**
 * docs/product.md#dashboard, #entities "Dashboard data" and 7 "Dashboard summaries": what the dashboard's widgets show,
 * computed by the server over the caller's customer's events, in that customer's time zone.
 * Counts are whole numbers; times are minutes.
 */

/** Events Today: the events created today (the customer's calendar day), by their status now. */
export interface DashboardToday {
  count_today: number;
  count_completed: number;
  count_open: number;
  count_progress: number;
  count_canceled: number;
  /** today's events whose SLA was missed (sla_compliance NO) */
  count_non_compliance: number;
}

/** Events Per Module: the events of the chosen period, by module. */
export interface ModuleEventCount {
  module_id: number | null;
  module_name: string;
  num_events: number;
}

/** Module Performance Month-to-Date: this month's events against last month's, by module. */
export interface ModulePerformance {
  module_id: number | null;
  module_name: string;
  num_events_month: number;
  num_events_previous_month: number;
}

/** SLA Performance Month-to-Date: this month's events against last month's, by compliance status. */
export interface CompliancePerformance {
  compliance_status: 'YES' | 'NO';
  current_month: number;
  /** the previous month (docs/product.md#entities keeps the name `preview_month`) */
  preview_month: number;
}

/** Top 10 Responders of the Month: the resource an event of this month was last assigned to. */
export interface ResponderCount {
  resource: string;
  num_assigned_month: number;
}

/** Events Line Chart: one row per month of the previous and the current year (up to this month). */
export interface EventChartRow {
  years: number;
  /** 1 to 12 */
  months: number;
  /** 'Jan' to 'Dec' */
  months_desc: string;
  num_event: number;
}

/** Module Events This Month: per module, its events and average response and resolution times in minutes. */
export interface ModuleEventTimes {
  module_id: number | null;
  name: string;
  events: number;
  /** the average minutes from creation to acceptance of this month's accepted events; null when none was accepted */
  avg_incident_response_time: number | null;
  /** the average minutes from creation to closing of this month's resolved events; null when none was resolved */
  avg_incident_resolution_time: number | null;
}

/** docs/product.md#dashboard: the Events Per Module donut's filter (default Month). */
export const MODULE_PERIODS = ['Today', 'Week', 'Month'] as const;
export type ModulePeriod = (typeof MODULE_PERIODS)[number];
export const DEFAULT_MODULE_PERIOD: ModulePeriod = 'Month';

/** docs/product.md#http-calls: the chart's filter; a year is the only one. */
export const CHART_PERIODS = ['Year'] as const;

export const DASHBOARD_MESSAGES = {
  badModulePeriod: 'Must be Today, Week or Month',
  badChartPeriod: 'Must be Year',
} as const;

/** `GET /api/summary/dashboard/modules?filter_by=` */
export const ModuleSummaryQuerySchema = v.object({
  filter_by: v.optional(v.picklist(MODULE_PERIODS, DASHBOARD_MESSAGES.badModulePeriod), DEFAULT_MODULE_PERIOD),
});

/** `GET /api/summary/dashboard/chart?filter_by=` */
export const ChartSummaryQuerySchema = v.object({
  filter_by: v.optional(v.picklist(CHART_PERIODS, DASHBOARD_MESSAGES.badChartPeriod), 'Year'),
});

/** Top 10 Responders: how many the widget lists. */
export const TOP_RESPONDERS = 10;
