import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { sql } from 'kysely';
import {
  ENDPOINTS,
  apiTokenEndpoints,
  applicationEndpoints,
  deliveryEndpoints,
  customerEndpoints,
  dashboardEndpoints,
  escalationEndpoints,
  eventEndpoints,
  fillPath,
  heartbeatEndpoints,
  incidentEndpoints,
  maintenanceEndpoints,
  moduleEndpoints,
  moduleToolEndpoints,
  resourceEndpoints,
  scheduleEndpoints,
  slaEndpoints,
  webhookEndpoints,
  importEndpoints,
  type AnyEndpoint,
  type AuthKind,
} from '@relevo/api';
import { ALL_ROLES, ROLE_NAMES, newEngineState, type RoleId } from '@relevo/domain';
import { hashPassword } from '../src/auth/passwords';
import { saveAccount, sealAccount } from '../src/delivery/accounts';
import { insertUser } from '../src/people/queries';
import { insertRunnableModule } from './support/catalogue';
import { beatSealPlace, beatTokenHash, newBeatToken } from '../src/heartbeats/queries';
import { webhookSealPlace } from '../src/webhooks/queries';
import { DATABASE_KINDS } from './support/databases';
import { STRONG_PASSWORD, asSystem, startTestApp, type TestApp } from './support/harness';

/**
 * Issue 5: every endpoint × every role × the caller's own tenant and another tenant, asserting
 * the status, what a permitted call did, and, where refused, that nothing changed.
 *
 * The expected statuses are written by hand below, from the spec (docs/product.md#sidebar-by-role, #user-lists and
 * 6) and, where the spec is silent, from the decisions of docs/architecture.md and
 * libs/domain/src/roles/permissions.ts, each quoted next to its row. They are deliberately not
 * computed from `can()` or `PERMISSIONS`: a wrong permission table must fail this test.
 *
 * "Another tenant" is another customer's record for a call on one record, and another customer
 * named in the query or body for a list or a create; staff reach every customer, so for them the
 * other tenant's record is one their screen does not hold (a customer user on Admin Users, a
 * staff user on Customer Users, a customer that does not exist).
 */
type Status = 200 | 403 | 404;
/** One status per role, in the order StaffRoot, StaffEdit, StaffView, CustomerRoot, Customer. */
type ByRole = readonly [Status, Status, Status, Status, Status];
/** A session endpoint: the status on the caller's own tenant, and on another (calls on a record, or naming a customer). */
interface SessionRow {
  own: ByRole;
  other?: ByRole;
}
/** An endpoint that no role reaches through a session (sign-in, code step, reset); sign-in.test.ts and reset.test.ts cover them. */
interface NoSessionRow {
  auth: Exclude<AuthKind, 'session'>;
}
type Row = SessionRow | NoSessionRow;

const ALL: ByRole = [200, 200, 200, 200, 200];
/** The same expected row for each of these endpoints. */
const rowsFor = (row: SessionRow, keys: string[]): Record<string, SessionRow> =>
  Object.fromEntries(keys.map((key) => [key, row]));
const CATALOGUE_READ: ByRole = [403, 403, 403, 200, 200];
const CATALOGUE_READ_OTHER: ByRole = [403, 403, 403, 404, 404];
const CATALOGUE_WRITE: ByRole = [403, 403, 403, 200, 403];
const CATALOGUE_WRITE_OTHER: ByRole = [403, 403, 403, 404, 403];

