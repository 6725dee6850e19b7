import type { Migration } from '../migration';

/**
 * A user list search (docs/product.md#tables: name, last name and e-mail, without regard to case) reads one
 * stored, lower-cased text per user. A search of one or two letters ("a", the first key typed)
 * matches most users and no trigram index can narrow it: its count must test every row, and a
 * plain stored text is several times cheaper to test than concatenating and case-folding three
 * columns per row (the count of "a" over 100,000 users on PGlite: 130 ms down to 30 ms; docs/perf.md).
 */
export const peopleSearchText: Migration = {
  up: [
    `alter table users add column search_text text generated always as (lower(name || ' ' || last_name || ' ' || email)) stored`,
    `create index users_search_text on users using gin (search_text gin_trgm_ops)`,
    // superseded by users_search_text
    `drop index users_search`,
    // e-mails are stored lower-case (db/users.ts insertUser), so the list sorts them by the plain
    // column and its index: the database keeps that true
    `alter table users add constraint users_email_lower check (email = lower(email))`,
  ],
};
