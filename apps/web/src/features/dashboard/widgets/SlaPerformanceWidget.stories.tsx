import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { SlaPerformanceWidget } from './SlaPerformanceWidget';

export default { title: 'Dashboard/SLA Performance MTD', component: SlaPerformanceWidget, ...widgetMeta(480) };

const stories = widgetStories('SLA Performance MTD', {
  filled: 'This month',
  empty: 'No SLA results this month or last month.',
});
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
