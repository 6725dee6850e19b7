import { importEndpoints } from '@relevo/api';
import { IMPORT_MAX_BYTES } from '@relevo/domain';
import type { AppContext } from '../../context';
import { ImportFileError, importService } from '../../importers/service';
import { ValidationFailure } from '../errors';
import type { RouteTable } from '../implement';

/** docs/product.md#importers: an export of another on-call tool into the caller's customer (Customer Root). */
export function importRoutes(routes: RouteTable, ctx: AppContext): void {
  const imports = importService(ctx);
  routes.implement(
    importEndpoints.runImport,
    async ({ principal, body }) => {
      try {
        return await imports.run(
          {
            scope: principal.scope,
            customerId: principal.customerId,
            by: principal.email,
            actor: { id: principal.userId, email: principal.email },
          },
          body.from,
          body.file,
          body.dry_run,
        );
      } catch (error) {
        if (error instanceof ImportFileError) throw ValidationFailure.field('file', error.message);
        throw error;
      }
    },
    // the file travels as a JSON string: its escapes may double it
    { bodyLimit: 2 * IMPORT_MAX_BYTES + 64 * 1024 },
  );
}
