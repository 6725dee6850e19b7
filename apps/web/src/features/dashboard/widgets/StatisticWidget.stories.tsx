import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { StatisticWidget } from './StatisticWidget';

export default { title: 'Dashboard/Events Received', component: StatisticWidget, ...widgetMeta(480) };

const stories = widgetStories('Events Received', { filled: 'Events today', empty: '0' });
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
