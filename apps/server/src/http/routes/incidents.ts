import { INGEST_MESSAGES } from '@relevo/domain';
import {
  alertmanagerWebhook,
  cancelIncident,
  channelInbound,
  eventsV2Enqueue,
  eventsV2EnqueueApi,
  ingestIncident,
  resolveIncident,
  responderAccept,
  responderResolve,
  responderView,
  simulateIncident,
  type SimulationAnswer,
} from '@relevo/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { incidentService } from '../../incidents/ingest';
import { audit, byPrincipal } from '../../security/audit';
import { engineOptions, responderService } from '../../incidents/respond';
import { inboundService } from '../../incidents/inbound';
import { eventsV2Service } from '../../incidents/pagerduty-events';
import type { RouteTable } from '../implement';

/** docs/product.md#incidents-in: incidents in, from monitoring systems and from the module screen. */
export function incidentRoutes(routes: RouteTable, app: AppContext): void {
  // an incident waits on these calls: they run on connections that readers cannot hold (Database.urgent)
  const ctx: AppContext = { ...app, database: app.database.urgent };
  const incidents = incidentService(ctx);
  const responder = responderService(ctx);
  const inbound = inboundService(ctx, engineOptions(ctx));
  const eventsV2 = eventsV2Service(ctx, incidents, engineOptions(ctx));
  const enqueue = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const answered = await eventsV2.enqueue(request.body);
    reply.code(answered.code);
    if (answered.code === 429) reply.header('retry-after', '60');
    return answered.answer;
  };
  routes
    .implement(resolveIncident, ({ moduleKey, params, body }) =>
      responder.resolveByIntegration(moduleKey.moduleId, moduleKey.key, params.case_id, body),
    )
    .implement(cancelIncident, ({ moduleKey, params }) =>
      responder.cancelByIntegration(moduleKey.moduleId, moduleKey.key, params.case_id),
    )
    .implement(channelInbound, ({ body }) => inbound.receive(body))
    .implement(eventsV2Enqueue, enqueue, { lenientJson: true })
    .implement(eventsV2EnqueueApi, enqueue, { lenientJson: true })
    .implement(alertmanagerWebhook, ({ moduleKey, body }) =>
      eventsV2.alertmanager(moduleKey.moduleId, moduleKey.key, body),
    )
    .implement(responderView, ({ params }) => responder.view(params.token))
    .implement(responderAccept, ({ params }) => responder.accept(params.token))
    .implement(responderResolve, ({ params }) => responder.resolve(params.token))
    .implement(ingestIncident, async ({ moduleKey, body, reply }) => {
      const opened = await incidents.ingest(moduleKey.moduleId, moduleKey.key, body);
      reply.code(opened.created ? 201 : 200);
      return opened.answer;
    })
    .implement(simulateIncident, async ({ principal, params, body }): Promise<SimulationAnswer> => {
      const opened = await incidents.simulate(principal.customerId, params.id, body);
      // docs/product.md#audit-trail: who made a test incident on which module
      await ctx.database.scoped(principal.scope, (tx) =>
        audit(
          tx,
          {
            ...byPrincipal(principal),
            action: 'simulate',
            entity: 'module',
            entityId: params.id,
            detail: { case_id: opened.answer.case_id },
          },
          ctx.clock.now(),
        ),
      );
      return [{ status: '200', message: INGEST_MESSAGES.simulated, ...opened.answer }];
    });
}
