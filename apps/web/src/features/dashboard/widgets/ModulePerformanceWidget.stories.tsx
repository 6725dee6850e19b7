import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { ModulePerformanceWidget } from './ModulePerformanceWidget';

export default { title: 'Dashboard/Module Performance MTD', component: ModulePerformanceWidget, ...widgetMeta(480) };

const stories = widgetStories('Module Performance MTD', {
  filled: 'This month',
  empty: 'No events this month or last month.',
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
