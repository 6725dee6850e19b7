import type { RateRule } from './db/rate-limits';

/**
 * Rate limits of sign-in and reset (service.md section 3), per account and per address.
 * Tests may pass tighter ones to reach them quickly.
 */
export interface Limits {
  loginPerAccount: RateRule;
  loginPerAddress: RateRule;
  codePerAddress: RateRule;
  resendPerSession: RateRule;
  resetPerAccount: RateRule;
  resetPerAddress: RateRule;
  resetVerifyPerAddress: RateRule;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  codePerAddress: { limit: 60, windowSeconds: 10 * 60 },
  // service.md: resend limited to 3 per 10 minutes
  resendPerSession: { limit: 3, windowSeconds: 10 * 60 },
  resetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  resetVerifyPerAddress: { limit: 30, windowSeconds: 10 * 60 },
};