/** The expected answer of each endpoint (method and path) to each role. */
const EXPECTED: Record<string, Row> = {
  // docs/product.md#sign-in-and-reset-calls and reset: before a session exists
  'POST /api/login/jwt/': { auth: 'public' },
  'POST /api/login/jwt/tfa': { auth: 'preauth' },
  'POST /api/login/jwt/resend': { auth: 'preauth' },
  // docs/product.md#single-sign-on: browser navigations before a session exists (oidc.test.ts)
  'GET /api/auth/sso/start': { auth: 'public' },
  'GET /api/auth/sso/callback': { auth: 'public' },
  // docs/product.md#roles-and-permissions: "Password reset flows need no login"; SMS step 2 carries the token of step 1 (docs/product.md#http-calls)
  'POST /api/users/reset_password/sms/': { auth: 'public' },
  'POST /api/users/reset_password/sms/verify/': { auth: 'resetToken' },
  'POST /api/management/password/reset/': { auth: 'public' },
  'PUT /api/management/password/confirm/reset/:token': { auth: 'public' },
  // the web app reads the version and the widget before sign-in (docs/product.md#processes-storage-and-configuration); load balancers read the health and the readiness
  'GET /api/settings/client': { auth: 'public' },
  'GET /api/health': { auth: 'public' },
  'GET /api/ready': { auth: 'public' },
  // docs/product.md#openapi-document: the table's own document, read by integrators' tools
  'GET /api/openapi.json': { auth: 'public' },

  // every signed-in user: own session user, own settings (docs/product.md#languages), logout, own password
  // (docs/product.md#layout settings menu, 2.8 profile), profile counts (docs/product.md#profile), own customer
  // (docs/product.md#http-calls GET /api/procedures/get/current), the language list (docs/product.md#http-calls)
  'GET /api/users/me': { own: ALL },
  'PUT /api/users/me': { own: ALL },
  'POST /api/login/jwt/logout': { own: ALL },
  'PUT /api/management/password/change/': { own: ALL },
  'GET /api/users/user/dashboard/': { own: ALL },
  'GET /api/procedures/get/current': { own: ALL },
  'GET /api/preferred/language': { own: ALL },
  // the step form's channel and participation type options (docs/product.md#escalation-steps, #http-calls): the catalogue's roles
  // (docs/product.md#roles-and-permissions: escalation resources allow CustomerRoot and Customer)
  'GET /api/channels/channel': { own: [403, 403, 403, 200, 200] },
  'GET /api/participation/type': { own: [403, 403, 403, 200, 200] },

  // Customers: docs/product.md#sidebar-by-role gives the screen to 1, 2, 3; docs/product.md#roles-and-permissions "Customers: Create and actions
  // column hidden for StaffView". Staff reach every customer, so another tenant's id is one that
  // does not exist (404).
  'GET /api/procedures/get/customer': { own: [200, 200, 200, 403, 403] },
  'GET /api/procedures/get/customer/:id': { own: [200, 200, 200, 403, 403], other: [404, 404, 404, 403, 403] },
  'POST /api/procedures/add/customer': { own: [200, 200, 403, 403, 403] },
  'PUT /api/procedures/upd/customer/:id': { own: [200, 200, 403, 403, 403], other: [404, 404, 403, 403, 403] },
  'DELETE /api/procedures/del/customer/:id': { own: [200, 200, 403, 403, 403], other: [404, 404, 403, 403, 403] },
  // spec silent on who reads the free customers (docs/product.md#http-calls lists the call under Customers):
  // permissions.ts gives it `customers.read`, the staff who read the Customers screen; a customer
  // never sees other customers.
  'GET /api/customers/free': { own: [200, 200, 200, 403, 403] },
  // docs/product.md#single-sign-on: a customer's own provider is kept by Staff Root and Staff Edit,
  // who change customers (its secret is theirs to give, so StaffView does not read it either)
  'GET /api/customers/:id/sso': { own: [200, 200, 403, 403, 403], other: [404, 404, 403, 403, 403] },
  'PUT /api/customers/:id/sso': { own: [200, 200, 403, 403, 403], other: [404, 404, 403, 403, 403] },

  // Admin Users: docs/product.md#roles-and-permissions "admin/users is StaffRoot only" (docs/product.md#sidebar-by-role: Admin Users for 1). A create
  // naming another customer still makes a staff user of the provider (architecture.md: staff
  // users belong to the provider's organisation).
  'GET /api/user/staff/root': { own: [200, 403, 403, 403, 403], other: [200, 403, 403, 403, 403] },
  'POST /api/user/staff/root': { own: [200, 403, 403, 403, 403], other: [200, 403, 403, 403, 403] },
  'GET /api/user/staff/root/:id': { own: [200, 403, 403, 403, 403], other: [404, 403, 403, 403, 403] },
  'PUT /api/user/staff/root/:id': { own: [200, 403, 403, 403, 403], other: [404, 403, 403, 403, 403] },
  'DELETE /api/user/staff/root/:id': { own: [200, 403, 403, 403, 403], other: [404, 403, 403, 403, 403] },
  'PUT /api/management/password/user/reset/:id': { own: [200, 403, 403, 403, 403], other: [404, 403, 403, 403, 403] },

  // Customer Users: docs/product.md#sidebar-by-role gives the screen to 1, 2, 3; docs/product.md#roles-and-permissions "Create hidden for CustomerRoot
  // and StaffView; actions column only for StaffRoot". Staff reach every customer's users, so
  // naming another customer is allowed; a staff user's id is not on this screen (404).
  'GET /api/user/customer/root': { own: [200, 200, 200, 403, 403], other: [200, 200, 200, 403, 403] },
  'POST /api/user/customer/root': { own: [200, 200, 403, 403, 403], other: [200, 200, 403, 403, 403] },
  'GET /api/user/customer/root/:id': { own: [200, 200, 200, 403, 403], other: [404, 404, 404, 403, 403] },
  'PUT /api/user/customer/root/:id': { own: [200, 403, 403, 403, 403], other: [404, 403, 403, 403, 403] },
  'DELETE /api/user/customer/root/:id': { own: [200, 403, 403, 403, 403], other: [404, 403, 403, 403, 403] },
  'PUT /api/user/customer/root/password/:id': { own: [200, 403, 403, 403, 403], other: [404, 403, 403, 403, 403] },

  // Users (customer side): docs/product.md#sidebar-by-role gives the entry to 4 only. Spec 6 shows its Create button to
  // CustomerRoot and Customer, but architecture.md decides: "The Users screen's Create button
  // follows the server's permission (ownUsers.write: Customer Root); the Customer role has no
  // Users entry in the sidebar (docs/product.md#sidebar-by-role) and cannot open it." Staff have no Users screen (their
  // screens are Admin Users and Customer Users). A Customer Root naming another customer gets
  // its own customer's users (list: none of the other's; create: made in its own customer), and
  // another customer's user is not found (404).
  'GET /api/user/clients/not_root': { own: [403, 403, 403, 200, 403], other: [403, 403, 403, 200, 403] },
  'POST /api/user/clients/not_root': { own: [403, 403, 403, 200, 403], other: [403, 403, 403, 200, 403] },
  'GET /api/user/clients/not_root/:id': { own: [403, 403, 403, 200, 403], other: [403, 403, 403, 404, 403] },
  'PUT /api/user/clients/not_root/:id': { own: [403, 403, 403, 200, 403], other: [403, 403, 403, 404, 403] },
  'DELETE /api/user/clients/not_root/:id': { own: [403, 403, 403, 200, 403], other: [403, 403, 403, 404, 403] },
  'PUT /api/user/clients/not_root/password/:id': { own: [403, 403, 403, 200, 403], other: [403, 403, 403, 404, 403] },

  // The catalogue (docs/product.md#roles-and-permissions: applications, modules, escalations, escalation resources, SLA and
  // resources allow CustomerRoot and Customer; docs/roles.md: a Customer reads, a Customer Root
  // changes; staff run customer organisations, not their on-call set-up). Another customer's
  // record is not found, and so is an escalation or application named in a list's query.
  // read lists
  ...rowsFor({ own: CATALOGUE_READ }, [
    'GET /api/procedures/get/resource',
    'GET /api/procedures/get/resource-limit',
    'GET /api/procedures/get/sla',
    'GET /api/procedures/get/escalation',
    'GET /api/procedures/get/application',
  ]),
  // read one record (or a list of one escalation or application)
  ...rowsFor({ own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER }, [
    'GET /api/procedures/get/resource/filtered/:id',
    'GET /api/procedures/get/resource/:id',
    'GET /api/procedures/get/sla/:id',
    'GET /api/procedures/get/escalation/:id',
    'GET /api/escalation/resource',
    'GET /api/escalation/resource/:id',
    'GET /api/procedures/get/application/:id',
    'GET /api/modules/module',
    'GET /api/modules/module/:id',
  ]),
  // create
  ...rowsFor({ own: CATALOGUE_WRITE }, [
    'POST /api/procedures/add/resource',
    'POST /api/procedures/add/sla',
    'POST /api/procedures/add/escalation',
    'POST /api/procedures/add/application',
  ]),
  // change or delete one record (or add to one escalation or application)
  ...rowsFor({ own: CATALOGUE_WRITE, other: CATALOGUE_WRITE_OTHER }, [
    'PUT /api/procedures/upd/resource/:id',
    'DELETE /api/procedures/del/resource/:id',
    'PUT /api/procedures/upd/sla/:id',
    'DELETE /api/procedures/del/sla/:id',
    'PUT /api/procedures/upd/escalation/:id',
    'DELETE /api/procedures/del/escalation/:id',
    'PUT /api/escalation/priority/:id',
    'POST /api/escalation/resource',
    'PUT /api/escalation/resource/:id',
    'DELETE /api/escalation/resource/:id',
    'PUT /api/procedures/upd/application/:id',
    'DELETE /api/procedures/del/application/:id',
    'POST /api/modules/module',
    'PUT /api/modules/module/:id',
    'DELETE /api/modules/module/:id',
  ]),

  // Modules' tool set (docs/product.md#modules): the modules screen allows CustomerRoot and Customer (docs/product.md#roles-and-permissions);
  // docs/roles.md: a Customer reads the catalogue (the examples) and a Customer Root changes it
  // (a new credential key voids the old one). Another customer's module is not found.
  'GET /api/events/module/credential/:module/:application': {
    own: [403, 403, 403, 200, 403],
    other: [403, 403, 403, 404, 403],
  },
  'POST /api/events/module/credential/:module/:application': {
    own: [403, 403, 403, 200, 403],
    other: [403, 403, 403, 404, 403],
  },
  'GET /api/events/module/examples/:id': { own: [403, 403, 403, 200, 200], other: [403, 403, 403, 404, 404] },
  // Incident Simulation makes a real event (docs/product.md#incidents-in): a change, so a Customer Root's
  'POST /api/events/module/emulation/:id': { own: [403, 403, 403, 200, 403], other: [403, 403, 403, 404, 403] },
  // Events (docs/product.md#roles-and-permissions: events and event logs allow CustomerRoot and Customer; staff do not follow a customer's incidents)
  'GET /api/events/filters': { own: CATALOGUE_READ },
  'GET /api/events/log/:id': { own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER },
  // the CSV exports of the same screens (docs/product.md#constants-and-limits) and the list's stream of changes
  'GET /api/events/export': { own: CATALOGUE_READ },
  'GET /api/events/log/:id/export': { own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER },
  'GET /api/events/stream': { own: CATALOGUE_READ },
  // docs/product.md#responding: both customer roles act on their own customer's events and read their
  // timeline; staff do not follow a customer's incidents; another customer's case is not found
  ...rowsFor({ own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER }, [
    'POST /api/events/:case_id/accept',
    'POST /api/events/:case_id/resolve',
    'POST /api/events/:case_id/reassign',
    'POST /api/events/:case_id/escalate',
    'POST /api/events/:case_id/notes',
    'GET /api/events/:case_id/timeline',
  ]),
  // the ingest API: a monitoring system with a module's credentials, not a session (ingest.test.ts)
  'POST /api/v1/incidents': { auth: 'moduleKey' },
  'POST /api/v1/incidents/:case_id/resolve': { auth: 'moduleKey' },
  'POST /api/v1/incidents/:case_id/cancel': { auth: 'moduleKey' },
  // the responder page: its link's signed token is the credential (responder.test.ts)
  'GET /api/v1/respond/:token': { auth: 'public' },
  'POST /api/v1/respond/:token/accept': { auth: 'public' },
  'POST /api/v1/respond/:token/resolve': { auth: 'public' },
  // the inbound webhook: a gateway, by the signature of the raw body (inbound.test.ts)
  'POST /api/v1/channels/inbound': { auth: 'signedWebhook' },
  // Events API v2 (the routing key in the body) and Alertmanager's receiver (HTTP Basic): events-v2.test.ts
  'POST /v2/enqueue': { auth: 'public' },
  'POST /api/v2/enqueue': { auth: 'public' },
  'POST /api/v1/integrations/alertmanager': { auth: 'moduleKey' },
  // a voice call's spoken audio: its address's random token is the credential, for the gateway and the player (audio.test.ts)
  'GET /api/v1/audio/:token': { auth: 'public' },
  // Dashboard summaries (docs/product.md#sidebar-by-role: the Dashboard entry for 4 and 5; docs/product.md#routes and #roles-and-permissions: the dashboard
  // route for the customer roles; staff do not follow a customer's incidents). Another customer
  // named in the query changes nothing: the answer is the caller's own customer's.
  ...rowsFor({ own: CATALOGUE_READ, other: CATALOGUE_READ }, [
    'GET /api/summary/dashboard/today',
    'GET /api/summary/dashboard/modules',
    'GET /api/summary/dashboard/performance',
    'GET /api/summary/dashboard/compliance',
    'GET /api/summary/dashboard/resource',
    'GET /api/summary/dashboard/chart',
    'GET /api/summary/dashboard/events',
  ]),
  // the User Guide assistant (docs/product.md#roles-and-permissions: user_guide allows CustomerRoot and Customer; docs/product.md#sidebar-by-role: the
  // User Guide entry for 4 and 5). The guide is one for every customer: there is no other tenant.
  'POST /api/chatbot/generate/prompt': { own: CATALOGUE_READ },
  // Delivery (docs/product.md#delivery-providers): staff keep each customer's providers; StaffView
  // reads them. Staff reach every customer, so another tenant's id is one that does not exist (404).
  'GET /api/v1/customers/:id/delivery': { own: [200, 200, 200, 403, 403], other: [404, 404, 404, 403, 403] },
  ...rowsFor({ own: [200, 200, 403, 403, 403], other: [404, 404, 403, 403, 403] }, [
    'PUT /api/v1/customers/:id/delivery/providers/:provider',
    'DELETE /api/v1/customers/:id/delivery/providers/:provider',
    'POST /api/v1/customers/:id/delivery/providers/:provider/check',
    'PUT /api/v1/customers/:id/delivery/chain',
  ]),
  // Send a test (docs/product.md#send-a-test): both customer roles, on their own customer's resources
  'POST /api/v1/resources/:id/test': { own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER },
  'GET /api/v1/resources/:id/test': { own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER },
  // a provider's callbacks: public, each verified with that provider's own signature (delivery-providers.test.ts)
  'POST /api/v1/channels/:provider/:kind': { auth: 'public' },
  // Web Push (docs/product.md#push-notifications): the VAPID key is public; a responder link's token is
  // the credential of its person's devices (push.test.ts); every user with a profile keeps their own
  'GET /api/v1/push/key': { auth: 'public' },
  'POST /api/v1/respond/:token/push/state': { auth: 'public' },
  'POST /api/v1/respond/:token/push': { auth: 'public' },
  'POST /api/v1/respond/:token/push/remove': { auth: 'public' },
  'GET /api/v1/me/push': { own: ALL },
  'POST /api/v1/me/push': { own: ALL },
  'POST /api/v1/me/push/remove': { own: ALL },
  // Team chat (docs/product.md#team-chat): a Customer Root keeps its own customer's chats (no id:
  // always the caller's own customer; team-chat.test.ts shows another customer's stay apart)
  ...rowsFor({ own: CATALOGUE_WRITE }, [
    'GET /api/settings/slack',
    'PUT /api/settings/slack',
    'GET /api/settings/mattermost',
    'PUT /api/settings/mattermost',
    'GET /api/settings/teams',
    'PUT /api/settings/teams',
  ]),
  // Schedules (docs/product.md#schedules): "Role rules as for escalations; another customer's ids
  // 404": both customer roles read, a Customer Root changes; both customer roles set and remove
  // overrides (permissions.ts `schedules.override`: "take this shift"); staff do not keep a
  // customer's on-call set-up. The dashboard's "On call now" and the resources' next shifts are the
  // caller's own customer's.
  ...rowsFor({ own: CATALOGUE_READ }, ['GET /api/schedules', 'GET /api/on-call', 'GET /api/on-call/next-shifts']),
  'POST /api/schedules': { own: CATALOGUE_WRITE },
  ...rowsFor({ own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER }, [
    'GET /api/schedules/:id',
    'GET /api/schedules/:id/shifts',
    'GET /api/schedules/:id/on-call',
    'GET /api/schedules/:id/overrides',
    'POST /api/schedules/:id/overrides',
    'DELETE /api/schedules/:id/overrides/:override_id',
  ]),
  ...rowsFor({ own: CATALOGUE_WRITE, other: CATALOGUE_WRITE_OTHER }, [
    'PUT /api/schedules/:id',
    'DELETE /api/schedules/:id',
  ]),
  // Calendar feeds (docs/product.md#calendar-feeds): a feed's secret address is read by both customer
  // roles for a resource and made anew by a Customer Root; the feed itself is public, its address the
  // credential (calendar tests)
  'GET /api/resources/:id/calendar': { own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER },
  ...rowsFor({ own: CATALOGUE_WRITE, other: CATALOGUE_WRITE_OTHER }, [
    'POST /api/schedules/:id/calendar',
    'POST /api/resources/:id/calendar',
  ]),
  'GET /api/calendar/:token': { auth: 'public' },
  // Heartbeat monitors (docs/product.md#heartbeat-monitors): a module's monitors are read by both
  // customer roles and changed by a Customer Root, another customer's module or monitor 404; the
  // beat itself is public, its address the credential (heartbeats.test.ts)
  'GET /api/heartbeats': { own: CATALOGUE_READ, other: CATALOGUE_READ_OTHER },
  ...rowsFor({ own: CATALOGUE_WRITE, other: CATALOGUE_WRITE_OTHER }, [
    'POST /api/heartbeats',
    'PUT /api/heartbeats/:id',
    'DELETE /api/heartbeats/:id',
    'POST /api/heartbeats/:id/token',
  ]),
  'POST /api/v1/heartbeat/:token': { auth: 'public' },
  // Maintenance windows (docs/product.md#maintenance-windows): both customer roles read the list, a
  // Customer Root changes it; another customer's window (or module, or application) 404
  'GET /api/maintenance-windows': { own: CATALOGUE_READ },
  'POST /api/maintenance-windows': { own: CATALOGUE_WRITE },
  ...rowsFor({ own: CATALOGUE_WRITE, other: CATALOGUE_WRITE_OTHER }, [
    'PUT /api/maintenance-windows/:id',
    'DELETE /api/maintenance-windows/:id',
  ]),
  // Outgoing webhooks (docs/product.md#outgoing-webhooks): a Customer Root keeps its own customer's
  // (the list and a new one name no customer: always the caller's); another customer's webhook 404
  // (webhooks.test.ts)
  ...rowsFor({ own: CATALOGUE_WRITE }, ['GET /api/webhooks', 'POST /api/webhooks']),
  ...rowsFor({ own: CATALOGUE_WRITE, other: CATALOGUE_WRITE_OTHER }, [
    'DELETE /api/webhooks/:id',
    'GET /api/webhooks/:id/deliveries',
    'POST /api/webhooks/:id/enable',
  ]),
  // Importers (docs/product.md#importers): a Customer Root imports into its own customer, the only
  // one the call may name (imports.test.ts)
  'POST /api/imports': { own: CATALOGUE_WRITE },
  // API tokens (docs/product.md#api-tokens): a Customer Root keeps its customer's, a Staff Root the
  // staff side's (the provider's); another side's token 404 (api-tokens.test.ts)
  ...rowsFor({ own: [200, 403, 403, 200, 403] }, ['GET /api/tokens', 'POST /api/tokens']),
  'DELETE /api/tokens/:id': { own: [200, 403, 403, 200, 403], other: [404, 403, 403, 404, 403] },
  // the audit trail (docs/product.md#audit-trail): a Customer Root reads its customer's, a Staff Root
  // every customer's; a Customer Root naming another customer is refused (audit.test.ts)
  ...rowsFor({ own: [200, 403, 403, 200, 403] }, ['GET /api/audit', 'GET /api/audit/export']),
  // the chats' buttons: public, Slack's verified by its signature, Mattermost's by its signed token (team-chat.test.ts)
  'POST /api/v1/integrations/slack/interactions': { auth: 'public' },
  'POST /api/v1/integrations/mattermost/actions': { auth: 'public' },
};

