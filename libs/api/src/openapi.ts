import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import {
  ALL_ROLES,
  INBOUND_SIGNATURE_WINDOW_SECONDS,
  ROLE_NAMES,
  mayCall,
  tokenScopeOf,
  type TokenScope,
} from '@relevo/domain';
import type { AnyEndpoint, AuthKind, Method } from './endpoint';

// docs/product.md#openapi-document: the endpoint table as an OpenAPI 3.1 document. Built from the
// same rows the server registers and the client calls, so it cannot drift from them either.

/** A JSON Schema of the 2020-12 dialect, the one of OpenAPI 3.1. */
export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface MediaType {
  schema?: JsonSchema;
}

interface OpenApiResponse {
  description: string;
  content?: Record<string, MediaType>;
}

type Reference = { $ref: string };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  /** alternatives: any one of them is enough; empty for a public endpoint */
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, OpenApiResponse | Reference>;
  /** the kind of caller of the endpoint table (docs/product.md#openapi-document) */
  'x-relevo-auth': AuthKind;
  /** a session endpoint's permissions, any one of which grants the call */
  'x-relevo-permissions'?: string[];
  /** the roles holding one of them (the domain's role matrix) */
  'x-relevo-roles'?: string[];
  /** the scope an API token needs for it (docs/product.md#api-tokens), null when no token may make it */
  'x-relevo-token-scope'?: TokenScope | null;
}

type OperationMethod = Lowercase<Method>;
export type OpenApiPathItem = Partial<Record<OperationMethod, OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

/** The table by area, in its order: each area's name is its endpoints' tag (ENDPOINT_AREAS of index.ts). */
export type EndpointAreas = readonly (readonly [string, readonly AnyEndpoint[]])[];

/**
 * What the server answers that the table's phantom response types cannot say: the successes that
 * are not a plain 200, and the answers that are not JSON.
 */
const SUCCESSES: Record<string, Record<string, string>> = {
  ingestIncident: { '200': 'The open incident its dedup_key names', '201': 'A new incident' },
  eventsV2Enqueue: { '202': 'The event was accepted' },
  eventsV2EnqueueApi: { '202': 'The event was accepted' },
  heartbeatBeat: { '202': 'The beat was counted' },
};
const NOT_JSON: Record<string, string> = {
  exportEvents: 'text/csv',
  exportEventLog: 'text/csv',
  eventChanges: 'text/event-stream',
  eventAudio: 'audio/*',
  calendarFeed: 'text/calendar',
  slackInteractions: 'text/plain',
  // each provider's own format (TwiML, TeXML, JSON)
  providerCallback: '*/*',
};

/** What the generator knows beyond the table, for the test that keeps it in step with the table. */
export const OPENAPI_EXCEPTIONS = { successes: SUCCESSES, notJson: NOT_JSON };

const SECURITY: Record<AuthKind, Record<string, string[]>[]> = {
  public: [],
  session: [{ session: [] }, { sessionCookie: [] }],
  preauth: [{ preauth: [] }, { preauthCookie: [] }],
  resetToken: [{ resetToken: [] }],
  moduleKey: [{ moduleKey: [] }],
  signedWebhook: [{ signedWebhook: [] }],
};

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token (it starts with rlv_), made on the API Tokens screen by a Customer Root or a Staff Root, sent as ' +
      "Authorization: Bearer. It calls as the user who made it, within that user's role and customer, and only what " +
      'its scopes allow: read (every GET), catalogue (changes) and events (answering events). The scope an operation ' +
      'needs is its x-relevo-token-scope; an operation without one takes no token.',
  },
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The session token, answered by POST /api/login/jwt/tfa as access_token, sent as Authorization: Bearer. ' +
      'It names a session that sign-out, a password change or a deactivation ends.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'relevo_token',
    description:
      'The same session token in the HttpOnly cookie the code step sets (named __Host-relevo_token when the ' +
      'server is served over https). A request carrying it that changes something must come from the ' +
      "server's own origin.",
  },
  preauth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The short-lived token answered by POST /api/login/jwt/ after a correct password: the code step only.',
  },
  preauthCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'relevo_preauth',
    description:
      'The same token in the cookie the sign-in sets for /api/login/jwt (__Secure-relevo_preauth over https).',
  },
  resetToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token answered by POST /api/users/reset_password/sms/, for its second step.',
  },
  moduleKey: {
    type: 'http',
    scheme: 'basic',
    description: 'HTTP Basic: the user name is the module ID, the password is its credential key.',
  },
  signedWebhook: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Relevo-Signature',
    description:
      'The hex HMAC-SHA256 of `{X-Relevo-Timestamp}.{raw body}` with the INBOUND_WEBHOOK_SECRET of the server.',
  },
};

