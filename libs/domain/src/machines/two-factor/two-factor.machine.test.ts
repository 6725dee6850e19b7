import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { MessageAnswer } from '../../entities/auth';
import { deferredActor, tick } from '../test-actors';
import { twoFactorMachine } from './two-factor.machine';

function start() {
  const verify = deferredActor<unknown, { code: number }>();
  const resend = deferredActor<MessageAnswer, void>();
  const actor = createActor(
    twoFactorMachine.provide({ actors: { verify: verify.actor, resend: resend.actor } }),
  ).start();
  return { actor, verify, resend };
}

describe('two-factor machine (docs/product.md#verification-code)', () => {
  it('sends the code as an integer and ends verified', async () => {
    const { actor, verify } = start();
    actor.send({ type: 'CHANGE', value: ' 482 913 ' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(verify.calls).toEqual([{ code: 482913 }]);
    verify.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('explains a malformed code without calling the server', () => {
    const { actor, verify } = start();
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('The verification code is required');
    for (const typed of ['12345', 'abcdef', '012345', '1234567']) {
      actor.send({ type: 'CHANGE', value: typed });
      actor.send({ type: 'VERIFY' });
      expect(actor.getSnapshot().context.error).toBe('The verification code must be a 6-digit number');
    }
    expect(verify.calls).toHaveLength(0);
  });

  it('shows the first message of a failed check, clears the code, and retries', async () => {
    const { actor, verify } = start();
    actor.send({ type: 'CHANGE', value: '111111' });
    actor.send({ type: 'VERIFY' });
    verify.reject(new Error('The verification code is not valid'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'The verification code is not valid', code: '' });
    actor.send({ type: 'CHANGE', value: '222222' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().value).toBe('verifying');
    verify.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('verified');
  });

  it('resends and shows the notice, from idle and from failed', async () => {
    const { actor, resend, verify } = start();
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('resending');
    resend.resolve({ Message: 'Your verification code has been resent' });
    await tick();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.notice).toBe('Your verification code has been resent');

    actor.send({ type: 'CHANGE', value: '333333' });
    actor.send({ type: 'VERIFY' });
    verify.reject(new Error('The verification code is not valid'));
    await tick();
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, notice: null });
    resend.resolve({ Message: '' });
    await tick();
    expect(actor.getSnapshot().context.notice).toBe('Your verification code has been resent');
  });

  it('shows a failed resend (too many codes) as the error', async () => {
    const { actor, resend } = start();
    actor.send({ type: 'RESEND' });
    resend.reject(new Error('Too many codes requested. Please wait before asking for another one.'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatch(/Too many codes/);
  });
});
