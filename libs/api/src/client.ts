import { ofetch, type FetchOptions } from 'ofetch';
import { ApiError, type ErrorBody } from './errors';
import { fillPath, type AnyEndpoint, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf } from './endpoint';

type Has<T, K extends string> = T extends undefined ? { [P in K]?: undefined } : { [P in K]: T };

export type CallArgs<E extends AnyEndpoint> = Has<BodyOf<E>, 'body'> &
  Has<ParamsOf<E>, 'params'> &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) & {
    /** a bearer token, for the steps that carry one (pre-auth code step, SMS reset) */
    token?: string;
    signal?: AbortSignal;
  };

export interface ApiClientOptions {
  /** '' in the browser (same origin); the server's address in tests and tools */
  baseURL?: string;
  /** docs/product.md#states-and-transitions Session: a 401 clears the session; the app reloads */
  onUnauthorized?: (endpoint: AnyEndpoint) => void;
  /** extra headers on every call (tests use a cookie or a bearer) */
  headers?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The typed client: one `call` for every row of the endpoint table. */
export function createApiClient(options: ApiClientOptions = {}) {
  const $fetch = ofetch.create({
    baseURL: options.baseURL ?? '',
    credentials: 'include',
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  } as FetchOptions);

  async function call<E extends AnyEndpoint>(
    endpoint: E,
    args: CallArgs<E> = {} as CallArgs<E>,
  ): Promise<ResponseOf<E>> {
    const headers: Record<string, string> = { ...options.headers };
    if (args.token) headers.authorization = `Bearer ${args.token}`;
    const url = fillPath(endpoint.path, args.params as Record<string, unknown> | undefined);
    try {
      return (await $fetch(url, {
        method: endpoint.method,
        headers,
        body:
          endpoint.method === 'GET' || endpoint.method === 'DELETE'
            ? undefined
            : ((args.body as Record<string, unknown>) ?? {}),
        query: cleanQuery(args.query as Record<string, unknown> | undefined),
        signal: args.signal,
      })) as ResponseOf<E>;
    } catch (error) {
      const failure = toApiError(error);
      if (failure.status === 401 && endpoint.auth === 'session') options.onUnauthorized?.(endpoint);
      throw failure;
    }
  }

  return { call };
}

/**
 * The address of a GET call, for what the browser fetches itself (a file to download, an event
 * stream): same origin, so the session cookie rides along.
 */
export function endpointUrl<E extends AnyEndpoint>(
  endpoint: E,
  args: Pick<CallArgs<E>, 'params' | 'query'> = {} as CallArgs<E>,
  baseURL = '',
): string {
  const query = new URLSearchParams(cleanQuery(args.query as Record<string, unknown> | undefined)).toString();
  return `${baseURL}${fillPath(endpoint.path, args.params as Record<string, unknown> | undefined)}${query ? `?${query}` : ''}`;
}

function cleanQuery(query: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

function toApiError(error: unknown): ApiError {
  const failure = error as { response?: Response; data?: unknown; name?: string };
  if (failure?.name === 'AbortError') throw error;
  const response = failure?.response;
  if (!response) return new ApiError(0, null);
  const retryAfter = Number(response.headers.get('retry-after'));
  const data = failure.data;
  const body = data && typeof data === 'object' && 'detail' in data ? (data as ErrorBody) : null;
  return new ApiError(response.status, body, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}
