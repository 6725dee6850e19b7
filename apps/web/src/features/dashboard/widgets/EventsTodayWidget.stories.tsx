import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { EventsTodayWidget } from './EventsTodayWidget';

export default { title: 'Dashboard/Events Today', component: EventsTodayWidget, ...widgetMeta(480) };

const stories = widgetStories('Events Today', { filled: 'Events today', empty: 'No events today.' });
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
