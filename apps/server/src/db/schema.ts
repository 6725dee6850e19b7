import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AuditAction,
  RotationBody,
  TemporaryScheduleBody,
  WebhookContactFacts,
  WebhookEventFacts,
} from '@relevo/domain';

/** timestamptz: read as Date, written as Date or ISO text */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** The providers and delivery states the check constraints of migration 0020 allow (libs/domain/src/delivery/chain.ts names them). */
type DeliveryProvider = 'twilio' | 'telnyx' | 'vonage' | 'sns' | 'webhook';
type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'busy' | 'no-answer';
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface RolesTable {
  rol_id: number;
  rol_name: string;
}

export interface LanguagesTable {
  language_id: string;
  language_desc: string;
  is_default: boolean;
}

export interface ChannelsTable {
  channel_id: number;
  channel_desc: string;
  channel_code: string;
}

export interface ParticipationTypesTable {
  participation_type_id: number;
  participation_type_desc: string;
}

export interface CustomersTable {
  customer_id: Generated<number>;
  customer_name: string;
  customer_active: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
  customer_qty_resources: ColumnType<number, number | undefined, number>;
  /** the provider's own organisation, home of staff users (left out by `not_root`) */
  is_provider: ColumnType<boolean, boolean | undefined, boolean>;
  customer_createby: string | null;
  customer_createdt: Timestamp;
  customer_updateby: string | null;
  customer_updatedt: NullableTimestamp;
  /** migration 0012: the IANA zone the dashboard counts the customer's days in */
  customer_time_zone: ColumnType<string, string | undefined, string>;
}

export interface UsersTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  rol_id: number;
  status: ColumnType<number, number | undefined, number>;
  force_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: NullableTimestamp;
  password_changed_at: NullableTimestamp;
  /** migration 0034: the language the user chose (docs/product.md#languages); null follows the browser */
  language: ColumnType<'en' | 'es' | null, 'en' | 'es' | null | undefined, 'en' | 'es' | null>;
  /**
   * lower(name || ' ' || last_name || ' ' || email), kept by the database (migration 0003); a
   * generated column is nullable to the catalogue, though its inputs never are
   */
  search_text: ColumnType<string | null, never, never>;
}

export type SessionKind = 'preauth' | 'session';

export interface SessionsTable {
  id: string;
  user_id: number;
  kind: SessionKind;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
  /** migration 0032: 'sso' when single sign-on opened it (its code step's login is audited so) */
  via: ColumnType<'sso' | null, 'sso' | null | undefined, 'sso' | null>;
}

/** docs/product.md#single-sign-on (migration 0032): a customer's own OpenID provider. */
export interface CustomerSsoTable {
  customer_id: number;
  issuer: string;
  client_id: string;
  /** sealed with the secret box (`customer:{id}:sso:client_secret`) */
  client_secret: string;
  updated_by: string;
  updated_at: Timestamp;
}

/** The e-mail domains customers claim: each by one customer at most. */
export interface SsoDomainsTable {
  domain: string;
  customer_id: number;
}

/** A sign-in on its way to a provider: deleted by its callback (single use) or once expired. */
export interface SsoLoginsTable {
  /** the keyed hash of the state (the cookie and the provider's redirect carry the state itself) */
  state_digest: string;
  nonce: string;
  code_verifier: string;
  /** the customer whose own provider it went to; null: the deployment's */
  customer_id: number | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export type CodePurpose = 'login';

export interface VerificationCodesTable {
  id: Generated<number>;
  session_id: string;
  user_id: number;
  purpose: CodePurpose;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  wrong_attempts: ColumnType<number, number | undefined, number>;
  consumed_at: NullableTimestamp;
  voided_at: NullableTimestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  ip: string | null;
}

export interface SmsResetRequestsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number | null;
  code_hash: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  wrong_attempts: ColumnType<number, number | undefined, number>;
  consumed_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  ip: string | null;
  /** keyed hash of the phone the reset was started for (migration 0019); null before */
  phone_digest: string | null;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  hits: number;
}

