import type { Migration } from '../migration';

/**
 * A module's credential key (docs/product.md#modules, docs/product.md#incidents-in): monitoring tools send it with the module ID
 * (HTTP Basic) or alone as a routing key. Only its SHA-256 is kept (the key is 128 random bits, so
 * a fast hash is enough); a new key replaces the hash, and the old key stops working at once.
 * The hash is unique, so a routing key finds its module without knowing the customer.
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const moduleCredentials: Migration = {
  up: [
    `alter table modules add column credential_hash text check (credential_hash ~ '^[0-9a-f]{64}$')`,
    `alter table modules add column credential_createdt timestamptz`,
    `create unique index modules_credential_hash on modules (credential_hash) where credential_hash is not null`,
  ],
};
