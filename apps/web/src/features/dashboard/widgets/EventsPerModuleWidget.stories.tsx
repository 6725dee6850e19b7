import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { EventsPerModuleWidget } from './EventsPerModuleWidget';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/Events Per Module', component: EventsPerModuleWidget, ...widgetMeta(960) };

const stories = widgetStories(STORY_WIDGETS.eventsPerModule);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
