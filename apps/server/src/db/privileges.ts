import { sql, type Kysely } from 'kysely';
import { APP_ROLE, AUTH_ROLE, STAFF_ROLE } from './roles';

/**
 * What each app role may do with each table (ASVS V8 least privilege). None of them owns a table:
 * row-level security decides the rows, these grants the tables and columns.
 * - `app` (relevo_app): a customer's unit of work; `staff` (relevo_staff): staff and the worker;
 *   `auth` (relevo_auth): sign-in, sessions, codes, reset requests, rate limits.
 * - `app_settings` (the session signing secret) and the migrator's own tables: the owner only.
 * - `users.password_hash` is written by the people screens (a new user, an admin password
 *   change) but read by `auth` only.
 *
 * Every table of the database must be listed: a migration that adds a table without deciding
 * its privileges fails at start (`applyPrivileges`).
 */
type Grants = Partial<Record<'app' | 'staff' | 'auth', string>>;

const READ = 'select';
const WRITE = 'select, insert, update, delete';
/** Reference data: every app role reads it. */
const EVERYONE_READS: Grants = { app: READ, staff: READ, auth: READ };
/** A customer's units of work keep their own rows (row-level security), staff every customer's. */
const TENANTS_WRITE: Grants = { app: WRITE, staff: WRITE };
/** Read by customers' and staff units of work, written only by the owner (triggers, folds). */
const TENANTS_READ: Grants = { app: READ, staff: READ };

export const TABLE_PRIVILEGES: Record<string, Grants> = {
  app_settings: {},
  kysely_migration: {},
  kysely_migration_lock: {},
  roles: EVERYONE_READS,
  languages: EVERYONE_READS,
  channels: EVERYONE_READS,
  participation_types: EVERYONE_READS,
  // a customer's unit of work reads its own customer and never changes it (its quota, its state)
  customers: { app: READ, staff: WRITE, auth: READ },
  // select of every column but password_hash is granted column by column below
  users: { app: 'insert, update, delete', staff: 'insert, update, delete', auth: 'select, update' },
  sessions: { auth: WRITE },
  verification_codes: { auth: WRITE },
  password_reset_tokens: { auth: WRITE },
  sms_reset_requests: { auth: WRITE },
  rate_limits: { auth: WRITE },
  // anyone may queue a message (a repeated key is one message: ON CONFLICT reads the key column);
  // the worker (staff) sends and records them
  outbox: { app: 'insert, select (idempotency_key)', staff: WRITE, auth: 'insert, select (idempotency_key)' },
  // the audit trail is written, never changed; staff read it, and a Customer Root their customer's
  // (docs/product.md#audit-trail; row-level security keeps the rest out)
  audit_log: { app: 'select, insert', staff: 'select, insert', auth: 'insert' },
  events: TENANTS_WRITE,
  // the engine (the worker, as staff) writes the log; customers read it (migration 0008)
  event_logs: { app: READ, staff: WRITE },
  // an incident made in a customer's unit of work starts its timer there; the worker runs them all
  engine_timers: { app: 'select, insert, update', staff: WRITE },
  // the engine writes a voice call's audio row, the worker its sound, the public audio address
  // reads it and housekeeping deletes it (all staff); the events list shows its address (migration 0010)
  event_audio: { app: READ, staff: WRITE },
  // a customer's provider accounts and failover order: staff only, its secrets sealed (migration 0020)
  // what people did to an event (migration 0021): written by the unit of work that acted (the
  // engine's, as staff), never changed; customers read their events' actions
  event_actions: { app: READ, staff: 'select, insert' },
  delivery_accounts: { staff: WRITE },
  delivery_chains: { staff: WRITE },
  // a customer's team chats (migration 0022): its Customer Root keeps them in its own unit of work;
  // the worker and the chats' buttons read them as staff. Their secrets are sealed.
  team_chats: TENANTS_WRITE,
  // the notices of events to post to the chats: queued by whichever unit of work changes the event
  // (a repeated key is one notice: ON CONFLICT reads the key column); the worker (staff) posts them
  chat_notices: { app: 'insert, select (idempotency_key)', staff: WRITE },
  // a person's or user's push devices (migration 0023): a user keeps their own from the profile (their
  // customer's unit of work); the responder link's service and the worker act as staff
  push_subscriptions: TENANTS_WRITE,
  // docs/product.md#schedules (migration 0025): a customer's schedules, their members and overrides,
  // its calendar feeds' secrets (sealed); the worker (staff) reads them all and records the handoff
  // notices it queued
  schedules: TENANTS_WRITE,
  schedule_members: TENANTS_WRITE,
  schedule_overrides: TENANTS_WRITE,
  calendar_feeds: TENANTS_WRITE,
  schedule_handoffs: { app: READ, staff: WRITE },
  // docs/product.md#heartbeat-monitors (migration 0027): a customer's monitors, their sealed
  // secrets; a beat and the job layer's worker act as staff
  heartbeats: TENANTS_WRITE,
  // docs/product.md#outgoing-webhooks (migration 0029): a customer's webhooks (their secrets sealed),
  // kept by its Customer Root; their deliveries are queued by the events' triggers (as the owner),
  // read by the customer's log and sent by the worker (staff), which disables a failing webhook
  webhooks: TENANTS_WRITE,
  webhook_deliveries: { app: READ, staff: WRITE },
  // docs/product.md#importers (migration 0033): what each import made, so a second one makes nothing again
  imported_records: TENANTS_WRITE,
  // docs/product.md#api-tokens (migration 0030): a Customer Root's tokens (row-level security) and
  // the staff side's; the sign-in role finds a call's token by its hash and notes its last use
  api_tokens: { app: 'select, insert, update', staff: 'select, insert, update', auth: 'select, update' },
  // docs/product.md#single-sign-on (migration 0032): a customer's own provider (its secret sealed) and
  // its claimed e-mail domains, kept by staff and read by sign-in; the attempts on their way to a
  // provider are sign-in's alone
  customer_sso: { staff: WRITE, auth: READ },
  sso_domains: { staff: WRITE, auth: READ },
  sso_logins: { auth: WRITE },
  // docs/product.md#maintenance-windows (migration 0026): a customer's maintenance windows; the
  // ingest (staff) reads them, the engine's release (staff) reads them too
  maintenance_windows: TENANTS_WRITE,
  // the catalogue (migration 0006): a customer's units of work keep it; staff and the engine read
  // and write every customer's (the role matrix decides who may call what)
  resources: TENANTS_WRITE,
  slas: TENANTS_WRITE,
  escalations: TENANTS_WRITE,
  escalation_resources: TENANTS_WRITE,
  applications: TENANTS_WRITE,
  modules: TENANTS_WRITE,
  // the inbound webhook's record and the STOP list (migration 0009): the gateway's side, staff only
  inbound_messages: { staff: 'select, insert, delete' },
  sms_opt_outs: { staff: WRITE },
  // throttling (migration 0011): the engine (staff) hands out each recipient's minutes and counts each customer's
  contact_slots: { staff: WRITE },
  customer_send_windows: { staff: WRITE },
  // the dashboard's day counts and their changes (migration 0012): written by the triggers of
  // events, in the unit of work that changes the events, so whoever may write events keeps them
  event_day_counts: TENANTS_WRITE,
  event_day_count_changes: TENANTS_WRITE,
  event_day_responders: TENANTS_WRITE,
  event_day_responder_changes: TENANTS_WRITE,
  // the events' totals (migration 0013) and their changes since the last fold (0016): written by the
  // events' triggers and the fold as the owner, read by the lists
  event_counts: TENANTS_READ,
  event_count_changes: TENANTS_READ,
  // how many events each incident text has (migration 0017), and its changes since the last fold: as above
  event_subject_counts: TENANTS_READ,
  event_subject_count_changes: TENANTS_READ,
  // which customers' events changed since the last announcement (migration 0016): the owner's alone
  event_change_marks: {},
};

