import { createHash, randomBytes } from 'node:crypto';
import { CREDENTIAL_MESSAGES, MODULE_MESSAGES, ingestExamples } from '@relevo/domain';
import type { CredentialAnswer, ExamplesAnswer } from '@relevo/api';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { audit, byPrincipal } from '../security/audit';
import { HttpError } from '../http/errors';
import { recordExists, replaceModuleCredential } from './queries';

/** A credential key: 128 random bits as 32 lowercase hex characters, the routing-key format monitoring tools expect. */
export const newCredentialKey = () => randomBytes(16).toString('hex');
/** What is kept of a key: its SHA-256 in hex (the key is random, so no slow hash is needed). */
export const credentialHash = (key: string) => createHash('sha256').update(key).digest('hex');

const notFound = () => new HttpError(404, MODULE_MESSAGES.notFound);

/** docs/product.md#modules module tool set: credentials and code examples (docs/product.md#incidents-in). */
export function moduleToolService(ctx: AppContext) {
  return {
    /** A new key for a module of the caller's customer; the old one stops working in the same statement. */
    async generateCredential(principal: Principal, moduleId: number, applicationId: number): Promise<CredentialAnswer> {
      const key = newCredentialKey();
      const now = ctx.clock.now();
      await ctx.database.scoped(principal.scope, async (tx) => {
        const changed = await replaceModuleCredential(
          tx,
          principal.customerId,
          { moduleId, applicationId },
          { hash: credentialHash(key), at: now },
        );
        if (!changed) throw notFound();
        // the key itself is never recorded
        await audit(
          tx,
          {
            ...byPrincipal(principal),
            action: 'update',
            entity: 'module',
            entityId: moduleId,
            detail: { credential: 'new key' },
          },
          now,
        );
      });
      return [
        { status: '200', message: CREDENTIAL_MESSAGES.created, body: { credentialKey: key, module_id: moduleId } },
      ];
    },

    async examples(principal: Principal, moduleId: number): Promise<ExamplesAnswer> {
      const found = await ctx.database.scoped(principal.scope, (tx) =>
        recordExists(tx, principal.customerId, 'modules', moduleId),
      );
      if (!found) throw notFound();
      return [{ Body: ingestExamples(moduleId, ctx.config.publicUrl) }];
    },
  };
}
