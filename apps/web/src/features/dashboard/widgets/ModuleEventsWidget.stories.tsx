import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { ModuleEventsWidget } from './ModuleEventsWidget';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/Module Events This Month', component: ModuleEventsWidget, ...widgetMeta(480) };

const stories = widgetStories(STORY_WIDGETS.moduleEvents);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
