import * as v from 'valibot';
import { MAX_EMAIL, emailField, form } from '../rules/fields';

// The queries of single sign-on's two navigations (docs/product.md#single-sign-on): part of the
// sign-in calls that every screen's client holds, so kept apart from the screens' rules.

/** `GET /api/auth/sso/start?email=`: the e-mail whose domain chooses the provider. */
export const SsoStartSchema = /* @__PURE__ */ (() => form({ email: emailField('Email is required') }))();

/** What the provider sends back to `/api/auth/sso/callback`: read by the OpenID client, only bounded here. */
export const SsoCallbackSchema = /* @__PURE__ */ (() =>
  v.looseObject({
    state: v.optional(v.pipe(v.string(), v.maxLength(MAX_EMAIL * 4))),
    code: v.optional(v.pipe(v.string(), v.maxLength(4096))),
    error: v.optional(v.pipe(v.string(), v.maxLength(200))),
  }))();
