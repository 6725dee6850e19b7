import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { ENDPOINTS, login as loginEndpoint, smsResetStart, type AnyEndpoint } from '@relevo/api';
import { ALL_ROLES, EventsV2Schema, ROLE_NAMES, Role, mayCall, type RoleId } from '@relevo/domain';
import { webhookSignature } from '../src/delivery/channels';
import { responderToken } from '../src/incidents/respond';
import { DEFAULT_LIMITS, type Limits } from '../src/limits';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';
import { withCredentialKey } from './support/keyed-module';
import {
  deeplyNested,
  fieldsOf,
  hostileText,
  hostileValue,
  jsonText,
  objectOf,
  shortText,
  shortValue,
  urlText,
  POLLUTING_KEYS,
  type Knowledge,
} from './support/hostile';

/**
 * Production hardening: every endpoint of the contract gets random and hostile bodies, query
 * strings, path parameters and credentials. Whatever arrives:
 * - the answer is never a 5xx (a 500 is a bug: the server must say what is wrong with a 4xx);
 * - a refused request (4xx) changes no row;
 * - a caller bound to one tenant (its people, its module's key) never changes another tenant's
 *   rows, and a successful answer never carries them (the other tenant's texts hold a marker).
 *
 * FUZZ_SEED replays a failure (fast-check prints the seed and path of the run that failed);
 * FUZZ_RUNS raises the runs per endpoint for a longer local run (docs/security.md).
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 20;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Endpoints left out of the fuzzing, each with why. */
const NOT_FUZZED: Record<string, string> = {};

/**
 * Endpoints that may end the session they are called with or the user's others: each run signs
 * in a user of its own (not the caller every other endpoint uses), and so they run fewer times.
 */
const SPENDS_ITS_SESSION: Record<string, string> = {
  logout: 'ends the session',
  changeOwnPassword: 'a new password may end the other sessions of the user',
};
const RUNS_OF: Record<string, number> = { logout: 3, changeOwnPassword: 6 };

/** Text in every record of the other tenant: no answer to this tenant's callers may hold it. */
const MARKER = 'Zq9marker';

/**
 * Tables a refused request may change: they count refusals. A wrong password, code or reset code
 * is counted (per account, address or request) so that guessing stops; the count is the point.
 */
const BOOKKEEPING_TABLES = new Set([
  'rate_limits', // failed sign-ins, code checks and reset attempts per account and address
  'verification_codes', // wrong_attempts of the sign-in code
  'sms_reset_requests', // wrong_attempts of the SMS reset code
  // which customers' events changed, taken by whichever process announces them (migration 0016):
  // a stream of changes that opens starts its process's announcements
  'event_change_marks',
]);

/** Body shapes the contract does not declare because the handler reads the body itself. */
const UNDECLARED_BODIES: Record<string, unknown> = {
  // PagerDuty's Events API v2: refusals are answered in PagerDuty's words (400 invalid event)
  eventsV2Enqueue: EventsV2Schema,
  eventsV2EnqueueApi: EventsV2Schema,
};

/** Limits no fuzz run reaches, so the runs get past them to the handlers (the limits have tests of their own). */
const OPEN_LIMITS = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([name, rule]) => [name, { ...rule, limit: 1_000_000 }]),
) as unknown as Limits;

const WEBHOOK_SECRET = 'fuzz-inbound-secret-0123456789';

