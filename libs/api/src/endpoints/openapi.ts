import { endpoint, reply } from '../endpoint';
import type { OpenApiDocument } from '../openapi';

/**
 * docs/product.md#openapi-document: this table as an OpenAPI 3.1 document, itself included. Public:
 * it lists the endpoints the integrators' documentation describes anyway, never any data.
 */
export const openApiDocument = endpoint({
  name: 'openApiDocument',
  method: 'GET',
  path: '/api/openapi.json',
  response: reply<OpenApiDocument>(),
  auth: 'public',
});
