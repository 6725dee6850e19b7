import type { WidgetDisplay } from '@relevo/ui';

/** What every dashboard widget takes: the display it starts in (spec 2.7: default, collapse or fullscreen). */
export interface DashboardWidgetProps {
  defaultDisplay?: WidgetDisplay;
}
