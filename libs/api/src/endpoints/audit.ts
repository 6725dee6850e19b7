import { AuditFilterSchema, AuditListQuerySchema, type AuditRow, type ListOf } from '@relevo/domain';
import { get, named, reply } from '../endpoint';

// docs/product.md#audit-trail: who changed what, when, from which address or token, and the record
// before and after. A Customer Root reads its customer's rows, a Staff Root every customer's.
const read = { auth: 'session' as const, permissions: ['audit.read' as const] };

export const auditEndpoints = /* @__PURE__ */ named({
  /** The trail, filtered and paged, newest first. */
  listAudit: get('/api/audit', reply<ListOf<AuditRow>>(), { query: AuditListQuerySchema, ...read }),
  /** The trail of the same filters as a CSV file (AuditTrail-{YYYYMMDD}.csv), read page by page. */
  exportAudit: get('/api/audit/export', reply<string>(), { query: AuditFilterSchema, ...read }),
});

export const { listAudit, exportAudit } = auditEndpoints;
