import { RankedBars, Widget } from '@relevo/ui';
import { t } from '../../../shell/i18n';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard Top 10 Responders of the Month: the resources this month's events were last assigned to, with their events. */
export function TopRespondersWidget({ defaultDisplay }: DashboardWidgetProps) {
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.responders);
  return (
    <Widget
      title={t('Top 10 Responders of the Month')}
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.length === 0}
      emptyText={t('No events were assigned this month.')}
    >
      {value ? (
        <RankedBars
          label={t('Top 10 responders of the month')}
          unit={t('events')}
          items={value.map((row) => ({ key: row.resource, label: row.resource, value: row.num_assigned_month }))}
        />
      ) : null}
    </Widget>
  );
}
