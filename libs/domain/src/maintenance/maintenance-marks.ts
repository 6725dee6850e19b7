/**
 * docs/product.md#maintenance-windows: how the events list shows an incident that arrived in
 * maintenance, and its filter's choices (a module of its own: the list's first JavaScript carries
 * these texts and nothing of the Maintenance screen).
 */
export const MAINTENANCE_MARK = 'Maintenance';

export const MAINTENANCE_FILTER_OPTIONS: { value: 'Y' | 'N' | null; text: string }[] = [
  { value: null, text: 'All' },
  { value: 'Y', text: 'Arrived in maintenance' },
  { value: 'N', text: 'Not in maintenance' },
];
