import type { Migration } from '../migration';

/**
 * The SMS reset request keeps a keyed hash of the phone it was started for (never the number), so
 * the code step can count wrong codes per phone and per day whether or not an account has that
 * phone (docs/security.md, "Password reset"). Requests started before have none: they expire
 * within 10 minutes.
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const smsResetPhone: Migration = {
  up: [`alter table sms_reset_requests add column phone_digest text`],
};
