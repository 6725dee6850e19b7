import { msg } from '../../../shell/i18n';
import { EventsChartWidget } from './EventsChartWidget';
import { EventsPerModuleWidget } from './EventsPerModuleWidget';
import { EventsTodayWidget } from './EventsTodayWidget';
import { ModuleEventsWidget } from './ModuleEventsWidget';
import { ModulePerformanceWidget } from './ModulePerformanceWidget';
import { SlaPerformanceWidget } from './SlaPerformanceWidget';
import { StatisticWidget } from './StatisticWidget';
import { TopRespondersWidget } from './TopRespondersWidget';

/** The dashboard's widgets in its order, with what their stories expect to read filled and empty, in English (a `StoryWidget` each, for testing/widget-stories). */
export const STORY_WIDGETS = {
  eventsToday: {
    component: EventsTodayWidget,
    title: msg('Events Today'),
    filled: 'Events today',
    empty: 'No events today.',
  },
  statistic: { component: StatisticWidget, title: msg('Events Received'), filled: 'Events today', empty: '0' },
  eventsPerModule: {
    component: EventsPerModuleWidget,
    title: msg('Events Per Module'),
    filled: 'Checkout',
    empty: 'No events this month.',
  },
  eventsChart: {
    component: EventsChartWidget,
    title: msg('Events Line Chart'),
    filled: '2026',
    empty: 'No events this year or last year.',
  },
  modulePerformance: {
    component: ModulePerformanceWidget,
    title: msg('Module Performance MTD'),
    filled: 'This month',
    empty: 'No events this month or last month.',
  },
  slaPerformance: {
    component: SlaPerformanceWidget,
    title: msg('SLA Performance MTD'),
    filled: 'This month',
    empty: 'No SLA results this month or last month.',
  },
  moduleEvents: {
    component: ModuleEventsWidget,
    title: msg('Module Events This Month'),
    filled: 'Checkout',
    empty: 'No events this month.',
  },
  topResponders: {
    component: TopRespondersWidget,
    title: msg('Top 10 Responders of the Month'),
    filled: 'Carlos Méndez',
    empty: 'No events were assigned this month.',
  },
};