const ERROR = { $ref: '#/components/schemas/Error' };
const responseRef = (name: string): Reference => ({ $ref: `#/components/responses/${name}` });

/** Made afresh for each document: a caller may freeze what it is given. */
const components = (): OpenApiDocument['components'] => ({
  schemas: {
    Answer: {
      description: "The call's JSON answer (its fields are described in the product reference, not here).",
    },
    Error: {
      type: 'object',
      description: 'A failure other than a validation: its text for the person.',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
    },
    ValidationError: {
      type: 'object',
      description: 'A 422: one item per failed rule; `loc` starts with body, query or path, followed by the field.',
      properties: {
        detail: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
              msg: { type: 'string' },
            },
            required: ['loc', 'msg'],
          },
        },
      },
      required: ['detail'],
    },
  },
  responses: {
    Unauthenticated: {
      description: 'No credentials, or credentials that do not count (any more)',
      content: { 'application/json': { schema: ERROR } },
    },
    Forbidden: {
      description: "The session's role may not make the call, or its password must be changed first",
      content: { 'application/json': { schema: ERROR } },
    },
    NotFound: {
      description: "No such record for this caller (another customer's records are not found either)",
      content: { 'application/json': { schema: ERROR } },
    },
    ValidationFailed: {
      description: 'The path, query or body breaks a rule',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
    },
    Failure: {
      description: 'Any other failure: 400, 409, 413, 415, 429 (with Retry-After), 500, 503',
      content: { 'application/json': { schema: ERROR } },
    },
  },
  securitySchemes: structuredClone(SECURITY_SCHEMES),
});

/** A valibot schema as JSON Schema, as a client sends it (what a transform makes of it is the server's business). */
function jsonSchemaOf(schema: v.GenericSchema): JsonSchema {
  const converted = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    // checks JSON Schema cannot say (a transform, a custom check) are left out, not refused
    errorMode: 'ignore',
  }) as JsonSchema;
  const { $schema: _dialect, ...rest } = converted;
  return wholeNumbers(rest);
}

/**
 * The domain's whole numbers take a JSON number or its text (a path or a query has only text):
 * their `integer` type, with its bounds, is what a client sends; the union of both forms under it
 * says nothing more.
 */
function wholeNumbers(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'anyOf' && schema.type === 'integer') continue;
    out[keyword] = Array.isArray(value)
      ? value.map((item: unknown) => (isSchemaObject(item) ? wholeNumbers(item) : item))
      : isSchemaObject(value)
        ? wholeNumbers(value)
        : value;
  }
  return out;
}

const isSchemaObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of an object schema, through the parts of an intersection (a field required by one is
 * required) or the branches of a union (required when every branch requires it).
 */
function fieldsOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  if (schema.properties) {
    return {
      properties: schema.properties as Record<string, JsonSchema>,
      required: new Set((schema.required as string[] | undefined) ?? []),
    };
  }
  const isIntersection = Array.isArray(schema.allOf);
  const branches = (schema.allOf ?? schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!branches?.length) return { properties: {}, required: new Set() };
  const parts = branches.map(fieldsOf);
  const properties = Object.assign({}, ...parts.map((part) => part.properties)) as Record<string, JsonSchema>;
  const required = new Set(
    Object.keys(properties).filter((name) =>
      isIntersection ? parts.some((part) => part.required.has(name)) : parts.every((part) => part.required.has(name)),
    ),
  );
  return { properties, required };
}

const PATH_PARAMETER = /:([A-Za-z_]+)/g;

function parametersOf(row: AnyEndpoint): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [];
  const pathFields = row.params ? fieldsOf(jsonSchemaOf(row.params)).properties : {};
  for (const [, name = ''] of row.path.matchAll(PATH_PARAMETER)) {
    parameters.push({ name, in: 'path', required: true, schema: pathFields[name] ?? { type: 'string' } });
  }
  if (row.query) {
    const { properties, required } = fieldsOf(jsonSchemaOf(row.query));
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (row.auth === 'signedWebhook') {
    parameters.push({
      name: 'X-Relevo-Timestamp',
      in: 'header',
      required: true,
      description: `Unix seconds; within ${INBOUND_SIGNATURE_WINDOW_SECONDS} seconds of the server's clock.`,
      schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
    });
  }
  return parameters;
}

