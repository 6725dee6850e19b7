import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SessionUser } from '../../entities/user';
import { deferredActor, tick } from '../test-actors';
import { sessionMachine } from './session.machine';

const user: SessionUser = {
  id: 7,
  name: 'Ana',
  last_name: 'Torres',
  email: 'ana@example.com',
  phone: null,
  role: { rol_id: 5, rol_name: 'Customer' },
  is_admin: false,
  force_change_password: false,
  customer: { customer_id: 2, customer_name: 'Acme', customer_qty_resources: 10 },
  language: null,
};

function start() {
  const loadUser = deferredActor<SessionUser | null, void>();
  const logout = deferredActor<unknown, void>();
  const actor = createActor(
    sessionMachine.provide({ actors: { loadUser: loadUser.actor, logout: logout.actor } }),
  ).start();
  return { actor, loadUser, logout };
}

describe('session machine (docs/product.md#route-guard, #states-and-transitions Session)', () => {
  it('is anonymous when no user loads, authenticated when one does', async () => {
    const a = start();
    expect(a.actor.getSnapshot().value).toBe('loading');
    a.loadUser.resolve(null);
    await tick();
    expect(a.actor.getSnapshot().value).toBe('anonymous');

    const b = start();
    b.loadUser.resolve(user);
    await tick();
    expect(b.actor.getSnapshot().value).toBe('authenticated');
    expect(b.actor.getSnapshot().context.user).toEqual(user);
  });

  it('treats a failed load as not signed in', async () => {
    const { actor, loadUser } = start();
    loadUser.reject(new Error('network'));
    await tick();
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('loads the user after sign-in', async () => {
    const { actor, loadUser } = start();
    loadUser.resolve(null);
    await tick();
    actor.send({ type: 'SIGNED_IN' });
    expect(actor.getSnapshot().value).toBe('loading');
    loadUser.resolve(user);
    await tick();
    expect(actor.getSnapshot().value).toBe('authenticated');
  });

  it('keeps the user while reloading and replaces it after', async () => {
    const { actor, loadUser } = start();
    loadUser.resolve(user);
    await tick();
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(actor.getSnapshot().context.user).toEqual(user);
    loadUser.resolve({ ...user, force_change_password: true });
    await tick();
    expect(actor.getSnapshot().context.user?.force_change_password).toBe(true);
  });

  it('logs out (even when the call fails) and forgets the user', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      const { actor, loadUser, logout } = start();
      loadUser.resolve(user);
      await tick();
      actor.send({ type: 'LOGOUT' });
      expect(actor.getSnapshot().value).toBe('loggingOut');
      if (outcome === 'resolve') logout.resolve({});
      else logout.reject(new Error('gone'));
      await tick();
      expect(actor.getSnapshot().value).toBe('anonymous');
      expect(actor.getSnapshot().context.user).toBeNull();
    }
  });

  it('drops the user on a 401', async () => {
    const { actor, loadUser } = start();
    loadUser.resolve(user);
    await tick();
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});
