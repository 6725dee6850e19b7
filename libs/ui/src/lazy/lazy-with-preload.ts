import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A component whose code loads on its first render, or earlier through `preload` (once either way). */
export type Preloadable<Props extends object> = LazyExoticComponent<ComponentType<Props>> & { preload: () => void };

/**
 * React's `lazy` with a way to start the download ahead of the render that needs it: a screen's
 * chunk while the route above it still loads, a chart's while its widget waits for its numbers.
 * A failed download is left to the render, which throws it as `lazy` does.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>): Preloadable<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => (loading ??= load().then((Component) => ({ default: Component })));
  return Object.assign(lazy(start), {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}
