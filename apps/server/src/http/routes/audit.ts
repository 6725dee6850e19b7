import { exportAudit, listAudit } from '@relevo/api';
import type { AppContext } from '../../context';
import { auditService } from '../../audit/service';
import { DownloadSlots } from '../download-slots';
import type { RouteTable } from '../implement';

/** docs/product.md#audit-trail: the trail, and its CSV (never cached: it names people and addresses). */
export function auditRoutes(routes: RouteTable, ctx: AppContext): void {
  const trail = auditService(ctx);
  // the downloads a user has on their way in this process, as for the events' CSV
  const slots = new DownloadSlots(ctx.config.downloadsPerUser, ctx.config.downloadIdleSeconds * 1000);
  routes
    .implement(listAudit, ({ principal, query }) => trail.list(principal, query))
    .implement(exportAudit, ({ principal, query, reply }) => {
      const file = slots.send(principal.userId, reply, () => trail.export(principal, query));
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store');
      // the stream as it is (the contract's string is what a client reads of it)
      return file.body as unknown as string;
    });
}
