import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActor, tick, RULES_ABC_FAILS } from '../test-actors';
import { adminPasswordErrors, adminPasswordMachine } from './admin-password.machine';

type Change = { id: number; new_password: string; confirm_password: string };

/** A 422 as the api client gives it, read by the screen's `fieldErrorsOf`. */
class FieldFailure extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super(Object.values(fields)[0]?.[0] ?? 'failed');
  }
}
const fieldErrorsOf = (error: unknown) => (error instanceof FieldFailure ? error.fields : {});

function start() {
  const change = deferredActor<unknown, Change>();
  const actor = createActor(adminPasswordMachine.provide({ actors: { changePassword: change.actor } }), {
    input: { userId: 12, fieldErrorsOf },
  }).start();
  const fill = (next: string, confirm: string) => {
    actor.send({ type: 'CHANGE', field: 'new_password', value: next });
    actor.send({ type: 'CHANGE', field: 'confirm_password', value: confirm });
  };
  return { actor, change, fill, state: () => actor.getSnapshot() };
}

describe('admin password change machine (docs/product.md#user-lists, #validation-rules)', () => {
  it('asks the warning confirmation first and ends cancelled on Cancel', () => {
    const { actor, state } = start();
    expect(state().value).toBe('confirming');
    // nothing is typed or sent before Continue
    actor.send({ type: 'CHANGE', field: 'new_password', value: 'New.Pass2' });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('confirming');
    expect(state().context.values.new_password).toBe('');
    actor.send({ type: 'CANCEL' });
    expect(state().value).toBe('cancelled');
    expect(state().status).toBe('done');
  });

  it('opens the form on Continue and checks every input with the messages of docs/product.md#validation-rules', () => {
    const { actor, fill, state } = start();
    actor.send({ type: 'CONTINUE' });
    expect(state().value).toBe('editing');
    expect(adminPasswordErrors(state().context)).toEqual({});

    fill('abc', 'abd');
    expect(adminPasswordErrors(state().context)).toEqual({
      new_password: RULES_ABC_FAILS,
      confirm_password: ['Passwords do not match'],
    });
    fill('ABCDEFG1!', 'ABCDEFG1!');
    expect(adminPasswordErrors(state().context)).toEqual({
      new_password: ['Password must contain at least one lowercase letter'],
    });
  });

  it('shows every required message when Save is pressed untouched, and does not save', () => {
    const { actor, change, state } = start();
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('editing');
    expect(change.calls).toEqual([]);
    expect(adminPasswordErrors(state().context)).toEqual({
      new_password: ['New Password is required'],
      confirm_password: ['Confirming your password is required'],
    });
  });

  it('saves a valid password for the user and ends saved', async () => {
    const { actor, change, fill, state } = start();
    actor.send({ type: 'CONTINUE' });
    fill('New.Pass2', 'New.Pass2');
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    expect(change.calls).toEqual([{ id: 12, new_password: 'New.Pass2', confirm_password: 'New.Pass2' }]);
    change.resolve({ Message: 'User password has been updated' });
    await tick();
    expect(state().value).toBe('saved');
    expect(state().status).toBe('done');
  });

  it('stays open after a failure, keeps the server field messages until the field changes, and retries', async () => {
    const { actor, change, fill, state } = start();
    actor.send({ type: 'CONTINUE' });
    fill('New.Pass2', 'New.Pass2');
    actor.send({ type: 'SUBMIT' });
    change.reject(new FieldFailure({ new_password: ['The new password is too common'] }));
    await tick();
    expect(state().value).toBe('failed');
    expect(state().context.error).toBe('The new password is too common');
    expect(adminPasswordErrors(state().context)).toEqual({ new_password: ['The new password is too common'] });

    actor.send({ type: 'CHANGE', field: 'new_password', value: 'Other.Pass3' });
    expect(adminPasswordErrors(state().context)).toEqual({ confirm_password: ['Passwords do not match'] });
    actor.send({ type: 'CHANGE', field: 'confirm_password', value: 'Other.Pass3' });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    expect(state().context.error).toBeNull();
    expect(change.calls[1]).toEqual({ id: 12, new_password: 'Other.Pass3', confirm_password: 'Other.Pass3' });
    change.resolve({});
    await tick();
    expect(state().value).toBe('saved');
  });

  it('keeps a failure without field messages as a text only, and can be cancelled from there', async () => {
    const { actor, change, fill, state } = start();
    actor.send({ type: 'CONTINUE' });
    fill('New.Pass2', 'New.Pass2');
    actor.send({ type: 'SUBMIT' });
    change.reject(new Error('We have some problems please contact support'));
    await tick();
    expect(state().value).toBe('failed');
    expect(adminPasswordErrors(state().context)).toEqual({});
    expect(state().context.error).toBe('We have some problems please contact support');
    actor.send({ type: 'CANCEL' });
    expect(state().value).toBe('cancelled');
  });

  it('cannot be cancelled while the change is being saved', () => {
    const { actor, fill, state } = start();
    actor.send({ type: 'CONTINUE' });
    fill('New.Pass2', 'New.Pass2');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CANCEL' });
    expect(state().value).toBe('saving');
  });
});
