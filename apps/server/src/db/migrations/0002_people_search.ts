import type { Migration } from '../migration';

/**
 * Search, sort and page of the people lists (docs/product.md#tables) over 100,000 users stay fast: substring
 * search through trigram indexes, each default sort through a btree index that also serves LIMIT.
 */
export const peopleSearch: Migration = {
  up: [
    `create extension if not exists pg_trgm`,
    // the text a user list searches: name, last name and e-mail together ("ana torres" finds Ana Torres)
    `create index users_search on users using gin ((name || ' ' || last_name || ' ' || email) gin_trgm_ops)`,
    `create index customers_search on customers using gin (customer_name gin_trgm_ops)`,
    // text columns sort without regard to case (lists read "acme" beside "Acme"); the role is
    // filtered while the index is walked in order, as nearly every user matches it
    `create index users_name on users (lower(name), id)`,
    `create index users_last_name on users (lower(last_name), id)`,
    `create index users_email on users (email, id)`,
    `create index users_customer_name on users (customer_id, lower(name), id)`,
    `create index users_customer_role on users (customer_id, rol_id, id)`,
    `create index customers_name on customers (lower(customer_name), customer_id)`,
  ],
};
