import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { EventsTodayWidget } from './EventsTodayWidget';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/Events Today', component: EventsTodayWidget, ...widgetMeta(480) };

const stories = widgetStories(STORY_WIDGETS.eventsToday);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
