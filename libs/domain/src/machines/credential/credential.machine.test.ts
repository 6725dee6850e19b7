import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActor, tick } from '../test-actors';
import {
  CREDENTIAL_MESSAGES,
  credentialCsv,
  credentialMachine,
  shownKey,
  type CredentialInput,
} from './credential.machine';

const KEY = '0123456789abcdef0123456789abcdef';

function start() {
  const generate = deferredActor<string, CredentialInput>();
  const actor = createActor(credentialMachine.provide({ actors: { generate: generate.actor } }), {
    input: { moduleId: 12, applicationId: 3 },
  });
  actor.start();
  return { actor, generate, state: () => actor.getSnapshot() };
}

describe('credential machine (docs/product.md#modules, #states-and-transitions Credentials)', () => {
  it('asks first, then generates for the module and application, and shows the key hidden', async () => {
    const { actor, generate, state } = start();
    expect(state().value).toBe('notCreated');
    actor.send({ type: 'CREATE' });
    expect(state().value).toBe('confirming');
    expect(generate.calls).toEqual([]);
    actor.send({ type: 'CONTINUE' });
    expect(state().value).toBe('generating');
    expect(generate.calls).toEqual([{ moduleId: 12, applicationId: 3 }]);
    generate.resolve(KEY);
    await tick();
    expect(state().value).toBe('created');
    expect(state().context).toMatchObject({ key: KEY, shown: false, error: null });
  });

  it('cancelling the confirmation changes nothing and calls nothing', () => {
    const { actor, generate, state } = start();
    actor.send({ type: 'CREATE' });
    actor.send({ type: 'CANCEL' });
    expect(state().value).toBe('notCreated');
    expect(generate.calls).toEqual([]);
  });

  it('shows and hides the key, and a second key asks again and hides again', async () => {
    const { actor, generate, state } = start();
    actor.send({ type: 'CREATE' });
    actor.send({ type: 'CONTINUE' });
    generate.resolve(KEY);
    await tick();
    actor.send({ type: 'TOGGLE' });
    expect(state().context.shown).toBe(true);
    actor.send({ type: 'TOGGLE' });
    expect(state().context.shown).toBe(false);
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CREATE' });
    expect(state().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    // cancelling a second creation keeps the key already made
    expect(state().value).toBe('created');
    expect(state().context.key).toBe(KEY);
    actor.send({ type: 'CREATE' });
    actor.send({ type: 'CONTINUE' });
    generate.resolve('f'.repeat(32));
    await tick();
    expect(state().context).toMatchObject({ key: 'f'.repeat(32), shown: false });
    expect(generate.calls).toHaveLength(2);
  });

  it('a failed generation shows its message, forgets the old key and can be retried', async () => {
    const { actor, generate, state } = start();
    actor.send({ type: 'CREATE' });
    actor.send({ type: 'CONTINUE' });
    generate.resolve(KEY);
    await tick();
    actor.send({ type: 'CREATE' });
    actor.send({ type: 'CONTINUE' });
    generate.reject(new Error('Module not found'));
    await tick();
    expect(state().value).toBe('failed');
    expect(state().context).toMatchObject({ key: null, error: 'Module not found' });
    actor.send({ type: 'CREATE' });
    actor.send({ type: 'CANCEL' });
    expect(state().value).toBe('notCreated');
  });

  it('masks one dot per character unless shown', () => {
    expect(shownKey(KEY, false)).toBe('•'.repeat(32));
    expect(shownKey(KEY, true)).toBe(KEY);
  });

  it('makes the CSV with the spec columns and a file name from the module id and the day', () => {
    expect(credentialCsv(12, KEY, new Date(2026, 0, 5, 23, 59))).toEqual({
      fileName: 'module_12_credential_20260105.csv',
      content: `Module ID,Credential Key\r\n12,${KEY}\r\n`,
    });
  });

  it('keeps the confirmation text of the spec', () => {
    expect(CREDENTIAL_MESSAGES.confirm).toBe('Are you sure you want to create a new credential key?');
  });
});
