import type { ModuleEventTimes } from '@relevo/domain';
import { SummaryTable, Widget, type SummaryColumn } from '@relevo/ui';
import { numberText, t } from '../../../shell/i18n';
import { minutesShown, moduleNameShown } from '../dashboard-text';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

/** The table's columns, in the reader's language (built while rendering). */
const moduleEventColumns = (): SummaryColumn<ModuleEventTimes>[] => [
  { key: 'name', header: t('Name'), cell: (row) => moduleNameShown(row.name) },
  { key: 'events', header: t('Events'), numeric: true, cell: (row) => numberText(row.events) },
  {
    key: 'response',
    header: t('Avg. response (min)'),
    numeric: true,
    cell: (row) => minutesShown(row.avg_incident_response_time),
  },
  {
    key: 'resolution',
    header: t('MTTR (min)'),
    numeric: true,
    cell: (row) => minutesShown(row.avg_incident_resolution_time),
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
      title={t('Module Events This Month')}
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.length === 0}
      emptyText={t('No events this month.')}
    >
      {value ? (
        <SummaryTable
          caption={t('Module events this month, times in minutes')}
          columns={moduleEventColumns()}
          rows={value}
          rowKey={(row) => String(row.module_id ?? row.name)}
        />
      ) : null}
    </Widget>
  );
}