/** Columns no app role but `auth` may read. */
const SECRET_COLUMNS: Record<string, string[]> = { users: ['password_hash'] };

const ROLE_NAMES = { app: APP_ROLE, staff: STAFF_ROLE, auth: AUTH_ROLE } as const;
/** The functions of the migrations (owned by the schema's owner, no grant to public) and who may call each. */
const FUNCTIONS: Record<string, (keyof typeof ROLE_NAMES)[]> = {
  'relevo_revoke_user_sessions(integer, timestamptz, text)': ['app', 'staff', 'auth'],
  'relevo_revoke_customer_sessions(integer, timestamptz)': ['app', 'staff', 'auth'],
  // the events search through its indexes (migration 0015): customers and staff, never sign-in's role
  'relevo_event_search(integer, text, text, integer, integer, text, text, timestamptz, timestamptz)': ['app', 'staff'],
  // the incident texts a search matches, through their trigram index (migration 0018): the same callers
  'relevo_event_subject_search(integer, text)': ['app', 'staff'],
  // moving the events' count changes into their totals (migration 0016): the worker
  'relevo_fold_event_counts()': ['staff'],
  // word of the events' changes to the screens that follow them (migration 0016)
  'relevo_announce_event_changes()': ['staff'],
};

/** A table of the database that TABLE_PRIVILEGES does not list: the privileges step refuses to guess. */
export class UnlistedTableError extends Error {}

/**
 * Sets the grants of every app role from TABLE_PRIVILEGES: revokes everything, then grants what
 * the table lists. Runs after the migrations, in one transaction, under an advisory lock so that
 * processes starting together do not race.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function applyPrivileges(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(7245001)`.execute(tx);
    const tables = (
      await sql<{
        name: string;
      }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(tx)
    ).rows.map((r) => r.name);
    const unlisted = tables.filter((table) => !(table in TABLE_PRIVILEGES));
    if (unlisted.length)
      throw new UnlistedTableError(
        `Table privileges are not decided for: ${unlisted.join(', ')} (apps/server/src/db/privileges.ts)`,
      );
    const roles = Object.values(ROLE_NAMES).join(', ');
    const run = (statement: string) => sql.raw(statement).execute(tx);
    for (const role of Object.values(ROLE_NAMES)) {
      // the owner acts as each role (set role), so it must be a member
      await run(`grant ${role} to current_user`);
      await run(`grant usage on schema public to ${role}`);
      await run(`grant usage, select on all sequences in schema public to ${role}`);
    }
    for (const table of tables) {
      await run(`revoke all on table ${table} from ${roles}`);
      for (const [key, privileges] of Object.entries(TABLE_PRIVILEGES[table]!)) {
        await run(`grant ${privileges} on table ${table} to ${ROLE_NAMES[key as keyof typeof ROLE_NAMES]}`);
      }
    }
    // the app roles read every column of users but the password hash
    const readable = (
      await sql<{
        name: string;
      }>`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'users' order by ordinal_position`.execute(
        tx,
      )
    ).rows
      .map((r) => r.name)
      .filter((column) => !SECRET_COLUMNS.users!.includes(column));
    for (const role of [APP_ROLE, STAFF_ROLE])
      await run(`grant select (${readable.join(', ')}) on table users to ${role}`);
    for (const [fn, callers] of Object.entries(FUNCTIONS)) {
      await run(`revoke all on function ${fn} from ${roles}`);
      await run(`grant execute on function ${fn} to ${callers.map((key) => ROLE_NAMES[key]).join(', ')}`);
    }
  });
}
