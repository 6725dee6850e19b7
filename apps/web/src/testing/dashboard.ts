import { ApiError, type OnCallNow } from '@relevo/api';
import type { EventChartRow, ModuleEventCount, ModulePeriod } from '@relevo/domain';
import { MONTH_LABELS } from '@relevo/domain';
import type { DashboardCalls } from '../features/dashboard/dashboard-calls';
import { never } from './fixtures';

/** Story answers of the dashboard's summaries: one month of a customer with eight modules. */
const MODULES = ['Checkout', 'Payments', 'Search', 'Login', 'Catalogue', 'Notifications', 'Reports', 'Admin'];
const counts = (values: number[]): ModuleEventCount[] =>
  values
    .map((num_events, i) => ({ module_id: i + 1, module_name: MODULES[i]!, num_events }))
    .filter((row) => row.num_events > 0);

const MODULE_COUNTS: Record<ModulePeriod, ModuleEventCount[]> = {
  Today: counts([6, 4, 3, 1]),
  Week: counts([19, 12, 9, 5, 2]),
  Month: counts([48, 31, 22, 12, 7, 4, 2, 1]),
};
const PREVIOUS_MONTH = [41, 35, 15, 14, 0, 6, 3, 2];

const year = (years: number, values: number[]): EventChartRow[] =>
  values.map((num_event, i) => ({ years, months: i + 1, months_desc: MONTH_LABELS[i]!, num_event }));
const CHART = [
  ...year(2025, [88, 93, 101, 97, 110, 104, 99, 120, 115, 108, 116, 123]),
  ...year(2026, [118, 109, 126, 131, 127, 122, 134, 140, 129, 136, 116]),
];

const RESPONDERS = [
  'Carlos Méndez',
  'Ana Torres',
  'Luis Rivera',
  'María Ortiz',
  'José Castro',
  'Lucía Vega',
  'Pedro Santos',
  'Elena Ruiz',
  'Jorge Núñez',
  'Sofía Rivera',
];

/** docs/product.md#dashboard On call now: the answer at 10:00 in Puerto Rico on Monday 9 March 2026. */
export const storyOnCallNow: OnCallNow = {
  at: '2026-03-09T14:00:00Z',
  schedules: [
    {
      schedule_id: 21,
      schedule_name: 'Database on call',
      resource: { resource_id: 2, resource_fullname: 'Ana Torres' },
      until: '2026-03-09T21:00:00Z',
    },
    {
      schedule_id: 22,
      schedule_name: 'Front desk',
      resource: { resource_id: 3, resource_fullname: 'Luis Rivera' },
      until: '2026-03-16T13:00:00Z',
    },
    {
      schedule_id: 23,
      schedule_name: 'Payments escalation',
      resource: { resource_id: 1, resource_fullname: 'Carlos Méndez' },
      until: null,
    },
  ],
};

/** The same morning with two schedules nobody covers: one until its next shift, one with none within a year. */
export const storyOnCallNobody: OnCallNow = {
  at: storyOnCallNow.at,
  schedules: [
    storyOnCallNow.schedules[0]!,
    { schedule_id: 24, schedule_name: 'Weekend cover', resource: null, until: '2026-03-14T12:00:00Z' },
    { schedule_id: 25, schedule_name: 'Holiday desk', resource: null, until: null },
  ],
};

const filled: DashboardCalls = {
  today: async () => ({
    count_today: 14,
    count_completed: 9,
    count_open: 2,
    count_progress: 3,
    count_canceled: 0,
    count_non_compliance: 1,
  }),
  modules: async (period) => MODULE_COUNTS[period],
  performance: async () =>
    MODULE_COUNTS.Month.map((row, i) => ({
      module_id: row.module_id,
      module_name: row.module_name,
      num_events_month: row.num_events,
      num_events_previous_month: PREVIOUS_MONTH[i]!,
    })),
  compliance: async () => [
    { compliance_status: 'YES', current_month: 110, preview_month: 96 },
    { compliance_status: 'NO', current_month: 17, preview_month: 21 },
  ],
  responders: async () => RESPONDERS.map((resource, i) => ({ resource, num_assigned_month: 31 - i * 3 })),
  chart: async () => CHART,
  moduleEvents: async () =>
    MODULE_COUNTS.Month.map((row, i) => ({
      module_id: row.module_id,
      name: row.module_name,
      events: row.num_events,
      avg_incident_response_time: i === 7 ? null : 3.5 + i * 1.25,
      avg_incident_resolution_time: i === 7 ? null : 42 + i * 9.5,
    })),
  onCallNow: async () => storyOnCallNow,
};

const empty: DashboardCalls = {
  today: async () => ({
    count_today: 0,
    count_completed: 0,
    count_open: 0,
    count_progress: 0,
    count_canceled: 0,
    count_non_compliance: 0,
  }),
  modules: async () => [],
  performance: async () => [],
  compliance: async () => [
    { compliance_status: 'YES', current_month: 0, preview_month: 0 },
    { compliance_status: 'NO', current_month: 0, preview_month: 0 },
  ],
  responders: async () => [],
  chart: async () => [...year(2025, Array(12).fill(0)), ...year(2026, Array(11).fill(0))],
  moduleEvents: async () => [],
  onCallNow: async () => ({ at: storyOnCallNow.at, schedules: [] }),
};

const loading: DashboardCalls = {
  today: never,
  modules: never,
  performance: never,
  compliance: never,
  responders: never,
  chart: never,
  moduleEvents: never,
  onCallNow: never,
};

const refuse = () => Promise.reject(new ApiError(0, null));
const failed: DashboardCalls = {
  today: refuse,
  modules: refuse,
  performance: refuse,
  compliance: refuse,
  responders: refuse,
  chart: refuse,
  moduleEvents: refuse,
  onCallNow: refuse,
};

/** The dashboard's calls in each state a story shows. */
export const DASHBOARD_CALLS = { filled, empty, loading, failed } as const;
export type DashboardCallsState = keyof typeof DASHBOARD_CALLS;
