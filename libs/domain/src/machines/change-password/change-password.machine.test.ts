import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { OwnPasswordChange } from '../../rules/password';
import { deferredActor, tick, RULES_ABC_FAILS } from '../test-actors';
import { changePasswordErrors, changePasswordMachine } from './change-password.machine';

function start(forced = false) {
  const change = deferredActor<unknown, OwnPasswordChange>();
  const actor = createActor(changePasswordMachine.provide({ actors: { changePassword: change.actor } }), {
    input: { forced },
  }).start();
  const fill = (current: string, next: string, confirm: string) => {
    actor.send({ type: 'CHANGE', field: 'current_password', value: current });
    actor.send({ type: 'CHANGE', field: 'new_password', value: next });
    actor.send({ type: 'CHANGE', field: 'confirm_password', value: confirm });
  };
  return { actor, change, fill };
}

describe('change-password machine (docs/product.md#layout, #validation-rules)', () => {
  it('validates on every input with the messages of docs/product.md#validation-rules', () => {
    const { actor, fill } = start();
    fill('', 'abc', 'abd');
    expect(changePasswordErrors(actor.getSnapshot().context)).toEqual({
      current_password: ['Current Password is required'],
      new_password: RULES_ABC_FAILS,
      confirm_password: ['Passwords do not match'],
    });
  });

  it('submits only a valid form and ends done', async () => {
    const { actor, change, fill } = start();
    fill('Old.Pass1', 'New.Pass2', 'New.Pass3');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'CHANGE', field: 'confirm_password', value: 'New.Pass2' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(change.calls).toEqual([
      { current_password: 'Old.Pass1', new_password: 'New.Pass2', confirm_password: 'New.Pass2' },
    ]);
    change.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('shows a server error and submits again', async () => {
    const { actor, change, fill } = start();
    fill('Old.Pass1', 'New.Pass2', 'New.Pass2');
    actor.send({ type: 'SUBMIT' });
    change.reject(new Error('The current password is not correct'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('The current password is not correct');
    actor.send({ type: 'CHANGE', field: 'current_password', value: 'Old.Pass9' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('can be cancelled unless the password change is forced', () => {
    const free = start(false);
    free.actor.send({ type: 'CANCEL' });
    expect(free.actor.getSnapshot().value).toBe('cancelled');
    const forced = start(true);
    forced.actor.send({ type: 'CANCEL' });
    expect(forced.actor.getSnapshot().value).toBe('editing');
  });
});
