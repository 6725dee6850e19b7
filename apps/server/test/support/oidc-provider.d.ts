/** The little of `oidc-provider` (which ships no types) that the single sign-on tests use (the server's and the browser's, apps/web/tsconfig.json). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface FoundAccount {
    accountId: string;
    claims: () => Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    ttl?: Record<string, number>;
    features?: Record<string, unknown>;
    findAccount?: (ctx: unknown, id: string) => FoundAccount | undefined | Promise<FoundAccount | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  }
}
