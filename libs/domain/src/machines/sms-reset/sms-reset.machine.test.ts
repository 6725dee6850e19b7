import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActor, tick } from '../test-actors';
import { smsPhoneErrors, smsResetMachine, smsVerifyErrors, type SmsVerifyInput } from './sms-reset.machine';

function start() {
  const requestCode = deferredActor<{ token: string }, { phone: string }>();
  const verifyCode = deferredActor<unknown, SmsVerifyInput>();
  const actor = createActor(
    smsResetMachine.provide({ actors: { requestCode: requestCode.actor, verifyCode: verifyCode.actor } }),
  ).start();
  const set = (field: 'phone' | 'smscod' | 'password' | 'password_verified', value: string) =>
    actor.send({ type: 'CHANGE', field, value });
  return { actor, requestCode, verifyCode, set };
}

/** Step 2 filled: the code 123456, the password Brand.New9 and the given confirmation. */
function fillCodeStep(s: ReturnType<typeof start>, passwordVerified: string) {
  s.set('smscod', '123456');
  s.set('password', 'Brand.New9');
  s.set('password_verified', passwordVerified);
}

async function toCodeStep(s: ReturnType<typeof start>) {
  s.set('phone', '+1 787 555 0142');
  s.actor.send({ type: 'SUBMIT' });
  s.requestCode.resolve({ token: 'reset-token' });
  await tick();
}

describe('SMS reset machine (docs/product.md#password-reset, #states-and-transitions Reset flows)', () => {
  it('checks the phone before asking for a code', () => {
    const { actor, requestCode, set } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('phone');
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(smsPhoneErrors(actor.getSnapshot().context)).toEqual({ phone: ['Phone is required'] });
    set('phone', '+44 20 7946 0958');
    expect(smsPhoneErrors(actor.getSnapshot().context)).toEqual({ phone: ['This country is not supported'] });
    expect(requestCode.calls).toHaveLength(0);
  });

  it('goes from step 1 to step 2 on success of the phone call, sending the normalised phone', async () => {
    const s = start();
    s.set('phone', '+1 787 555 0142');
    s.actor.send({ type: 'SUBMIT' });
    expect(s.actor.getSnapshot().value).toBe('requestingCode');
    expect(s.requestCode.calls).toEqual([{ phone: '+17875550142' }]);
    s.requestCode.resolve({ token: 'reset-token' });
    await tick();
    expect(s.actor.getSnapshot().value).toBe('code');
    expect(s.actor.getSnapshot().context.token).toBe('reset-token');
  });

  it('stays on step 1 with the first message when the phone call fails, and retries', async () => {
    const s = start();
    s.set('phone', '+17875550142');
    s.actor.send({ type: 'SUBMIT' });
    s.requestCode.reject(new Error('Too many attempts. Please try again later.'));
    await tick();
    expect(s.actor.getSnapshot().value).toBe('phone');
    expect(s.actor.getSnapshot().context.error).toBe('Too many attempts. Please try again later.');
    s.actor.send({ type: 'SUBMIT' });
    expect(s.actor.getSnapshot().value).toBe('requestingCode');
    expect(s.actor.getSnapshot().context.error).toBeNull();
  });

  it('requires code, password and password verified with the rules of docs/product.md#validation-rules', async () => {
    const s = start();
    await toCodeStep(s);
    s.actor.send({ type: 'SUBMIT' });
    expect(s.actor.getSnapshot().value).toBe('code');
    expect(smsVerifyErrors(s.actor.getSnapshot().context)).toEqual({
      smscod: ['Verification code is required'],
      password: ['Password is required'],
      password_verified: ['Password verified is required'],
    });
    fillCodeStep(s, 'Brand.New8');
    expect(smsVerifyErrors(s.actor.getSnapshot().context)).toEqual({ password_verified: ['Passwords do not match'] });
  });

  it('goes from step 2 to step 3 on success of verify, with the token as bearer', async () => {
    const s = start();
    await toCodeStep(s);
    fillCodeStep(s, 'Brand.New9');
    s.actor.send({ type: 'SUBMIT' });
    expect(s.verifyCode.calls).toEqual([
      { token: 'reset-token', smscod: 123456, password: 'Brand.New9', password_verified: 'Brand.New9' },
    ]);
    s.verifyCode.resolve({});
    await tick();
    expect(s.actor.getSnapshot().value).toBe('done');
    expect(s.actor.getSnapshot().context.password).toBe('');
  });

  it('stays on step 2 with the message when verify fails, clears the code, and retries', async () => {
    const s = start();
    await toCodeStep(s);
    fillCodeStep(s, 'Brand.New9');
    s.actor.send({ type: 'SUBMIT' });
    s.verifyCode.reject(new Error('The verification code is not valid'));
    await tick();
    expect(s.actor.getSnapshot().value).toBe('code');
    expect(s.actor.getSnapshot().context).toMatchObject({ error: 'The verification code is not valid', smscod: '' });
    s.set('smscod', '654321');
    s.actor.send({ type: 'SUBMIT' });
    expect(s.actor.getSnapshot().value).toBe('verifying');
  });

  it('goes back to the phone step and forgets the token', async () => {
    const s = start();
    await toCodeStep(s);
    s.actor.send({ type: 'BACK' });
    expect(s.actor.getSnapshot().value).toBe('phone');
    expect(s.actor.getSnapshot().context.token).toBeNull();
  });
});
