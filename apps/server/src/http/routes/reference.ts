import { APP_VERSION } from '@relevo/domain';
import { clientSettings, health, listLanguages } from '@relevo/api';
import type { AppContext } from '../../context';
import type { RouteTable } from '../implement';

export function referenceRoutes(routes: RouteTable, ctx: AppContext): void {
  routes
    .implement(listLanguages, async () => {
      const list = await ctx.database.db.selectFrom('languages').select(['language_id', 'language_desc']).orderBy('is_default', 'desc').orderBy('language_id').execute();
      return { total: list.length, list };
    })
    .implement(clientSettings, async () => ({ version: APP_VERSION, widget_script_url: ctx.config.widgetScriptUrl }))
    .implement(health, async () => {
      await ctx.database.db.selectFrom('roles').select('rol_id').limit(1).execute();
      return { status: 'ok' as const, database: ctx.database.kind, version: APP_VERSION };
    });
}
