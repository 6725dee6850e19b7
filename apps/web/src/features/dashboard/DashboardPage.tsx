import { PageHeader } from '@relevo/ui';
import { t } from '../../shell/i18n';
import { EventsChartWidget } from './widgets/EventsChartWidget';
import { EventsPerModuleWidget } from './widgets/EventsPerModuleWidget';
import { EventsTodayWidget } from './widgets/EventsTodayWidget';
import { ModuleEventsWidget } from './widgets/ModuleEventsWidget';
import { ModulePerformanceWidget } from './widgets/ModulePerformanceWidget';
import { OnCallNowWidget } from './widgets/OnCallNowWidget';
import { SlaPerformanceWidget } from './widgets/SlaPerformanceWidget';
import { StatisticWidget } from './widgets/StatisticWidget';
import { TopRespondersWidget } from './widgets/TopRespondersWidget';
import './DashboardPage.css';

/**
 * docs/product.md#dashboard: who is on call now, and the customer's events at a glance, every number from
 * the server's summaries of its own events in its time zone. Each widget loads on its own, so a slow
 * or failed one does not hold the others back.
 */
export function DashboardPage() {
  return (
    <>
      <PageHeader title={t('Dashboard')} description={t("Your events, counted in your organisation's time zone.")} />
      <div className="dashboard">
        <div className="dashboard__grid">
          <div className="dashboard__cell dashboard__cell--on-call">
            <OnCallNowWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--today">
            <EventsTodayWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--statistic">
            <StatisticWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--modules">
            <EventsPerModuleWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--chart">
            <EventsChartWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--performance">
            <ModulePerformanceWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--sla">
            <SlaPerformanceWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--module-events">
            <ModuleEventsWidget />
          </div>
          <div className="dashboard__cell dashboard__cell--responders">
            <TopRespondersWidget />
          </div>
        </div>
      </div>
    </>
  );
}
