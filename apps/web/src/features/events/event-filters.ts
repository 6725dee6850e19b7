import { LIST_URL_KEYS } from '../../shell/list';
import { EVENT_STATUS_VALUES, isFilterDay, type EventStatusValue, type SlaFilter } from '@relevo/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** docs/product.md#events: what narrows the events list, kept in the URL so a reload or a shared link shows the same. */
export interface EventFilters {
  applicationId: number | null;
  /** chosen only after an application (docs/product.md#events, #validation-rules) */
  moduleId: number | null;
  sla: SlaFilter;
  status: EventStatusValue | null;
  /** docs/product.md#maintenance-windows: Y, the events that arrived in maintenance; N, the others */
  maintenance: 'Y' | 'N' | null;
  /** YYYY-MM-DD, the viewer's days, both ends included */
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: EventFilters = {
  applicationId: null,
  moduleId: null,
  sla: null,
  status: null,
  maintenance: null,
  from: null,
  to: null,
};

/** The query-string keys of the filters. */
export const FILTER_URL_KEYS = {
  applicationId: 'application',
  moduleId: 'module',
  sla: 'sla',
  status: 'status',
  maintenance: 'maintenance',
  from: 'from',
  to: 'to',
} as const;

const id = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);
const day = (text: string | null) => (text && isFilterDay(text) ? text : null);

/**
 * Reads the filters from a query string; anything unreadable is left out. A module without its
 * application, a day after `today` and a range that ends before it starts are left out too: the
 * screen could not have chosen them (docs/product.md#events: no future dates, the application first).
 */
export function readEventFilters(query: URLSearchParams, today: string): EventFilters {
  const applicationId = id(query.get(FILTER_URL_KEYS.applicationId));
  const sla = query.get(FILTER_URL_KEYS.sla);
  const status = query.get(FILTER_URL_KEYS.status) as EventStatusValue | null;
  const maintenance = query.get(FILTER_URL_KEYS.maintenance);
  const notLater = (value: string | null) => (value && value <= today ? value : null);
  const from = notLater(day(query.get(FILTER_URL_KEYS.from)));
  let to = notLater(day(query.get(FILTER_URL_KEYS.to)));
  if (from && to && to < from) to = null;
  return {
    applicationId,
    moduleId: applicationId ? id(query.get(FILTER_URL_KEYS.moduleId)) : null,
    sla: sla === 'YES' || sla === 'NO' ? sla : null,
    status: status && (EVENT_STATUS_VALUES as readonly string[]).includes(status) ? status : null,
    maintenance: maintenance === 'Y' || maintenance === 'N' ? maintenance : null,
    from,
    to,
  };
}

/** Writes the filters into a query string (other keys kept); a change of filters goes back to page 1. */
export function writeEventFilters(query: URLSearchParams, filters: EventFilters): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const [field, key] of Object.entries(FILTER_URL_KEYS) as [keyof EventFilters, string][]) {
    const value = filters[field];
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  next.delete(LIST_URL_KEYS.page);
  return next;
}

/** The change the application filter makes: the module it held no longer applies (docs/product.md#events). */
export const withApplication = (filters: EventFilters, applicationId: number | null): EventFilters => ({
  ...filters,
  applicationId,
  moduleId: null,
});

/** The filters of the URL and their setter (a change is a new history entry, like a page change). */
export function useEventFilters(today: string): [EventFilters, (next: EventFilters) => void] {
  const [query, setQuery] = useSearchParams();
  const filters = useMemo(() => readEventFilters(query, today), [query, today]);
  const setFilters = useCallback(
    (next: EventFilters) => setQuery((current) => writeEventFilters(current, next)),
    [setQuery],
  );
  return [filters, setFilters];
}

/** A key that changes whenever the filters do (to load again). */
export const filtersKey = (filters: EventFilters): string => Object.values(filters).join('|');