/** 'addWebhook' → 'Add webhook'; the short forms stay as they are written. */
const WORDS: Record<string, string> = { api: 'API', sla: 'SLA', slas: 'SLAs', sms: 'SMS' };
function summaryOf(name: string): string {
  // a user group's calls are named `staffUsers.list`: 'Staff users: list'
  const text = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase())
    .join(' ')
    .replace(/\bopen API\b/, 'OpenAPI')
    .replace('.', ': ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function responsesOf(row: AnyEndpoint): OpenApiOperation['responses'] {
  const type = NOT_JSON[row.name];
  const content: Record<string, MediaType> = !type
    ? { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } }
    : type.startsWith('text/')
      ? { [type]: { schema: { type: 'string' } } }
      : { [type]: {} };
  const successes = SUCCESSES[row.name] ?? { '200': 'Done' };
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, description] of Object.entries(successes)) responses[status] = { description, content };
  if (row.auth !== 'public') responses['401'] = responseRef('Unauthenticated');
  if (row.auth === 'session') responses['403'] = responseRef('Forbidden');
  responses['404'] = responseRef('NotFound');
  if (row.params || row.query || row.body) responses['422'] = responseRef('ValidationFailed');
  responses.default = responseRef('Failure');
  return responses;
}

function operationOf(row: AnyEndpoint, tag: string): OpenApiOperation {
  const parameters = parametersOf(row);
  const tokenScope = tokenScopeOf(row);
  const hasBody = row.body && row.method !== 'GET' && row.method !== 'DELETE';
  return {
    operationId: row.name,
    summary: summaryOf(row.name),
    tags: [tag],
    security: [
      ...SECURITY[row.auth].map((alternative) => ({ ...alternative })),
      ...(tokenScope ? [{ apiToken: [tokenScope] }] : []),
    ],
    ...(parameters.length ? { parameters } : {}),
    ...(hasBody
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(row.body) } } } }
      : {}),
    responses: responsesOf(row),
    'x-relevo-auth': row.auth,
    ...(row.auth === 'session'
      ? {
          'x-relevo-permissions': [...row.permissions],
          'x-relevo-roles': ALL_ROLES.filter((role) => mayCall(role, row)).map((role) => ROLE_NAMES[role]),
          'x-relevo-token-scope': tokenScope,
        }
      : {}),
  };
}

const METHOD_ORDER: readonly OperationMethod[] = ['get', 'put', 'post', 'delete'];

export interface OpenApiOptions {
  /** the rows to describe, by area: the whole table (ENDPOINT_AREAS) */
  areas: EndpointAreas;
  /** the product's version (APP_VERSION) */
  version: string;
  /** where the API is served (PUBLIC_URL) */
  serverUrl: string;
}

/**
 * The OpenAPI 3.1 document of the endpoint table. The same table gives the same document, byte for
 * byte (paths sorted, methods in one order), so it can be cached and compared.
 */
export function buildOpenApiDocument({ areas, version, serverUrl }: OpenApiOptions): OpenApiDocument {
  const operations = new Map<string, Map<OperationMethod, OpenApiOperation>>();
  const used = new Set<string>();
  for (const [tag, rows] of areas)
    for (const row of rows) {
      const path = row.path.replace(PATH_PARAMETER, '{$1}');
      const method = row.method.toLowerCase() as OperationMethod;
      const methods = operations.get(path) ?? new Map<OperationMethod, OpenApiOperation>();
      if (methods.has(method)) throw new Error(`${row.method} ${row.path} is in the table twice`);
      used.add(tag);
      methods.set(method, operationOf(row, tag));
      operations.set(path, methods);
    }
  const paths: Record<string, OpenApiPathItem> = {};
  for (const path of [...operations.keys()].sort()) {
    const methods = operations.get(path)!;
    const item: OpenApiPathItem = {};
    for (const method of METHOD_ORDER) {
      const operation = methods.get(method);
      if (operation) item[method] = operation;
    }
    paths[path] = item;
  }
  const areaOrder = areas.map(([tag]) => tag);
  const tags = [...used]
    .sort((a, b) => rank(areaOrder, a) - rank(areaOrder, b) || a.localeCompare(b))
    .map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Relevo',
      version,
      description:
        "Relevo's HTTP API, made from the endpoint table the server registers. Failures answer " +
        '`{"detail": text}`, or `{"detail": [{loc, msg}]}` for a 422. Session calls are what the dashboard ' +
        'makes; monitoring systems use the module key (HTTP Basic).',
    },
    servers: [{ url: serverUrl }],
    tags,
    paths,
    components: components(),
  };
}

const rank = (order: readonly string[], tag: string) => {
  const index = order.indexOf(tag);
  return index < 0 ? order.length : index;
};
