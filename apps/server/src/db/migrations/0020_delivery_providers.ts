import type { Migration } from '../migration';

/**
 * Delivery providers (docs/product.md#delivery-providers): a customer's own provider accounts
 * (plain settings, and secrets sealed with SECRETS_KEY), its failover order and its chains per
 * country code; each message and contact keeps the provider that carried it, the provider's
 * message id and its delivery as the provider reported it (busy and no answer added). A message
 * that may still fail over keeps its text apart until its delivery is known (`failover_body`). A
 * message handed to a provider says so first (`sending_provider`, `sending_since`): a worker that
 * takes it over after a crash asks that provider whether it arrived before sending it again.
 * Only staff units of work (the Delivery screen, the worker) read or write the settings.
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const deliveryProviders: Migration = {
  up: [
    `create table delivery_accounts (
      customer_id integer not null references customers(customer_id) on delete cascade,
      provider text not null check (provider in ('twilio', 'telnyx', 'vonage', 'sns', 'webhook')),
      settings jsonb not null default '{}',
      secrets jsonb not null default '{}',
      updated_by text not null,
      updated_at timestamptz not null,
      primary key (customer_id, provider)
    )`,
    `create table delivery_chains (
      customer_id integer primary key references customers(customer_id) on delete cascade,
      chain jsonb not null default '[]',
      country_chains jsonb not null default '[]',
      updated_by text not null,
      updated_at timestamptz not null
    )`,
    `alter table delivery_accounts enable row level security`,
    `alter table delivery_accounts force row level security`,
    `create policy staff_access on delivery_accounts to relevo_staff using (true) with check (true)`,
    `alter table delivery_chains enable row level security`,
    `alter table delivery_chains force row level security`,
    `create policy staff_access on delivery_chains to relevo_staff using (true) with check (true)`,
    `alter table outbox
      add column provider text,
      add column provider_message_id text,
      add column providers_tried smallint not null default 0,
      add column delivery_status text,
      add column delivery_detail text,
      add column failover_body text,
      add column failover_subject text,
      add column sending_provider text,
      add column sending_since timestamptz`,
    `create index outbox_provider_message on outbox (provider, provider_message_id) where provider_message_id is not null`,
    `create index outbox_tests on outbox (customer_id, created_at) where idempotency_key like 'test:%'`,
    `alter table event_logs
      add column provider text,
      add column provider_message_id text`,
    `alter table event_logs drop constraint event_logs_delivery_status_check`,
    `alter table event_logs add constraint event_logs_delivery_status_check check (delivery_status is null or delivery_status in ('queued', 'sent', 'delivered', 'failed', 'busy', 'no-answer'))`,
    `create index event_logs_provider_message on event_logs (provider, provider_message_id) where provider_message_id is not null`,
  ],
};