/** The record an `:id` names, by its path. */
type RecordKind = 'customer' | 'user' | 'step' | 'escalation' | 'resource' | 'sla' | 'application' | 'module' | 'event';
const RECORD_PATHS: [RegExp, RecordKind][] = [
  [/\/user\//, 'user'],
  [/\/customer\//, 'customer'],
  [/\/escalation\/resource\//, 'step'],
  [/escalation|resource\/filtered/, 'escalation'],
  [/\/resource\//, 'resource'],
  [/\/sla\//, 'sla'],
  [/\/application\//, 'application'],
  [/\/module\/|emulation|examples/, 'module'],
  [/\/events\/log\//, 'event'],
];
const recordKind = (endpoint: AnyEndpoint): RecordKind | null =>
  RECORD_PATHS.find(([pattern]) => pattern.test(endpoint.path))?.[1] ?? null;

/** The role a session endpoint is fuzzed as: a customer's (bound to one tenant) where the role may call it, else staff. */
function roleFor(endpoint: AnyEndpoint): RoleId | null {
  return [Role.CustomerRoot, Role.Customer, ...ALL_ROLES].find((role) => mayCall(role, endpoint)) ?? null;
}

interface Request {
  path: string;
  body?: { text: string; contentType: string | null };
  /** replaces the caller's credentials (a hostile header) */
  headers?: Record<string, string>;
}

/** A request as a failure report shows it: long texts cut, with their length. */
function shown(request: Request): Request {
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text);
  const text = () =>
    `${cut(request.path)}${request.body ? ` ${request.body.contentType ?? 'no content-type'} ${cut(request.body.text)}` : ''}${request.headers ? ` ${cut(JSON.stringify(request.headers))}` : ''}`;
  return Object.assign(request, { [fc.toStringMethod]: text });
}

interface Answer {
  status: number;
  text: string;
}

/** Per table: its row count and an md5 of its rows in order; the other tenant's rows apart. */
type Digest = Record<string, { rows: number; all: string; other: string | null }>;

describe.each(DATABASE_KINDS)('hostile input to every endpoint on %s', (kind) => {
  let t: TestApp;
  let alpha: number;
  let beta: number;
  let digestSql: string;
  const tokens = new Map<RoleId, string>();
  /** ids that a path or a body's `*_id` field may name: both tenants' records of each kind */
  const pools = new Map<RecordKind, number[]>();
  let known: Knowledge = { ids: [] };
  let ingest: RunnableModule & { key: string };
  let alphaCase: string;
  let responderLink: string;
  let preauthToken: string;
  let resetToken: string;
  const betaCase = 'ZQ7XW3KP';

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: OPEN_LIMITS, config: { inboundWebhookSecret: WEBHOOK_SECRET } });
    alpha = await t.createCustomer('Alpha');
    beta = await t.createCustomer(`Beta ${MARKER}`);
    const spare = await t.createCustomer('Spare');
    const provider = (
      await asSystem(t, (tx) =>
        tx.selectFrom('customers').select('customer_id').where('is_provider', '=', true).executeTakeFirstOrThrow(),
      )
    ).customer_id;

    // users the user screens may change or delete; never a caller.
    // Made first, they hold the small ids a hostile path names ('1', ' 1')
    const spareUsers = [
      await t.createUser({ role: 'Customer', customer: 'Alpha' }),
      await t.createUser({ role: 'StaffView' }),
      await t.createUser({
        role: 'Customer',
        customer: `Beta ${MARKER}`,
        name: MARKER,
        lastName: `${MARKER} Last`,
        email: `${MARKER.toLowerCase()}.one@example.test`,
      }),
      await t.createUser({
        role: 'CustomerRoot',
        customer: `Beta ${MARKER}`,
        name: MARKER,
        lastName: `${MARKER} Root`,
        email: `${MARKER.toLowerCase()}.two@example.test`,
      }),
    ];
    for (const role of ALL_ROLES) {
      const user = await t.createUser({
        role: ROLE_NAMES[role],
        customer: role >= Role.CustomerRoot ? 'Alpha' : undefined,
      });
      tokens.set(role, (await t.signIn(user.email, user.password)).token);
    }
    // the code step and the SMS reset need a token of their own first step
    const pending = await t.createUser({ role: 'Customer', customer: 'Alpha', phone: '+17875550199' });
    preauthToken = (
      await t.client().call(loginEndpoint, { body: { email: pending.email, password: pending.password } })
    ).access_token;
    resetToken = (await t.client().call(smsResetStart, { body: { phone: '+17875550199' } })).token;

    // records of each tenant that the catalogue's fuzzing may change or delete; Alpha's made
    // first hold the small ids a hostile path names ('1', ' 1')
    const alphaRecords = await asSystem(t, (tx) => insertRunnableModule(tx, alpha));
    // the module the ingest API is fuzzed with (never in a pool: the catalogue's fuzzing leaves it whole)
    const made = await asSystem(t, (tx) => insertRunnableModule(tx, alpha));
    ingest = await withCredentialKey(t.client(tokens.get(Role.CustomerRoot)), made);
    const reported = await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
      body: {
        incident: 'Checkout errors above 5%',
        description: 'The payment provider answers 502 to one request in twenty.',
      },
      headers: basic(ingest.id, ingest.key),
    });
    expect(reported.status).toBe(201);
    alphaCase = reported.body.case_id;
    responderLink = responderToken(t.ctx.signer, reported.body.event_id, 0);

    const betaRecords = await asSystem(t, async (tx) => {
      const module = await insertRunnableModule(tx, beta);
      await tx
        .updateTable('resources')
        .set({ resource_fullname: `${MARKER} Responder`, resource_email: `${MARKER.toLowerCase()}@example.test` })
        .where('customer_id', '=', beta)
        .execute();
      await tx
        .updateTable('escalations')
        .set({ escalation_name: `${MARKER} On call` })
        .where('customer_id', '=', beta)
        .execute();
      await tx
        .updateTable('slas')
        .set({ sla_name: `${MARKER} SLA` })
        .where('customer_id', '=', beta)
        .execute();
      await tx
        .updateTable('applications')
        .set({ application_name: `${MARKER} Store` })
        .where('customer_id', '=', beta)
        .execute();
      await tx
        .updateTable('modules')
        .set({ module_name: `${MARKER} Checkout` })
        .where('customer_id', '=', beta)
        .execute();
      const event = await tx
        .insertInto('events')
        .values({
          customer_id: beta,
          module_id: module.id,
          case_id: betaCase,
          short_event_subject: `${MARKER} outage`,
          short_event_body: `${MARKER} body`,
          last_resource_assigned: `${MARKER} Responder`,
        })
        .returning('event_id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('event_logs')
        .values({
          customer_id: beta,
          event_id: event.event_id,
          call_date: t.clock.now(),
          channel: 'email',
          followup_status: 'open',
        })
        .execute();
      return { ...module, eventId: event.event_id };
    });
    const steps = await asSystem(t, (tx) =>
      tx
        .selectFrom('escalation_resources')
        .select('escalation_resource_id')
        .where('escalation_id', 'in', [alphaRecords.escalationId, betaRecords.escalationId])
        .execute(),
    );
    const alphaEvent = await asSystem(t, (tx) =>
      tx.selectFrom('events').select('event_id').where('case_id', '=', alphaCase).executeTakeFirstOrThrow(),
    );
    pools.set('customer', [beta, spare, provider, 987_654]);
    pools.set(
      'user',
      spareUsers.map((user) => user.id),
    );
    pools.set(
      'step',
      steps.map((step) => step.escalation_resource_id),
    );
    for (const [kind, key] of [
      ['escalation', 'escalationId'],
      ['resource', 'resourceId'],
      ['sla', 'slaId'],
      ['application', 'applicationId'],
      ['module', 'id'],
    ] as const) {
      pools.set(kind, [alphaRecords[key], betaRecords[key]]);
    }
    pools.set('event', [alphaEvent.event_id, betaRecords.eventId]);
    known = {
      ids: [...new Set([...pools.values()].flat())],
      // the Events API's routing key is the module's credential key; a gateway reports the phones it texted
      fields: {
        routing_key: [ingest.key],
        from: ['+17875550142', '+17875550199'],
        case_id: [alphaCase, betaCase],
        idempotency_key: ['fuzz-key'],
      },
    };

    const tables = await asSystem(t, (tx) =>
      sql<{ name: string; tenant: boolean }>`
        select c.table_name as name, bool_or(c.column_name = 'customer_id') as tenant
        from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
        where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
        group by c.table_name order by c.table_name`.execute(tx),
    );
    digestSql = tables.rows
      .filter((table) => !BOOKKEEPING_TABLES.has(table.name))
      .map(
        (table) =>
          `select '${table.name}' as name, count(*)::int as rows, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as all, ` +
          (table.tenant
            ? `md5(coalesce(string_agg(x::text, '|' order by x::text) filter (where x.customer_id = ${beta}), ''))`
            : 'null') +
          ` as other from "${table.name}" x`,
      )
      .join(' union all ');
  }, 120_000);
  afterAll(async () => t?.close());

  /** A signed-in user of the role apart from the callers, for the endpoints that spend their session. */
  async function spenderOf(role: RoleId): Promise<{ token: string }> {
    const user = await t.createUser({
      role: ROLE_NAMES[role],
      customer: role >= Role.CustomerRoot ? 'Alpha' : undefined,
    });
    return t.signIn(user.email, user.password);
  }

  /**
   * The digest after the previous run is the one before the next: nothing else writes meanwhile
   * (no engine runs, the clock stands still, delivered messages stay delivered). A run that signs
   * in anew takes it again.
   */
  let last: Digest | undefined;
  /** Every table's rows, as the owner sees them, once queued messages are delivered (the dispatcher writes meanwhile). */
  async function digest(): Promise<Digest> {
    await t.settleOutbox();
    const rows = await asSystem(t, (tx) =>
      sql<{ name: string; rows: number; all: string; other: string | null }>`${sql.raw(digestSql)}`.execute(tx),
    );
    last = Object.fromEntries(rows.rows.map((row) => [row.name, { rows: row.rows, all: row.all, other: row.other }]));
    return last;
  }
  const otherTenant = (d: Digest) => Object.fromEntries(Object.entries(d).map(([name, table]) => [name, table.other]));

  /** One call, the way a client would make it; a stream's answer is its first chunk. */
  async function send(endpoint: AnyEndpoint, credentials: Record<string, string>, request: Request): Promise<Answer> {
    const headers: Record<string, string> = { ...credentials, ...request.headers };
    if (request.body?.contentType) headers['content-type'] = request.body.contentType;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 20_000);
    const call = () =>
      fetch(`${t.baseUrl}${request.path}`, {
        method: endpoint.method,
        headers,
        body: request.body?.text,
        signal: abort.signal,
      });
    try {
      // a kept-alive connection that the server closes as the next request goes out on it is reset
      // before any answer (a race of the transport, not an answer): a browser sends the request
      // again on a new connection, and so does this client, once; a server that resets every time fails
      const response = await call().catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return call();
        throw error;
      });
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
        const reader = response.body!.getReader();
        const first = await reader.read();
        abort.abort();
        return { status: response.status, text: new TextDecoder().decode(first.value) };
      }
      return { status: response.status, text: await response.text() };
    } finally {
      clearTimeout(timer);
    }
  }

  const basic = (moduleId: number | string, key: string) => ({
    authorization: `Basic ${Buffer.from(`${moduleId}:${key}`).toString('base64')}`,
  });

  /** Credentials a client without the right ones sends. */
  const hostileCredentials: fc.Arbitrary<Record<string, string>> = fc.oneof(
    fc.constant({}),
    hostileText
      .filter((text) => /^[\x20-\x7e]{0,2000}$/.test(text))
      .map((text) => ({ authorization: `Bearer ${text}` })),
    hostileText.map((text) => basic(text.slice(0, 50), text.slice(0, 50))),
    fc.constantFrom<Record<string, string>>(
      { authorization: 'Basic' },
      { authorization: `Basic ${'A'.repeat(5000)}` },
      { authorization: `Bearer ${'x'.repeat(8000)}` },
      { cookie: 'relevo_token=%00%zz; relevo_token=x' },
      { cookie: `relevo_token=%E0%A4%A; relevo_preauth=${'%ED%A0%80'.repeat(100)}` },
      { cookie: 'relevo_preauth=eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.' },
    ),
  );

  /** The values a path parameter may take: the records of its pool, a valid token, and hostile texts. */
  function paramValues(endpoint: AnyEndpoint, name: string): fc.Arbitrary<string> {
    const hostile = fc.oneof(
      hostileText,
      fc.constantFrom('-1', '0', '2147483648', '99999999999999999999', '1.5', '1e3', ' 1', '0x1', '%2F..%2F'),
    );
    const named: (string | number)[] = (() => {
      switch (name) {
        case 'id': {
          // a path that names no record kind above: any catalogue record or event of either tenant
          const kind = recordKind(endpoint);
          return kind
            ? pools.get(kind)!
            : (['step', 'escalation', 'resource', 'sla', 'application', 'module', 'event'] as const).flatMap((other) =>
                pools.get(other)!,
              );
        }
        case 'module':
          return pools.get('module')!;
        case 'application':
          return pools.get('application')!;
        case 'case_id':
          return [alphaCase, betaCase];
        case 'token':
          // a responder link's token, the same tampered, and a well-formed token nobody was given
          return [
            responderLink,
            `${responderLink.slice(0, -1)}A`,
            'A'.repeat(43),
            `${responderLink.split('.')[0]}.9.${'A'.repeat(43)}`,
          ];
        default:
          return [];
      }
    })();
    return named.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...named.map(String)) }, { weight: 2, arbitrary: hostile })
      : hostile;
  }

  /** A query string of the endpoint's fields, hostile values and keys, repeated keys and broken escapes. */
  function queryOf(endpoint: AnyEndpoint): fc.Arbitrary<string> {
    const pairs = fc.tuple(
      objectOf(fieldsOf(endpoint.query), known, { short: true }),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        {
          weight: 1,
          arbitrary: fc.array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom(
                  ...POLLUTING_KEYS,
                  '__proto__[polluted]',
                  'constructor[prototype][polluted]',
                  'page_size[]',
                  'a[b][c]',
                ),
                shortText,
              ),
              shortValue,
            ),
            { maxLength: 2 },
          ),
        },
      ),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '&',
            '&%',
            '&%zz=1',
            '&=',
            '&&&',
            '&page_num=1&page_num=2',
            '&search=%E0%A4%A',
            '&search=%ED%A0%80',
            `&search=${'%41'.repeat(3000)}`,
          ),
        },
      ),
    );
    return pairs.map(([fields, extra, tail]) => {
      const parts = [...Object.entries(fields), ...extra].flatMap(([key, value]) =>
        Array.isArray(value)
          ? value.map((item) => `${urlText(key)}=${urlText(item)}`)
          : [`${urlText(key)}=${urlText(value)}`],
      );
      const text = parts.join('&') + tail;
      return text ? `?${text}` : '';
    });
  }

  /** A body: mostly the schema's fields with hostile values, sometimes not an object, not JSON, too deep or in another type. */
  function bodyOf(endpoint: AnyEndpoint): fc.Arbitrary<Request['body']> {
    const declared = endpoint.body ?? UNDECLARED_BODIES[endpoint.name];
    const fields = fieldsOf(declared);
    const first = Object.keys(fields)[0] ?? 'name';
    const json = (text: string) => ({ text, contentType: 'application/json' });
    return fc.oneof(
      // an endpoint that reads no body is mostly called without one, as its client does
      { weight: declared ? 0 : 10, arbitrary: fc.constant(undefined) },
      { weight: 10, arbitrary: objectOf(fields, known).map((value) => json(jsonText(value))) },
      { weight: 2, arbitrary: hostileValue.map((value) => json(jsonText(value))) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          json(deeplyNested(100_000, 'array')),
          json(`{"${first}":${deeplyNested(50_000, 'array')}}`),
          json(deeplyNested(20_000, 'object')),
          json(`{"__proto__":{"polluted":true},"${first}":"x"}`),
          json(`{"constructor":{"prototype":{"polluted":true}},"${first}":"x"}`),
          json(`{"${first}":"x","${first}":"y"}`),
          json('{'),
          json(''),
          json('null'),
          json('"\\ud800"'),
          json(`{"${first}":"\\u0000"}`),
          json('x'.repeat(300_000)),
          { text: `${first}=x`, contentType: 'application/x-www-form-urlencoded' },
          { text: '<xml/>', contentType: 'text/xml' },
          { text: '{}', contentType: 'application/json; charset=utf-16' },
          { text: '{}', contentType: null },
          {
            text: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
            contentType: 'multipart/form-data; boundary=b',
          },
        ),
      },
    );
  }

  /** Every request to the endpoint: path parameters, query string and body. */
  function requests(endpoint: AnyEndpoint): fc.Arbitrary<Request> {
    const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
    const params = fc.tuple(...names.map((name) => paramValues(endpoint, name)));
    const takesBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
    const body: fc.Arbitrary<Request['body']> = takesBody ? bodyOf(endpoint) : fc.constant(undefined);
    const credentials = fc.oneof(
      { weight: 9, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: hostileCredentials },
    );
    return fc.tuple(params, queryOf(endpoint), body, credentials).map(([values, query, requestBody, headers]) => {
      let path = endpoint.path;
      names.forEach((name, i) => (path = path.replace(`:${name}`, urlText(values[i]))));
      return shown({ path: `${path}${query}`, body: requestBody, ...(headers ? { headers } : {}) });
    });
  }

  /**
   * How the endpoint is called: its credentials (made anew for each run where a run spends them),
   * whether the caller is bound to Alpha, and how a body is signed.
   */
  function callerOf(endpoint: AnyEndpoint): {
    credentials: () => Promise<Record<string, string>>;
    signsIn?: boolean;
    boundToAlpha: boolean;
    sign?: (text: string) => Record<string, string>;
  } {
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    switch (endpoint.auth) {
      case 'session': {
        const role = roleFor(endpoint);
        if (role === null) throw new Error(`no role may call ${endpoint.name}`);
        // staff reach every customer: only a customer's people are bound to one
        const boundToAlpha = role >= Role.CustomerRoot;
        // a session of its own each run (signed in anew: the rows the sign-in wrote are not the call's)
        if (endpoint.name in SPENDS_ITS_SESSION)
          return { credentials: async () => bearer((await spenderOf(role)).token), signsIn: true, boundToAlpha };
        return { credentials: async () => bearer(tokens.get(role)!), boundToAlpha };
      }
      case 'public':
        // a public call carries no tenant: its answer must still not hold another's records
        return { credentials: async () => ({}), boundToAlpha: true };
      case 'preauth':
        return { credentials: async () => bearer(preauthToken), boundToAlpha: true };
      case 'resetToken':
        return { credentials: async () => bearer(resetToken), boundToAlpha: true };
      case 'moduleKey':
        return { credentials: async () => basic(ingest.id, ingest.key), boundToAlpha: true };
      case 'signedWebhook': {
        const sign = (text: string) => {
          const timestamp = Math.floor(t.clock.now().getTime() / 1000);
          return {
            'x-relevo-timestamp': String(timestamp),
            'x-relevo-signature': webhookSignature(WEBHOOK_SECRET, timestamp, text),
          };
        };
        // a gateway reports for every customer's phones: not bound to one tenant
        return { credentials: async () => ({}), boundToAlpha: false, sign };
      }
    }
  }

  it('fuzzes every endpoint of the contract, or says why not', () => {
    const names = new Set(ENDPOINTS.map((endpoint) => endpoint.name));
    expect(Object.keys(NOT_FUZZED).filter((name) => !names.has(name))).toEqual([]);
    expect(
      ENDPOINTS.filter((endpoint) => endpoint.auth === 'session' && roleFor(endpoint) === null).map(
        (endpoint) => endpoint.name,
      ),
    ).toEqual([]);
  });

  const fuzzed = ENDPOINTS.filter((endpoint) => !(endpoint.name in NOT_FUZZED));
  it.each(fuzzed.map((endpoint) => [`${endpoint.method} ${endpoint.path} (${endpoint.name})`, endpoint] as const))(
    '%s',
    async (_title, endpoint) => {
      const caller = callerOf(endpoint);
      await fc.assert(
        fc.asyncProperty(requests(endpoint), async (request) => {
          const credentials = await caller.credentials();
          const signed = caller.sign && request.body && !request.headers ? caller.sign(request.body.text) : {};
          const before = caller.signsIn || !last ? await digest() : last;
          const answer = await send(endpoint, { ...credentials, ...signed }, request);
          const what = `${endpoint.method} ${request.path.slice(0, 300)} answered ${answer.status}: ${answer.text.slice(0, 300)}`;
          expect(answer.status, what).toBeLessThan(500);
          const after = await digest();
          if (answer.status >= 400) expect(after, `${what}\nchanged rows`).toEqual(before);
          if (caller.boundToAlpha) {
            expect(otherTenant(after), `${what}\nchanged the other tenant's rows`).toEqual(otherTenant(before));
            if (answer.status < 300)
              expect(answer.text.toLowerCase(), `${what}\nshowed the other tenant's records`).not.toContain(
                MARKER.toLowerCase(),
              );
          }
        }),
        { numRuns: RUNS_OF[endpoint.name] ?? RUNS, seed: SEED },
      );
    },
    600_000,
  );
});
