import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { APP_VERSION } from '@relevo/domain';
import { ENDPOINTS, ENDPOINT_AREAS, type AnyEndpoint } from './index';
import { OPENAPI_EXCEPTIONS, buildOpenApiDocument, type OpenApiDocument, type OpenApiOperation } from './openapi';

const SERVER = 'https://relevo.example.test';
const build = () => buildOpenApiDocument({ areas: ENDPOINT_AREAS, version: APP_VERSION, serverUrl: SERVER });

/** Every operation of a document with its method and path. */
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as OpenApiOperation })),
  );

const byName = (name: string): AnyEndpoint => {
  const row = ENDPOINTS.find((endpoint) => endpoint.name === name);
  if (!row) throw new Error(`no endpoint ${name}`);
  return row;
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI document of the endpoint table (docs/product.md#openapi-document)', () => {
  const document = build();
  const operation = (name: string): OpenApiOperation => {
    const row = byName(name);
    const found = document.paths[openApiPath(row.path)]?.[row.method.toLowerCase() as 'get'];
    if (!found) throw new Error(`${row.method} ${row.path} is not in the document`);
    return found;
  };

  it('names the product, its version and the server', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Relevo');
    expect(document.info.version).toBe(APP_VERSION);
    expect(document.servers).toEqual([{ url: SERVER }]);
  });

  it('holds every endpoint of the table exactly once, by its method and path, named after it', () => {
    const operations = operationsOf(document);
    expect(operations).toHaveLength(ENDPOINTS.length);
    for (const row of ENDPOINTS) {
      const matching = operations.filter(
        ({ path, method }) => path === openApiPath(row.path) && method === row.method.toLowerCase(),
      );
      expect(
        matching.map(({ operation }) => operation.operationId),
        `${row.method} ${row.path}`,
      ).toEqual([row.name]);
    }
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(ENDPOINTS.length);
  });

  it('holds itself, public', () => {
    expect(operation('openApiDocument')).toMatchObject({ security: [], 'x-relevo-auth': 'public' });
    expect(document.paths['/api/openapi.json']?.get?.operationId).toBe('openApiDocument');
  });

  it('declares every path parameter as required, typed from the params schema where there is one', () => {
    for (const { path, operation: op } of operationsOf(document)) {
      const placeholders = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((match) => match[1]);
      const declared = (op.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(
        declared.map((parameter) => parameter.name),
        path,
      ).toEqual(placeholders);
      expect(declared.every((parameter) => parameter.required)).toBe(true);
    }
    // IdParams: a positive whole number, as a JSON number or as the text of a path
    const [id] = operation('deleteWebhook').parameters ?? [];
    expect(id).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(id?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    // a case ID by its pattern; a provider callback has no params schema: a text
    expect(JSON.stringify(operation('acceptEvent').parameters?.[0]?.schema)).toContain('pattern');
    expect(operation('providerCallback').parameters).toEqual([
      { name: 'provider', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'kind', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('describes a body by its fields and the ones it requires, unknown fields refused', () => {
    const body = (name: string) =>
      operation(name).requestBody?.content['application/json']?.schema as {
        properties: Record<string, unknown>;
        required: string[];
        additionalProperties: unknown;
      };
    const webhook = body('addWebhook');
    expect(Object.keys(webhook.properties)).toEqual(['webhook_url', 'webhook_desc', 'signing_secret', 'changes']);
    expect([...webhook.required].sort()).toEqual(['signing_secret', 'webhook_url']);
    expect(webhook.additionalProperties).toBe(false);
    expect(operation('addWebhook').requestBody?.required).toBe(true);

    const login = body('login');
    expect(Object.keys(login.properties)).toEqual(['email', 'password']);
    expect([...login.required].sort()).toEqual(['email', 'password']);
    expect(JSON.stringify(login.properties.email)).toContain('"format":"email"');
    // a call without a body schema has no request body, nor has a GET
    expect(operation('listWebhooks').requestBody).toBeUndefined();
    expect(operation('deleteWebhook').requestBody).toBeUndefined();
  });

  it('lists the query fields of a list as optional query parameters', () => {
    const query = (operation('listEvents').parameters ?? []).filter((parameter) => parameter.in === 'query');
    const names = query.map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['page_num', 'page_size', 'search', 'event_status', 'time_zone']));
    expect(query.every((parameter) => !parameter.required)).toBe(true);
    expect(query.find((parameter) => parameter.name === 'event_status')?.schema).toMatchObject({
      enum: ['open', 'progress', 'completed', 'canceled'],
    });
  });

  it('gives each kind of caller its security', () => {
    expect(operation('health').security).toEqual([]);
    expect(operation('login').security).toEqual([]);
    expect(operation('verifyCode').security).toEqual([{ preauth: [] }, { preauthCookie: [] }]);
    // docs/product.md#api-tokens: a session's call names the token scope it takes, if any
    expect(operation('listWebhooks').security).toEqual([
      { session: [] },
      { sessionCookie: [] },
      { apiToken: ['read'] },
    ]);
    expect(operation('addWebhook').security).toEqual([
      { session: [] },
      { sessionCookie: [] },
      { apiToken: ['catalogue'] },
    ]);
    expect(operation('acceptEvent').security).toEqual([
      { session: [] },
      { sessionCookie: [] },
      { apiToken: ['events'] },
    ]);
    expect(operation('acceptEvent')['x-relevo-token-scope']).toBe('events');
    expect(operation('createApiToken').security).toEqual([{ session: [] }, { sessionCookie: [] }]);
    expect(operation('createApiToken')['x-relevo-token-scope']).toBeNull();
    expect(operation('logout')['x-relevo-token-scope']).toBeNull();
    expect(operation('ingestIncident').security).toEqual([{ moduleKey: [] }]);
    expect(operation('channelInbound').security).toEqual([{ signedWebhook: [] }]);
    expect(byName('smsResetVerify').auth).toBe('resetToken');
    expect(operation('smsResetVerify').security).toEqual([{ resetToken: [] }]);
    for (const { operation: op } of operationsOf(document)) {
      for (const alternative of op.security) {
        for (const scheme of Object.keys(alternative))
          expect(document.components.securitySchemes).toHaveProperty(scheme);
      }
    }
    expect(document.components.securitySchemes.moduleKey).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ in: 'cookie', name: 'relevo_token' });
    expect(document.components.securitySchemes.signedWebhook).toMatchObject({
      in: 'header',
      name: 'X-Relevo-Signature',
    });
    expect(operation('channelInbound').parameters).toContainEqual(
      expect.objectContaining({ name: 'X-Relevo-Timestamp', in: 'header', required: true }),
    );
  });

  it("lists a session endpoint's permissions and the roles that hold them", () => {
    expect(operation('addWebhook')).toMatchObject({
      'x-relevo-permissions': ['catalogue.write'],
      'x-relevo-roles': ['CustomerRoot'],
    });
    expect(operation('sessionUser')['x-relevo-roles']).toEqual([
      'StaffRoot',
      'StaffEdit',
      'StaffView',
      'CustomerRoot',
      'Customer',
    ]);
    expect(operation('health')).not.toHaveProperty('x-relevo-permissions');
  });

  it('answers the errors each endpoint can give, with the error bodies described once', () => {
    const refs = (name: string) =>
      Object.fromEntries(
        Object.entries(operation(name).responses).map(([status, answer]) => [
          status,
          '$ref' in answer ? answer.$ref : 'inline',
        ]),
      );
    expect(refs('addWebhook')).toEqual({
      '200': 'inline',
      '401': '#/components/responses/Unauthenticated',
      '403': '#/components/responses/Forbidden',
      '404': '#/components/responses/NotFound',
      '422': '#/components/responses/ValidationFailed',
      default: '#/components/responses/Failure',
    });
    expect(Object.keys(refs('health'))).toEqual(['200', '404', 'default']);
    expect(Object.keys(refs('ingestIncident'))).toEqual(['200', '201', '401', '404', '422', 'default']);
    expect(Object.keys(refs('heartbeatBeat'))).toEqual(['202', '404', '422', 'default']);
    expect(document.components.schemas.Error).toMatchObject({ required: ['detail'] });
    expect(document.components.responses.ValidationFailed?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ValidationError',
    });
    // the answers that are not JSON say what they are
    expect(Object.keys(operation('exportEvents').responses['200'] as object)).toContain('content');
    expect(operation('exportEvents').responses['200']).toMatchObject({ content: { 'text/csv': {} } });
  });

  it('tags every endpoint with its area of the table, and knows special answers only of endpoints that exist', () => {
    const names = new Set(ENDPOINTS.map((row) => row.name));
    for (const name of [...Object.keys(OPENAPI_EXCEPTIONS.successes), ...Object.keys(OPENAPI_EXCEPTIONS.notJson)]) {
      expect(names.has(name), name).toBe(true);
    }
    expect(document.tags.map((tag) => tag.name)).toEqual(ENDPOINT_AREAS.map(([tag]) => tag));
    expect(operation('addWebhook').tags).toEqual(['Outgoing webhooks']);
    expect(operation('addWebhook').summary).toBe('Add webhook');
    expect(operation('openApiDocument').summary).toBe('OpenAPI document');
    expect(operation('staffUsers.changePassword').summary).toBe('Staff users: change password');
  });

  it('is the same document, byte for byte, each time it is made', () => {
    const again = build();
    expect(again).toEqual(document);
    expect(JSON.stringify(again)).toBe(JSON.stringify(document));
    expect(Object.keys(document.paths)).toEqual([...Object.keys(document.paths)].sort());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.valid, JSON.stringify(result.errors, null, 2)).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is checked by a validator that refuses a broken document', async () => {
    type Loose = { info: Record<string, unknown>; paths: Record<string, Record<string, { parameters: object[] }>> };
    // a path parameter that is not required
    const optionalPath = structuredClone(document) as unknown as Loose;
    optionalPath.paths['/api/webhooks/{id}']!.delete!.parameters = [
      { name: 'id', in: 'path', required: false, schema: { type: 'integer' } },
    ];
    expect((await new Validator().validate(optionalPath as unknown as Record<string, unknown>)).valid).toBe(false);
    // a document without its title
    const untitled = structuredClone(document) as unknown as Loose;
    delete untitled.info.title;
    expect((await new Validator().validate(untitled as unknown as Record<string, unknown>)).valid).toBe(false);
  });
});
