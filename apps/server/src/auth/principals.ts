import { isStaffRole, type RoleId, type SessionUser, type TokenScope } from '@relevo/domain';
import type { Clock } from '../clock';
import { AUTH, type Database, type Scope, type Tx } from '../db/database';
import { findUserById, maySignIn, roleOf, toSessionUser } from '../people/queries';

/** The signed-in user behind a request. */
export interface Principal {
  sessionId: string;
  userId: number;
  email: string;
  role: RoleId;
  customerId: number;
  scope: Scope;
  user: SessionUser;
  /** set when an API token signs the call (docs/product.md#api-tokens): its id and what it may do */
  tokenId?: number;
  tokenScopes?: readonly TokenScope[];
}

interface Entry {
  principal: Principal | null;
  expiresAt: number;
  loadedAt: number;
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value))
    if (inner !== null && typeof inner === 'object') deepFreeze(inner as object);
  return Object.freeze(value);
}

export const SESSION_CHANNEL = 'relevo_sessions';
/** how long a process trusts what it read, if a change notice never arrived */
const FRESH_MS = 15_000;
const MAX_ENTRIES = 20_000;

/**
 * Resolves a session id to its principal, with a short-lived cache so that an authenticated read
 * does not cost a database round trip. Revocation and user changes evict entries at once in this
 * process and, through NOTIFY on `relevo_sessions`, in every other process.
 */
export class PrincipalCache {
  #entries = new Map<string, Entry>();
  #byUser = new Map<number, Set<string>>();
  /** the cache key of each token id seen, so a revocation finds its entry */
  #tokenKeys = new Map<number, string>();
  #database: Database;
  #clock: Clock;

  constructor(database: Database, clock: Clock) {
    this.#database = database;
    this.#clock = clock;
  }

  async start(): Promise<void> {
    await this.#database.listen(SESSION_CHANNEL, (payload) => this.#evictLocal(payload));
  }

  async get(sessionId: string): Promise<Principal | null> {
    const now = this.#clock.now().getTime();
    const cached = this.cached(sessionId, now);
    if (cached !== undefined) return cached;
    const loaded = await this.#load(sessionId, now);
    this.#remember(sessionId, loaded, now);
    return loaded.principal;
  }

  /**
   * The principal of an API token, by the token's SHA-256: its owner as a session would have them,
   * with the token's id and scopes; null for an unknown, expired or revoked token, or an owner who
   * may no longer sign in. Cached like a session (`tok:` + the hash), and forgotten at once when
   * the token is revoked (`evictToken`) or its owner changes (`evictUser`).
   */
  async fromToken(hash: string): Promise<Principal | null> {
    const key = `tok:${hash}`;
    const now = this.#clock.now().getTime();
    const cached = this.cached(key, now);
    if (cached !== undefined) return cached;
    const loaded = await this.#loadToken(key, hash, now);
    this.#remember(key, loaded, now);
    return loaded.principal;
  }

  /** Forgets a token everywhere (revoked). */
  async evictToken(tokenId: number): Promise<void> {
    this.#evictLocal(`token:${tokenId}`);
    await this.#database.notify(SESSION_CHANNEL, `token:${tokenId}`).catch(() => undefined);
  }

  /**
   * What `get` would answer without a database read: the principal (null for a session that no
   * longer counts) while the entry is fresh, undefined when it must be read again.
   */
  cached(sessionId: string, now: number): Principal | null | undefined {
    const entry = this.#entries.get(sessionId);
    if (entry === undefined || now - entry.loadedAt >= FRESH_MS || now < entry.loadedAt) return undefined;
    return entry.principal !== null && entry.expiresAt > now ? entry.principal : null;
  }

  /** Forgets a session everywhere (logout, revocation). */
  async evictSession(sessionId: string): Promise<void> {
    this.#evictLocal(`sid:${sessionId}`);
    await this.#database.notify(SESSION_CHANNEL, `sid:${sessionId}`).catch(() => undefined);
  }

  /** Forgets every session of a user everywhere (its data, role, status or password changed). */
  async evictUser(userId: number): Promise<void> {
    this.#evictLocal(`user:${userId}`);
    await this.#database.notify(SESSION_CHANNEL, `user:${userId}`).catch(() => undefined);
  }

