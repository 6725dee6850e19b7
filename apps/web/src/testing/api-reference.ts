import { ApiError, ENDPOINT_AREAS, buildOpenApiDocument, type OpenApiDocument } from '@relevo/api';
import { APP_VERSION } from '@relevo/domain';
import type { Services } from '../shell/services';
import { never } from './fixtures';

/** The document of the real endpoint table, as the server makes it. */
export const storyOpenApiDocument = (): OpenApiDocument =>
  buildOpenApiDocument({ areas: ENDPOINT_AREAS, version: APP_VERSION, serverUrl: 'https://relevo.democompany.demo' });

export type StoryApiReferenceState = 'filled' | 'loading' | 'failed';

/** The API reference's call: the document, never an answer, or a 500 first and the document on the next try. */
export function storyLoadOpenApiDocument(state: StoryApiReferenceState = 'filled'): Services['loadOpenApiDocument'] {
  if (state === 'loading') return never;
  let failures = state === 'failed' ? 1 : 0;
  return async () => {
    if (failures > 0) {
      failures -= 1;
      throw new ApiError(500, { detail: 'Internal server error' });
    }
    return storyOpenApiDocument();
  };
}
