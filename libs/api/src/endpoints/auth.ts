import * as v from 'valibot';
import {
  EmailResetStartSchema,
  LoginRequestSchema,
  NewPasswordSchema,
  OwnPasswordChangeSchema,
  OwnSettingsSchema,
  SmsResetVerifySchema,
  TfaRequestSchema,
  type LoginAnswer,
  type MessageAnswer,
  type SessionUser,
  type TokenAnswer,
} from '@relevo/domain';
import { get, named, post, put, reply } from '../endpoint';

/** `/:token`: an e-mailed reset link's token. */
const ResetLinkParams = /* @__PURE__ */ (() =>
  v.object({
    token: v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'This reset link is not valid or has expired. Please request a new one.'),
    ),
  }))();

/** A signed-in user's own calls, open even while a password change is forced. */
const own = { auth: 'session' as const, permissions: ['self' as const], duringForcedPasswordChange: true };
/** The SMS reset's second step, by the token its start answered. */
const resetToken = { auth: 'resetToken' as const };
/** The answers that only say what was done. */
const done = reply<MessageAnswer>();

/** docs/product.md#sign-in-and-reset-calls and reset; docs/product.md#sign-in-sessions-and-secrets. */
export const authEndpoints = /* @__PURE__ */ named({
  login: post('/api/login/jwt/', reply<LoginAnswer>(), { body: LoginRequestSchema, auth: 'public' }),
  verifyCode: post('/api/login/jwt/tfa', reply<TokenAnswer>(), { body: TfaRequestSchema, auth: 'preauth' }),
  resendCode: post('/api/login/jwt/resend', done, { auth: 'preauth' }),
  /** The session user by the session cookie or bearer (docs/product.md#route-guard: its path was not shown). */
  sessionUser: get('/api/users/me', reply<SessionUser>(), own),
  /** The signed-in user's own settings, its language (docs/product.md#languages); answers the session user as changed. */
  updateOwnSettings: put('/api/users/me', reply<SessionUser>(), { body: OwnSettingsSchema, ...own }),
  logout: post('/api/login/jwt/logout', done, own),
  changeOwnPassword: put('/api/management/password/change/', done, { body: OwnPasswordChangeSchema, ...own }),
  smsResetVerify: post('/api/users/reset_password/sms/verify/', done, { body: SmsResetVerifySchema, ...resetToken }),
  emailResetStart: post('/api/management/password/reset/', done, { body: EmailResetStartSchema, auth: 'public' }),
  emailResetConfirm: put('/api/management/password/confirm/reset/:token', done, {
    params: ResetLinkParams,
    body: NewPasswordSchema,
    auth: 'public',
  }),
});

export const {
  login,
  verifyCode,
  resendCode,
  sessionUser,
  updateOwnSettings,
  logout,
  changeOwnPassword,
  smsResetVerify,
  emailResetStart,
  emailResetConfirm,
} = authEndpoints;
