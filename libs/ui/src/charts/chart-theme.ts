import { buildChartTheme } from '@visx/xychart';

const label = { fill: 'var(--color-text-muted)', fontFamily: 'var(--font-sans)', fontSize: 11 };

/**
 * An xychart theme of theme.css, quiet axes and grid, its series coloured in the order they are
 * drawn (xychart gives the n-th series the n-th colour).
 */
const themeOf = (colors: string[]) =>
  buildChartTheme({
    backgroundColor: 'var(--color-surface)',
    colors,
    tickLength: 4,
    gridColor: 'var(--chart-grid)',
    gridColorDark: 'var(--color-border-strong)',
    svgLabelSmall: label,
    svgLabelBig: { ...label, fontSize: 12 },
    xAxisLineStyles: { stroke: 'var(--color-border-strong)' },
    yAxisLineStyles: { stroke: 'var(--color-border-strong)' },
    xTickLineStyles: { stroke: 'var(--color-border-strong)' },
    yTickLineStyles: { stroke: 'var(--color-border-strong)' },
  });

/** The previous period drawn first (behind), then the current one. */
export const previousThenCurrent = themeOf(['var(--chart-previous)', 'var(--chart-current)']);
/** The current period's bar first, then the previous one's. */
export const currentThenPrevious = themeOf(['var(--chart-current)', 'var(--chart-previous)']);
