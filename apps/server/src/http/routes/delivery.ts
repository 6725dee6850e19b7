import {
  checkDeliveryProvider,
  getDelivery,
  providerCallback,
  removeDeliveryProvider,
  resourceTestResults,
  saveDeliveryChain,
  saveDeliveryProvider,
  sendResourceTest,
} from '@relevo/api';
import { isProvider } from '@relevo/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { providerCallbackService } from '../../delivery/callbacks';
import { CALLBACKS } from '../../delivery/providers';
import { deliverySettingsService } from '../../delivery/settings';
import { spokenAudio } from '../../delivery/spoken-audio';
import { testSendService } from '../../delivery/test-send';
import { inboundService } from '../../incidents/inbound';
import { engineOptions } from '../../incidents/respond';
import { HttpError } from '../errors';
import type { RouteTable } from '../implement';

/** docs/product.md#delivery-providers: the Delivery screen, "Send a test", and the providers' callbacks. */
export function deliveryRoutes(routes: RouteTable, app: AppContext): void {
  const settings = deliverySettingsService(app);
  const tests = testSendService(app);
  // a callback acts on an incident: it runs on the connections readers cannot hold, as the inbound webhook does
  const ctx: AppContext = { ...app, database: app.database.urgent };
  const callbacks = providerCallbackService(
    ctx,
    inboundService(ctx, engineOptions(ctx)),
    spokenAudio({ database: ctx.database, clock: ctx.clock, log: ctx.log, publicUrl: ctx.config.publicUrl }),
  );
  routes
    .implement(getDelivery, ({ principal, params }) => settings.get(principal, params.id))
    .implement(saveDeliveryProvider, ({ principal, params, body }) =>
      settings.saveProvider(principal, params.id, params.provider, body.values),
    )
    .implement(removeDeliveryProvider, ({ principal, params }) =>
      settings.removeProvider(principal, params.id, params.provider),
    )
    .implement(checkDeliveryProvider, ({ principal, params }) => settings.check(principal, params.id, params.provider))
    .implement(saveDeliveryChain, ({ principal, params, body }) => settings.saveChain(principal, params.id, body))
    .implement(sendResourceTest, ({ principal, params }) => tests.send(principal, params.id))
    .implement(resourceTestResults, ({ principal, params }) => tests.results(principal, params.id))
    .implement(
      providerCallback,
      async ({ request, reply }) => {
        const { provider, kind } = request.params as { provider: string; kind: string };
        const handler = isProvider(provider) ? CALLBACKS[provider] : undefined;
        if (!handler || !/^[a-z]{1,20}$/.test(kind)) throw new HttpError(404, 'Not found');
        const answer = await callbacks.receive(handler, {
          kind,
          // the address the provider called and signed: PUBLIC_URL and the path with its query
          url: `${ctx.config.publicUrl}${request.url}`,
          query: request.query as Record<string, string>,
          headers: request.headers,
          rawBody: (request as FastifyRequest & { rawBody?: string }).rawBody ?? '',
          body: request.body,
        });
        if (!answer) throw new HttpError(403, 'The signature of the request does not match');
        reply.code(answer.status ?? 200).type(answer.type);
        return answer.body;
      },
      { rawBody: true },
    );
}
