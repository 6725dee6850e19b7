import type { Tx } from '../db/database';

// The SQL of single sign-on (docs/product.md#single-sign-on): the customers' providers and
// domains, and the sign-ins on their way to a provider.

/** The sealed secret's place: a ciphertext copied to another customer's row does not open. */
export const ssoSecretPlace = (customerId: number) => `customer:${customerId}:sso:client_secret`;

export interface StoredCustomerSso {
  customer_id: number;
  issuer: string;
  client_id: string;
  client_secret: string;
}

export function customerSsoOf(db: Tx, customerId: number): Promise<StoredCustomerSso | undefined> {
  return db
    .selectFrom('customer_sso')
    .select(['customer_id', 'issuer', 'client_id', 'client_secret'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function domainsOf(db: Tx, customerId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sso_domains')
    .select('domain')
    .where('customer_id', '=', customerId)
    .orderBy('domain')
    .execute();
  return rows.map((row) => row.domain);
}

/** The customer claiming an e-mail domain, if one does (a domain is claimed by one customer at most). */
export async function customerOfDomain(db: Tx, domain: string): Promise<number | null> {
  const row = await db.selectFrom('sso_domains').select('customer_id').where('domain', '=', domain).executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Which of these domains another customer already claims. */
export async function domainsClaimedElsewhere(db: Tx, customerId: number, domains: string[]): Promise<string[]> {
  if (!domains.length) return [];
  const rows = await db
    .selectFrom('sso_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('customer_id', '<>', customerId)
    .execute();
  return rows.map((row) => row.domain);
}

export async function saveCustomerSsoRow(
  db: Tx,
  row: StoredCustomerSso | null,
  customerId: number,
  domains: string[],
  by: string,
  now: Date,
): Promise<void> {
  if (row) {
    await db
      .insertInto('customer_sso')
      .values({ ...row, updated_by: by, updated_at: now })
      .onConflict((oc) =>
        oc.column('customer_id').doUpdateSet({
          issuer: row.issuer,
          client_id: row.client_id,
          client_secret: row.client_secret,
          updated_by: by,
          updated_at: now,
        }),
      )
      .execute();
  } else {
    await db.deleteFrom('customer_sso').where('customer_id', '=', customerId).execute();
  }
  await db.deleteFrom('sso_domains').where('customer_id', '=', customerId).execute();
  if (domains.length)
    await db
      .insertInto('sso_domains')
      .values(domains.map((domain) => ({ domain, customer_id: customerId })))
      .execute();
}

/** Whether any customer has a provider of its own (the sign-in screen then offers single sign-on). */
export async function anyCustomerSso(db: Tx): Promise<boolean> {
  const row = await db.selectFrom('customer_sso').select('customer_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface SsoLogin {
  nonce: string;
  code_verifier: string;
  customer_id: number | null;
}

/** Keeps a sign-in on its way to a provider, and forgets the attempts that ran out. */
export async function startSsoLogin(
  db: Tx,
  login: SsoLogin & { stateDigest: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.deleteFrom('sso_logins').where('expires_at', '<=', now).execute();
  await db
    .insertInto('sso_logins')
    .values({
      state_digest: login.stateDigest,
      nonce: login.nonce,
      code_verifier: login.code_verifier,
      customer_id: login.customer_id,
      expires_at: login.expiresAt,
      created_at: now,
    })
    .execute();
}

/** The sign-in of a state, taken once: a second callback with the same state finds nothing. */
export async function takeSsoLogin(db: Tx, stateDigest: string, now: Date): Promise<SsoLogin | undefined> {
  const row = await db
    .deleteFrom('sso_logins')
    .where('state_digest', '=', stateDigest)
    .returning(['nonce', 'code_verifier', 'customer_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= now.getTime()) return undefined;
  return { nonce: row.nonce, code_verifier: row.code_verifier, customer_id: row.customer_id };
}

/** Marks a session as opened by single sign-on (its code step's login is audited so). */
export async function markSsoSession(db: Tx, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ via: 'sso' }).where('id', '=', sessionId).execute();
}

export async function sessionVia(db: Tx, sessionId: string): Promise<'sso' | null> {
  const row = await db.selectFrom('sessions').select('via').where('id', '=', sessionId).executeTakeFirst();
  return row?.via ?? null;
}

/** Whether a customer may take users made by single sign-on: an active customer, not the provider's own organisation. */
export async function customerTakesSsoUsers(db: Tx, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select(['customer_active', 'is_provider'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined && row.customer_active === 'Y' && !row.is_provider;
}
