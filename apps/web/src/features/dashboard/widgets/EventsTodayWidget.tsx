import { eventStatus } from '@relevo/domain';
import { StatTiles, Widget } from '@relevo/ui';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard Events Today: today's events in the customer's zone, by their status now, and those past their SLA. */
export function EventsTodayWidget({ defaultDisplay }: DashboardWidgetProps) {
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.today);
  return (
    <Widget
      title="Events Today"
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.count_today === 0}
      emptyText="No events today."
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
      label="Events today by status"
      tiles={[
        { key: 'today', label: 'Events today', value: counts?.count_today ?? null },
        { key: 'open', label: eventStatus('open').label, value: counts?.count_open ?? null, tone: tone('open') },
        {
          key: 'progress',
          label: eventStatus('progress').label,
          value: counts?.count_progress ?? null,
          tone: tone('progress'),
        },
        {
          key: 'completed',
          label: eventStatus('completed').label,
          value: counts?.count_completed ?? null,
          tone: tone('completed'),
        },
        {
          key: 'canceled',
          label: eventStatus('canceled').label,
          value: counts?.count_canceled ?? null,
          tone: tone('canceled'),
        },
        { key: 'sla', label: 'SLA missed', value: counts?.count_non_compliance ?? null, tone: 'danger' },
      ]}
    />
  );
}
