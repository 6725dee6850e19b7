import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO text */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
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
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  hits: number;
}

export type OutboxChannel = 'email' | 'sms' | 'voice';
/** The job statuses (src/jobs/lease.ts) with `sent` as the outbox's done status. */
export type OutboxStatus = 'pending' | 'claimed' | 'sent' | 'dead' | 'canceled';

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
}

export interface AuditLogTable {
  id: Generated<number>;
  customer_id: number | null;
  actor_id: number | null;
  actor_email: string | null;
  action: 'create' | 'update' | 'delete' | 'password' | 'login' | 'logout' | 'reset';
  entity: string;
  entity_id: string | null;
  detail: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export type EventStatus = 'open' | 'progress' | 'completed' | 'canceled';

/** Incident events (spec 3 Event); the escalation engine fills them. */
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
}

export interface DB {
  app_settings: AppSettingsTable;
  roles: RolesTable;
  languages: LanguagesTable;
  channels: ChannelsTable;
  participation_types: ParticipationTypesTable;
  customers: CustomersTable;
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  sms_reset_requests: SmsResetRequestsTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  events: EventsTable;
}

export type CustomerRow = Selectable<CustomersTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdateRow = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxRow = Selectable<OutboxTable>;
