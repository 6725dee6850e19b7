import { sql, type RawBuilder } from 'kysely';
import { CHANNEL, type ChatEvent, type ChatNotice, type ChatProvider } from '@relevo/domain';
import type { Tx } from '../db/database';

// The team chat area's SQL (docs/product.md#team-chat): a customer's chats, the notices of its
// events queued for them, and what the chats' buttons need (the event of a case, the resource of
// an e-mail address).

export function chatOf(tx: Tx, customerId: number, provider: ChatProvider) {
  return tx
    .selectFrom('team_chats')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export type StoredChat = NonNullable<Awaited<ReturnType<typeof chatOf>>>;

/** Saves a customer's chat (its secrets already sealed), made or replaced. */
export async function saveChat(
  tx: Tx,
  chat: Omit<StoredChat, 'settings' | 'secrets'> & { settings: object; secrets: Record<string, string> },
): Promise<void> {
  const row = {
    enabled: chat.enabled,
    settings: JSON.stringify(chat.settings),
    secrets: JSON.stringify(chat.secrets),
    updated_by: chat.updated_by,
    updated_at: chat.updated_at,
  };
  await tx
    .insertInto('team_chats')
    .values({ customer_id: chat.customer_id, provider: chat.provider, ...row })
    .onConflict((oc) => oc.columns(['customer_id', 'provider']).doUpdateSet(row))
    .execute();
}

/** The customer's modules a chat may post for, by application and name (at most 1000). */
export function customerModules(tx: Tx, customerId: number) {
  return tx
    .selectFrom('modules as m')
    .innerJoin('applications as a', (join) =>
      join.onRef('a.application_id', '=', 'm.application_id').onRef('a.customer_id', '=', 'm.customer_id'),
    )
    .select(['m.module_id', 'm.module_name', 'a.application_name'])
    .where('m.customer_id', '=', customerId)
    .orderBy('a.application_name')
    .orderBy('m.module_name')
    .orderBy('m.module_id')
    .limit(1000)
    .execute();
}

/** Which of `moduleIds` are modules of the customer. */
export async function ownModules(tx: Tx, customerId: number, moduleIds: readonly number[]): Promise<Set<number>> {
  if (moduleIds.length === 0) return new Set();
  const rows = await tx
    .selectFrom('modules')
    .select('module_id')
    .where('customer_id', '=', customerId)
    .where('module_id', 'in', [...moduleIds])
    .execute();
  return new Set(rows.map((row) => row.module_id));
}

/** Whether the chat `chat` (a `team_chats` row) posts for the module `moduleId` (Slack: a channel for it; the others: the module chosen). */
function postsFor(chat: string, moduleId: string): RawBuilder<boolean> {
  const c = (column: string) => sql.ref(`${chat}.${column}`);
  const module = sql.ref(moduleId);
  return sql<boolean>`case ${c('provider')}
    when 'slack' then ${c('settings')} -> 'channels' @> jsonb_build_array(jsonb_build_object('module_id', ${module}))
    else ${c('settings')} -> 'modules' @> jsonb_build_array(${module})
  end`;
}

/**
 * docs/product.md#team-chat ("A chat as a step"): how many chats of the module's customer are on
 * and post for it, for the steps whose channel is the team chat (0 for the others): an incident
 * skips a chat step of a module no chat posts for. `module` is the alias of a `modules` row.
 */
export function moduleChatsOfStep(stepChannel: string, module: string): RawBuilder<number> {
  const m = (column: string) => sql.ref(`${module}.${column}`);
  return sql<number>`case when ${sql.ref(stepChannel)} = ${CHANNEL.chat} then (
      select count(*) from team_chats c
      where c.customer_id = ${m('customer_id')} and c.enabled and ${postsFor('c', `${module}.module_id`)}
    )::integer else 0 end`;
}

/** A team chat step's contact: its key (the event-log row's), the line its post says and whom it names. */
export interface StepContact {
  contactKey: string;
  text: string;
  person: string;
}

/** The key of a chat step's notice: the contact's, as the chat's (`chat:{event}:step:{n}:attempt:{k}:{provider}`). */
const stepNoticeKey = (contactKey: string) => `chat:${contactKey.replace(/^event:/, '')}:`;

/**
 * Queues a team chat step's post (a `step` notice) for each chat of the event's customer that is on
 * and posts for its module, keyed by the contact and the chat: the same wake-up applied again (a
 * re-run after a crash) queues nothing twice. Answers how many chats post for the module and how
 * many notices this call queued.
 */
export async function queueStepNotices(
  tx: Tx,
  eventId: number,
  contact: StepContact,
  now: Date,
): Promise<{ chats: number; queued: number }> {
  const result = await sql<{ chats: number; queued: number }>`
    with chats as (
      select c.customer_id, c.provider from events e
      join team_chats c on c.customer_id = e.customer_id and c.enabled
      where e.event_id = ${eventId} and ${postsFor('c', 'e.module_id')}
    ), queued as (
      insert into chat_notices (customer_id, event_id, provider, kind, actor, contact_key, body, idempotency_key, due_at, created_at)
      select customer_id, ${eventId}, provider, 'step', ${contact.person}, ${contact.contactKey}, ${contact.text.slice(0, 1000)},
        ${stepNoticeKey(contact.contactKey)} || provider, ${now}, ${now}
      from chats
      on conflict (idempotency_key) do nothing
      returning 1
    )
    select (select count(*) from chats)::integer as chats, (select count(*) from queued)::integer as queued`.execute(
    tx,
  );
  const row = result.rows[0];
  return { chats: Number(row?.chats ?? 0), queued: Number(row?.queued ?? 0) };
}

/** docs/product.md#resolution-and-cancel: an event that closes cancels its chat steps' posts still waiting. */
export async function cancelStepNotices(tx: Tx, eventId: number): Promise<void> {
  await tx
    .updateTable('chat_notices')
    .set({ status: 'canceled', locked_until: null, claim_token: null })
    .where('event_id', '=', eventId)
    .where('kind', '=', 'step')
    .where('status', '=', 'pending')
    .execute();
}

/** The notices of one chat step's contact, one per chat it went to. */
export function stepNoticesOf(tx: Tx, contactKey: string) {
  return tx
    .selectFrom('chat_notices')
    .select(['provider', 'status', 'last_error'])
    .where('contact_key', '=', contactKey)
    .orderBy('id')
    .execute();
}

/**
 * Queues the notices of one change of an event for each of its customer's chats that posts for
 * its module (Slack: a channel for it; Mattermost and Teams: the module chosen), one per event,
 * kind and chat: the same change applied again (a re-run after a crash) queues nothing twice.
 * Answers how many were queued.
 */
export async function queueNotices(
  tx: Tx,
  eventId: number,
  notices: readonly ChatNotice[],
  now: Date,
): Promise<number> {
  const result = await sql`
    insert into chat_notices (customer_id, event_id, provider, kind, actor, idempotency_key, due_at, created_at)
    select c.customer_id, e.event_id, c.provider, n.kind, n.actor,
      'chat:' || e.event_id || ':' || n.kind || ':' || c.provider, ${now}, ${now}
    from events e
    join team_chats c on c.customer_id = e.customer_id and c.enabled
    cross join unnest(${notices.map((n) => n.kind)}::text[], ${notices.map((n) => n.actor)}::text[]) as n (kind, actor)
    where e.event_id = ${eventId} and ${postsFor('c', 'e.module_id')}
    order by n.kind = 'new' desc
    on conflict (idempotency_key) do nothing`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/** An event as the chats show it: its case, incident, status and who accepted it, its module and application. */
export function chatEventQuery(tx: Tx) {
  return tx
    .selectFrom('events as e')
    .innerJoin('modules as m', (join) =>
      join.onRef('m.module_id', '=', 'e.module_id').onRef('m.customer_id', '=', 'e.customer_id'),
    )
    .innerJoin('applications as a', (join) =>
      join.onRef('a.application_id', '=', 'm.application_id').onRef('a.customer_id', '=', 'm.customer_id'),
    )
    .select([
      'e.event_id',
      'e.customer_id',
      'e.case_id',
      'e.short_event_subject',
      'e.short_event_body',
      'e.event_status',
      'e.accepted_by',
      'e.module_id',
      'm.module_name',
      'a.application_name',
    ]);
}

export type ChatEventRow = NonNullable<Awaited<ReturnType<ReturnType<typeof chatEventQuery>['executeTakeFirst']>>>;

/** The event as a chat shows it, with its page in the dashboard. */
export function chatEventOf(row: ChatEventRow, publicUrl: string): ChatEvent {
  return {
    case_id: row.case_id,
    incident: row.short_event_subject,
    description: row.short_event_body,
    status: row.event_status,
    accepted_by: row.accepted_by,
    module_name: row.module_name,
    application_name: row.application_name,
    url: `${publicUrl}/events/${encodeURIComponent(row.case_id)}/event_logs`,
  };
}

/** The first notice of an event in a chat (its `new` post), whose message the later notices update. */
export function firstPostOf(tx: Tx, eventId: number, provider: ChatProvider) {
  return tx
    .selectFrom('chat_notices')
    .select(['status', 'post_ref'])
    .where('event_id', '=', eventId)
    .where('provider', '=', provider)
    .where('kind', '=', 'new')
    .executeTakeFirst();
}

/** The Slack chats connected to an app (an interaction names its app): at most a few. */
export function slackChatsOfApp(tx: Tx, appId: string) {
  return tx
    .selectFrom('team_chats')
    .selectAll()
    .where('provider', '=', 'slack')
    .where(sql<string>`settings ->> 'app_id'`, '=', appId)
    .orderBy('customer_id')
    .limit(20)
    .execute();
}

/** The active resource of the customer with this e-mail address (the first, should two share it). */
export function resourceByEmail(tx: Tx, customerId: number, email: string) {
  return tx
    .selectFrom('resources')
    .select(['resource_id', 'resource_fullname'])
    .where('customer_id', '=', customerId)
    .where('resource_active', '=', 'Y')
    .where(sql<string>`lower(resource_email)`, '=', email.trim().toLowerCase())
    .orderBy('resource_id')
    .limit(1)
    .executeTakeFirst();
}
