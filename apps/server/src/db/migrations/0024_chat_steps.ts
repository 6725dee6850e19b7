import type { Migration } from '../migration';

/**
 * A team chat as an escalation step's channel (docs/product.md#team-chat, "A chat as a step"):
 * `chat` joins the step channels (5) and the event log. A chat step's contact is not an outbox
 * message: it queues a `step` notice for each chat that posts for the event's module, keyed
 * `chat:{event}:step:{n}:attempt:{k}:{provider}`, with the contact's key (`contact_key`, the
 * event-log row the worker marks sent, or failed once every chat gave it up) and the step's line
 * (`body`, written when the step was walked).
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const chatSteps: Migration = {
  up: [
    `insert into channels (channel_id, channel_desc, channel_code) values (5, 'Team chat', 'chat')`,
    `alter table event_logs drop constraint event_logs_channel_check`,
    `alter table event_logs add constraint event_logs_channel_check check (channel in ('voice', 'sms', 'email', 'push', 'chat'))`,
    `alter table chat_notices drop constraint chat_notices_kind_check`,
    `alter table chat_notices add constraint chat_notices_kind_check check (kind in ('new', 'accepted', 'resolved', 'canceled', 'step'))`,
    `alter table chat_notices add column contact_key text`,
    `alter table chat_notices add column body text check (length(body) <= 1000)`,
    `alter table chat_notices add constraint chat_notices_step_check check ((kind = 'step') = (contact_key is not null))`,
    // the notices of one contact (every chat it went to), read when one of them is given up
    `create index chat_notices_contact on chat_notices (contact_key) where contact_key is not null`,
  ],
};
