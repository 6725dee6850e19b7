import { isStaffRole, type RoleId, type SessionUser } from '@relevo/domain';
import type { Clock } from '../clock';
import { AUTH, type Database, type Scope } from '../db/database';
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
    } else if (kind === 'sid' && id) {
      this.#entries.delete(id);
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
    if (entry.principal) {
      const set = this.#byUser.get(entry.principal.userId) ?? new Set<string>();
      set.add(sessionId);
      this.#byUser.set(entry.principal.userId, set);
    }
  }

  async #load(sessionId: string, now: number): Promise<Entry> {
    const found = await this.#database.scoped(AUTH, async (tx) => {
      const session = await tx
        .selectFrom('sessions')
        .select(['user_id', 'expires_at', 'revoked_at'])
        .where('id', '=', sessionId)
        .where('kind', '=', 'session')
        .executeTakeFirst();
      if (!session || session.revoked_at || session.expires_at.getTime() <= now) return null;
      const user = await findUserById(tx, session.user_id);
      if (!user || !maySignIn(user)) return null;
      return { session, user };
    });
    if (!found) return { principal: null, expiresAt: 0, loadedAt: now };
    const role = roleOf(found.user);
    return {
      loadedAt: now,
      expiresAt: found.session.expires_at.getTime(),
      // shared by every request of the session until it is read again: nothing may change it
      principal: deepFreeze<Principal>({
        sessionId,
        userId: found.user.id,
        email: found.user.email,
        role,
        customerId: found.user.customer_id,
        scope: isStaffRole(role) ? { kind: 'staff' } : { kind: 'customer', customerId: found.user.customer_id },
        user: toSessionUser(found.user),
      }),
    };
  }
}
