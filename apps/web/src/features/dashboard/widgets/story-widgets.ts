import { EventsChartWidget } from './EventsChartWidget';
import { EventsPerModuleWidget } from './EventsPerModuleWidget';
import { EventsTodayWidget } from './EventsTodayWidget';
import { ModuleEventsWidget } from './ModuleEventsWidget';
import { ModulePerformanceWidget } from './ModulePerformanceWidget';
import { SlaPerformanceWidget } from './SlaPerformanceWidget';
import { StatisticWidget } from './StatisticWidget';
import { TopRespondersWidget } from './TopRespondersWidget';

/** The dashboard's widgets in its order, with what their stories expect to read filled and empty (a `StoryWidget` each, for testing/widget-stories). */
export const STORY_WIDGETS = {
  eventsToday: {
    component: EventsTodayWidget,
    title: 'Events Today',
    filled: 'Events today',
    empty: 'No events today.',
  },
  statistic: { component: StatisticWidget, title: 'Events Received', filled: 'Events today', empty: '0' },
  eventsPerModule: {
    component: EventsPerModuleWidget,
    title: 'Events Per Module',
    filled: 'Checkout',
    empty: 'No events this month.',
  },
  eventsChart: {
    component: EventsChartWidget,
    title: 'Events Line Chart',
    filled: '2026',
    empty: 'No events this year or last year.',
  },
  modulePerformance: {
    component: ModulePerformanceWidget,
    title: 'Module Performance MTD',
    filled: 'This month',
    empty: 'No events this month or last month.',
  },
  slaPerformance: {
    component: SlaPerformanceWidget,
    title: 'SLA Performance MTD',
    filled: 'This month',
    empty: 'No SLA results this month or last month.',
  },
  moduleEvents: {
    component: ModuleEventsWidget,
    title: 'Module Events This Month',
    filled: 'Checkout',
    empty: 'No events this month.',
  },
  topResponders: {
    component: TopRespondersWidget,
    title: 'Top 10 Responders of the Month',
    filled: 'Carlos Méndez',
    empty: 'No events were assigned this month.',
  },
};
