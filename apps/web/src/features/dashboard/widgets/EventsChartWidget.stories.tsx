import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { EventsChartWidget } from './EventsChartWidget';

export default { title: 'Dashboard/Events Line Chart', component: EventsChartWidget, ...widgetMeta(960) };

const stories = widgetStories('Events Line Chart', { filled: '2026', empty: 'No events this year or last year.' });
export const Filled = stories.Filled,
  FilledMobile = stories.FilledMobile,
  Empty = stories.Empty,
  EmptyMobile = stories.EmptyMobile,
  Loading = stories.Loading,
  LoadingMobile = stories.LoadingMobile,
  Collapsed = stories.Collapsed,
  CollapsedMobile = stories.CollapsedMobile,
  Fullscreen = stories.Fullscreen,
  FullscreenMobile = stories.FullscreenMobile;
