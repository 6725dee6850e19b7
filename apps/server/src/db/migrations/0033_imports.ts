import type { Migration } from '../migration';

/**
 * Importers (docs/product.md#importers). `imported_records` remembers what each import made: the
 * tool (`source`), the kind of record and the tool's own id (`external_id`) name the Relevo record
 * (`record_id`), so a second import of the same file finds every record already there and makes
 * nothing again. A customer's rows only, under row-level security like every table of customer data.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
const own = `customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer)`;

export const imports: Migration = {
  up: [
    `create table imported_records (
      customer_id integer not null references customers (customer_id) on delete cascade,
      source text not null check (source in ('pagerduty', 'opsgenie', 'goalert', 'grafana-oncall')),
      kind text not null check (kind in ('resource', 'schedule', 'override', 'escalation', 'step', 'application', 'module')),
      external_id text not null check (length(external_id) between 1 and 300),
      record_id integer not null,
      made_at timestamptz not null,
      primary key (customer_id, source, kind, external_id)
    )`,
    `alter table imported_records enable row level security`,
    `alter table imported_records force row level security`,
    `create policy tenant_isolation on imported_records to relevo_app using (${own}) with check (${own})`,
    `create policy staff_access on imported_records to relevo_staff using (true) with check (true)`,
  ],
};
