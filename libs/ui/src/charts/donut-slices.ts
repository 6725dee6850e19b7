/** One part of a donut. */
export interface DonutSlice {
  key: string;
  label: string;
  value: number;
}

/**
 * The slices a donut draws: those with a value, largest first, and past `max` the smallest ones
 * together as one slice named `otherLabel` (a ring of twenty slivers says nothing).
 */
export function donutSlices(slices: readonly DonutSlice[], max: number, otherLabel: string): DonutSlice[] {
  const drawn = slices.filter((slice) => slice.value > 0).sort((a, b) => b.value - a.value);
  if (drawn.length <= max) return drawn;
  const kept = drawn.slice(0, max - 1);
  const rest = drawn.slice(max - 1);
  return [
    ...kept,
    {
      key: '__other__',
      label: `${otherLabel} (${rest.length})`,
      value: rest.reduce((sum, slice) => sum + slice.value, 0),
    },
  ];
}
