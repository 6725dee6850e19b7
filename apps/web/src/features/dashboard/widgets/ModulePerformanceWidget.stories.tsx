import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { ModulePerformanceWidget } from './ModulePerformanceWidget';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/Module Performance MTD', component: ModulePerformanceWidget, ...widgetMeta(480) };

const stories = widgetStories(STORY_WIDGETS.modulePerformance);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
