import { RESEND_LIMIT, RESEND_WINDOW_SECONDS } from '@relevo/domain';
import type { RateRule } from './auth/queries';

/**
 * Rate limits of sign-in and reset (docs/product.md#sign-in-sessions-and-secrets), per account and per address. An
 * address is an IPv4 address or an IPv6 /64 (security/address.ts). Tests may pass tighter ones
 * to reach them quickly.
 */
export interface Limits {
  /** failed sign-ins of one account from one address (cleared by a successful sign-in there) */
  loginPerAccount: RateRule;
  /** failed sign-ins from one address, whatever the account (password spraying) */
  loginPerAddress: RateRule;
  /** code checks from one address */
  codePerAddress: RateRule;
  /** wrong codes of one user in a day, across all its sign-ins and SMS resets */
  wrongCodesPerUserDaily: RateRule;
  /** wrong SMS reset codes for one phone in a day, whether or not an account has it */
  wrongResetCodesPerPhoneDaily: RateRule;
  resendPerSession: RateRule;
  resetPerAccount: RateRule;
  resetPerAddress: RateRule;
  resetVerifyPerAddress: RateRule;
  /** incidents one module may report (docs/product.md#incidents-in), counted in each API process's memory */
  ingestPerModule: RateRule;
  /** questions one user may ask the User Guide assistant */
  chatPerUser: RateRule;
  /** fetches of the public spoken audio from one address, counted in each API process's memory */
  audioPerAddress: RateRule;
  /** calls of one API token (docs/product.md#api-tokens), counted in each API process's memory */
  callsPerApiToken: RateRule;
  /** single sign-on starts and callbacks from one address (docs/product.md#single-sign-on) */
  ssoPerAddress: RateRule;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  codePerAddress: { limit: 60, windowSeconds: 10 * 60 },
  wrongCodesPerUserDaily: { limit: 20, windowSeconds: 24 * 60 * 60 },
  // knowing only a phone buys 10 guesses a day of a 6-digit code (5 resets an hour of 5 tries
  // each would be 25 an hour, 600 a day)
  wrongResetCodesPerPhoneDaily: { limit: 10, windowSeconds: 24 * 60 * 60 },
  // docs/product.md#sign-in-sessions-and-secrets: a code is sent again at most RESEND_LIMIT times a window
  resendPerSession: { limit: RESEND_LIMIT, windowSeconds: RESEND_WINDOW_SECONDS },
  resetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  resetVerifyPerAddress: { limit: 30, windowSeconds: 10 * 60 },
  // a storm from one monitoring tool is throttled before it floods the engine; deduplicated
  // repeats count too (a tool that loops on one alert is throttled like any other)
  ingestPerModule: { limit: 6000, windowSeconds: 60 },
  // a person asks a question every few seconds at most; a script is stopped before it costs
  chatPerUser: { limit: 20, windowSeconds: 60 },
  // a voice gateway fetches every call's audio from a few addresses: 50 a second on average
  // leaves room for a storm of calls, while a scan of tokens or a loop on one audio is cut off
  audioPerAddress: { limit: 3000, windowSeconds: 60 },
  // ten calls a second on average: a script that syncs a catalogue or polls events fits, a loop
  // that would crowd out the customers' own people does not
  callsPerApiToken: { limit: 600, windowSeconds: 60 },
  // a sign-in is a start and a callback: 30 single sign-ons from one address a quarter hour
  ssoPerAddress: { limit: 60, windowSeconds: 15 * 60 },
};
