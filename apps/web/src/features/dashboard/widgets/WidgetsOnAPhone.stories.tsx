import { phoneWidgetStories, widgetMeta } from '../../../testing/widget-stories';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/Widgets on a Phone', ...widgetMeta(480) };

const stories = phoneWidgetStories(Object.values(STORY_WIDGETS));
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
