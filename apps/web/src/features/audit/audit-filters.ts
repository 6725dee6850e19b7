import { AUDIT_ACTIONS, isFilterDay, type AuditAction } from '@relevo/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_URL_KEYS } from '../../shell/list';

/** docs/product.md#audit-trail: what narrows the trail, kept in the URL so a reload or a shared link shows the same. */
export interface AuditFilters {
  /** a Staff Root's choice of customer */
  customerId: number | null;
  action: AuditAction | null;
  entity: string | null;
  /** YYYY-MM-DD, the viewer's days, both ends included */
  from: string | null;
  to: string | null;
}

export const NO_AUDIT_FILTERS: AuditFilters = { customerId: null, action: null, entity: null, from: null, to: null };

/** The query-string keys of the filters. */
export const AUDIT_URL_KEYS = {
  customerId: 'customer',
  action: 'action',
  entity: 'entity',
  from: 'from',
  to: 'to',
} as const;

const id = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);
const day = (text: string | null) => (text && isFilterDay(text) ? text : null);

/** Reads the filters from a query string; anything unreadable is left out, and a range that ends before it starts loses its end. */
export function readAuditFilters(query: URLSearchParams): AuditFilters {
  const action = query.get(AUDIT_URL_KEYS.action);
  const entity = query.get(AUDIT_URL_KEYS.entity);
  const from = day(query.get(AUDIT_URL_KEYS.from));
  const to = day(query.get(AUDIT_URL_KEYS.to));
  return {
    customerId: id(query.get(AUDIT_URL_KEYS.customerId)),
    action: action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : null,
    entity: entity && /^[a-z_]{1,100}$/.test(entity) ? entity : null,
    from,
    to: from && to && to < from ? null : to,
  };
}

/** Writes the filters into a query string (other keys kept); a change of filters goes back to page 1. */
export function writeAuditFilters(query: URLSearchParams, filters: AuditFilters): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const [field, key] of Object.entries(AUDIT_URL_KEYS) as [keyof AuditFilters, string][]) {
    const value = filters[field];
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  next.delete(LIST_URL_KEYS.page);
  return next;
}

/** The filters of the URL and their setter (a change is a new history entry, like a page change). */
export function useAuditFilters(): [AuditFilters, (next: AuditFilters) => void] {
  const [query, setQuery] = useSearchParams();
  const filters = useMemo(() => readAuditFilters(query), [query]);
  const setFilters = useCallback(
    (next: AuditFilters) => setQuery((current) => writeAuditFilters(current, next)),
    [setQuery],
  );
  return [filters, setFilters];
}

/** A key that changes whenever the filters do (to load again). */
export const auditFiltersKey = (filters: AuditFilters): string => Object.values(filters).join('|');
