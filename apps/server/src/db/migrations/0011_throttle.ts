import type { Migration } from '../migration';

/**
 * Throttling and bundling (docs/product.md#escalation-engine):
 * - contact_slots: per channel and recipient (across every customer), the last minute handed out
 *   and the message of that minute; a contact that comes due while that message still waits goes
 *   with it (status `bundled`, `bundled_into` the message) instead of a message of its own.
 * - customer_send_windows: the messages of a customer in its current minute, for the cap that
 *   protects the gateways (a message above it waits for the next minute).
 * - outbox.language and outbox.bundle_label: what the bundle's text needs (the message's language,
 *   the contact's "CASE incident" (and an SMS's link) as the bundle names it).
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const throttle: Migration = {
  up: [
    `alter table outbox add column bundled_into integer references outbox (id) on delete set null`,
    `alter table outbox add column bundle_label text check (bundle_label is null or length(bundle_label) <= 400)`,
    `alter table outbox add column language text check (language is null or length(language) <= 8)`,
    `alter table outbox drop constraint outbox_status_check`,
    `alter table outbox add constraint outbox_status_check check (status in ('pending', 'claimed', 'sent', 'dead', 'canceled', 'bundled'))`,
    `alter table outbox add constraint outbox_bundle_check check ((status = 'bundled') = (bundled_into is not null))`,
    `create index outbox_bundled on outbox (bundled_into) where status = 'bundled'`,
    `create table contact_slots (
      channel text not null check (channel in ('email', 'sms', 'voice')),
      recipient text not null,
      slot_at timestamptz not null,
      head_id integer references outbox (id) on delete set null,
      primary key (channel, recipient)
    )`,
    `create table customer_send_windows (
      customer_id integer primary key references customers (customer_id) on delete cascade,
      started_at timestamptz not null,
      count integer not null check (count >= 0)
    )`,
  ],
};