const keyOf = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.path}`;
const isSessionRow = (row: Row | undefined): row is SessionRow => !!row && 'own' in row;

/**
 * docs/product.md#audit-trail: every session call that is not a read writes a row of the trail when
 * a permitted role makes it (the matrix's calls below check each), except these, each with why.
 */
const NOT_AUDITED: Record<string, string> = {
  // the assistant answers a question about the guide: nothing of the customer's changes
  'POST /api/chatbot/generate/prompt': 'the assistant answers; it changes nothing',
};

describe('the hand-written role matrix', () => {
  it('has a row for every endpoint of the contract, and no row for an endpoint that does not exist', () => {
    const contract = ENDPOINTS.map(keyOf);
    expect(contract.filter((key) => !(key in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((key) => !contract.includes(key))).toEqual([]);
  });

  it('agrees with the contract on which endpoints need a session', () => {
    const disagreements = ENDPOINTS.flatMap((endpoint) => {
      const row = EXPECTED[keyOf(endpoint)];
      const written = isSessionRow(row) ? 'session' : row?.auth;
      return written === endpoint.auth
        ? []
        : [`${keyOf(endpoint)}: the table says ${written}, the contract ${endpoint.auth}`];
    });
    expect(disagreements).toEqual([]);
  });

  it('gives every session write a role that makes it, so its audit row is checked, or a reason in NOT_AUDITED', () => {
    const writes = ENDPOINTS.filter((endpoint) => endpoint.auth === 'session' && endpoint.method !== 'GET');
    const unproven = writes
      .map(keyOf)
      .filter((key) => !(key in NOT_AUDITED) && !(EXPECTED[key] as SessionRow).own.includes(200));
    expect(unproven).toEqual([]);
    expect(Object.keys(NOT_AUDITED).filter((key) => !writes.map(keyOf).includes(key))).toEqual([]);
  });

  it('writes another-tenant statuses for every call on one record', () => {
    const missing = ENDPOINTS.filter((endpoint) => endpoint.auth === 'session' && endpoint.path.includes(':id'))
      .map(keyOf)
      .filter((key) => !(EXPECTED[key] as SessionRow).other);
    expect(missing).toEqual([]);
  });
});

type Area =
  | 'self'
  | 'customers'
  | 'staffUsers'
  | 'customerUsers'
  | 'ownUsers'
  | 'moduleTools'
  | 'catalogue'
  | 'events'
  | 'dashboard'
  | 'delivery'
  | 'resourceTest'
  | 'tokens';
type Which = 'own' | 'other';

const TOKEN_NAMES = new Set(Object.values(apiTokenEndpoints).map((endpoint) => endpoint.name));
const DASHBOARD_NAMES = new Set(Object.values(dashboardEndpoints).map((endpoint) => endpoint.name));
const EVENT_ENDPOINT_NAMES = new Set(Object.values(eventEndpoints).map((endpoint) => endpoint.name));
const CUSTOMER_ENDPOINT_NAMES = new Set(Object.values(customerEndpoints).map((endpoint) => endpoint.name));
const MODULE_TOOL_NAMES = new Set(
  [...Object.values(moduleToolEndpoints), ...Object.values(incidentEndpoints)].map((endpoint) => endpoint.name),
);
const CATALOGUE_NAMES = new Set(
  [
    resourceEndpoints,
    slaEndpoints,
    escalationEndpoints,
    applicationEndpoints,
    moduleEndpoints,
    scheduleEndpoints,
    heartbeatEndpoints,
    maintenanceEndpoints,
    webhookEndpoints,
    importEndpoints,
  ]
    .flatMap((group) => Object.values(group))
    .map((endpoint) => endpoint.name),
);
/** the catalogue record a call works on, by endpoint name (a list names its escalation or application in the query) */
type Record_ =
  | 'resource'
  | 'sla'
  | 'escalation'
  | 'step'
  | 'application'
  | 'module'
  | 'schedule'
  | 'heartbeat'
  | 'maintenance'
  | 'webhook';
const RECORD_OF: Partial<Record<string, Record_>> = {
  getResource: 'resource',
  updateResource: 'resource',
  deleteResource: 'resource',
  filteredResources: 'escalation',
  getSla: 'sla',
  updateSla: 'sla',
  deleteSla: 'sla',
  getEscalation: 'escalation',
  updateEscalation: 'escalation',
  deleteEscalation: 'escalation',
  changePriority: 'escalation',
  listSteps: 'escalation',
  addStep: 'escalation',
  getStep: 'step',
  updateStep: 'step',
  deleteStep: 'step',
  getApplication: 'application',
  updateApplication: 'application',
  deleteApplication: 'application',
  listModules: 'application',
  addModule: 'application',
  getModule: 'module',
  updateModule: 'module',
  deleteModule: 'module',
  getSchedule: 'schedule',
  updateSchedule: 'schedule',
  deleteSchedule: 'schedule',
  scheduleShifts: 'schedule',
  scheduleOnCall: 'schedule',
  listOverrides: 'schedule',
  addOverride: 'schedule',
  deleteOverride: 'schedule',
  rotateScheduleCalendar: 'schedule',
  resourceCalendar: 'resource',
  rotateResourceCalendar: 'resource',
  // a list and a creation name the monitor's module in the query or the body
  listHeartbeats: 'heartbeat',
  addHeartbeat: 'module',
  updateHeartbeat: 'heartbeat',
  deleteHeartbeat: 'heartbeat',
  rotateHeartbeatToken: 'heartbeat',
  updateMaintenanceWindow: 'maintenance',
  deleteMaintenanceWindow: 'maintenance',
  deleteWebhook: 'webhook',
  webhookDeliveries: 'webhook',
  enableWebhook: 'webhook',
};
const DELIVERY_NAMES = new Set(Object.values(deliveryEndpoints).map((endpoint) => endpoint.name));
function areaOf(endpoint: AnyEndpoint): Area {
  if (endpoint.name === 'sendResourceTest' || endpoint.name === 'resourceTestResults') return 'resourceTest';
  if (DELIVERY_NAMES.has(endpoint.name)) return 'delivery';
  if (TOKEN_NAMES.has(endpoint.name)) return 'tokens';
  if (MODULE_TOOL_NAMES.has(endpoint.name)) return 'moduleTools';
  if (CATALOGUE_NAMES.has(endpoint.name)) return 'catalogue';
  if (endpoint.name === 'listEvents' || endpoint.name === 'listEventLog') return 'events';
  if (DASHBOARD_NAMES.has(endpoint.name)) return 'dashboard';
  if (EVENT_ENDPOINT_NAMES.has(endpoint.name)) return 'events';
  const scope = endpoint.name.split('.')[0];
  if (scope === 'staffUsers' || scope === 'customerUsers' || scope === 'ownUsers') return scope;
  if (endpoint.name === 'currentCustomer') return 'self';
  return CUSTOMER_ENDPOINT_NAMES.has(endpoint.name) ? 'customers' : 'self';
}
const hasId = (endpoint: AnyEndpoint) =>
  endpoint.path.includes(':id') ||
  endpoint.path.includes(':module') ||
  endpoint.path.includes(':case_id') ||
  RECORD_OF[endpoint.name] !== undefined;
const action = (endpoint: AnyEndpoint) => endpoint.name.split('.').pop()!;
/** calls on users that name a customer in the query (list) or the body (create) */
const namesCustomer = (area: Area, endpoint: AnyEndpoint) =>
  area.endsWith('Users') && (action(endpoint) === 'list' || action(endpoint) === 'create');

interface Page {
  total: number;
  list: { id: number; role: { rol_id: number }; customer: { customer_id: number } }[];
}

const REFUSALS: Record<403 | 404, unknown> = {
  403: { detail: 'You do not have permission to do this' },
  404: { detail: expect.stringMatching(/not found/) },
};

describe.each(DATABASE_KINDS)('the role and tenant matrix on %s', (kind) => {
  let t: TestApp;
  let alpha: number;
  let beta: number;
  let provider: number;
  let hash: string;
  let seq = 0;
  /** the case ID of each event the events' calls work on */
  const caseOf = new Map<number, string>();
  const tokens = new Map<RoleId, string>();
  /** each caller: its id, e-mail and current password (the own-password case changes it) */
  const callers = new Map<RoleId, { id: number; email: string; password: string }>();
  /** the customer each caller belongs to */
  const homes = new Map<RoleId, number>();
  /** the override each matrix schedule holds (its removal's path names both) */
  const overrideOf = new Map<number, number>();
  /** a maintenance window of Alpha (a new window's body names its module) */
  let alphaWindow = 0;
  /** a resource on call in a schedule of Alpha (the next shifts' query asks for it) */
  let alphaOnCall = 0;
  /** the module of each matrix heartbeat monitor (the list's query names it) */
  const moduleOfHeartbeat = new Map<number, number>();

  /**
   * A schedule of the customer as the schedules screen would leave it: a daily rotation of one new
   * resource, started a month ago, and an override of that resource tomorrow (docs/product.md#schedules).
   */
  const insertScheduleRow = (customerId: number) =>
    asSystem(t, async (tx) => {
      const n = ++seq;
      const now = t.clock.now().getTime();
      const resourceId = (
        await tx
          .insertInto('resources')
          .values({ customer_id: customerId, resource_fullname: `On call ${n}`, resource_email: 'o@example.test' })
          .returning('resource_id')
          .executeTakeFirstOrThrow()
      ).resource_id;
      const definition = {
        rotations: [
          {
            rotation_id: 1,
            rotation_name: 'Daily',
            participants: [resourceId],
            shift_length: 1,
            shift_unit: 'D' as const,
            handoff_time: '09:00',
            start: new Date(now - 30 * 86_400_000).toISOString().slice(0, 10),
            restrictions: [],
          },
        ],
        temporary_schedules: [],
      };
      const scheduleId = (
        await tx
          .insertInto('schedules')
          .values({
            customer_id: customerId,
            schedule_name: `Schedule ${n}`,
            time_zone: 'America/Puerto_Rico',
            definition: JSON.stringify(definition),
          })
          .returning('schedule_id')
          .executeTakeFirstOrThrow()
      ).schedule_id;
      await tx
        .insertInto('schedule_members')
        .values({ customer_id: customerId, schedule_id: scheduleId, resource_id: resourceId })
        .execute();
      const overrideId = (
        await tx
          .insertInto('schedule_overrides')
          .values({
            customer_id: customerId,
            schedule_id: scheduleId,
            resource_id: resourceId,
            start_at: new Date(now + 86_400_000),
            end_at: new Date(now + 2 * 86_400_000),
          })
          .returning('override_id')
          .executeTakeFirstOrThrow()
      ).override_id;
      overrideOf.set(scheduleId, overrideId);
      return { scheduleId, resourceId };
    });

  const addUser = async (customerId: number, role: RoleId) =>
    (await asSystem(t, (tx) =>
      insertUser(
        tx,
        {
          customerId,
          name: 'Target',
          lastName: `N${++seq}`,
          email: `target${seq}.${kind}@example.test`,
          phone: null,
          passwordHash: hash,
          roleId: role,
          status: 1,
          forceChangePassword: false,
          createdBy: 'test',
        },
        t.clock.now(),
      ),
    ))!;
  const addCustomer = async () => t.createCustomer(`Spare ${kind} ${++seq}`);
  /** a module of the customer, and the application it belongs to (the credential path names both) */
  const applicationOf = new Map<number, number>();
  const addModule = async (customerId: number) => {
    const module = await asSystem(t, (tx) => insertRunnableModule(tx, customerId));
    applicationOf.set(module.id, module.applicationId);
    return module.id;
  };

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { loginPerAddress: { limit: 1000, windowSeconds: 900 } } });
    hash = await hashPassword(STRONG_PASSWORD);
    // a quota the matrix's many resources never reach (the quota has tests of its own)
    alpha = await t.createCustomer('Alpha', 100_000);
    beta = await t.createCustomer('Beta');
    provider = (
      await asSystem(t, (tx) =>
        tx.selectFrom('customers').select('customer_id').where('is_provider', '=', true).executeTakeFirstOrThrow(),
      )
    ).customer_id;
    for (const role of ALL_ROLES) {
      const customer = role >= 4 ? 'Alpha' : undefined;
      const user = await t.createUser({ role: ROLE_NAMES[role], customer });
      callers.set(role, { id: user.id, email: user.email, password: user.password });
      tokens.set(role, (await t.signIn(user.email, user.password)).token);
      homes.set(role, role >= 4 ? alpha : provider);
    }
    // every screen has something of each tenant to show (or to leave out)
    await asSystem(t, (tx) => insertRunnableModule(tx, alpha));
    await asSystem(t, (tx) => insertRunnableModule(tx, beta));
    alphaOnCall = (await insertScheduleRow(alpha)).resourceId;
    await insertScheduleRow(beta);
    alphaWindow = await insertWindowRow(alpha);
    await insertWindowRow(beta);
    await addUser(alpha, 5);
    await addUser(beta, 5);
    await addUser(beta, 4);
  }, 120_000);
  afterAll(async () => t?.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A text/event-stream's status and its first message's event line (or the JSON of a refusal), read on a connection of its own. */
  const firstMessage = (path: string, token: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = httpGet(`${t.baseUrl}${path}`, { headers: bearer(token), agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          const end = text.indexOf('\n\n', text.indexOf('event:'));
          if (response.statusCode === 200 && text.includes('event:') && end >= 0) {
            response.destroy();
            resolve({ status: 200, body: /^event: .+$/m.exec(text)![0] });
          }
        });
        response.on('end', () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : null }));
        response.on('error', () => undefined);
      });
      request.on('error', reject);
    });

  /** A fresh catalogue record of the customer, of the kind the call works on (a whole runnable module each time). */
  /** docs/product.md#maintenance-windows: a window of a new runnable module of the customer, on for the next hour. */
  const insertWindowRow = (customerId: number) =>
    asSystem(t, async (tx) => {
      const module = await insertRunnableModule(tx, customerId);
      const made = await tx
        .insertInto('maintenance_windows')
        .values({
          customer_id: customerId,
          module_id: module.id,
          window_name: `Window ${++seq}`,
          start_at: t.clock.now(),
          end_at: new Date(t.clock.now().getTime() + 3_600_000),
        })
        .returning('maintenance_window_id')
        .executeTakeFirstOrThrow();
      return made.maintenance_window_id;
    });
  const catalogueRecord = async (kind: Record_, customerId: number, free: boolean): Promise<number> => {
    // a schedule no step calls
    if (kind === 'schedule') return (await insertScheduleRow(customerId)).scheduleId;
    // a monitor of a runnable module, its secret sealed as the screens' creation leaves it
    // a window of a runnable module of the customer, on now
    if (kind === 'maintenance') return insertWindowRow(customerId);
    // a webhook disabled after its failures, its secret sealed as its creation leaves it
    if (kind === 'webhook')
      return asSystem(t, async (tx) => {
        const made = await tx
          .insertInto('webhooks')
          .values({
            customer_id: customerId,
            webhook_url: `https://93.184.216.34/matrix-${++seq}`,
            secret_sealed: 'sealed below',
            changes: JSON.stringify(['created']),
            webhook_active: 'N',
            disabled_at: t.clock.now(),
            disabled_reason: 'Failing since the matrix began',
          })
          .returning('webhook_id')
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('webhooks')
          .set({
            secret_sealed: t.ctx.delivery.box.seal(webhookSealPlace(customerId, made.webhook_id), 'w'.repeat(32)),
          })
          .where('webhook_id', '=', made.webhook_id)
          .execute();
        return made.webhook_id;
      });
    if (kind === 'heartbeat')
      return asSystem(t, async (tx) => {
        const module = await insertRunnableModule(tx, customerId);
        const token_hash = beatTokenHash(newBeatToken());
        const made = await tx
          .insertInto('heartbeats')
          .values({
            customer_id: customerId,
            module_id: module.id,
            heartbeat_name: `Monitor ${++seq}`,
            interval_seconds: 300,
            grace_seconds: 0,
            token_hash,
            token_sealed: t.ctx.delivery.box.seal(beatSealPlace(customerId, token_hash), newBeatToken()),
          })
          .returning('heartbeat_id')
          .executeTakeFirstOrThrow();
        moduleOfHeartbeat.set(made.heartbeat_id, module.id);
        return made.heartbeat_id;
      });
    // a record nothing uses, for the deletes that a use would refuse
    if (free && kind !== 'step' && kind !== 'module') {
      return asSystem(t, async (tx) => {
        const n = ++seq;
        switch (kind) {
          case 'resource':
            return (
              await tx
                .insertInto('resources')
                .values({ customer_id: customerId, resource_fullname: `Free ${n}` })
                .returning('resource_id')
                .executeTakeFirstOrThrow()
            ).resource_id;
          case 'sla':
            return (
              await tx
                .insertInto('slas')
                .values({ customer_id: customerId, sla_name: `Free ${n}`, sla_response_time: 5 })
                .returning('sla_id')
                .executeTakeFirstOrThrow()
            ).sla_id;
          case 'escalation':
            return (
              await tx
                .insertInto('escalations')
                .values({ customer_id: customerId, escalation_name: `Free ${n}` })
                .returning('escalation_id')
                .executeTakeFirstOrThrow()
            ).escalation_id;
          case 'application':
            return (
              await tx
                .insertInto('applications')
                .values({ customer_id: customerId, application_name: `Free ${n}` })
                .returning('application_id')
                .executeTakeFirstOrThrow()
            ).application_id;
        }
      });
    }
    const module = await asSystem(t, (tx) => insertRunnableModule(tx, customerId));
    applicationOf.set(module.id, module.applicationId);
    if (kind === 'step') {
      const step = await asSystem(t, (tx) =>
        tx
          .selectFrom('escalation_resources')
          .select('escalation_resource_id')
          .where('escalation_id', '=', module.escalationId)
          .orderBy('escalation_resource_id')
          .executeTakeFirstOrThrow(),
      );
      return step.escalation_resource_id;
    }
    return {
      resource: module.resourceId,
      sla: module.slaId,
      escalation: module.escalationId,
      application: module.applicationId,
      module: module.id,
    }[kind];
  };

  /** An id the endpoint's screen reaches for the caller (own), or one it must not (other). */
  async function target(area: Area, endpoint: AnyEndpoint, which: Which, role: RoleId): Promise<number> {
    switch (area) {
      case 'tokens': {
        // the caller's side (its customer, or the provider for staff), or another side
        const side = role >= 4 ? (which === 'own' ? alpha : beta) : which === 'own' ? provider : alpha;
        const owner = which === 'own' ? callers.get(role)!.id : await addUser(side, side === provider ? 3 : 5);
        return asSystem(t, async (tx) => {
          const made = await tx
            .insertInto('api_tokens')
            .values({
              customer_id: side,
              user_id: owner,
              name: `Token ${++seq}`,
              scopes: JSON.stringify(['read']),
              token_hash: `matrix-${kind}-${seq}`,
              hint: 'abcd',
              created_at: t.clock.now(),
              expires_at: new Date(t.clock.now().getTime() + 30 * 86_400_000),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return made.id;
        });
      }
      case 'customers':
        return which === 'own' ? (endpoint.name === 'getCustomer' ? alpha : await addCustomer()) : 987_654;
      case 'staffUsers':
        return which === 'own' ? addUser(provider, 3) : addUser(alpha, 5);
      case 'customerUsers':
        return which === 'own' ? addUser(alpha, 5) : addUser(provider, 3);
      case 'ownUsers':
        return which === 'own' ? addUser(alpha, 5) : addUser(beta, 5);
      case 'moduleTools':
        return addModule(which === 'own' ? alpha : beta);
      case 'events': {
        const customerId = which === 'own' ? alpha : beta;
        return asSystem(t, async (tx) => {
          const event = await tx
            .insertInto('events')
            .values({
              customer_id: customerId,
              case_id: `M${String(++seq)
                .padStart(7, '0')
                .replace(/\d/g, (digit) => 'ACDEFGHJKM'[Number(digit)]!)}`,
              short_event_subject: 'Matrix event',
              short_event_body: '',
              event_createdt: t.clock.now(),
            })
            .returning(['event_id', 'case_id'])
            .executeTakeFirstOrThrow();
          caseOf.set(event.event_id, event.case_id);
          // a timer whose walk has one step, so that every action has something to do
          const resource = await tx
            .insertInto('resources')
            .values({
              customer_id: customerId,
              resource_fullname: 'Matrix responder',
              resource_email: 'm@example.test',
            })
            .returning('resource_id')
            .executeTakeFirstOrThrow();
          const step = {
            escalation_resource_id: 1,
            participation: 'agent' as const,
            channel: 'email' as const,
            resource_id: resource.resource_id,
            resource_name: 'Matrix responder',
            address: 'm@example.test',
            language: 'EN',
            recalls: 0,
            follow_up_minutes: 15,
          };
          await tx
            .insertInto('engine_timers')
            .values({
              customer_id: customerId,
              event_id: event.event_id,
              state: JSON.stringify(
                newEngineState({ created_at: t.clock.now().getTime(), sla_minutes: null, steps: [step] }),
              ),
              due_at: new Date(t.clock.now().getTime() + 3_600_000),
            })
            .execute();
          await tx
            .insertInto('event_logs')
            .values({
              customer_id: customerId,
              event_id: event.event_id,
              call_date: t.clock.now(),
              channel: 'email',
              followup_status: 'open',
            })
            .execute();
          return event.event_id;
        });
      }
      case 'catalogue':
        return catalogueRecord(RECORD_OF[endpoint.name]!, which === 'own' ? alpha : beta, endpoint.method === 'DELETE');
      case 'resourceTest':
        return catalogueRecord('resource', which === 'own' ? alpha : beta, false);
      case 'delivery': {
        if (which === 'other') return 987_654;
        // a customer with Twilio settings (the check reaches nothing: the refused port answers at once)
        const customerId = await addCustomer();
        const sealed = sealAccount(
          t.ctx.delivery.box,
          customerId,
          'twilio',
          {
            account_sid: `AC${'0'.repeat(32)}`,
            auth_token: 'matrix-token',
            from: '+17875550100',
            api_url: 'http://127.0.0.1:9',
          },
          undefined,
        );
        await asSystem(t, (tx) =>
          saveAccount(tx, customerId, 'twilio', sealed, { updated_by: 'test', updated_at: t.clock.now() }),
        );
        return customerId;
      }
      case 'dashboard':
      case 'self':
        throw new Error(`${endpoint.name} takes no id`);
    }
  }

  async function bodyFor(
    area: Area,
    endpoint: AnyEndpoint,
    role: RoleId,
    which: Which,
    id: number | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    const unique = `${kind}.${++seq}`;
    const grantedRole = area === 'staffUsers' ? 3 : 5;
    switch (endpoint.name) {
      case 'addCustomer':
        return { customer_name: `Added ${unique}`, customer_qty_resources: 5 };
      case 'updateCustomer':
        return { customer_name: `Renamed ${unique}`, customer_active: 'Y', customer_qty_resources: 7 };
      case 'saveCustomerSso':
        return { domains: [`d${seq}.${kind}.matrix.test`] };
      case 'addResource':
        return { resource_fullname: `Person ${unique}`, resource_phone1: '7875550142', resource_country_phone1: 'PR' };
      case 'createApiToken':
        return {
          name: `Token ${unique}`,
          scopes: ['read'],
          expires_at: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
        };
      case 'runImport':
        // docs/product.md#importers: an escalation policy without rules, imported for real
        return {
          from: 'pagerduty',
          file: JSON.stringify({
            escalation_policies: [{ id: `P${seq}`, name: `Imported ${unique}`, escalation_rules: [] }],
          }),
        };
      case 'addWebhook':
        // an address written in the URL: no DNS is asked
        return { webhook_url: `https://93.184.216.34/matrix-${unique}`, signing_secret: 'w'.repeat(32) };
      case 'addHeartbeat':
        return { module_id: id, heartbeat_name: `Monitor ${unique}`, interval_seconds: 300, grace_seconds: 0 };
      case 'updateHeartbeat':
        return { heartbeat_name: `Renamed ${unique}`, interval_seconds: 600, grace_seconds: 30, heartbeat_active: 'Y' };
      case 'updateResource':
        return {
          resource_fullname: `Renamed ${unique}`,
          resource_email: 'carlos@example.test',
          resource_phone1: '7875550142',
          resource_country_phone1: 'PR',
          resource_active: 'Y',
        };
      case 'addSla':
        return { sla_name: `SLA ${unique}`, sla_response_time: 10 };
      case 'updateSla':
        return { sla_name: `Renamed ${unique}`, sla_response_time: 20, sla_response_time_mult: 'H', sla_active: 'Y' };
      case 'addEscalation':
        return { escalation_name: `Escalation ${unique}` };
      case 'updateEscalation':
        return { escalation_name: `Renamed ${unique}`, escalation_active: 'Y' };
      case 'addApplication':
        return { application_name: `Application ${unique}` };
      case 'addSchedule':
        return {
          schedule_name: `Schedule ${unique}`,
          time_zone: 'America/New_York',
          rotations: [
            {
              participants: [alphaOnCall],
              shift_length: 1,
              shift_unit: 'W',
              handoff_time: '09:00',
              start: '2026-01-05',
            },
          ],
        };
      case 'updateSchedule':
        return { schedule_name: `Renamed ${unique}`, time_zone: 'Europe/Madrid', schedule_active: 'Y' };
      case 'addOverride': {
        // the schedule's own customer's resource: an override of another customer's schedule is refused before it is read
        const member = await asSystem(t, (tx) =>
          tx
            .selectFrom('schedule_members')
            .select('resource_id')
            .where('schedule_id', '=', id!)
            .executeTakeFirstOrThrow(),
        );
        const now = t.clock.now().getTime();
        return {
          resource_id: member.resource_id,
          start: new Date(now + 3 * 86_400_000).toISOString(),
          end: new Date(now + 4 * 86_400_000).toISOString(),
        };
      }
      case 'addMaintenanceWindow':
      case 'updateMaintenanceWindow': {
        // the window's own module (Alpha's first window's for a new one): another customer's window is refused before its module is read
        const moduleId = await asSystem(
          t,
          async (tx) =>
            (
              await tx
                .selectFrom('maintenance_windows')
                .select('module_id')
                .where('maintenance_window_id', '=', id ?? alphaWindow)
                .executeTakeFirstOrThrow()
            ).module_id,
        );
        const now = t.clock.now().getTime();
        return {
          window_name: `Window ${unique}`,
          module_id: moduleId,
          start: new Date(now + 86_400_000).toISOString(),
          end: new Date(now + 90_000_000).toISOString(),
          recurrence: 'weekly',
          release: 'quiet',
        };
      }
      case 'updateApplication':
        return { application_name: `Renamed ${unique}`, application_active: 'Y' };
      case 'changePriority': {
        const steps = await asSystem(t, (tx) =>
          tx
            .selectFrom('escalation_resources')
            .select('escalation_resource_id')
            .where('escalation_id', '=', id!)
            .orderBy('escalation_resource_id', 'desc')
            .execute(),
        );
        return {
          resources: steps.map((step, i) => ({
            escalation_resource_id: step.escalation_resource_id,
            escalation_priority_orden: i + 1,
          })),
        };
      }
      case 'addStep': {
        // the escalation's own customer's resource: a step of another customer's escalation is refused before it is read
        const resource = await asSystem(t, (tx) =>
          tx
            .selectFrom('escalation_resources')
            .select('resource_id')
            .where('escalation_id', '=', id!)
            .executeTakeFirstOrThrow(),
        );
        return {
          escalation_id: id,
          participation_type_id: 1,
          channel_id: 2,
          resource_id: resource.resource_id,
          next_followup_time: 20,
          next_followup_time_mult: 'M',
        };
      }
      case 'updateStep': {
        const step = await asSystem(t, (tx) =>
          tx
            .selectFrom('escalation_resources')
            .select(['escalation_id', 'resource_id'])
            .where('escalation_resource_id', '=', id!)
            .executeTakeFirstOrThrow(),
        );
        return {
          ...step,
          participation_type_id: 1,
          channel_id: 2,
          next_followup_time: 30,
          next_followup_time_mult: 'M',
        };
      }
      case 'addModule':
      case 'updateModule': {
        const module = await asSystem(t, (tx) =>
          tx
            .selectFrom('modules')
            .select(['application_id', 'escalation_id', 'sla_id'])
            .where(endpoint.name === 'addModule' ? 'application_id' : 'module_id', '=', id!)
            .executeTakeFirstOrThrow(),
        );
        return {
          module_name: `Module ${unique}`,
          ...module,
          ...(endpoint.name === 'updateModule' ? { module_active: 'Y' } : {}),
        };
      }
      case 'generatePrompt':
        return { is_server: false, user_message: 'how do I reset my password by SMS' };
      case 'resolveEvent':
        return { event_cause: 'A full disk', event_resolution: 'Logs rotated' };
      case 'reassignEvent': {
        // the responder of Alpha's latest matrix event (made before the snapshot: a refusal changes nothing)
        const resource = await asSystem(t, (tx) =>
          tx
            .selectFrom('resources')
            .select('resource_id')
            .where('customer_id', '=', alpha)
            .where('resource_fullname', '=', 'Matrix responder')
            .orderBy('resource_id', 'desc')
            .executeTakeFirstOrThrow(),
        );
        return { resource_id: resource.resource_id };
      }
      case 'addEventNote':
        return { text: 'Checked the disk' };
      case 'saveDeliveryProvider':
        return { values: { account_sid: `AC${'1'.repeat(32)}`, auth_token: '', from: '+17875550101' } };
      case 'saveDeliveryChain':
        return { chain: ['twilio'], country_chains: [{ country_code: '34', chain: ['twilio'] }] };
      case 'saveSlackSettings':
        return {
          enabled: true,
          app_id: 'A0MATRIX01',
          bot_token: 'xoxb-matrix-0000000000',
          signing_secret: 'c3'.repeat(16),
          channels: [],
        };
      case 'saveMattermostSettings':
        return {
          enabled: true,
          server_url: 'http://127.0.0.1:9',
          webhook_url: 'http://127.0.0.1:9/hooks/matrix',
          bot_token: 'm'.repeat(26),
          modules: [],
        };
      case 'saveTeamsSettings':
        return { enabled: false, webhook_url: 'http://127.0.0.1:9/teams', modules: [] };
      case 'subscribeOwnPush':
        return {
          endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${unique}`,
          keys: { p256dh: `BA${'A'.repeat(85)}`, auth: 'A'.repeat(22) },
        };
      case 'unsubscribeOwnPush':
        return { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${unique}` };
      case 'simulateIncident':
        return { incident: `Matrix incident ${unique}`, description: 'Raised by the role matrix test' };
      // English: the calls after this one sign the caller in again and read the English code mail
      case 'updateOwnSettings':
        return { language: 'en' };
      case 'changeOwnPassword': {
        const next = `Own.Pass${seq}`;
        return { current_password: callers.get(role)!.password, new_password: next, confirm_password: next };
      }
    }
    switch (action(endpoint)) {
      case 'create':
        return {
          name: 'New',
          last_name: 'Person',
          email: `new.${unique}@example.test`,
          password: STRONG_PASSWORD,
          confirm_password: STRONG_PASSWORD,
          rol_id: grantedRole,
          customer_id: which === 'own' ? alpha : beta,
        };
      case 'update':
        return { name: 'Changed', last_name: `Name ${unique}`, status: 1, rol_id: grantedRole };
      case 'changePassword':
        return { new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' };
    }
    return undefined;
  }

  /** What a refused call must leave as it was. */
  const snapshot = () =>
    asSystem(t, async (tx) => ({
      apiTokens: await tx.selectFrom('api_tokens').select(['id', 'revoked_at']).orderBy('id').execute(),
      users: await tx
        .selectFrom('users')
        .select(['id', 'name', 'last_name', 'status', 'rol_id', 'customer_id', 'password_hash', 'updated_at'])
        .orderBy('id')
        .execute(),
      customers: await tx.selectFrom('customers').selectAll().orderBy('customer_id').execute(),
      sessions: await tx.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute(),
      modules: await tx.selectFrom('modules').select(['module_id', 'credential_hash']).orderBy('module_id').execute(),
      events: await tx.selectFrom('events').select(['event_id', 'event_status']).orderBy('event_id').execute(),
      eventActions: await tx.selectFrom('event_actions').select('event_action_id').execute(),
      resources: await tx
        .selectFrom('resources')
        .select(['resource_id', 'resource_fullname', 'resource_active', 'resource_updatedt'])
        .orderBy('resource_id')
        .execute(),
      slas: await tx
        .selectFrom('slas')
        .select(['sla_id', 'sla_name', 'sla_active', 'sla_updatedt'])
        .orderBy('sla_id')
        .execute(),
      escalations: await tx
        .selectFrom('escalations')
        .select(['escalation_id', 'escalation_name', 'escalation_validate', 'escalation_updatedt'])
        .orderBy('escalation_id')
        .execute(),
      steps: await tx
        .selectFrom('escalation_resources')
        .select([
          'escalation_resource_id',
          'escalation_priority_orden',
          'channel_id',
          'next_followup_time',
          'escalation_last_in_line',
        ])
        .orderBy('escalation_resource_id')
        .execute(),
      applications: await tx
        .selectFrom('applications')
        .select(['application_id', 'application_name', 'application_updatedt'])
        .orderBy('application_id')
        .execute(),
      catalogueModules: await tx
        .selectFrom('modules')
        .select(['module_id', 'module_name', 'module_updatedt'])
        .orderBy('module_id')
        .execute(),
      delivery: await tx.selectFrom('delivery_accounts').selectAll().orderBy(['customer_id', 'provider']).execute(),
      chains: await tx.selectFrom('delivery_chains').selectAll().orderBy('customer_id').execute(),
      teamChats: await tx.selectFrom('team_chats').selectAll().orderBy(['customer_id', 'provider']).execute(),
      schedules: await tx
        .selectFrom('schedules')
        .select(['schedule_id', 'schedule_name', 'schedule_active', 'schedule_updatedt'])
        .orderBy('schedule_id')
        .execute(),
      scheduleMembers: await tx
        .selectFrom('schedule_members')
        .selectAll()
        .orderBy('schedule_id')
        .orderBy('resource_id')
        .execute(),
      overrides: await tx.selectFrom('schedule_overrides').select('override_id').orderBy('override_id').execute(),
      calendarFeeds: await tx.selectFrom('calendar_feeds').select('token_hash').orderBy('token_hash').execute(),
      webhooks: await tx
        .selectFrom('webhooks')
        .select(['webhook_id', 'webhook_url', 'webhook_active', 'secret_sealed', 'webhook_updatedt'])
        .orderBy('webhook_id')
        .execute(),
      heartbeats: await tx
        .selectFrom('heartbeats')
        .select(['heartbeat_id', 'heartbeat_name', 'interval_seconds', 'token_hash', 'heartbeat_updatedt'])
        .orderBy('heartbeat_id')
        .execute(),
      maintenanceWindows: await tx
        .selectFrom('maintenance_windows')
        .select(['maintenance_window_id', 'window_name', 'window_updatedt'])
        .orderBy('maintenance_window_id')
        .execute(),
      outbox: (
        await tx
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      audited: (
        await tx
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    }));

  /** Which users a screen shows to a caller (docs/product.md#user-lists; docs/product.md#tenants-and-roles). */
  function reaches(area: Area, role: RoleId, user: Page['list'][number]): boolean {
    if (area === 'staffUsers') return user.role.rol_id <= 3 && user.customer.customer_id === provider;
    if (area === 'customerUsers') return user.role.rol_id >= 4 && user.customer.customer_id !== provider;
    return user.role.rol_id >= 4 && user.customer.customer_id === homes.get(role);
  }

  /** Alpha's events (its zone is UTC) created today or this month, those with the column set if one is named. */
  const alphaEvents = async (period: 'today' | 'month', column?: 'sla_compliance' | 'last_resource_assigned') => {
    const now = t.clock.now();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), period === 'today' ? now.getUTCDate() : 1));
    const row = await asSystem(t, (tx) => {
      let query = tx
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', alpha)
        .where('event_createdt', '>=', from);
      if (column) query = query.where(column, 'is not', null);
      return query.executeTakeFirstOrThrow();
    });
    expect(Number(row.n)).toBeGreaterThan(0);
    return Number(row.n);
  };
  const sum = (answer: unknown, key: string) =>
    (answer as Record<string, number>[]).reduce((total, row) => total + row[key]!, 0);
  /**
   * An event of each customer, now, with everything a summary counts (a compliance, a responder):
   * Alpha's summaries count Alpha's, and none may count Beta's.
   */
  const eventsOfBoth = () =>
    asSystem(t, (tx) =>
      tx
        .insertInto('events')
        .values(
          [alpha, beta].map((customerId) => ({
            customer_id: customerId,
            case_id: `B${String(++seq)
              .padStart(7, '0')
              .replace(/\d/g, (digit) => 'ACDEFGHJKM'[Number(digit)]!)}`,
            short_event_subject: 'Dashboard event',
            short_event_body: '',
            event_createdt: t.clock.now(),
            sla_compliance: customerId === alpha ? ('YES' as const) : ('NO' as const),
            last_resource_assigned: customerId === alpha ? 'Alpha responder' : 'Beta responder',
          })),
        )
        .execute(),
    );

  /** What a permitted call must have done, read back from the database or over HTTP. */
  async function expectDone(
    area: Area,
    endpoint: AnyEndpoint,
    role: RoleId,
    which: Which,
    id: number | undefined,
    body: Record<string, unknown> | undefined,
    answer: unknown,
    token: string,
  ) {
    const name = endpoint.name;
    const users = await asSystem(t, (tx) => tx.selectFrom('users').selectAll().execute());
    const customers = await asSystem(t, (tx) => tx.selectFrom('customers').selectAll().execute());
    const caller = callers.get(role)!;
    switch (name) {
      case 'sessionUser':
        return expect(answer).toMatchObject({ id: caller.id, email: caller.email, role: { rol_id: role } });
      case 'updateOwnSettings':
        expect(answer).toMatchObject({ id: caller.id, email: caller.email, language: 'en' });
        return expect(users.find((u) => u.id === caller.id)!.language).toBe('en');
      case 'logout': {
        // this session ends; the caller's other session (its matrix token) goes on
        expect((await t.raw('GET', '/api/users/me', { headers: bearer(token) })).status).toBe(401);
        return expect((await t.raw('GET', '/api/users/me', { headers: bearer(tokens.get(role)!) })).status).toBe(200);
      }
      case 'changeOwnPassword': {
        expect(users.find((u) => u.id === caller.id)!.password_hash).not.toBe(hash);
        caller.password = body!.new_password as string;
        // the session that changed the password stays signed in
        return expect((await t.raw('GET', '/api/users/me', { headers: bearer(token) })).status).toBe(200);
      }
      case 'userDashboard':
        // no events exist in this database
        return expect(answer).toEqual({ completed: 0, non_compliance: 0, open: 0, today: 0 });
      case 'listLanguages':
        return expect(answer).toEqual({
          total: 2,
          list: [
            { language_id: 'ES', language_desc: 'Español' },
            { language_id: 'EN', language_desc: 'English' },
          ],
        });
      case 'listChannels':
        return expect(answer).toEqual({
          total: 5,
          list: [
            { channel_id: 1, channel_desc: 'Voice call' },
            { channel_id: 2, channel_desc: 'SMS' },
            { channel_id: 3, channel_desc: 'E-mail' },
            { channel_id: 4, channel_desc: 'Push notification' },
            { channel_id: 5, channel_desc: 'Team chat' },
          ],
        });
      case 'listParticipationTypes':
        return expect(answer).toEqual({
          total: 2,
          list: [
            { participation_type_id: 1, participation_type_desc: 'Agent' },
            { participation_type_id: 2, participation_type_desc: 'Supervisor' },
          ],
        });
      case 'getCustomer':
        return expect((answer as { customer_id: number }).customer_id).toBe(id);
      case 'updateCustomer':
        return expect(customers.find((c) => c.customer_id === id)?.customer_name).toBe(body!.customer_name);
      case 'deleteCustomer':
        return expect(customers.find((c) => c.customer_id === id)).toBeUndefined();
      case 'addCustomer':
        return expect(customers.filter((c) => c.customer_name === body!.customer_name)).toHaveLength(1);
      case 'getCustomerSso':
        return expect(answer).toEqual({ customer_id: id, issuer: '', client_id: '', has_secret: false, domains: [] });
      case 'saveCustomerSso': {
        const claimed = await asSystem(t, (tx) =>
          tx
            .selectFrom('sso_domains')
            .select('customer_id')
            .where('domain', '=', (body!.domains as string[])[0]!)
            .execute(),
        );
        return expect(claimed).toEqual([{ customer_id: id }]);
      }
      case 'generateCredential':
      case 'createCredential': {
        const [made] = answer as [{ body: { credentialKey: string } }];
        const stored = await asSystem(t, (tx) =>
          tx.selectFrom('modules').select('credential_hash').where('module_id', '=', id!).executeTakeFirstOrThrow(),
        );
        return expect(stored.credential_hash).toBe(createHash('sha256').update(made.body.credentialKey).digest('hex'));
      }
      case 'simulateIncident': {
        const [made] = answer as [{ event_id: number }];
        const event = await asSystem(t, (tx) =>
          tx
            .selectFrom('events')
            .select(['module_id', 'short_event_subject'])
            .where('event_id', '=', made.event_id)
            .executeTakeFirstOrThrow(),
        );
        return expect(event).toEqual({ module_id: id, short_event_subject: body!.incident });
      }
      case 'moduleExamples':
        return expect(
          (answer as [{ Body: { curl: { blockProgrammingCode: string } } }])[0].Body.curl.blockProgrammingCode,
        ).toContain(`-u "${id}:`);
      case 'listResources':
      case 'listSlas':
      case 'listEscalations':
      case 'listApplications':
      case 'listSteps':
      case 'listModules':
      case 'listSchedules':
      case 'listOverrides':
      case 'filteredResources': {
        const page = answer as { total: number; list: unknown[] };
        expect(page.list.length).toBeGreaterThan(0);
        return expect(page.total).toBeGreaterThanOrEqual(page.list.length);
      }
      case 'listEvents':
      case 'listEventLog': {
        const page = answer as { total: number; list: unknown[] };
        expect(page.list.length).toBeGreaterThan(0);
        return expect(page.total).toBeGreaterThanOrEqual(page.list.length);
      }
      case 'exportEvents':
      case 'exportEventLog': {
        // a CSV of the caller's own events: a header and at least one row
        const lines = (answer as string).split('\r\n').filter(Boolean);
        expect(lines[0]).toMatch(/^\uFEFF?CASE ID,/);
        return expect(lines.length).toBeGreaterThan(1);
      }
      case 'eventChanges':
        return expect(answer).toBe('event: ready');
      case 'listAudit': {
        // a Customer Root's trail is its customer's; a Staff Root's holds every customer's
        const page = answer as { total: number; list: { customer: { id: number } | null }[] };
        expect(page.list.length).toBeGreaterThan(0);
        if (role === 4) expect(page.list.every((row) => row.customer?.id === alpha)).toBe(true);
        return expect(page.total).toBeGreaterThanOrEqual(page.list.length);
      }
      case 'exportAudit':
        return expect((answer as string).split('\r\n')[0]).toMatch(/^\uFEFF?DATE,CUSTOMER,/);
      case 'resourceLimit':
        return expect(answer).toMatchObject({ limit: false, max: 100_000 });
      case 'getResource':
      case 'getSla':
      case 'getEscalation':
      case 'getStep':
      case 'getApplication':
      case 'getModule':
      case 'getSchedule':
        return expect((answer as { id: number }).id).toBe(id);
      case 'addResource':
      case 'addSla':
      case 'addEscalation':
      case 'addApplication':
      case 'addModule':
      case 'addSchedule': {
        const made = answer as { id: number };
        const table = {
          addResource: 'resources',
          addSla: 'slas',
          addEscalation: 'escalations',
          addApplication: 'applications',
          addModule: 'modules',
          addSchedule: 'schedules',
        } as const;
        const key = {
          addResource: 'resource_id',
          addSla: 'sla_id',
          addEscalation: 'escalation_id',
          addApplication: 'application_id',
          addModule: 'module_id',
          addSchedule: 'schedule_id',
        } as const;
        const row = await asSystem(t, (tx) =>
          sql<{
            customer_id: number;
          }>`select customer_id from ${sql.table(table[name])} where ${sql.ref(key[name])} = ${made.id}`.execute(tx),
        );
        return expect(row.rows[0]?.customer_id).toBe(alpha);
      }
      case 'updateResource':
      case 'updateSla':
      case 'updateEscalation':
      case 'updateApplication':
      case 'updateModule':
      case 'updateSchedule':
        return expect(Object.values(answer as Record<string, unknown>)).toContain(Object.values(body!)[0]);
      case 'addStep':
      case 'updateStep':
        return expect(answer).toMatchObject({ status: 1, escalation_resource: { channel: { channel_id: 2 } } });
      case 'changePriority': {
        const steps = await asSystem(t, (tx) =>
          tx
            .selectFrom('escalation_resources')
            .select(['escalation_resource_id', 'escalation_priority_orden'])
            .where('escalation_id', '=', id!)
            .execute(),
        );
        const wanted = (body!.resources as { escalation_resource_id: number; escalation_priority_orden: number }[]).map(
          (pair) => [pair.escalation_resource_id, pair.escalation_priority_orden],
        );
        return expect(
          steps
            .map((step) => [step.escalation_resource_id, step.escalation_priority_orden])
            .sort((a, b) => a[1]! - b[1]!),
        ).toEqual(wanted);
      }
      case 'deleteResource':
      case 'deleteSla':
      case 'deleteEscalation':
      case 'deleteApplication':
      case 'deleteStep':
      case 'deleteModule':
      case 'deleteSchedule': {
        const table = {
          deleteResource: 'resources',
          deleteSla: 'slas',
          deleteEscalation: 'escalations',
          deleteApplication: 'applications',
          deleteStep: 'escalation_resources',
          deleteModule: 'modules',
          deleteSchedule: 'schedules',
        } as const;
        const key = {
          deleteResource: 'resource_id',
          deleteSla: 'sla_id',
          deleteEscalation: 'escalation_id',
          deleteApplication: 'application_id',
          deleteStep: 'escalation_resource_id',
          deleteModule: 'module_id',
          deleteSchedule: 'schedule_id',
        } as const;
        const left = await asSystem(t, (tx) =>
          sql`select 1 from ${sql.table(table[name])} where ${sql.ref(key[name])} = ${id}`.execute(tx),
        );
        return expect(left.rows).toEqual([]);
      }
      case 'currentCustomer':
        return expect((answer as { customer_id: number }).customer_id).toBe(homes.get(role));
      // docs/product.md#api-tokens: the caller's side's tokens only; the one made (shown once), the one revoked
      case 'listApiTokens':
      case 'createApiToken':
      case 'revokeApiToken': {
        const rows = await asSystem(t, (tx) => tx.selectFrom('api_tokens').selectAll().execute());
        const sideOf = new Map(rows.map((row) => [row.id, row.customer_id]));
        if (name === 'listApiTokens') {
          const page = answer as { total: number; list: { id: number }[] };
          expect(page.list.length).toBeGreaterThan(0);
          return expect(new Set(page.list.map((token) => sideOf.get(token.id)))).toEqual(new Set([homes.get(role)]));
        }
        if (name === 'createApiToken') {
          const made = answer as { id: number; token: string };
          expect(made.token).toMatch(/^rlv_/);
          return expect(sideOf.get(made.id)).toBe(homes.get(role));
        }
        return expect(rows.find((row) => row.id === id)?.revoked_at).not.toBeNull();
      }
      // docs/product.md#maintenance-windows: the caller's customer's windows only; the one made, changed, gone
      case 'listMaintenanceWindows': {
        const page = answer as { total: number; list: { customer_id: number }[] };
        expect(page.list.length).toBeGreaterThan(0);
        return expect(new Set(page.list.map((window) => window.customer_id))).toEqual(new Set([alpha]));
      }
      case 'addMaintenanceWindow':
      case 'updateMaintenanceWindow': {
        const shown = answer as { maintenance_window_id: number };
        const row = await asSystem(t, (tx) =>
          tx
            .selectFrom('maintenance_windows')
            .select(['customer_id', 'window_name', 'recurrence', 'release'])
            .where('maintenance_window_id', '=', shown.maintenance_window_id)
            .executeTakeFirstOrThrow(),
        );
        return expect(row).toEqual({
          customer_id: alpha,
          window_name: body!.window_name,
          recurrence: 'weekly',
          release: 'quiet',
        });
      }
      case 'deleteMaintenanceWindow': {
        const left = await asSystem(t, (tx) =>
          tx
            .selectFrom('maintenance_windows')
            .select('maintenance_window_id')
            .where('maintenance_window_id', '=', id!)
            .execute(),
        );
        return expect(left).toEqual([]);
      }
      // docs/product.md#outgoing-webhooks: the caller's customer's webhooks; the one made, its log, enabled, gone
      case 'listWebhooks': {
        const page = answer as { total: number; list: { webhook_id: number }[] };
        const alphas = await asSystem(t, (tx) =>
          tx
            .selectFrom('webhooks')
            .select('webhook_id')
            .where('customer_id', '=', alpha)
            .orderBy('webhook_id')
            .execute(),
        );
        return expect(page.list.map((webhook) => webhook.webhook_id)).toEqual(alphas.map((row) => row.webhook_id));
      }
      case 'addWebhook': {
        const shown = answer as { webhook_id: number };
        const row = await asSystem(t, (tx) =>
          tx
            .selectFrom('webhooks')
            .select(['customer_id', 'webhook_url'])
            .where('webhook_id', '=', shown.webhook_id)
            .executeTakeFirstOrThrow(),
        );
        return expect(row).toEqual({ customer_id: alpha, webhook_url: body!.webhook_url });
      }
      case 'runImport': {
        const made = await asSystem(t, (tx) =>
          tx
            .selectFrom('escalations')
            .select('customer_id')
            .where(
              'escalation_name',
              '=',
              (JSON.parse(body!.file as string) as { escalation_policies: { name: string }[] }).escalation_policies[0]!
                .name,
            )
            .execute(),
        );
        expect(answer).toMatchObject({ source: 'pagerduty', dry_run: false, counts: { escalation: { created: 1 } } });
        return expect(made).toEqual([{ customer_id: alpha }]);
      }
      case 'webhookDeliveries':
        return expect(answer).toMatchObject({ webhook: { webhook_id: id, customer_id: alpha }, total: 0, list: [] });
      case 'enableWebhook': {
        const row = await asSystem(t, (tx) =>
          tx
            .selectFrom('webhooks')
            .select(['webhook_active', 'disabled_at'])
            .where('webhook_id', '=', id!)
            .executeTakeFirstOrThrow(),
        );
        return expect(row).toEqual({ webhook_active: 'Y', disabled_at: null });
      }
      case 'deleteWebhook': {
        const left = await asSystem(t, (tx) =>
          tx.selectFrom('webhooks').select('webhook_id').where('webhook_id', '=', id!).execute(),
        );
        return expect(left).toEqual([]);
      }
      // docs/product.md#heartbeat-monitors: the module's monitors, the one made, changed, gone, a new secret
      case 'listHeartbeats': {
        const page = answer as { total: number; list: { heartbeat_id: number }[] };
        return expect(page.list.map((m) => m.heartbeat_id)).toEqual([id]);
      }
      case 'addHeartbeat':
      case 'updateHeartbeat':
      case 'rotateHeartbeatToken': {
        const shown = answer as { heartbeat_id: number; heartbeat_name: string; beat_url: string };
        const row = await asSystem(t, (tx) =>
          tx
            .selectFrom('heartbeats')
            .select(['customer_id', 'heartbeat_name', 'token_hash'])
            .where('heartbeat_id', '=', shown.heartbeat_id)
            .executeTakeFirstOrThrow(),
        );
        expect(row.customer_id).toBe(alpha);
        if (name !== 'rotateHeartbeatToken') return expect(row.heartbeat_name).toBe(body!.heartbeat_name);
        return expect(beatTokenHash(shown.beat_url.split('/').pop()!)).toBe(row.token_hash);
      }
      case 'deleteHeartbeat': {
        const left = await asSystem(t, (tx) =>
          tx.selectFrom('heartbeats').select('heartbeat_id').where('heartbeat_id', '=', id!).execute(),
        );
        return expect(left).toEqual([]);
      }
      // docs/product.md#schedules: the matrix schedule's one person, on call all along
      case 'scheduleShifts': {
        const shifts = answer as { schedule_id: number; shifts: { source: string }[]; gaps: unknown[] };
        expect(shifts.schedule_id).toBe(id);
        expect(shifts.shifts.map((shift) => shift.source)).toContain('rotation');
        return expect(shifts.gaps).toEqual([]);
      }
      case 'scheduleOnCall':
        return expect(answer).toMatchObject({ resource: { resource_id: expect.any(Number) }, source: 'rotation' });
      case 'addOverride': {
        const made = answer as { override_id: number; schedule_id: number };
        expect(made.schedule_id).toBe(id);
        const row = await asSystem(t, (tx) =>
          tx
            .selectFrom('schedule_overrides')
            .select(['schedule_id', 'customer_id'])
            .where('override_id', '=', made.override_id)
            .executeTakeFirst(),
        );
        return expect(row).toEqual({ schedule_id: id, customer_id: alpha });
      }
      case 'deleteOverride': {
        const left = await asSystem(t, (tx) =>
          tx
            .selectFrom('schedule_overrides')
            .select('override_id')
            .where('override_id', '=', overrideOf.get(id!)!)
            .execute(),
        );
        return expect(left).toEqual([]);
      }
      case 'onCallNow': {
        const schedules = (answer as { schedules: { schedule_id: number }[] }).schedules.map((s) => s.schedule_id);
        expect(schedules.length).toBeGreaterThan(0);
        const owners = await asSystem(t, (tx) =>
          tx.selectFrom('schedules').select('customer_id').distinct().where('schedule_id', 'in', schedules).execute(),
        );
        return expect(owners).toEqual([{ customer_id: alpha }]);
      }
      case 'nextShifts':
        return expect((answer as { next_shifts: { resource_id: number }[] }).next_shifts).toEqual([
          expect.objectContaining({ resource_id: alphaOnCall }),
        ]);
      // docs/product.md#calendar-feeds: a secret address of this server
      case 'rotateScheduleCalendar':
      case 'resourceCalendar':
      case 'rotateResourceCalendar':
        return expect((answer as { calendar_url: string }).calendar_url).toMatch(
          /\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/,
        );
      case 'acceptEvent':
      case 'resolveEvent':
      case 'reassignEvent':
      case 'escalateEvent':
      case 'addEventNote': {
        const acted = await asSystem(t, (tx) =>
          tx
            .selectFrom('event_actions')
            .innerJoin('events', 'events.event_id', 'event_actions.event_id')
            .select(['kind', 'by_name', 'via', 'events.event_status', 'events.event_cause'])
            .where('event_actions.event_id', '=', id!)
            .execute(),
        );
        const kind = {
          acceptEvent: 'accepted',
          resolveEvent: 'resolved',
          reassignEvent: 'reassigned',
          escalateEvent: 'escalated',
          addEventNote: 'note',
        }[name];
        const status = {
          acceptEvent: 'progress',
          resolveEvent: 'completed',
          reassignEvent: 'open',
          escalateEvent: 'open',
          addEventNote: 'open',
        }[name];
        expect(answer).toMatchObject({ case_id: caseOf.get(id!), event_status: status });
        return expect(acted).toEqual([
          {
            kind,
            by_name: ((me) => `${me.name} ${me.last_name}`)(users.find((u) => u.id === callers.get(role)!.id)!),
            via: 'dashboard',
            event_status: status,
            event_cause: name === 'resolveEvent' ? 'A full disk' : null,
          },
        ]);
      }
      case 'eventTimeline':
        return expect((answer as { entries: { kind: string }[] }).entries.map((entry) => entry.kind)).toEqual([
          'created',
          'contact',
        ]);
      case 'summaryToday':
        return expect(answer).toMatchObject({ count_today: await alphaEvents('today') });
      case 'summaryModules':
        return expect(sum(answer, 'num_events')).toBe(await alphaEvents('month'));
      case 'summaryPerformance':
        return expect(sum(answer, 'num_events_month')).toBe(await alphaEvents('month'));
      case 'summaryCompliance':
        return expect(sum(answer, 'current_month')).toBe(await alphaEvents('month', 'sla_compliance'));
      case 'summaryResource':
        return expect(sum(answer, 'num_assigned_month')).toBe(await alphaEvents('month', 'last_resource_assigned'));
      case 'summaryChart':
        return expect((answer as { num_event: number }[]).at(-1)!.num_event).toBe(await alphaEvents('month'));
      case 'summaryEvents':
        return expect(sum(answer, 'events')).toBe(await alphaEvents('month'));
      case 'generatePrompt':
        return expect((answer as { response: string; sources: { href: string }[] }[])[0]!.sources[0]!.href).toBe(
          '/guide#by-sms-3-steps',
        );
      case 'listCustomers':
        return expect((answer as { total: number }).total).toBe(customers.length);
      case 'getDelivery':
        return expect(answer).toMatchObject({
          customer_id: id,
          providers: [{ provider: 'twilio', values: { from: '+17875550100' }, secrets: { auth_token: true } }],
        });
      case 'saveDeliveryProvider': {
        const saved = await asSystem(t, (tx) =>
          tx.selectFrom('delivery_accounts').selectAll().where('customer_id', '=', id!).executeTakeFirstOrThrow(),
        );
        // the saved token was kept: the body left it empty
        expect(Object.keys(saved.secrets)).toEqual(['auth_token']);
        return expect(saved.settings).toMatchObject({ from: '+17875550101' });
      }
      case 'removeDeliveryProvider': {
        const left = await asSystem(t, (tx) =>
          tx.selectFrom('delivery_accounts').select('provider').where('customer_id', '=', id!).execute(),
        );
        return expect(left).toEqual([]);
      }
      case 'checkDeliveryProvider':
        return expect(answer).toMatchObject({ provider: 'twilio', ok: false });
      case 'saveDeliveryChain':
        return expect(answer).toMatchObject({
          chain: ['twilio'],
          country_chains: [{ country_code: '34', chain: ['twilio'] }],
        });
      case 'sendResourceTest':
        return expect((answer as { results: { phone: string }[] }).results.map((r) => r.phone)).toEqual([
          '+17875550142',
          '+17875550142',
        ]);
      case 'getSlackSettings':
      case 'getMattermostSettings':
      case 'getTeamsSettings':
        return expect(answer).toMatchObject({
          provider: name.slice(3, -8).toLowerCase(),
          module_options: expect.arrayContaining([expect.objectContaining({ module_id: expect.any(Number) })]),
        });
      case 'saveSlackSettings':
      case 'saveMattermostSettings':
      case 'saveTeamsSettings': {
        const provider = name.slice(4, -8).toLowerCase();
        const saved = await asSystem(t, (tx) =>
          tx
            .selectFrom('team_chats')
            .select(['customer_id', 'enabled'])
            .where('provider', '=', provider as 'slack')
            .execute(),
        );
        expect(saved).toEqual([{ customer_id: alpha, enabled: body!.enabled }]);
        return expect(answer).toMatchObject({ provider, configured: true });
      }
      case 'resourceTestResults':
        return expect(answer).toEqual({ resource_id: id, requested_at: null, results: [] });
      // the caller's own devices (push.test.ts covers another customer's and the bounds)
      case 'listOwnPush':
        return expect(answer).toMatchObject({ list: expect.any(Array) });
      case 'subscribeOwnPush':
        return expect(answer).toMatchObject({ endpoint: body!.endpoint, last_used_at: null });
      case 'unsubscribeOwnPush':
        return expect(answer).toEqual({ subscribed: false });
      case 'freeCustomers': {
        const free = (answer as { list: { customer_id: number }[] }).list.map((c) => c.customer_id);
        const roots = new Set(users.filter((u) => u.rol_id === 4).map((u) => u.customer_id));
        const expected = customers
          .filter((c) => !c.is_provider && c.customer_active === 'Y' && !roots.has(c.customer_id))
          .map((c) => c.customer_id);
        return expect(free.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      }
    }
    switch (action(endpoint)) {
      case 'get':
        return expect((answer as { id: number }).id).toBe(id);
      case 'update':
        return expect(users.find((u) => u.id === id)).toMatchObject({ last_name: body!.last_name });
      case 'remove':
        return expect(users.find((u) => u.id === id)).toBeUndefined();
      case 'changePassword':
        return expect(users.find((u) => u.id === id)!.password_hash).not.toBe(hash);
      case 'create': {
        const made = users.find((u) => u.email === body!.email);
        // Admin Users go to the provider and Users to the caller's customer, whatever the body says
        const home = area === 'staffUsers' ? provider : area === 'ownUsers' ? homes.get(role) : body!.customer_id;
        return expect(made?.customer_id).toBe(home);
      }
      case 'list': {
        const page = answer as Page;
        expect(page.list.filter((u) => !reaches(area, role, u))).toEqual([]);
        expect(page.total).toBe(page.list.length);
        // staff reach the other customer's users on Customer Users; no one else finds any there
        if (which === 'other' && area !== 'customerUsers') return expect(page).toEqual({ total: 0, list: [] });
        expect(page.list.length).toBeGreaterThan(0);
        if (which === 'other') expect(page.list.every((u) => u.customer.customer_id === beta)).toBe(true);
        return;
      }
    }
    throw new Error(`no expectation for ${name}`);
  }

  const cases = ENDPOINTS.flatMap((endpoint) => {
    const row = EXPECTED[keyOf(endpoint)];
    if (!isSessionRow(row)) return [];
    const area = areaOf(endpoint);
    return ALL_ROLES.flatMap((role) =>
      (row.other ? (['own', 'other'] as const) : (['own'] as const)).map((which) => ({
        area,
        endpoint,
        role,
        which,
        expected: row[which]![role - 1]!,
      })),
    );
  });

  it.each(
    cases.map(
      (c) =>
        [
          `${c.endpoint.method} ${c.endpoint.path} as ${ROLE_NAMES[c.role]} on ${c.which} tenant: ${c.expected}`,
          c,
        ] as const,
    ),
  )('%s', async (_title, c) => {
    const id = hasId(c.endpoint) ? await target(c.area, c.endpoint, c.which, c.role) : undefined;
    if (c.area === 'dashboard') await eventsOfBoth();
    // a list of tokens has one of the caller's side, and one of another side it must not show
    if (c.endpoint.name === 'listApiTokens') {
      await target('tokens', c.endpoint, 'own', c.role);
      await target('tokens', c.endpoint, 'other', c.role);
    }
    // logout ends the session it is called with: it gets a session of its own
    const token =
      c.endpoint.name === 'logout'
        ? (await t.signIn(callers.get(c.role)!.email, callers.get(c.role)!.password)).token
        : tokens.get(c.role)!;
    const before = await snapshot();
    const body = await bodyFor(c.area, c.endpoint, c.role, c.which, id);
    const query =
      c.endpoint.name === 'nextShifts'
        ? `?ids=${alphaOnCall}`
        : c.endpoint.name === 'listSteps'
          ? `?escalation_id=${id}`
          : c.endpoint.name === 'listModules'
            ? `?application_id=${id}`
            : c.endpoint.name === 'listHeartbeats'
              ? `?module_id=${moduleOfHeartbeat.get(id!)}`
              : namesCustomer(c.area, c.endpoint) && action(c.endpoint) === 'list'
                ? `?page_size=1000${c.which === 'other' ? `&customer_id=${beta}` : ''}`
                : c.area === 'dashboard' && c.which === 'other'
                  ? `?customer_id=${beta}`
                  : '';
    const pathId = c.endpoint.path.includes(':') ? id : undefined;
    const path = `${fillPath(c.endpoint.path, { id: pathId, case_id: pathId === undefined ? undefined : caseOf.get(pathId), module: pathId, override_id: pathId === undefined ? undefined : overrideOf.get(pathId), provider: 'twilio', application: pathId === undefined ? undefined : applicationOf.get(pathId) })}${query}`;
    // the stream of changes never ends by itself: its first message is the answer
    const answer =
      c.endpoint.name === 'eventChanges'
        ? await firstMessage(path, token)
        : await t.raw(c.endpoint.method, path, { headers: bearer(token), ...(body === undefined ? {} : { body }) });
    expect({ status: answer.status, body: c.expected === 200 ? 'ok' : answer.body }).toEqual({
      status: c.expected,
      body: c.expected === 200 ? 'ok' : REFUSALS[c.expected],
    });
    if (c.expected === 200) await expectDone(c.area, c.endpoint, c.role, c.which, id, body, answer.body, token);
    else expect(await snapshot()).toEqual(before);
    // docs/product.md#audit-trail: a write that was made is in the trail
    if (c.expected === 200 && c.endpoint.method !== 'GET' && !(keyOf(c.endpoint) in NOT_AUDITED))
      expect(Number((await snapshot()).audited), 'its audit row').toBeGreaterThan(Number(before.audited));
  });
});
