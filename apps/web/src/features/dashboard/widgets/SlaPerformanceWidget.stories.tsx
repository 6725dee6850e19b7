import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { SlaPerformanceWidget } from './SlaPerformanceWidget';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/SLA Performance MTD', component: SlaPerformanceWidget, ...widgetMeta(480) };

const stories = widgetStories(STORY_WIDGETS.slaPerformance);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
