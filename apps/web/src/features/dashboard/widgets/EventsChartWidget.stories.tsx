import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { EventsChartWidget } from './EventsChartWidget';
import { STORY_WIDGETS } from './story-widgets';

export default { title: 'Dashboard/Events Line Chart', component: EventsChartWidget, ...widgetMeta(960) };

const stories = widgetStories(STORY_WIDGETS.eventsChart);
export const Filled = stories.Filled,
  Empty = stories.Empty,
  Loading = stories.Loading,
  Collapsed = stories.Collapsed,
  Fullscreen = stories.Fullscreen;
