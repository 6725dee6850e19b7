import {
  PUSH_MESSAGES,
  RESPONDER_MESSAGES,
  type EngineState,
  type PushDevice,
  type PushDeviceList,
  type PushState,
  type PushSubscriptionBody,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { HttpError, ValidationFailure } from '../http/errors';
import { readToken } from '../incidents/respond';
import { eventState } from '../incidents/queries';
import { isPushService } from './push-services';
import { hasDevice, removeDevice, storeDevice, userDevices, type PushOwner } from './queries';
import { audit, byPrincipal } from '../security/audit';

/** docs/product.md#audit-trail: a device by its push service's host (its full address works as a credential). */
const serviceOf = (endpoint: string) => ({ push_service: new URL(endpoint).host });

/**
 * The devices people keep for push notifications (docs/product.md#push-notifications): a responder
 * link's person stores one from the responder page (the link's token is the credential, while the
 * event is open or in progress), a signed-in user from the profile.
 */
export function pushDevices(ctx: AppContext) {
  const invalid = () => new HttpError(404, RESPONDER_MESSAGES.invalidLink);

  /** The person a responder link names (the step's resource), while its event is open. */
  async function personOf(token: string): Promise<Extract<PushOwner, { kind: 'resource' }>> {
    const link = readToken(ctx.signer, token);
    if (!link) throw invalid();
    const row = await ctx.database.scoped({ kind: 'staff' }, (tx) => eventState(tx, link.eventId));
    const step = row ? (row.state as EngineState).steps[link.step] : undefined;
    if (!row || !step) throw invalid();
    if (row.event_status !== 'open' && row.event_status !== 'progress')
      throw new HttpError(410, RESPONDER_MESSAGES.closed);
    return { kind: 'resource', customerId: row.customer_id, resourceId: step.resource_id };
  }

  const userOf = (principal: Principal): Extract<PushOwner, { kind: 'user' }> => ({
    kind: 'user',
    customerId: principal.customerId,
    userId: principal.userId,
  });

  /** A device of a push service Relevo does not send to is refused as the endpoint's fault. */
  function checkService(body: PushSubscriptionBody): void {
    if (!isPushService(body.endpoint, ctx.config.pushServiceHosts))
      throw new ValidationFailure([{ loc: ['body', 'endpoint'], msg: PUSH_MESSAGES.pushService }]);
  }

  /** A link's person is kept in their customer's unit of work, as a user keeps their own devices. */
  const scopeOf = (person: PushOwner) => ({ kind: 'customer' as const, customerId: person.customerId });

  return {
    key: () => ({ public_key: ctx.push.publicKey }),

    async responderState(token: string, endpoint: string): Promise<PushState> {
      const person = await personOf(token);
      return { subscribed: await ctx.database.scoped(scopeOf(person), (tx) => hasDevice(tx, person, endpoint)) };
    },
    async responderSubscribe(token: string, body: PushSubscriptionBody): Promise<PushState> {
      const person = await personOf(token);
      checkService(body);
      await ctx.database.scoped(scopeOf(person), (tx) => storeDevice(tx, person, body, ctx.clock.now()));
      return { subscribed: true };
    },
    async responderUnsubscribe(token: string, endpoint: string): Promise<PushState> {
      const person = await personOf(token);
      await ctx.database.scoped(scopeOf(person), (tx) => removeDevice(tx, person, endpoint));
      return { subscribed: false };
    },

    async list(principal: Principal): Promise<PushDeviceList> {
      const rows = await ctx.database.scoped(principal.scope, (tx) => userDevices(tx, userOf(principal)));
      return { list: rows.map(deviceOf) };
    },
    async subscribe(principal: Principal, body: PushSubscriptionBody): Promise<PushDevice> {
      checkService(body);
      const owner = userOf(principal);
      return ctx.database.scoped(principal.scope, async (tx) => {
        const id = await storeDevice(tx, owner, body, ctx.clock.now());
        const stored = (await userDevices(tx, owner)).find((row) => row.id === id)!;
        const device = deviceOf(stored);
        const { endpoint: _endpoint, ...shown } = device;
        await audit(
          tx,
          {
            ...byPrincipal(principal),
            action: 'subscribe',
            entity: 'push_device',
            entityId: id,
            detail: serviceOf(body.endpoint),
            after: shown,
          },
          ctx.clock.now(),
        );
        return device;
      });
    },
    async unsubscribe(principal: Principal, endpoint: string): Promise<PushState> {
      await ctx.database.scoped(principal.scope, async (tx) => {
        await removeDevice(tx, userOf(principal), endpoint);
        await audit(
          tx,
          {
            ...byPrincipal(principal),
            action: 'unsubscribe',
            entity: 'push_device',
            entityId: null,
            detail: serviceOf(endpoint),
          },
          ctx.clock.now(),
        );
      });
      return { subscribed: false };
    },
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function deviceOf(row: { id: number; endpoint: string; created_at: Date; last_used_at: Date | null }): PushDevice {
  return { id: row.id, endpoint: row.endpoint, created_at: iso(row.created_at)!, last_used_at: iso(row.last_used_at) };
}
