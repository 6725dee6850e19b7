import { SsoCallbackSchema, SsoStartSchema } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

/**
 * docs/product.md#single-sign-on: browser navigations, answered with redirects (to the provider; back
 * to the dashboard, the code step or the sign-in screen). A module of their own, apart from
 * `authEndpoints`, which every screen's client holds: no screen calls these, the browser goes to them.
 */
export const ssoStart = /* @__PURE__ */ endpoint({
  name: 'ssoStart',
  method: 'GET',
  path: '/api/auth/sso/start',
  query: SsoStartSchema,
  response: reply<void>(),
  auth: 'public',
});
export const ssoCallback = /* @__PURE__ */ endpoint({
  name: 'ssoCallback',
  method: 'GET',
  path: '/api/auth/sso/callback',
  query: SsoCallbackSchema,
  response: reply<void>(),
  auth: 'public',
});
export const ssoEndpoints = { ssoStart, ssoCallback };
