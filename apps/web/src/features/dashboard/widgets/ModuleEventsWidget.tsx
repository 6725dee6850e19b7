import { minutesText, type ModuleEventTimes } from '@relevo/domain';
import { SummaryTable, Widget, type SummaryColumn } from '@relevo/ui';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

const COLUMNS: SummaryColumn<ModuleEventTimes>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'events', header: 'Events', numeric: true, cell: (row) => row.events.toLocaleString('en-US') },
  {
    key: 'response',
    header: 'Avg. response (min)',
    numeric: true,
    cell: (row) => minutesText(row.avg_incident_response_time),
  },
  {
    key: 'resolution',
    header: 'MTTR (min)',
    numeric: true,
    cell: (row) => minutesText(row.avg_incident_resolution_time),
  },
];

/**
 * docs/product.md#dashboard Module Events This Month in minutes: per module, its events, the average time to
 * acceptance (incident response) and the mean time to resolution.
 */
export function ModuleEventsWidget({ defaultDisplay }: DashboardWidgetProps) {
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.moduleEvents);
  return (
    <Widget
      title="Module Events This Month"
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.length === 0}
      emptyText="No events this month."
    >
      {value ? (
        <SummaryTable
          caption="Module events this month, times in minutes"
          columns={COLUMNS}
          rows={value}
          rowKey={(row) => String(row.module_id ?? row.name)}
        />
      ) : null}
    </Widget>
  );
}
