import * as v from 'valibot';
import {
  EmailResetStartSchema,
  LoginRequestSchema,
  NewPasswordSchema,
  OwnPasswordChangeSchema,
  SmsResetVerifySchema,
  TfaRequestSchema,
  type LoginAnswer,
  type MessageAnswer,
  type SessionUser,
  type TokenAnswer,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

/** docs/product.md#sign-in-and-reset-calls and reset; docs/product.md#sign-in-sessions-and-secrets. */
export const login = endpoint({
  name: 'login',
  method: 'POST',
  path: '/api/login/jwt/',
  body: LoginRequestSchema,
  response: reply<LoginAnswer>(),
  auth: 'public',
});

export const verifyCode = endpoint({
  name: 'verifyCode',
  method: 'POST',
  path: '/api/login/jwt/tfa',
  body: TfaRequestSchema,
  response: reply<TokenAnswer>(),
  auth: 'preauth',
});

export const resendCode = endpoint({
  name: 'resendCode',
  method: 'POST',
  path: '/api/login/jwt/resend',
  response: reply<MessageAnswer>(),
  auth: 'preauth',
});

/** The session user by the session cookie or bearer (docs/product.md#route-guard: its path was not shown). */
export const sessionUser = endpoint({
  name: 'sessionUser',
  method: 'GET',
  path: '/api/users/me',
  response: reply<SessionUser>(),
  auth: 'session',
  permissions: ['self'],
  duringForcedPasswordChange: true,
});

export const logout = endpoint({
  name: 'logout',
  method: 'POST',
  path: '/api/login/jwt/logout',
  response: reply<MessageAnswer>(),
  auth: 'session',
  permissions: ['self'],
  duringForcedPasswordChange: true,
});

export const changeOwnPassword = endpoint({
  name: 'changeOwnPassword',
  method: 'PUT',
  path: '/api/management/password/change/',
  body: OwnPasswordChangeSchema,
  response: reply<MessageAnswer>(),
  auth: 'session',
  permissions: ['self'],
  duringForcedPasswordChange: true,
});

export const smsResetVerify = endpoint({
  name: 'smsResetVerify',
  method: 'POST',
  path: '/api/users/reset_password/sms/verify/',
  body: SmsResetVerifySchema,
  response: reply<MessageAnswer>(),
  auth: 'resetToken',
});

export const emailResetStart = endpoint({
  name: 'emailResetStart',
  method: 'POST',
  path: '/api/management/password/reset/',
  body: EmailResetStartSchema,
  response: reply<MessageAnswer>(),
  auth: 'public',
});

export const emailResetConfirm = endpoint({
  name: 'emailResetConfirm',
  method: 'PUT',
  path: '/api/management/password/confirm/reset/:token',
  params: v.object({
    token: v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'This reset link is not valid or has expired. Please request a new one.'),
    ),
  }),
  body: NewPasswordSchema,
  response: reply<MessageAnswer>(),
  auth: 'public',
});

export const authEndpoints = {
  login,
  verifyCode,
  resendCode,
  sessionUser,
  logout,
  changeOwnPassword,
  smsResetVerify,
  emailResetStart,
  emailResetConfirm,
};
