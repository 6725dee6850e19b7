import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@relevo/api';
import { storyOpenApiDocument } from '../../testing/api-reference';
import { bodyFields, filterGroups, parameterFields, referenceGroups, roleLabels, schemaType } from './api-reference';

describe('the API reference read from the OpenAPI document (docs/product.md#openapi-document)', () => {
  const document = storyOpenApiDocument();
  const groups = referenceGroups(document);
  const find = (method: string, path: string) => {
    const found = groups.flatMap((group) => group.endpoints).find((e) => e.method === method && e.path === path);
    if (!found) throw new Error(`${method} ${path} is not listed`);
    return found;
  };

  it('lists every endpoint once, by area in the order of the document', () => {
    expect(groups.map((group) => group.tag)).toEqual(document.tags.map((tag) => tag.name));
    expect(groups.flatMap((group) => group.endpoints)).toHaveLength(ENDPOINTS.length);
    expect(
      groups.find((group) => group.tag === 'Outgoing webhooks')?.endpoints.map((e) => `${e.method} ${e.path}`),
    ).toEqual([
      'GET /api/webhooks',
      'POST /api/webhooks',
      'DELETE /api/webhooks/{id}',
      'GET /api/webhooks/{id}/deliveries',
      'POST /api/webhooks/{id}/enable',
    ]);
  });

  it('keeps the endpoints holding every word of the filter, in any case, and drops emptied areas', () => {
    const filtered = filterGroups(groups, '  POST   Webhooks ');
    expect(filtered.map((group) => group.tag)).toEqual(['Outgoing webhooks']);
    expect(filtered[0]?.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/webhooks',
      'POST /api/webhooks/{id}/enable',
    ]);
    // by the name and the area too
    expect(filterGroups(groups, 'addWebhook')[0]?.endpoints).toHaveLength(1);
    expect(filterGroups(groups, 'heartbeat monitors').map((group) => group.tag)).toEqual(['Heartbeat monitors']);
    expect(filterGroups(groups, 'no such endpoint')).toEqual([]);
    expect(filterGroups(groups, '')).toEqual(groups);
  });

  it("gives a body's fields with their types and whether they are required", () => {
    const fields = bodyFields(find('POST', '/api/webhooks').operation);
    expect(fields.map(({ name, required }) => [name, required])).toEqual([
      ['webhook_url', true],
      ['webhook_desc', false],
      ['signing_secret', true],
      ['changes', false],
    ]);
    expect(fields.find((field) => field.name === 'webhook_url')?.type).toBe('string');
    expect(fields.find((field) => field.name === 'changes')?.type).toMatch(/^array of 'created' \| /);
    expect(bodyFields(find('GET', '/api/webhooks').operation)).toEqual([]);
  });

  it('gives the path and query parameters, the path ones required', () => {
    expect(parameterFields(find('DELETE', '/api/webhooks/{id}').operation)).toEqual([
      { name: 'id', where: 'path', type: 'integer', required: true },
    ]);
    const query = parameterFields(find('GET', '/api/events/filters').operation);
    expect(query.find((field) => field.name === 'event_status')).toEqual({
      name: 'event_status',
      where: 'query',
      type: "'open' | 'progress' | 'completed' | 'canceled'",
      required: false,
    });
  });

  it("names a session endpoint's roles by their labels, none for the others", () => {
    expect(roleLabels(find('POST', '/api/webhooks').operation)).toEqual(['Customer Root']);
    expect(roleLabels(find('GET', '/api/health').operation)).toEqual([]);
  });

  it('says a type in a few words', () => {
    expect(schemaType(undefined)).toBe('any');
    expect(schemaType({ type: 'string', format: 'email' })).toBe('string (email)');
    expect(schemaType({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaType({ type: 'array', items: { type: 'integer' } })).toBe('array of integer');
    expect(schemaType({ anyOf: [{ type: 'number' }, { type: 'string' }] })).toBe('number | string');
    expect(schemaType({ const: 'Y' })).toBe("'Y'");
    expect(schemaType({ $ref: '#/components/schemas/Error' })).toBe('Error');
  });
});
