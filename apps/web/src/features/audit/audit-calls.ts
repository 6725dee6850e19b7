import { endpointUrl, exportAudit, listAudit, listCustomers } from '@relevo/api';
import { CUSTOMER_DROPDOWN_SIZE, type AuditRow, type ListOf, type ListQuery } from '@relevo/domain';
import { api } from '../../shell/api';
import type { AuditFilters } from './audit-filters';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Audit screen */
    auditCalls: AuditCalls;
  }
}

/** A customer a Staff Root may narrow the trail to. */
export interface AuditCustomerChoice {
  id: number;
  name: string;
}

/** The calls of the Audit screen; stories give fixtures instead (Services `auditCalls`). */
export interface AuditCalls {
  /** a page of the trail; the search box is the actor's e-mail */
  list: (query: ListQuery, filters: AuditFilters, signal: AbortSignal) => Promise<ListOf<AuditRow>>;
  /** where the CSV of the same filters downloads from (the server reads it page by page) */
  exportUrl: (filters: AuditFilters, actor: string) => string;
  /** the customers of the Customer filter (a Staff Root's only) */
  customers: (signal: AbortSignal) => Promise<AuditCustomerChoice[]>;
  /** the viewer's time zone: days of the filters and times of the CSV are read in it */
  viewerZone: () => string;
}

const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The wire form of the filters (docs/product.md#audit-trail GET /api/audit). */
export function auditQuery(filters: AuditFilters, actor: string, timeZone: string) {
  return {
    customer_id: filters.customerId ?? undefined,
    action: filters.action ?? undefined,
    entity: filters.entity ?? undefined,
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
    actor: actor || undefined,
    time_zone: timeZone,
  };
}

export const liveAuditCalls: AuditCalls = {
  list: (query, filters, signal) =>
    api.call(listAudit, {
      query: {
        page_num: query.page_num,
        page_size: query.page_size,
        ...auditQuery(filters, query.search ?? '', viewerZone()),
      },
      signal,
    }),
  exportUrl: (filters, actor) => endpointUrl(exportAudit, { query: auditQuery(filters, actor, viewerZone()) }),
  customers: async (signal) =>
    (
      await api.call(listCustomers, {
        query: { page_size: CUSTOMER_DROPDOWN_SIZE, order_by_column: 'customer_name', order_by_direction: 'asc' },
        signal,
      })
    ).list.map((customer) => ({ id: customer.customer_id, name: customer.customer_name })),
  viewerZone,
};
