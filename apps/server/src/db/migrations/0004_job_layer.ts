import type { Migration } from '../migration';

/**
 * The outbox becomes the first table of the job layer (`src/jobs/lease.ts`; docs/product.md#escalation-engine:
 * timers are rows with a due time, a crashed worker's work is taken over, nothing is lost).
 *
 * Job columns, the same on every job table (the escalation engine's timers will copy them):
 * - `status`: `pending` (waits for `due_at`), `claimed` (a worker holds it until `locked_until`),
 *   a done status (`sent` here), `dead` (given up after the attempt cap), `canceled` (never runs);
 * - `due_at`: when a pending job may be claimed;
 * - `attempts`: claims so far; the claim refuses a job that reached the cap and kills it instead;
 * - `locked_by`, `locked_until`, `claim_token`: who holds the claim, until when, and the fencing
 *   token every later write of that claim must match (a worker may claim the same row twice after
 *   its lease ran out; only the newest claim may write).
 */
export const jobLayer: Migration = {
  up: [
    `alter table outbox drop constraint outbox_status_check`,
    `update outbox set status = 'dead' where status = 'failed'`,
    `alter table outbox rename column next_attempt_at to due_at`,
    `alter table outbox add column claim_token uuid`,
    // a pending row with a lease was claimed by the former worker: keep its lease, now with a token
    `update outbox set status = 'claimed', claim_token = gen_random_uuid() where status = 'pending' and locked_until is not null and locked_by is not null`,
    `update outbox set locked_until = null where status <> 'claimed'`,
    `alter table outbox add constraint outbox_status_check check (status in ('pending', 'claimed', 'sent', 'dead', 'canceled'))`,
    `alter table outbox add constraint outbox_claim_check check ((status = 'claimed') = (claim_token is not null and locked_by is not null and locked_until is not null))`,
    `alter table outbox add constraint outbox_attempts_check check (attempts >= 0)`,

    // the claim walks due pending rows in queue order and expired leases; the worker's wake-up
    // reads the first of each; both stay small however many sent rows the table keeps
    `drop index outbox_due`,
    `create index outbox_due on outbox (due_at, id) where status = 'pending'`,
    `create index outbox_lease on outbox (locked_until, id) where status = 'claimed'`,

    // a message of a customer's escalation is customer data (the sign-in and reset messages have
    // no customer: only staff and system units of work see them); policies as in 0001
    `alter table outbox enable row level security`,
    `alter table outbox force row level security`,
    `create policy tenant_isolation on outbox to relevo_app using (customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer)) with check (customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer))`,
    `create policy staff_access on outbox to relevo_staff using (true) with check (true)`,
  ],
};
