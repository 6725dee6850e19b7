import { randomToken } from '../auth/tokens';
import type { Tx } from './database';

/** service.md section 1: JWT_SECRET, or one generated once and kept in the database. */
export async function sessionSecret(db: Tx, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('app_settings')
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return row.value;
}
