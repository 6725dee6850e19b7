import { heartbeatEndpoints } from '@relevo/api';
import type { AppContext } from '../../context';
import { heartbeatService } from '../../heartbeats/service';
import type { RouteTable } from '../implement';

/** docs/product.md#heartbeat-monitors: a module's monitors, and the public beat address. */
export function heartbeatRoutes(routes: RouteTable, ctx: AppContext): void {
  const heartbeats = heartbeatService(ctx);
  const { listHeartbeats, addHeartbeat, updateHeartbeat, deleteHeartbeat, rotateHeartbeatToken, heartbeatBeat } =
    heartbeatEndpoints;
  routes
    .implement(listHeartbeats, ({ principal, query }) => heartbeats.list(principal, query.module_id))
    .implement(addHeartbeat, ({ principal, body }) => heartbeats.create(principal, body))
    .implement(updateHeartbeat, ({ principal, params, body }) => heartbeats.update(principal, params.id, body))
    .implement(deleteHeartbeat, ({ principal, params }) => heartbeats.remove(principal, params.id))
    .implement(rotateHeartbeatToken, ({ principal, params }) => heartbeats.rotate(principal, params.id))
    .implement(heartbeatBeat, async ({ params, reply }) => {
      const answer = await heartbeats.beat(params.token);
      reply.code(202);
      return answer;
    });
}
