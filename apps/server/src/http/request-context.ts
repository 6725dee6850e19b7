import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/**
 * What the code under a request may need to know of it without being handed it: the client address
 * and the API token that signs the call, if one does (docs/product.md#audit-trail records both with
 * every change). Set once per request by the route table (`http/implement.ts`); outside a request
 * (the worker, the CLI) there is none.
 */
export interface RequestOrigin {
  /** the client address (after TRUST_PROXY) */
  readonly ip: string;
  /** the API token the call came with; null for a browser session and the other kinds */
  readonly tokenId: number | null;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/** Runs `work` as the handling of `request` (the address is read only when asked for). */
export function withRequestOrigin<T>(request: FastifyRequest, tokenId: number | null, work: () => T): T {
  return storage.run(
    {
      get ip() {
        return request.ip;
      },
      tokenId,
    },
    work,
  );
}

/** The request being handled, or null outside one. */
export const requestOrigin = (): RequestOrigin | null => storage.getStore() ?? null;
