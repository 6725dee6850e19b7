import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { TopRespondersWidget } from './TopRespondersWidget';

export default {
  title: 'Dashboard/Top 10 Responders of the Month',
  component: TopRespondersWidget,
  ...widgetMeta(480),
};

const stories = widgetStories('Top 10 Responders of the Month', {
  filled: 'Carlos Méndez',
  empty: 'No events were assigned this month.',
});
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
