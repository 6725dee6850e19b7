import { formErrors } from '../rules/validation';
import { SsoStartSchema } from './calls';

/**
 * Single sign-on on the sign-in screen (docs/product.md#single-sign-on): what the screen says when
 * the provider's answer signs nobody in, where the code step follows, and the e-mail's check
 * before the browser leaves for the provider.
 */

/**
 * Why a single sign-on ended on the sign-in screen, by the code in its address (`/login?sso_error=`):
 * one message for every refusal of an account, so the answer never tells which accounts exist.
 */
export const SSO_ERRORS = {
  unavailable: 'Single sign-on is not set up for this e-mail address.',
  failed: 'Single sign-on did not complete. Please try again.',
  unverified: 'Your identity provider has not verified this e-mail address, so it cannot sign you in.',
  account: 'Single sign-on cannot sign you in with this account. Ask your administrator.',
  busy: 'Too many single sign-on attempts. Please wait a few minutes and try again.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The message of a `sso_error` code of the sign-in address; null for none or an unknown one. */
export function ssoErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : null;
}

/** After the provider, the e-mailed code step follows on the code screen (the pre-auth cookie carries it). */
export const SSO_CODE_STEP_PATH = '/authenticator';

/** The domain of an e-mail address, lower case ('' when it has none). */
export const emailDomain = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** The sign-in screen's check of the e-mail before it goes to single sign-on (the same rule as the server's). */
export const ssoStartErrors = (email: string) => formErrors(SsoStartSchema, { email });

/** The address the sign-in screen's single sign-on button goes to. */
export const ssoStartPath = (email: string) =>
  `/api/auth/sso/start?email=${encodeURIComponent(email.trim().toLowerCase())}`;
