import { generateCredential, moduleExamples } from '@relevo/api';
import type { AppContext } from '../../context';
import { moduleToolService } from '../../catalogue/module-tools';
import type { RouteTable } from '../implement';

/** spec 7 Modules: the tool set of a module (credentials, examples). */
export function moduleToolRoutes(routes: RouteTable, ctx: AppContext): void {
  const tools = moduleToolService(ctx);
  routes
    .implement(generateCredential, ({ principal, params }) => tools.generateCredential(principal, params.module, params.application))
    .implement(moduleExamples, ({ principal, params }) => tools.examples(principal, params.id));
}
