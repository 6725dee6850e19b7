import {
  listOwnPush,
  pushKey,
  responderPushState,
  responderPushSubscribe,
  responderPushUnsubscribe,
  subscribeOwnPush,
  unsubscribeOwnPush,
} from '@relevo/api';
import type { AppContext } from '../../context';
import { pushDevices } from '../../push/devices';
import type { RouteTable } from '../implement';

/** docs/product.md#push-notifications: the VAPID key, and the devices of responder links' people and of signed-in users. */
export function pushRoutes(routes: RouteTable, ctx: AppContext): void {
  const devices = pushDevices(ctx);
  routes
    .implement(pushKey, () => devices.key())
    .implement(responderPushState, ({ params, body }) => devices.responderState(params.token, body.endpoint))
    .implement(responderPushSubscribe, ({ params, body }) => devices.responderSubscribe(params.token, body))
    .implement(responderPushUnsubscribe, ({ params, body }) =>
      devices.responderUnsubscribe(params.token, body.endpoint),
    )
    .implement(listOwnPush, ({ principal }) => devices.list(principal))
    .implement(subscribeOwnPush, ({ principal, body }) => devices.subscribe(principal, body))
    .implement(unsubscribeOwnPush, ({ principal, body }) => devices.unsubscribe(principal, body.endpoint));
}
