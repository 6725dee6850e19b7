import type { WidgetStatus } from '@relevo/ui';
import { useCallback } from 'react';
import { useService } from '../../shell/services';
import { useLoaded, type Loaded } from '../../shell/loaded';
import { liveDashboardCalls, type DashboardCalls } from './dashboard-calls';

/** The dashboard's calls: the live ones, or a story's fixtures. */
export const useDashboardCalls = (): DashboardCalls => useService('dashboardCalls', liveDashboardCalls);

let painted: Promise<void> | undefined;
/**
 * Settles once the page has shown its first frame (two frames, then a task: the first frame's
 * pixels are on the screen by the second; at most 200 ms, for a tab that draws no frames while
 * hidden). The widgets' calls and chart code wait for it, so on a slow phone the page's header and
 * the widgets' frames show before nine calls and the charts' code take the line and the processor
 * (docs/perf.md, "On a phone", third pass); later visits of the page start at once.
 */
export function afterFirstPaint(): Promise<void> {
  return (painted ??= new Promise((resolve) => {
    const done = setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(done);
          resolve();
        }, 0),
      ),
    );
  }));
}

/** What a widget shows while its answer loads, once it came, or when it failed (the general handler told the user). */
export function useSummary<T>(
  load: () => Promise<T>,
  round = 0,
): { status: WidgetStatus; value: T | null; loaded: Loaded<T> } {
  const loadAfterPaint = useCallback(() => afterFirstPaint().then(load), [load]);
  const loaded = useLoaded(loadAfterPaint, round);
  return {
    status: loaded.state === 'loaded' ? 'ready' : loaded.state === 'failed' ? 'failed' : 'loading',
    value: loaded.state === 'loaded' ? loaded.value : null,
    loaded,
  };
}
