import type { Migration } from '../migration';

/**
 * The language each user chose for the dashboard and for the e-mails Relevo sends them
 * (docs/product.md#languages): English or Spanish; null follows the browser on screen and
 * writes e-mails in English.
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const userLanguage: Migration = {
  up: [
    `alter table users add column language text null constraint users_language_check check (language in ('en', 'es'))`,
  ],
};
