import { createCredential, generateCredential, moduleExamples } from '@relevo/api';
import { CREDENTIAL_MESSAGES } from '@relevo/domain';
import type { AppContext } from '../../context';
import { moduleToolService } from '../../catalogue/module-tools';
import type { RouteTable } from '../implement';
import { HttpError } from '../errors';
import { securityEvent } from '../../security/events';

/** docs/product.md#module-tool-calls: the tool set of a module (credentials, examples). */
export function moduleToolRoutes(routes: RouteTable, ctx: AppContext): void {
  const tools = moduleToolService(ctx);
  routes
    .implement(generateCredential, ({ principal, params, request }) => {
      // Every current browser says where a request comes from; a GET from another site's link or
      // image says cross-site (or same-site, or none for a typed address) and is refused. A client
      // that is no browser sends no such header and keeps the GET (docs/security.md).
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') {
        securityEvent(ctx.log, 'forbidden', {
          userId: principal.userId,
          ip: request.ip,
          reqId: request.id,
          route: 'GET /api/events/module/credential/:module/:application',
          detail: { reason: 'cross-site key rotation', site: String(site) },
        });
        throw new HttpError(403, CREDENTIAL_MESSAGES.crossSite);
      }
      return tools.generateCredential(principal, params.module, params.application);
    })
    .implement(createCredential, ({ principal, params }) =>
      tools.generateCredential(principal, params.module, params.application),
    )
    .implement(moduleExamples, ({ principal, params }) => tools.examples(principal, params.id));
}
