import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { ModuleEventsWidget } from './ModuleEventsWidget';

export default { title: 'Dashboard/Module Events This Month', component: ModuleEventsWidget, ...widgetMeta(480) };

const stories = widgetStories('Module Events This Month', { filled: 'Checkout', empty: 'No events this month.' });
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
