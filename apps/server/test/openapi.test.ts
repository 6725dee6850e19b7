import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@relevo/domain';
import { ENDPOINT_AREAS, buildOpenApiDocument, openApiDocument } from '@relevo/api';
import { DATABASE_KINDS } from './support/databases';
import { startTestApp, type TestApp } from './support/harness';

// docs/product.md#openapi-document: the endpoint table's document at /api/openapi.json, public,
// made once per process, cacheable.

describe.each(DATABASE_KINDS)('the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(async () => t?.close());

  const expected = () =>
    buildOpenApiDocument({ areas: ENDPOINT_AREAS, version: APP_VERSION, serverUrl: t.ctx.config.publicUrl });

  it('answers the document of the table as JSON, without a session, and a cache may keep it', async () => {
    const answer = await t.raw('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    // the protective headers of every answer stay
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.body).toEqual(expected());
    // the bytes are the document's own JSON, the same at every request
    expect(answer.text).toBe(JSON.stringify(expected()));
    const again = await t.raw('GET', '/api/openapi.json');
    expect(again.text).toBe(answer.text);
    expect(again.headers.get('etag')).toBe(answer.headers.get('etag'));
  });

  it('answers an unchanged document to a cache that holds it with a 304 and no body', async () => {
    const first = await t.raw('GET', '/api/openapi.json');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const revalidated = await t.raw('GET', '/api/openapi.json', { headers: { 'if-none-match': etag ?? '' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    const stale = await t.raw('GET', '/api/openapi.json', { headers: { 'if-none-match': '"an-older-one"' } });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(expected());
  });

  it('is what the typed client reads, a bad token changing nothing, and it names this server', async () => {
    const document = await t.client('not-a-session').call(openApiDocument);
    expect(document).toEqual(expected());
    expect(document.servers).toEqual([{ url: t.ctx.config.publicUrl }]);
    expect(document.paths['/api/openapi.json']?.get?.operationId).toBe('openApiDocument');
  });
});
