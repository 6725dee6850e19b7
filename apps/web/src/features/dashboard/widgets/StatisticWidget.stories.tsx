import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { StatisticWidget } from './StatisticWidget';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/Events Received', component: StatisticWidget, ...widgetMeta(480) };

const stories = widgetStories(STORY_WIDGETS.statistic);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
