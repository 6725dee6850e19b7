import { createApiClient, type AnyEndpoint } from '@relevo/api';

type UnauthorizedListener = (endpoint: AnyEndpoint) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribes to the 401 answers of session calls (docs/product.md#states-and-transitions Session); returns the unsubscribe. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** The one api client of the app: same origin, the session cookie rides along. */
export const api = createApiClient({
  onUnauthorized: (endpoint) => unauthorizedListeners.forEach((listener) => listener(endpoint)),
});
