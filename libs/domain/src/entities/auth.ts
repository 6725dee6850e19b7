import * as v from 'valibot';
import { MAX_PASSWORD, emailField, form, passwordInput } from '../rules/fields';
import { PASSWORD_MESSAGES, withConfirmation, newPassword } from '../rules/password';

export const AUTH_MESSAGES = {
  badCredentials: 'Incorrect email or password',
  inactive: 'This account is inactive. Please contact your administrator.',
  codeRequired: 'The verification code is required',
  codeFormat: 'The verification code must be a 6-digit number',
  codeWrong: 'The verification code is not valid',
  codeExpired: 'The verification code has expired. Please sign in again or request a new code.',
  codeVoided: 'Too many wrong codes. Please request a new code.',
  resendLimit: 'Too many codes requested. Please wait before asking for another one.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAuthenticated: 'Not authenticated',
  forbidden: 'You do not have permission to do this',
  currentWrong: 'The current password is not correct',
  samePassword: 'The new password must differ from the current one',
  smsCodeRequired: 'Verification code is required',
  passwordVerifiedRequired: 'Password verified is required',
  resetLinkInvalid: 'This reset link is not valid or has expired. Please request a new one.',
  resetRequestExpired: 'This reset request has expired. Please start again.',
  resetCodeWrong: 'The verification code is not valid',
  resetCodeVoided: 'Too many wrong codes. Please start again.',
  resetSent: 'If an account matches, we have sent the instructions to reset the password.',
  smsResetSent: 'If an account matches, we have sent a verification code by SMS.',
  passwordChangeRequired: 'You must change your password before you can continue. Open Password in the settings menu.',
  dailyCodeLimit: 'Too many wrong verification codes today. Please try again tomorrow or reset your password.',
  resetDailyCodeLimit:
    'Too many wrong verification codes today. Please try again tomorrow or reset your password by e-mail.',
} as const;

/** The 6-digit code of docs/product.md#sign-in-sessions-and-secrets: 100000..999999, no leading zero. */
export const CODE_MIN = 100_000;
export const CODE_MAX = 999_999;
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_WRONG = 5;
export const RESEND_LIMIT = 3;
export const RESEND_WINDOW_SECONDS = 10 * 60;
export const PREAUTH_TTL_SECONDS = 10 * 60;
export const RESET_LINK_TTL_SECONDS = 30 * 60;

export const LoginRequestSchema = form({
  email: emailField('Email is required'),
  password: passwordInput('Password is required'),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** docs/product.md#validation-rules: the verification code is sent as an integer. */
export const codeNumber = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.pipe(
    v.number(AUTH_MESSAGES.codeFormat),
    v.integer(AUTH_MESSAGES.codeFormat),
    v.minValue(CODE_MIN, AUTH_MESSAGES.codeFormat),
    v.maxValue(CODE_MAX, AUTH_MESSAGES.codeFormat),
  );

export const TfaRequestSchema = form({ code: codeNumber() });

/** Turns what a person typed into the integer the wire carries, or an error message. */
export function parseCode(typed: string): { code: number } | { error: string } {
  const digits = typed.replace(/\s+/g, '');
  if (!digits) return { error: AUTH_MESSAGES.codeRequired };
  if (!/^\d{6}$/.test(digits)) return { error: AUTH_MESSAGES.codeFormat };
  const code = Number(digits);
  if (code < CODE_MIN) return { error: AUTH_MESSAGES.codeFormat };
  return { code };
}

export interface LoginAnswer {
  access_token: string;
  token_type: 'bearer';
  /** where the code went, masked: "e-mail" and/or "SMS" */
  delivery: string[];
}
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
}
export interface MessageAnswer {
  Message: string;
}

export const SmsResetVerifySchema = withConfirmation(
  form({
    smscod: v.pipe(
      v.union(
        [
          v.number(AUTH_MESSAGES.codeFormat),
          v.pipe(
            v.string(AUTH_MESSAGES.smsCodeRequired),
            v.trim(),
            v.nonEmpty(AUTH_MESSAGES.smsCodeRequired),
            v.regex(/^\d{6}$/, AUTH_MESSAGES.codeFormat),
            v.transform(Number),
          ),
        ],
        AUTH_MESSAGES.smsCodeRequired,
      ),
      v.integer(AUTH_MESSAGES.codeFormat),
      v.minValue(CODE_MIN, AUTH_MESSAGES.codeFormat),
      v.maxValue(CODE_MAX, AUTH_MESSAGES.codeFormat),
    ),
    password: newPassword(PASSWORD_MESSAGES.passwordRequired),
    password_verified: v.pipe(
      v.string(AUTH_MESSAGES.passwordVerifiedRequired),
      v.nonEmpty(AUTH_MESSAGES.passwordVerifiedRequired),
      v.maxLength(MAX_PASSWORD),
    ),
  }),
  'password',
  'password_verified',
);
export type SmsResetVerify = v.InferOutput<typeof SmsResetVerifySchema>;

export const EmailResetStartSchema = form({ email: emailField('Email is required') });
export type EmailResetStart = v.InferOutput<typeof EmailResetStartSchema>;