export type OutboxChannel = 'email' | 'sms' | 'voice' | 'push';
/** The job statuses (src/jobs/lease.ts) with `sent` as the outbox's done status. */
export type OutboxStatus = 'pending' | 'claimed' | 'sent' | 'dead' | 'canceled' | 'bundled';

/** A customer's account at a provider (migration 0020): plain settings, and each secret sealed (security/secret-box.ts). */
export interface DeliveryAccountsTable {
  customer_id: number;
  provider: DeliveryProvider;
  settings: ColumnType<Record<string, string>, string, string>;
  secrets: ColumnType<Record<string, string>, string, string>;
  updated_by: string;
  updated_at: Timestamp;
}

/** A customer's failover order and its chains per country calling code (migration 0020). */
export interface DeliveryChainsTable {
  customer_id: number;
  chain: ColumnType<DeliveryProvider[], string, string>;
  country_chains: ColumnType<{ country_code: string; chain: DeliveryProvider[] }[], string, string>;
  updated_by: string;
  updated_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  customer_id: number | null;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  /** cleared once sent, dead or canceled: codes and links do not stay in the database */
  body: string | null;
  html: string | null;
  idempotency_key: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  /** claims so far (the fencing of a claim is its token, not this count) */
  attempts: ColumnType<number, number | undefined, number>;
  /** when a pending message may be claimed */
  due_at: Timestamp;
  /** the lease of a claimed message */
  locked_until: NullableTimestamp;
  /** the worker of the latest claim (kept once sent, for the record) */
  locked_by: string | null;
  /** the fencing token of the current claim; null unless claimed */
  claim_token: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** a contact that goes out with another message (status `bundled`): that message (migration 0011) */
  bundled_into: ColumnType<number | null, number | null | undefined, number | null>;
  /** how a bundle names this contact: "CASE incident" */
  bundle_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** the provider that took the message, its id of it, and the providers tried so far (migration 0020) */
  provider: ColumnType<DeliveryProvider | null, DeliveryProvider | null | undefined, DeliveryProvider | null>;
  provider_message_id: ColumnType<string | null, string | null | undefined, string | null>;
  providers_tried: ColumnType<number, number | undefined, number>;
  delivery_status: ColumnType<DeliveryStatus | null, DeliveryStatus | null | undefined, DeliveryStatus | null>;
  delivery_detail: ColumnType<string | null, string | null | undefined, string | null>;
  /** the text kept while the message may still go to the next provider; emptied once its delivery is known */
  failover_body: ColumnType<string | null, string | null | undefined, string | null>;
  failover_subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** the provider a send was handed to and when, written before the provider is called (migration 0020) */
  sending_provider: ColumnType<DeliveryProvider | null, DeliveryProvider | null | undefined, DeliveryProvider | null>;
  sending_since: NullableTimestamp;
  /** the language of the message's text (a bundle's words) */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** a push contact's devices that took it so far (migration 0023): a retried send skips them */
  push_sent_to: ColumnType<number[], string | undefined, string>;
}

