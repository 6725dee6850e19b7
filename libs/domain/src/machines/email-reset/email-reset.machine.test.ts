import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActor, tick } from '../test-actors';
import { emailConfirmErrors, emailResetMachine, emailStartErrors } from './email-reset.machine';

function start(token?: string) {
  const requestLink = deferredActor<unknown, { email: string }>();
  const confirmReset = deferredActor<unknown, { token: string; new_password: string; confirm_password: string }>();
  const actor = createActor(
    emailResetMachine.provide({ actors: { requestLink: requestLink.actor, confirmReset: confirmReset.actor } }),
    {
      input: { token },
    },
  ).start();
  return { actor, requestLink, confirmReset };
}

describe('e-mail reset machine (docs/product.md#password-reset, #states-and-transitions Reset flows)', () => {
  it('starts at step 1 without a token and at step 3 with one', () => {
    expect(start().actor.getSnapshot().value).toBe('email');
    const withToken = start('abcdefghijklmnopqrstuvwx');
    expect(withToken.actor.getSnapshot().value).toBe('newPassword');
    expect(withToken.actor.getSnapshot().context.token).toBe('abcdefghijklmnopqrstuvwx');
  });

  it('requires an e-mail, then goes from step 1 to step 2 on success', async () => {
    const { actor, requestLink } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('email');
    expect(emailStartErrors(actor.getSnapshot().context)).toEqual({ email: ['Email is required'] });
    actor.send({ type: 'CHANGE', field: 'email', value: ' Ana@Example.com ' });
    actor.send({ type: 'SUBMIT' });
    expect(requestLink.calls).toEqual([{ email: 'ana@example.com' }]);
    requestLink.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('checkInbox');
  });

  it('stays on step 1 with the message when the call fails, and retries', async () => {
    const { actor, requestLink } = start();
    actor.send({ type: 'CHANGE', field: 'email', value: 'ana@example.com' });
    actor.send({ type: 'SUBMIT' });
    requestLink.reject(new Error('Too many attempts. Please try again later.'));
    await tick();
    expect(actor.getSnapshot().value).toBe('email');
    expect(actor.getSnapshot().context.error).toBe('Too many attempts. Please try again later.');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('requestingLink');
  });

  it('keeps Send disabled while either field has an error (the own-password rules)', () => {
    const { actor, confirmReset } = start('abcdefghijklmnopqrstuvwx');
    expect(Object.keys(emailConfirmErrors(actor.getSnapshot().context))).toEqual(['new_password', 'confirm_password']);
    actor.send({ type: 'CHANGE', field: 'new_password', value: 'weakpass' });
    actor.send({ type: 'CHANGE', field: 'confirm_password', value: 'weakpass' });
    expect(emailConfirmErrors(actor.getSnapshot().context)).toEqual({
      new_password: [
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character',
      ],
    });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('newPassword');
    expect(confirmReset.calls).toHaveLength(0);
  });

  it('goes from step 3 to step 4 on success, with the token', async () => {
    const { actor, confirmReset } = start('abcdefghijklmnopqrstuvwx');
    actor.send({ type: 'CHANGE', field: 'new_password', value: 'Brand.New9' });
    actor.send({ type: 'CHANGE', field: 'confirm_password', value: 'Brand.New9' });
    actor.send({ type: 'SUBMIT' });
    expect(confirmReset.calls).toEqual([
      { token: 'abcdefghijklmnopqrstuvwx', new_password: 'Brand.New9', confirm_password: 'Brand.New9' },
    ]);
    confirmReset.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('stays on step 3 with the message when the link is refused, and retries', async () => {
    const { actor, confirmReset } = start('abcdefghijklmnopqrstuvwx');
    actor.send({ type: 'CHANGE', field: 'new_password', value: 'Brand.New9' });
    actor.send({ type: 'CHANGE', field: 'confirm_password', value: 'Brand.New9' });
    actor.send({ type: 'SUBMIT' });
    confirmReset.reject(new Error('This reset link is not valid or has expired. Please request a new one.'));
    await tick();
    expect(actor.getSnapshot().value).toBe('newPassword');
    expect(actor.getSnapshot().context.error).toMatch(/not valid or has expired/);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });
});
