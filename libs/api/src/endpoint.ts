import type * as v from 'valibot';
import type { Permission } from '@relevo/domain';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint:
 * - public: anyone (sign-in and reset starts);
 * - preauth: the short-lived token of a correct password, only for the code step;
 * - session: a signed-in user, whose role must hold `permission`;
 * - resetToken: the token answered by the SMS reset start;
 * - moduleKey: a monitoring system, by HTTP Basic with a module ID and its credential key;
 * - signedWebhook: a gateway, by the HMAC of the raw body with INBOUND_WEBHOOK_SECRET.
 */
export type AuthKind = 'public' | 'preauth' | 'session' | 'resetToken' | 'moduleKey' | 'signedWebhook';

declare const responseType: unique symbol;

export interface Endpoint<
  TMethod extends Method = Method,
  TPath extends string = string,
  TBody extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  TQuery extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  TParams extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  TResponse = unknown,
  TAuth extends AuthKind = AuthKind,
> {
  name: string;
  method: TMethod;
  path: TPath;
  body: TBody;
  query: TQuery;
  params: TParams;
  auth: TAuth;
  /** any one of these grants the call (session endpoints only) */
  permissions: readonly Permission[];
  /**
   * Session endpoints a user whose password must be changed (force_change_password) may still
   * call: the session user, the own settings, logout and the own password change. Every other one
   * answers 403.
   */
  duringForcedPasswordChange: boolean;
  /** phantom: the type of a successful answer */
  readonly [responseType]?: TResponse;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<Method, string, any, any, any, any, AuthKind>;

export type ResponseOf<E> =
  E extends Endpoint<Method, string, infer _B, infer _Q, infer _P, infer R, AuthKind> ? R : never;
type InputOf<S> = S extends v.GenericSchema ? v.InferInput<S> : undefined;
type OutputOf<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;
export type BodyOf<E extends AnyEndpoint> = InputOf<E['body']>;
export type QueryOf<E extends AnyEndpoint> = InputOf<E['query']>;
export type ParamsOf<E extends AnyEndpoint> = InputOf<E['params']>;
export type ParsedBodyOf<E extends AnyEndpoint> = OutputOf<E['body']>;
export type ParsedQueryOf<E extends AnyEndpoint> = OutputOf<E['query']>;
export type ParsedParamsOf<E extends AnyEndpoint> = OutputOf<E['params']>;

/** Carries the type of an answer in the endpoint table (no runtime cost). */
export interface Reply<T> {
  readonly reply?: T;
}
export const reply = /* @__NO_SIDE_EFFECTS__ */ <T>(): Reply<T> => ({});

/** Declares one row of the endpoint table. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  TMethod extends Method,
  TPath extends string,
  TResponse,
  TBody extends v.GenericSchema | undefined = undefined,
  TQuery extends v.GenericSchema | undefined = undefined,
  TParams extends v.GenericSchema | undefined = undefined,
  TAuth extends AuthKind = AuthKind,
>(spec: {
  name: string;
  method: TMethod;
  path: TPath;
  response: Reply<TResponse>;
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  auth: TAuth;
  permissions?: readonly Permission[];
  duringForcedPasswordChange?: boolean;
}): Endpoint<TMethod, TPath, TBody, TQuery, TParams, TResponse, TAuth> {
  return {
    name: spec.name,
    method: spec.method,
    path: spec.path,
    body: spec.body as TBody,
    query: spec.query as TQuery,
    params: spec.params as TParams,
    auth: spec.auth,
    permissions: spec.permissions ?? [],
    duringForcedPasswordChange: spec.duringForcedPasswordChange ?? false,
  };
}

type Schema = v.GenericSchema | undefined;

/** Who may call an endpoint and how (the fields of `endpoint` besides the route and the payload). */
type Access<TAuth extends AuthKind> = {
  auth: TAuth;
  permissions?: readonly Permission[];
  duringForcedPasswordChange?: boolean;
};

/** One method's compact row builder: `get('/path', reply<T>(), { query, ...access })`; `named` gives the name. */
function route<TMethod extends Method>(method: TMethod) {
  return /* @__NO_SIDE_EFFECTS__ */ <
    P extends string,
    R,
    B extends Schema = undefined,
    Q extends Schema = undefined,
    Pa extends Schema = undefined,
    A extends AuthKind = AuthKind,
  >(
    path: P,
    response: Reply<R>,
    parts: Access<A> & { body?: B; query?: Q; params?: Pa },
  ) => endpoint({ name: '', method, path, response, ...parts });
}
export const get = /* @__PURE__ */ route('GET');
export const post = /* @__PURE__ */ route('POST');
export const put = /* @__PURE__ */ route('PUT');

/** A table of endpoints, each one named after its key. */
/* @__NO_SIDE_EFFECTS__ */
export function named<T extends Record<string, AnyEndpoint>>(table: T): T {
  return Object.fromEntries(Object.entries(table).map(([name, row]) => [name, { ...row, name }])) as T;
}

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)\??/g, (_, key: string) => {
    const value = params?.[key];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}