/** A device's push subscription (migration 0023): a resource's (from a responder link) or a user's (from the profile). */
export interface PushSubscriptionsTable {
  push_subscription_id: Generated<number>;
  customer_id: number;
  resource_id: number | null;
  user_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/** The last minute handed to a recipient on a channel, and its message (migration 0011). */
export interface ContactSlotsTable {
  channel: OutboxChannel;
  recipient: string;
  slot_at: Timestamp;
  head_id: number | null;
}

/** A customer's messages in its current minute (migration 0011). */
export interface CustomerSendWindowsTable {
  customer_id: number;
  started_at: Timestamp;
  count: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  customer_id: number | null;
  actor_id: number | null;
  actor_email: string | null;
  /** docs/product.md#audit-trail (AUDIT_ACTIONS) */
  action: AuditAction;
  entity: string;
  entity_id: string | null;
  detail: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** the record as the API showed it before the change and after it (migration 0031) */
  before: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  after: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** the client address of the request; null outside one (the worker, the command line) */
  address: string | null;
  /** the API token that made the call (docs/product.md#audit-trail) */
  token_id: number | null;
}

// written out for schema.test.ts, which reads this file's literal types against the database (the domain's EventStatusValue)
export type EventStatus = 'open' | 'progress' | 'completed' | 'canceled';

/** Incident events (docs/product.md#event); the escalation engine fills them. */
export interface EventsTable {
  event_id: Generated<number>;
  customer_id: number;
  case_id: string;
  module_id: number | null;
  event_status: ColumnType<EventStatus, EventStatus | undefined, EventStatus>;
  sla_compliance: 'YES' | 'NO' | null;
  short_event_subject: string;
  short_event_body: string;
  event_createdt: Timestamp;
  accepteddt: NullableTimestamp;
  event_closedt: NullableTimestamp;
  /** migration 0008: copied from the module at creation, and what the engine sets */
  dedup_key: string | null;
  escalation_id: number | null;
  sla_response: number | null;
  last_resource_assigned: string | null;
  accepted_by: string | null;
  time_response: number | null;
  minutes_elapsed: number | null;
  event_cause: string | null;
  event_resolution: string | null;
  resolution: string | null;
  /** migration 0013: the module's application, set by a trigger when the event is written */
  application_id: ColumnType<number | null, never, never>;
  /** migration 0026 (docs/product.md#maintenance-windows): arrived during a maintenance window, and which */
  in_maintenance: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
  maintenance_window_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** docs/product.md#event log entry: one row per contact (migration 0008). */
export interface EventLogsTable {
  event_log_id: Generated<number>;
  customer_id: number;
  event_id: number;
  call_date: Timestamp;
  channel: 'voice' | 'sms' | 'email' | 'push' | 'chat';
  called_number: string | null;
  followup_status: 'open' | 'escalation' | 'follow-up' | 'not reached' | 'completed' | 'nobody on call';
  resource: string | null;
  resource_id: number | null;
  resource_phone: string | null;
  next_resource: string | null;
  next_resource_phone: string | null;
  next_assigned_date: NullableTimestamp;
  resolved: YesNoDefault;
  event_ind_last_event_log: YesNoDefault;
  idempotency_key: string | null;
  delivery_status: DeliveryStatus | null;
  /** the provider that carried the contact and its id of the message (migration 0020) */
  provider: ColumnType<DeliveryProvider | null, DeliveryProvider | null | undefined, DeliveryProvider | null>;
  provider_message_id: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_detail: string | null;
}

/** What people did to an event (migration 0021). */
export interface EventActionsTable {
  event_action_id: Generated<number>;
  customer_id: number;
  event_id: number;
  created_at: Timestamp;
  kind: 'accepted' | 'resolved' | 'canceled' | 'reassigned' | 'escalated' | 'note';
  by_name: string | null;
  via: 'dashboard' | 'slack' | 'mattermost' | 'teams' | 'push' | 'link' | 'reply' | 'key' | 'integration' | null;
  user_id: number | null;
  resource_id: number | null;
  text: string | null;
}

/** The engine's timer of one event: a job row (jobs/lease.ts) with the engine state (migration 0008). */
export interface EngineTimersTable {
  id: Generated<number>;
  customer_id: number;
  event_id: number;
  state: ColumnType<unknown, string, string>;
  status: ColumnType<
    'pending' | 'claimed' | 'done' | 'dead' | 'canceled',
    'pending' | undefined,
    'pending' | 'claimed' | 'done' | 'dead' | 'canceled'
  >;
  due_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  claim_token: string | null;
  last_error: string | null;
}

/** The spoken audio of one voice contact (migration 0010). */
export interface EventAudioTable {
  event_audio_id: Generated<number>;
  customer_id: number;
  event_id: number;
  idempotency_key: string;
  token: string;
  language: 'ES' | 'EN';
  text: string;
  mime: ColumnType<string, string | undefined, string>;
  /** bytea: a Buffer from PostgreSQL, a Uint8Array from PGlite; null until the sound is made */
  content: Uint8Array | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Y/N flags of the catalogue (docs/product.md#states-and-transitions); a default means optional on insert. */
type YesNo = 'Y' | 'N';
type YesNoDefault = ColumnType<YesNo, YesNo | undefined, YesNo>;
/** generated by the database (migration 0006): lower-cased search text of a catalogue row */
type SearchText = ColumnType<string | null, never, never>;

export interface ResourcesTable {
  resource_id: Generated<number>;
  customer_id: number;
  resource_fullname: string;
  resource_active: YesNoDefault;
  resource_email: string | null;
  language_id: ColumnType<string, string | undefined, string>;
  /** docs/product.md#entities: the national number and its ISO country; the E.164 form matches SMS replies */
  resource_phone1: string | null;
  resource_country_phone1: string | null;
  resource_phone1_e164: string | null;
  resource_phone2: string | null;
  resource_country_phone2: string | null;
  resource_phone2_e164: string | null;
  search_text: SearchText;
  resource_createby: string | null;
  resource_createdt: Timestamp;
  resource_updateby: string | null;
  resource_updatedt: NullableTimestamp;
}

export interface SlasTable {
  sla_id: Generated<number>;
  customer_id: number;
  sla_name: string;
  sla_desc: ColumnType<string, string | undefined, string>;
  sla_active: YesNoDefault;
  sla_response_time: number;
  sla_response_time_mult: ColumnType<'M' | 'H', 'M' | 'H' | undefined, 'M' | 'H'>;
  search_text: SearchText;
  sla_createby: string | null;
  sla_createdt: Timestamp;
  sla_updateby: string | null;
  sla_updatedt: NullableTimestamp;
}

export interface EscalationsTable {
  escalation_id: Generated<number>;
  customer_id: number;
  escalation_name: string;
  escalation_desc: ColumnType<string, string | undefined, string>;
  escalation_active: YesNoDefault;
  escalation_validate: YesNoDefault;
  search_text: SearchText;
  escalation_createby: string | null;
  escalation_createdt: Timestamp;
  escalation_updateby: string | null;
  escalation_updatedt: NullableTimestamp;
}

export interface EscalationResourcesTable {
  escalation_resource_id: Generated<number>;
  customer_id: number;
  escalation_id: number;
  participation_type_id: number;
  channel_id: number;
  /** a step calls a resource or a schedule, exactly one (migration 0025) */
  resource_id: number | null;
  schedule_id: ColumnType<number | null, number | null | undefined, number | null>;
  escalation_priority_orden: number;
  escalation_active: YesNoDefault;
  ind_call_again: YesNoDefault;
  max_attemp_number: ColumnType<number, number | undefined, number>;
  next_followup_time: ColumnType<number, number | undefined, number>;
  next_followup_time_mult: ColumnType<'M' | 'H' | 'D', 'M' | 'H' | 'D' | undefined, 'M' | 'H' | 'D'>;
  escalation_last_in_line: YesNoDefault;
  escalation_resource_createby: string | null;
  escalation_resource_createdt: Timestamp;
  escalation_resource_updateby: string | null;
  escalation_resource_updatedt: NullableTimestamp;
}

/** docs/product.md#schedules (migration 0025): rotations and temporary schedules in `definition`. */
export interface SchedulesTable {
  schedule_id: Generated<number>;
  customer_id: number;
  schedule_name: string;
  schedule_desc: ColumnType<string, string | undefined, string>;
  time_zone: string;
  schedule_active: YesNoDefault;
  handoff_notices: YesNoDefault;
  definition: ColumnType<StoredScheduleDefinition, string | undefined, string>;
  search_text: SearchText;
  schedule_createby: string | null;
  schedule_createdt: Timestamp;
  schedule_updateby: string | null;
  schedule_updatedt: NullableTimestamp;
}

/** docs/product.md#maintenance-windows (migration 0026): a module's or an application's window. */
export interface MaintenanceWindowsTable {
  maintenance_window_id: Generated<number>;
  customer_id: number;
  module_id: number | null;
  application_id: number | null;
  window_name: string;
  start_at: Timestamp;
  end_at: Timestamp;
  recurrence: ColumnType<'none' | 'weekly', 'none' | 'weekly' | undefined, 'none' | 'weekly'>;
  release: ColumnType<'escalate' | 'quiet', 'escalate' | 'quiet' | undefined, 'escalate' | 'quiet'>;
  search_text: SearchText;
  window_createby: string | null;
  window_createdt: Timestamp;
  window_updateby: string | null;
  window_updatedt: NullableTimestamp;
}

/** A schedule's rotations (each with its id) and temporary schedules, as the domain's schema saved them. */
export interface StoredScheduleDefinition {
  rotations: (RotationBody & { rotation_id: number })[];
  temporary_schedules: TemporaryScheduleBody[];
}

export interface ScheduleMembersTable {
  customer_id: number;
  schedule_id: number;
  resource_id: number;
}

export interface ScheduleOverridesTable {
  override_id: Generated<number>;
  customer_id: number;
  schedule_id: number;
  resource_id: number;
  start_at: Timestamp;
  end_at: Timestamp;
  override_createby: string | null;
  override_createdt: Timestamp;
}

export interface CalendarFeedsTable {
  token_hash: string;
  customer_id: number;
  schedule_id: number | null;
  resource_id: number | null;
  token_sealed: string;
  created_at: Timestamp;
}

export interface ScheduleHandoffsTable {
  customer_id: number;
  schedule_id: number;
  resource_id: number;
  shift_start: Timestamp;
  queued_at: Timestamp;
}

/** docs/product.md#heartbeat-monitors (migration 0027): a module's monitor, also its own job row. */
export interface HeartbeatsTable {
  heartbeat_id: Generated<number>;
  /** the job layer's name for heartbeat_id */
  id: ColumnType<number, never, never>;
  customer_id: number;
  module_id: number;
  heartbeat_name: string;
  interval_seconds: number;
  grace_seconds: number;
  heartbeat_active: YesNoDefault;
  token_hash: string;
  token_sealed: string;
  state: ColumnType<'waiting' | 'up' | 'missed', 'waiting' | undefined, 'waiting' | 'up' | 'missed'>;
  last_beat_at: NullableTimestamp;
  open_event_id: number | null;
  status: ColumnType<
    'idle' | 'pending' | 'claimed' | 'dead',
    'idle' | undefined,
    'idle' | 'pending' | 'claimed' | 'dead'
  >;
  due_at: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  claim_token: string | null;
  last_error: string | null;
  heartbeat_createby: string | null;
  heartbeat_createdt: Timestamp;
  heartbeat_updateby: string | null;
  heartbeat_updatedt: NullableTimestamp;
}

/** docs/product.md#api-tokens (migration 0030): a token, kept as its SHA-256 and its last four characters. */
export interface ApiTokensTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  name: string;
  /** jsonb: an array of the scope names */
  scopes: ColumnType<('read' | 'catalogue' | 'events')[], string, string>;
  token_hash: string;
  hint: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  last_used_address: string | null;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
}

/** The changes the check constraints of migration 0029 allow (libs/domain/src/webhooks/webhook.ts names them). */
type WebhookChangeName = 'created' | 'contacted' | 'escalated' | 'accepted' | 'resolved' | 'canceled';

/** What a webhook delivery stores of its change (migration 0029): the event, and the contact of a contact's change. */
export interface StoredWebhookPayload {
  event: WebhookEventFacts;
  contact?: WebhookContactFacts;
}

/** docs/product.md#outgoing-webhooks (migration 0029): a customer's webhook, its signing secret sealed. */
export interface WebhooksTable {
  webhook_id: Generated<number>;
  customer_id: number;
  webhook_url: string;
  webhook_desc: ColumnType<string, string | undefined, string>;
  secret_sealed: string;
  /** jsonb: an array of the change names */
  changes: ColumnType<WebhookChangeName[], string, string>;
  webhook_active: YesNoDefault;
  failing_since: NullableTimestamp;
  disabled_at: NullableTimestamp;
  disabled_reason: string | null;
  webhook_createby: string | null;
  webhook_createdt: Timestamp;
  webhook_updateby: string | null;
  webhook_updatedt: NullableTimestamp;
}

/** docs/product.md#outgoing-webhooks (migration 0029): one change to send to one webhook, a job row queued by the events' triggers. */
export interface WebhookDeliveriesTable {
  delivery_id: Generated<number>;
  /** the job layer's name for delivery_id */
  id: ColumnType<number, never, never>;
  customer_id: number;
  webhook_id: number;
  event_id: number;
  event_log_id: number | null;
  change: WebhookChangeName;
  occurred_at: Timestamp;
  /** what the event (and the contact) was at the change: WebhookEventFacts, WebhookContactFacts */
  payload: ColumnType<StoredWebhookPayload, string, string>;
  status: ColumnType<
    'pending' | 'claimed' | 'done' | 'dead' | 'canceled',
    'pending' | undefined,
    'pending' | 'claimed' | 'done' | 'dead' | 'canceled'
  >;
  due_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  claim_token: string | null;
  last_error: string | null;
  response_status: number | null;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ApplicationsTable {
  application_id: Generated<number>;
  customer_id: number;
  application_name: string;
  application_active: YesNoDefault;
  search_text: SearchText;
  application_createby: string | null;
  application_createdt: Timestamp;
  application_updateby: string | null;
  application_updatedt: NullableTimestamp;
}

export interface ModulesTable {
  module_id: Generated<number>;
  customer_id: number;
  application_id: number;
  module_name: string;
  module_desc: ColumnType<string, string | undefined, string>;
  module_active: YesNoDefault;
  escalation_id: number | null;
  sla_id: number | null;
  search_text: SearchText;
  module_createby: string | null;
  module_createdt: Timestamp;
  module_updateby: string | null;
  module_updatedt: NullableTimestamp;
  /** migration 0007: the SHA-256 (hex) of the module's credential key, and when it was made */
  credential_hash: string | null;
  credential_createdt: NullableTimestamp;
  /** migration 0028: the local part of the module's e-mail address, derived by the database from credential_hash */
  inbound_email_local: ColumnType<string | null, never, never>;
}

/** A message a gateway reported to the inbound webhook, and what was done with it (migration 0009). */
export interface InboundMessagesTable {
  id: Generated<number>;
  received_at: Timestamp;
  kind: 'sms' | 'voice' | 'status';
  sender: string | null;
  dedup_key: string;
  body: ColumnType<unknown, string, string>;
  result: string;
  event_id: number | null;
  answer: ColumnType<unknown, string, string>;
}

/** Numbers that replied STOP (migration 0009). */
export interface SmsOptOutsTable {
  phone: string;
  opted_out_at: Timestamp;
}

/**
 * Per customer, calendar day of the customer (by creation) and module, what the dashboard adds up
 * (migration 0012); module 0 holds events without a module. `day` is a date: read it as text
 * (`day::text`). The `_changes` tables hold, in the same columns, what changed since (written by
 * triggers on events); readers add both.
 */
export interface EventDayCountsTable {
  customer_id: number;
  day: ColumnType<Date, string, string>;
  module_id: number;
  num_events: number;
  num_open: number;
  num_progress: number;
  num_completed: number;
  num_canceled: number;
  num_sla_met: number;
  num_sla_missed: number;
  num_responded: number;
  response_minutes: number;
  num_resolved: number;
  resolution_minutes: number;
}

/** Per customer, day and resource, the events last assigned to the resource (migration 0012). */
export interface EventDayRespondersTable {
  customer_id: number;
  day: ColumnType<Date, string, string>;
  resource: string;
  num_events: number;
}

/** How many events per customer, UTC month and filter values (migration 0013): kept by the events' triggers. */
export interface EventCountsTable {
  customer_id: number;
  month: Timestamp;
  application_id: number | null;
  module_id: number | null;
  event_status: string;
  sla_compliance: string | null;
  events: number;
}

/** How many events of a customer have one incident text (migration 0017). */
export interface EventSubjectCountsTable {
  customer_id: number;
  subject: string;
  events: number;
}

export interface EventChangeMarksTable {
  customer_id: number;
}

/** A customer's team chat (migration 0022): plain settings, and each secret sealed (security/secret-box.ts). */
export interface TeamChatsTable {
  customer_id: number;
  provider: 'slack' | 'mattermost' | 'teams';
  enabled: boolean;
  settings: ColumnType<Record<string, unknown>, string, string>;
  secrets: ColumnType<Record<string, string>, string, string>;
  updated_by: string;
  updated_at: Timestamp;
}

/** A notice of an event to post to a team chat: a job row (jobs/lease.ts), migration 0022. */
export interface ChatNoticesTable {
  id: Generated<number>;
  customer_id: number;
  event_id: number;
  provider: 'slack' | 'mattermost' | 'teams';
  kind: 'new' | 'accepted' | 'resolved' | 'canceled' | 'step';
  actor: string | null;
  /** a step notice's contact: the event-log row it marks sent or failed (migration 0024) */
  contact_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** a step notice's line (`chatStepText`), written when the step was walked (migration 0024) */
  body: ColumnType<string | null, string | null | undefined, string | null>;
  idempotency_key: string;
  status: ColumnType<
    'pending' | 'claimed' | 'posted' | 'dead' | 'canceled',
    'pending' | undefined,
    'pending' | 'claimed' | 'posted' | 'dead' | 'canceled'
  >;
  due_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  claim_token: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** where its message went (Slack: the channel and the message's ts), for the later updates */
  post_ref: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}
export type ChatNoticeRow = Selectable<ChatNoticesTable>;

/** docs/product.md#importers (migration 0033): the Relevo record an import made of a tool's record. */
export interface ImportedRecordsTable {
  customer_id: number;
  source: 'pagerduty' | 'opsgenie' | 'goalert' | 'grafana-oncall';
  kind: 'resource' | 'schedule' | 'override' | 'escalation' | 'step' | 'application' | 'module';
  external_id: string;
  record_id: number;
  made_at: Date;
}

export interface DB {
  api_tokens: ApiTokensTable;
  app_settings: AppSettingsTable;
  roles: RolesTable;
  languages: LanguagesTable;
  channels: ChannelsTable;
  participation_types: ParticipationTypesTable;
  customers: CustomersTable;
  users: UsersTable;
  sessions: SessionsTable;
  customer_sso: CustomerSsoTable;
  sso_domains: SsoDomainsTable;
  sso_logins: SsoLoginsTable;
  verification_codes: VerificationCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  sms_reset_requests: SmsResetRequestsTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  delivery_accounts: DeliveryAccountsTable;
  delivery_chains: DeliveryChainsTable;
  push_subscriptions: PushSubscriptionsTable;
  audit_log: AuditLogTable;
  events: EventsTable;
  resources: ResourcesTable;
  slas: SlasTable;
  escalations: EscalationsTable;
  escalation_resources: EscalationResourcesTable;
  schedules: SchedulesTable;
  schedule_members: ScheduleMembersTable;
  schedule_overrides: ScheduleOverridesTable;
  calendar_feeds: CalendarFeedsTable;
  schedule_handoffs: ScheduleHandoffsTable;
  heartbeats: HeartbeatsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  imported_records: ImportedRecordsTable;
  maintenance_windows: MaintenanceWindowsTable;
  applications: ApplicationsTable;
  modules: ModulesTable;
  event_logs: EventLogsTable;
  event_actions: EventActionsTable;
  engine_timers: EngineTimersTable;
  team_chats: TeamChatsTable;
  chat_notices: ChatNoticesTable;
  inbound_messages: InboundMessagesTable;
  sms_opt_outs: SmsOptOutsTable;
  contact_slots: ContactSlotsTable;
  customer_send_windows: CustomerSendWindowsTable;
  event_audio: EventAudioTable;
  event_day_counts: EventDayCountsTable;
  event_day_count_changes: EventDayCountsTable;
  event_day_responders: EventDayRespondersTable;
  event_day_responder_changes: EventDayRespondersTable;
  event_counts: EventCountsTable;
  event_count_changes: EventCountsTable;
  event_subject_counts: EventSubjectCountsTable;
  event_subject_count_changes: EventSubjectCountsTable;
  event_change_marks: EventChangeMarksTable;
}

export type CustomerRow = Selectable<CustomersTable>;
export type OutboxRow = Selectable<OutboxTable>;
