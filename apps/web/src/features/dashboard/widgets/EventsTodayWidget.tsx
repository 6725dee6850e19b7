import { eventStatus } from '@relevo/domain';
import { StatTiles, Widget } from '@relevo/ui';
import { t } from '../../../shell/i18n';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard Events Today: today's events in the customer's zone, by their status now, and those past their SLA. */
export function EventsTodayWidget({ defaultDisplay }: DashboardWidgetProps) {
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.today);
  return (
    <Widget
      title={t('Events Today')}
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.count_today === 0}
      emptyText={t('No events today.')}
      placeholder={<TodayTiles counts={null} />}
    >
      {value ? <TodayTiles counts={value} /> : null}
    </Widget>
  );
}

type TodayCounts = Awaited<ReturnType<ReturnType<typeof useDashboardCalls>['today']>>;

/** The tiles of today's counts; without counts (loading) the same tiles with dashes. */
function TodayTiles({ counts }: { counts: TodayCounts | null }) {
  const tone = (state: 'open' | 'progress' | 'completed' | 'canceled') => eventStatus(state).tone;
  return (
    <StatTiles
      label={t('Events today by status')}
      tiles={[
        { key: 'today', label: t('Events today'), value: counts?.count_today ?? null },
        { key: 'open', label: t(eventStatus('open').label), value: counts?.count_open ?? null, tone: tone('open') },
        {
          key: 'progress',
          label: t(eventStatus('progress').label),
          value: counts?.count_progress ?? null,
          tone: tone('progress'),
        },
        {
          key: 'completed',
          label: t(eventStatus('completed').label),
          value: counts?.count_completed ?? null,
          tone: tone('completed'),
        },
        {
          key: 'canceled',
          label: t(eventStatus('canceled').label),
          value: counts?.count_canceled ?? null,
          tone: tone('canceled'),
        },
        { key: 'sla', label: t('SLA missed'), value: counts?.count_non_compliance ?? null, tone: 'danger' },
      ]}
    />
  );
}
