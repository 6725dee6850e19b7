import { AUTH_MESSAGES, type OwnSettings, type SessionUser } from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { AUTH } from '../db/database';
import { HttpError } from '../http/errors';
import { audit, byPrincipal } from '../security/audit';
import { findUserById, toSessionUser } from './queries';

/**
 * `PUT /api/users/me` (docs/product.md#languages): the signed-in user's own settings, its language
 * for now (null: follow the browser). Only the caller's own row changes, whatever the body says; a
 * change is kept in the audit trail like any change to a user. Every session of the user reads the
 * new choice at once (the cached session users are dropped), so a sign-in on another device finds
 * it too. Answers the session user as it now reads.
 */
export async function updateOwnSettings(
  ctx: AppContext,
  principal: Principal,
  body: OwnSettings,
): Promise<SessionUser> {
  const now = ctx.clock.now();
  const { user, changed } = await ctx.database.scoped(AUTH, async (tx) => {
    const before = await findUserById(tx, principal.userId);
    if (!before) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
    if (before.language === body.language) return { user: before, changed: false };
    await tx.updateTable('users').set({ language: body.language }).where('id', '=', principal.userId).execute();
    await audit(
      tx,
      {
        ...byPrincipal(principal),
        action: 'update',
        entity: 'user',
        entityId: principal.userId,
        detail: { own: true, language: body.language },
        before: { language: before.language },
        after: { language: body.language },
      },
      now,
    );
    return { user: { ...before, language: body.language }, changed: true };
  });
  if (changed) await ctx.principals.evictUser(principal.userId);
  return toSessionUser(user);
}
