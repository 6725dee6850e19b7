import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { TopRespondersWidget } from './TopRespondersWidget';
import { STORY_WIDGETS } from './story-widgets';

export default {
  title: 'Dashboard/Top 10 Responders of the Month',
  component: TopRespondersWidget,
  ...widgetMeta(480),
};

const stories = widgetStories(STORY_WIDGETS.topResponders);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
