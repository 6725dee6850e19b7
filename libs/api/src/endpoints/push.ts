import {
  PushEndpointSchema,
  PushSubscriptionSchema,
  type PushDevice,
  type PushDeviceList,
  type PushKeyAnswer,
  type PushState,
} from '@relevo/domain';
import { get, named, post, reply } from '../endpoint';
import { ResponderTokenParams } from './incidents';

/** The responder link's calls: its token is the credential, and names the person (the step's resource). */
const responder = { params: ResponderTokenParams, auth: 'public' as const };
/** The signed-in user's own devices: every role that has a profile. */
const self = { auth: 'session' as const, permissions: ['self' as const] };

/** docs/product.md#push-notifications: Web Push devices of people (responder links) and users (the profile). */
export const pushEndpoints = /* @__PURE__ */ named({
  /** The server's VAPID public key, which a browser subscribes with. */
  pushKey: get('/api/v1/push/key', reply<PushKeyAnswer>(), { auth: 'public' }),
  /** Whether the device (its endpoint) takes the link's person's notifications. */
  responderPushState: post('/api/v1/respond/:token/push/state', reply<PushState>(), {
    body: PushEndpointSchema,
    ...responder,
  }),
  /** "Notify me on this device" from a responder link: the device takes the person's notifications. */
  responderPushSubscribe: post('/api/v1/respond/:token/push', reply<PushState>(), {
    body: PushSubscriptionSchema,
    ...responder,
  }),
  responderPushUnsubscribe: post('/api/v1/respond/:token/push/remove', reply<PushState>(), {
    body: PushEndpointSchema,
    ...responder,
  }),
  /** The signed-in user's devices (they take the pushes of the user's customer's people with the user's e-mail). */
  listOwnPush: get('/api/v1/me/push', reply<PushDeviceList>(), self),
  subscribeOwnPush: post('/api/v1/me/push', reply<PushDevice>(), { body: PushSubscriptionSchema, ...self }),
  unsubscribeOwnPush: post('/api/v1/me/push/remove', reply<PushState>(), { body: PushEndpointSchema, ...self }),
});

export const {
  pushKey,
  responderPushState,
  responderPushSubscribe,
  responderPushUnsubscribe,
  listOwnPush,
  subscribeOwnPush,
  unsubscribeOwnPush,
} = pushEndpoints;
