import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ResponderView } from '../../entities/incident';
import { deferredActor, tick } from '../test-actors';
import { responderMachine } from './responder.machine';

const open: ResponderView = {
  case_id: 'K7QW2M9P',
  incident: 'Disk full',
  description: 'db-1 is full',
  event_status: 'open',
  resource: 'Carlos',
  accepted_by: null,
  can_accept: true,
  can_resolve: true,
};
const progress: ResponderView = { ...open, event_status: 'progress', accepted_by: 'Carlos', can_accept: false };
const completed: ResponderView = { ...progress, event_status: 'completed', can_resolve: false };

function start() {
  const load = deferredActor<ResponderView, void>();
  const accept = deferredActor<ResponderView, void>();
  const resolve = deferredActor<ResponderView, void>();
  const actor = createActor(
    responderMachine.provide({ actors: { load: load.actor, accept: accept.actor, resolve: resolve.actor } }),
  );
  actor.start();
  return { actor, load, accept, resolve, state: () => actor.getSnapshot() };
}

describe('responder page machine (docs/product.md#escalation-engine)', () => {
  it('reads the event, accepts, then resolves, one call each', async () => {
    const { actor, load, accept, resolve, state } = start();
    expect(state().value).toBe('loading');
    load.resolve(open);
    await tick();
    expect(state().value).toBe('ready');
    actor.send({ type: 'ACCEPT' });
    actor.send({ type: 'ACCEPT' });
    expect(accept.calls).toHaveLength(1);
    accept.resolve(progress);
    await tick();
    expect(state().context).toMatchObject({ view: progress, done: 'accepted' });
    // accepted: a second accept is not offered
    actor.send({ type: 'ACCEPT' });
    expect(state().value).toBe('ready');
    expect(accept.calls).toHaveLength(1);
    actor.send({ type: 'RESOLVE' });
    resolve.resolve(completed);
    await tick();
    expect(state().context).toMatchObject({ view: completed, done: 'resolved' });
    actor.send({ type: 'RESOLVE' });
    expect(resolve.calls).toHaveLength(1);
  });

  it('ends on a link that is not valid or an event that is closed', async () => {
    const { load, state } = start();
    load.reject(new Error('This incident is closed: the link no longer works'));
    await tick();
    expect(state().value).toBe('unavailable');
    expect(state().context.error).toBe('This incident is closed: the link no longer works');
  });

  it('shows a failed action and reads the event again on retry', async () => {
    const { actor, load, accept, state } = start();
    load.resolve(open);
    await tick();
    actor.send({ type: 'ACCEPT' });
    accept.reject(new Error('We have a problem'));
    await tick();
    expect(state().value).toBe('failed');
    expect(state().context.error).toBe('We have a problem');
    actor.send({ type: 'RETRY' });
    expect(state().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
  });
});