  /** Forgets every session everywhere (a customer was deactivated: all its people at once). */
  async evictAll(): Promise<void> {
    this.#evictLocal('all');
    await this.#database.notify(SESSION_CHANNEL, 'all').catch(() => undefined);
  }

  #evictLocal(payload: string): void {
    const [kind, id] = payload.split(':');
    if (kind === 'all') {
      this.#entries.clear();
      this.#byUser.clear();
      this.#tokenKeys.clear();
    } else if (kind === 'sid' && id) {
      this.#entries.delete(id);
    } else if (kind === 'token' && id) {
      const key = this.#tokenKeys.get(Number(id));
      if (key) this.#entries.delete(key);
      this.#tokenKeys.delete(Number(id));
    } else if (kind === 'user' && id) {
      for (const sid of this.#byUser.get(Number(id)) ?? []) this.#entries.delete(sid);
      this.#byUser.delete(Number(id));
    }
  }

  #remember(sessionId: string, entry: Entry, now: number): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      for (const [sid, e] of this.#entries) {
        if (now - e.loadedAt >= FRESH_MS || this.#entries.size >= MAX_ENTRIES) this.#entries.delete(sid);
        if (this.#entries.size < MAX_ENTRIES * 0.9) break;
      }
    }
    this.#entries.set(sessionId, entry);
    if (entry.principal?.tokenId !== undefined) {
      if (this.#tokenKeys.size >= MAX_ENTRIES) this.#tokenKeys.clear();
      this.#tokenKeys.set(entry.principal.tokenId, sessionId);
    }
    if (entry.principal) {
      const set = this.#byUser.get(entry.principal.userId) ?? new Set<string>();
      set.add(sessionId);
      this.#byUser.set(entry.principal.userId, set);
    }
  }

  async #loadToken(key: string, hash: string, now: number): Promise<Entry> {
    return this.#loadEntry(key, now, async (tx) => {
      const token = await tx
        .selectFrom('api_tokens')
        .select(['id', 'user_id', 'scopes', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!token || token.revoked_at) return null;
      return {
        userId: token.user_id,
        expiresAt: token.expires_at,
        token: { tokenId: token.id, tokenScopes: [...token.scopes] },
      };
    });
  }

  async #load(sessionId: string, now: number): Promise<Entry> {
    return this.#loadEntry(sessionId, now, async (tx) => {
      const session = await tx
        .selectFrom('sessions')
        .select(['user_id', 'expires_at', 'revoked_at'])
        .where('id', '=', sessionId)
        .where('kind', '=', 'session')
        .executeTakeFirst();
      if (!session || session.revoked_at) return null;
      return { userId: session.user_id, expiresAt: session.expires_at, token: {} };
    });
  }

  /**
   * The entry of a session or a token (`find` reads its row: its user, its end, and for a token its
   * id and scopes): null once it ended or its user may no longer sign in.
   */
  async #loadEntry(
    key: string,
    now: number,
    find: (
      tx: Tx,
    ) => Promise<{ userId: number; expiresAt: Date; token: Pick<Principal, 'tokenId' | 'tokenScopes'> } | null>,
  ): Promise<Entry> {
    const found = await this.#database.scoped(AUTH, async (tx) => {
      const row = await find(tx);
      if (!row || row.expiresAt.getTime() <= now) return null;
      const user = await findUserById(tx, row.userId);
      if (!user || !maySignIn(user)) return null;
      return { row, user };
    });
    if (!found) return { principal: null, expiresAt: 0, loadedAt: now };
    const role = roleOf(found.user);
    return {
      loadedAt: now,
      expiresAt: found.row.expiresAt.getTime(),
      // shared by every request of the session until it is read again: nothing may change it
      principal: deepFreeze<Principal>({
        sessionId: key,
        userId: found.user.id,
        email: found.user.email,
        role,
        customerId: found.user.customer_id,
        scope: isStaffRole(role) ? { kind: 'staff' } : { kind: 'customer', customerId: found.user.customer_id },
        user: toSessionUser(found.user),
        ...found.row.token,
      }),
    };
  }
}
