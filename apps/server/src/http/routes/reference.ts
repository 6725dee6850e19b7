import { APP_VERSION } from '@relevo/domain';
import { clientSettings, health, listChannels, listLanguages, listParticipationTypes } from '@relevo/api';
import type { AppContext } from '../../context';
import type { RouteTable } from '../implement';

export function referenceRoutes(routes: RouteTable, ctx: AppContext): void {
  routes
    // spec 7: the reference lists whole (page size 1000), seeded by migration 0001; the default
    // language first, channels and participation types by id
    .implement(listLanguages, async () => {
      const list = await ctx.database.db.selectFrom('languages').select(['language_id', 'language_desc']).orderBy('is_default', 'desc').orderBy('language_id').execute();
      return { total: list.length, list };
    })
    .implement(listChannels, async () => {
      const list = await ctx.database.db.selectFrom('channels').select(['channel_id', 'channel_desc']).orderBy('channel_id').execute();
      return { total: list.length, list };
    })
    .implement(listParticipationTypes, async () => {
      const list = await ctx.database.db.selectFrom('participation_types').select(['participation_type_id', 'participation_type_desc']).orderBy('participation_type_id').execute();
      return { total: list.length, list };
    })
    .implement(clientSettings, async () => ({ version: APP_VERSION, widget_script_url: ctx.config.widgetScriptUrl }))
    .implement(health, async () => {
      await ctx.database.db.selectFrom('roles').select('rol_id').limit(1).execute();
      return { status: 'ok' as const, database: ctx.database.kind, version: APP_VERSION };
    });
}
