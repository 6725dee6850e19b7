import { lazyWithPreload } from '../lazy/lazy-with-preload';

// The chart kinds drawn with visx and d3 (about 40 kB gzip, most of the dashboard's JavaScript)
// load when a widget first draws one, not with the screen: a widget's frame, title and controls
// show at once, it calls `preload` when it mounts so the code comes while its numbers load, and it
// keeps its loading state until both are there (`Widget` suspends its content).
export const DonutChart = lazyWithPreload(() => import('./DonutChart').then(({ DonutChart }) => DonutChart));
export const AreaComparisonChart = lazyWithPreload(() =>
  import('./AreaComparisonChart').then(({ AreaComparisonChart }) => AreaComparisonChart),
);
export const ComparisonBars = lazyWithPreload(() =>
  import('./ComparisonBars').then(({ ComparisonBars }) => ComparisonBars),
);
