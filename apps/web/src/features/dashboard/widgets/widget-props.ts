import type { WidgetDisplay } from '@relevo/ui';

/** What every dashboard widget takes: the display it starts in (docs/product.md#dashboard: default, collapse or fullscreen). */
export interface DashboardWidgetProps {
  defaultDisplay?: WidgetDisplay;
}
