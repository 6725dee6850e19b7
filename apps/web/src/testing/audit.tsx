import { ApiError } from '@relevo/api';
import type { AuditRow } from '@relevo/domain';
import type { AuditCalls } from '../features/audit/audit-calls';
import { never } from './fixtures';

/** The stories read every time in UTC, so their texts do not depend on the machine's zone. */
export const AUDIT_STORY_ZONE = 'UTC';

const row = (id: number, facts: Partial<AuditRow>): AuditRow => ({
  id,
  created_at: `2026-06-10T09:${String(59 - id).padStart(2, '0')}:00.000Z`,
  customer: { id: 1, name: 'Demo Company' },
  actor_email: 'root@democompany.demo',
  action: 'update',
  entity: 'sla',
  entity_id: String(id),
  detail: null,
  before: null,
  after: null,
  address: '203.0.113.7',
  token: null,
  ...facts,
});

/** A customer's trail, newest first: an update with its before and after, a create by token, a delete, a sign-in. */
export const STORY_AUDIT: AuditRow[] = [
  row(1, {
    entity: 'sla',
    entity_id: '12',
    detail: { sla_name: 'Platinum' },
    before: { sla_name: 'Gold', sla_response_time: 15, sla_active: 'N' },
    after: { sla_name: 'Platinum', sla_response_time: 10, sla_active: 'Y' },
  }),
  row(2, {
    action: 'create',
    entity: 'resource',
    entity_id: '40',
    actor_email: 'ops@democompany.demo',
    address: '198.51.100.23',
    token: { id: 3, name: 'Nightly sync' },
    after: { resource_fullname: 'Ana Ruiz', resource_email: 'ana@democompany.demo' },
  }),
  row(3, {
    action: 'delete',
    entity: 'maintenance_window',
    entity_id: '7',
    before: { window_name: 'Database upgrade', window_active: 'Y' },
  }),
  row(4, { action: 'login', entity: 'session', entity_id: null, detail: { via: 'email' } }),
];

/** Another customer's row, which only a Staff Root's trail holds. */
export const STORY_OTHER_CUSTOMER_ROW: AuditRow = row(5, {
  customer: { id: 2, name: 'Northwind' },
  actor_email: 'root@northwind.demo',
  action: 'create',
  entity: 'webhook',
  entity_id: '2',
  after: { webhook_url: 'hooks.northwind.demo', webhook_desc: 'Status page' },
});

export type StoryAuditKind = 'filled' | 'empty' | 'loading' | 'failed' | 'staff';

/** Fixture calls of the Audit screen: the rows of the kind, filtered as the server would (action, entity, customer, actor). */
export function storyAuditCalls(kind: StoryAuditKind = 'filled'): AuditCalls & { exported: string[] } {
  const rows = kind === 'staff' ? [...STORY_AUDIT, STORY_OTHER_CUSTOMER_ROW] : STORY_AUDIT;
  const exported: string[] = [];
  return {
    exported,
    list: async (query, filters) => {
      if (kind === 'loading') return never();
      if (kind === 'failed') throw new ApiError(0, null);
      if (kind === 'empty') return { total: 0, list: [] };
      const shown = rows.filter(
        (r) =>
          (!filters.action || r.action === filters.action) &&
          (!filters.entity || r.entity === filters.entity) &&
          (!filters.customerId || r.customer?.id === filters.customerId) &&
          (!query.search || (r.actor_email ?? '').includes(query.search.toLowerCase())),
      );
      const start = (query.page_num - 1) * query.page_size;
      return { total: shown.length, list: shown.slice(start, start + query.page_size) };
    },
    exportUrl: (filters, actor) => {
      const url = `/api/audit/export?${new URLSearchParams(
        Object.entries({ ...filters, actor }).flatMap(([key, value]) =>
          value === null || value === '' ? [] : [[key, String(value)]],
        ),
      ).toString()}`;
      exported.push(url);
      return url;
    },
    customers: async () => [
      { id: 1, name: 'Demo Company' },
      { id: 2, name: 'Northwind' },
    ],
    viewerZone: () => AUDIT_STORY_ZONE,
  };
}
