import { eventStatus } from '@relevo/domain';
import { StatTiles, Widget } from '@relevo/ui';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

/** spec 2.7 Events Today: today's events in the customer's zone, by their status now, and those past their SLA. */
export function EventsTodayWidget({ defaultDisplay }: DashboardWidgetProps) {
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.today);
  const tone = (state: 'open' | 'progress' | 'completed' | 'canceled') => eventStatus(state).tone;
  return (
    <Widget title="Events Today" status={status} defaultDisplay={defaultDisplay} isEmpty={value?.count_today === 0} emptyText="No events today.">
      {value ? (
        <StatTiles
          label="Events today by status"
          tiles={[
            { key: 'today', label: 'Events today', value: value.count_today },
            { key: 'open', label: eventStatus('open').label, value: value.count_open, tone: tone('open') },
            { key: 'progress', label: eventStatus('progress').label, value: value.count_progress, tone: tone('progress') },
            { key: 'completed', label: eventStatus('completed').label, value: value.count_completed, tone: tone('completed') },
            { key: 'canceled', label: eventStatus('canceled').label, value: value.count_canceled, tone: tone('canceled') },
            { key: 'sla', label: 'SLA missed', value: value.count_non_compliance, tone: 'danger' },
          ]}
        />
      ) : null}
    </Widget>
  );
}
