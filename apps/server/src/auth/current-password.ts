import { AUTH_MESSAGES } from '@relevo/domain';
import type { AppContext } from '../context';
import { AUTH } from '../db/database';
import { findUserById, type UserWithCustomer } from '../people/queries';
import { HttpError, ValidationFailure } from '../http/errors';
import { verifyPassword } from './passwords';
import { checkLimits, countFailures, type Limit } from './rate-limit';

/**
 * A signed-in user proves it knows its current password (the own password change, one's own phone
 * change). Wrong answers count per user, so a stolen session is no password oracle; the hash is
 * read by the sign-in role, the only one allowed to. Answers the user as the sign-in role reads it;
 * a wrong password is a 422 on `current_password`.
 */
export async function confirmCurrentPassword(
  ctx: AppContext,
  userId: number,
  password: string,
): Promise<UserWithCustomer> {
  const guesses: Limit = [`password-fail:user:${userId}`, ctx.limits.loginPerAccount];
  await checkLimits(ctx, [guesses], undefined, userId);
  const user = await ctx.database.scoped(AUTH, (tx) => findUserById(tx, userId));
  if (!user) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated);
  if (!(await verifyPassword(user.password_hash, password))) {
    await countFailures(ctx, [guesses]);
    throw ValidationFailure.field('current_password', AUTH_MESSAGES.currentWrong);
  }
  return user;
}
