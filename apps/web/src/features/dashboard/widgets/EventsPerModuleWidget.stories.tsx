import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { EventsPerModuleWidget } from './EventsPerModuleWidget';

export default { title: 'Dashboard/Events Per Module', component: EventsPerModuleWidget, ...widgetMeta(960) };

const stories = widgetStories('Events Per Module', { filled: 'Checkout', empty: 'No events this month.' });
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
