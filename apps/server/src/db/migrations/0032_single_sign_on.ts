import type { Migration } from '../migration';

/**
 * Single sign-on (docs/product.md#single-sign-on): a customer's own OpenID Connect provider (its
 * client secret sealed with SECRETS_KEY), the e-mail domains a customer claims (each domain by one
 * customer at most), the sign-ins on their way to a provider (single use: the callback deletes its
 * row; its state, nonce and PKCE verifier live ten minutes at most) and how a session was opened.
 * Staff units of work keep the settings; the sign-in role reads them and keeps the attempts.
 *
 * Frozen text: this migration imports nothing but the type.
 */
export const singleSignOn: Migration = {
  up: [
    `create table customer_sso (
      customer_id integer primary key references customers(customer_id) on delete cascade,
      issuer text not null,
      client_id text not null,
      client_secret text not null,
      updated_by text not null,
      updated_at timestamptz not null
    )`,
    `create table sso_domains (
      domain text primary key,
      customer_id integer not null references customers(customer_id) on delete cascade
    )`,
    `create index sso_domains_customer on sso_domains (customer_id)`,
    `create table sso_logins (
      state_digest text primary key,
      nonce text not null,
      code_verifier text not null,
      customer_id integer references customers(customer_id) on delete cascade,
      expires_at timestamptz not null,
      created_at timestamptz not null
    )`,
    `create index sso_logins_expiry on sso_logins (expires_at)`,
    `alter table sessions add column via text check (via is null or via in ('sso'))`,
    `alter table customer_sso enable row level security`,
    `alter table customer_sso force row level security`,
    `create policy staff_access on customer_sso to relevo_staff using (true) with check (true)`,
    `create policy auth_access on customer_sso to relevo_auth using (true)`,
    `alter table sso_domains enable row level security`,
    `alter table sso_domains force row level security`,
    `create policy staff_access on sso_domains to relevo_staff using (true) with check (true)`,
    `create policy auth_access on sso_domains to relevo_auth using (true)`,
    `alter table sso_logins enable row level security`,
    `alter table sso_logins force row level security`,
    `create policy auth_access on sso_logins to relevo_auth using (true) with check (true)`,
  ],
};
