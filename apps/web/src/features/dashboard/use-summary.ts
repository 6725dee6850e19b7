import type { WidgetStatus } from '@relevo/ui';
import { useService } from '../../shell/services';
import { useLoaded, type Loaded } from '../../shell/loaded';
import { liveDashboardCalls, type DashboardCalls } from './dashboard-calls';

/** The dashboard's calls: the live ones, or a story's fixtures. */
export const useDashboardCalls = (): DashboardCalls => useService('dashboardCalls', liveDashboardCalls);

/** What a widget shows while its answer loads, once it came, or when it failed (the general handler told the user). */
export function useSummary<T>(
  load: () => Promise<T>,
  round = 0,
): { status: WidgetStatus; value: T | null; loaded: Loaded<T> } {
  const loaded = useLoaded(load, round);
  return {
    status: loaded.state === 'loaded' ? 'ready' : loaded.state === 'failed' ? 'failed' : 'loading',
    value: loaded.state === 'loaded' ? loaded.value : null,
    loaded,
  };
}
