import { openApiDocument, type OpenApiDocument } from '@relevo/api';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the API reference page's one call */
    loadOpenApiDocument: (signal?: AbortSignal) => Promise<OpenApiDocument>;
  }
}

/** docs/product.md#openapi-document: the server's document, as every integrator's tool reads it. */
export const liveLoadOpenApiDocument = (signal?: AbortSignal): Promise<OpenApiDocument> =>
  api.call(openApiDocument, { signal });
