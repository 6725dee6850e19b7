import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pushDeviceMachine, type PushDeviceStatus } from './push-device.machine';

const start = (
  status: PushDeviceStatus,
  actors: Partial<{ subscribe: () => Promise<'subscribed' | 'denied'>; unsubscribe: () => Promise<void> }> = {},
) =>
  createActor(
    pushDeviceMachine.provide({
      actors: {
        check: fromPromise(async () => status),
        subscribe: fromPromise(actors.subscribe ?? (async () => 'subscribed' as const)),
        unsubscribe: fromPromise(actors.unsubscribe ?? (async () => undefined)),
      },
    }),
  ).start();

describe('the push device machine', () => {
  it.each(['unsupported', 'denied', 'subscribed', 'notSubscribed'] as const)(
    'shows a device that is %s',
    async (status) => {
      const actor = start(status);
      expect((await waitFor(actor, (s) => !s.matches('checking'))).value).toBe(status);
    },
  );

  it('subscribes a device, and stops it again', async () => {
    const actor = start('notSubscribed');
    await waitFor(actor, (s) => s.matches('notSubscribed'));
    actor.send({ type: 'NOTIFY' });
    await waitFor(actor, (s) => s.matches('subscribed'));
    actor.send({ type: 'STOP' });
    expect((await waitFor(actor, (s) => s.matches('notSubscribed'))).context.error).toBeNull();
  });

  it('says denied when the person refuses the permission', async () => {
    const actor = start('notSubscribed', { subscribe: async () => 'denied' });
    await waitFor(actor, (s) => s.matches('notSubscribed'));
    actor.send({ type: 'NOTIFY' });
    expect((await waitFor(actor, (s) => s.matches('denied'))).value).toBe('denied');
  });

  it('keeps the state and shows the message of a failed call', async () => {
    const actor = start('subscribed', {
      unsubscribe: async () => {
        throw new Error('We have a problem');
      },
    });
    await waitFor(actor, (s) => s.matches('subscribed'));
    actor.send({ type: 'STOP' });
    await waitFor(actor, (s) => s.matches('unsubscribing'));
    const after = await waitFor(actor, (s) => s.matches('subscribed'));
    expect(after.context.error).toBe('We have a problem');
  });

  it('ends where the device cannot subscribe', async () => {
    const actor = start('unsupported');
    expect((await waitFor(actor, (s) => s.matches('unsupported'))).status).toBe('done');
  });
});
