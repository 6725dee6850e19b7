import type { Migration } from '../migration';

/**
 * The audit trail (docs/product.md#audit-trail). Each row of `audit_log` also keeps the record as
 * the API showed it before the change (`before`) and after it (`after`), the client address of the
 * request (`address`) and the API token that made the call (`token_id`; null for a browser session,
 * the worker and the command line; migration 0030). A token that is deleted leaves its rows,
 * unnamed.
 *
 * The indexes serve the list's filters, newest first: every customer's rows (staff), a customer's
 * rows by action or by entity, and the actor's e-mail as a contained text (trigrams). A customer's
 * rows newest first is `audit_log_customer` of migration 0001.
 *
 * Customers' units of work now read their own rows (a Customer Root reads the trail): the policy
 * of migration 0001 already limits them to their customer; the grant is in db/privileges.ts.
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const auditTrail: Migration = {
  up: [
    `alter table audit_log
      add column before jsonb,
      add column after jsonb,
      add column address text check (length(address) <= 100),
      add column token_id integer references api_tokens (id) on delete set null`,
    `create index audit_log_created on audit_log (created_at desc, id desc)`,
    `create index audit_log_customer_action on audit_log (customer_id, action, created_at desc)`,
    `create index audit_log_customer_entity on audit_log (customer_id, entity, created_at desc)`,
    `create index audit_log_actor on audit_log using gin (lower(actor_email) gin_trgm_ops)`,
  ],
};
