import type { Migration } from '../migration';

/**
 * Least privilege for the secrets (ASVS V8, V13): a third role, `relevo_auth`, is the only one that
 * reads sessions, sign-in codes, reset requests and rate limits, and the only app role that reads
 * password hashes (the grants are in db/privileges.ts). The request units of work (`relevo_app`,
 * `relevo_staff`) still end sessions when a user is deactivated, deleted or given a new password,
 * through the two functions below, which run as the owner and check the caller's tenant.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
export const leastPrivilege: Migration = {
  up: [
    `do $$ begin
       if not exists (select 1 from pg_roles where rolname = 'relevo_auth') then create role relevo_auth nologin; end if;
     exception when unique_violation or duplicate_object then null;
     end $$`,

    // sign-in finds people by e-mail or phone in every customer, and records and queues for them
    `create policy auth_access on users to relevo_auth using (true) with check (true)`,
    `create policy auth_access on customers to relevo_auth using (true) with check (true)`,
    `create policy auth_access on audit_log to relevo_auth using (true) with check (true)`,
    `create policy auth_access on outbox to relevo_auth using (true) with check (true)`,

    // Ends the open sessions of one user (but `p_keep`). A customer's unit of work may end only its
    // own customer's users' sessions; the answer is how many ended.
    `create function relevo_revoke_user_sessions(p_user_id integer, p_at timestamptz, p_keep text default null)
     returns integer
     language plpgsql security definer set search_path = public, pg_temp as $fn$
     declare
       ended integer;
     begin
       if current_setting('role', true) = 'relevo_app' and not exists (
         select 1 from users
         where id = p_user_id and customer_id = nullif(current_setting('relevo.customer_id', true), '')::integer
       ) then
         return 0;
       end if;
       update sessions set revoked_at = p_at
       where user_id = p_user_id and revoked_at is null and (p_keep is null or id <> p_keep);
       get diagnostics ended = row_count;
       return ended;
     end
     $fn$`,

    // Ends the open sessions of every user of one customer (the customer was deactivated).
    `create function relevo_revoke_customer_sessions(p_customer_id integer, p_at timestamptz)
     returns integer
     language plpgsql security definer set search_path = public, pg_temp as $fn$
     declare
       ended integer;
     begin
       if current_setting('role', true) = 'relevo_app'
          and p_customer_id is distinct from nullif(current_setting('relevo.customer_id', true), '')::integer then
         return 0;
       end if;
       update sessions set revoked_at = p_at
       where revoked_at is null and user_id in (select id from users where customer_id = p_customer_id);
       get diagnostics ended = row_count;
       return ended;
     end
     $fn$`,
    `revoke all on function relevo_revoke_user_sessions(integer, timestamptz, text) from public`,
    `revoke all on function relevo_revoke_customer_sessions(integer, timestamptz) from public`,
  ],
};
