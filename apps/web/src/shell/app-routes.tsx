import { LoadBoundary, PageSpinner, type Preloadable } from '@relevo/ui';
import { Suspense, useMemo, type ReactElement } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';

/** What a route of a lazy screen keeps in its `handle`: how to fetch the screen's code ahead. */
interface LazyHandle {
  preload: () => void;
}

/** The route object of a lazy screen: the screen alone, or `element` when it takes props. */
export function lazyRoute(Screen: Preloadable<object>): Pick<RouteObject, 'element' | 'handle'>;
export function lazyRoute<Props extends object>(
  Screen: Preloadable<Props>,
  element: ReactElement<Props>,
): Pick<RouteObject, 'element' | 'handle'>;
export function lazyRoute(
  Screen: Preloadable<object>,
  element?: ReactElement,
): Pick<RouteObject, 'element' | 'handle'> {
  return { element: element ?? <Screen />, handle: { preload: Screen.preload } satisfies LazyHandle };
}

/**
 * The routes at the current location. A lazy route renders only once the route above it has
 * rendered, so the layout's code and then the screen's would load one after the other: every
 * lazy route the location matches starts loading at once instead. Navigations are transitions
 * (React Router's default), so the current screen stays until the next one's code is there; a first
 * load shows the page spinner meanwhile. A screen whose code fails to load shows a message with a
 * reload (`LoadBoundary`) until the location changes.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  // once per address: matching ranks every route of the table
  useMemo(() => {
    for (const { route } of matchRoutes(routes, location.pathname) ?? [])
      (route.handle as Partial<LazyHandle> | undefined)?.preload?.();
  }, [routes, location.pathname]);
  const element = useRoutes(routes, location);
  // a screen whose code cannot be loaded says so, with a reload, instead of leaving the page blank
  return (
    <LoadBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageSpinner />}>{element}</Suspense>
    </LoadBoundary>
  );
}
