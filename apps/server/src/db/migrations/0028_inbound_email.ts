import type { Migration } from '../migration';

/**
 * E-mail into incidents (docs/product.md#e-mail-into-incidents): a module's address is
 * `{inbound_email_local}@{INBOUND_DOMAIN}`. Its local part is derived one-way from the credential
 * key's hash (migration 0007): the first 24 hex characters of the SHA-256 of a fixed label and the
 * hash. The database computes it (a generated column), so every statement that sets or clears the
 * credential sets the address too: new credentials give a new address, and the old one finds no
 * module from then on. The unique index makes the SMTP receiver's look-up of a recipient one probe,
 * without knowing the customer.
 *
 * Frozen text: this migration imports nothing but the type. The label is the hex of
 * `relevo-inbound-email:`.
 */
export const inboundEmail: Migration = {
  up: [
    `alter table modules add column inbound_email_local text generated always as (
      left(encode(sha256(decode('72656c65766f2d696e626f756e642d656d61696c3a' || credential_hash, 'hex')), 'hex'), 24)
    ) stored`,
    `create unique index modules_inbound_email_local on modules (inbound_email_local) where inbound_email_local is not null`,
  ],
};
