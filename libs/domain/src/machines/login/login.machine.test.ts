import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LoginAnswer } from '../../entities/auth';
import { deferredActor, tick } from '../test-actors';
import { loginErrors, loginMachine } from './login.machine';

const answer: LoginAnswer = { access_token: 'pre', token_type: 'bearer', delivery: ['e-mail'] };

function start() {
  const login = deferredActor<LoginAnswer, { email: string; password: string }>();
  const actor = createActor(loginMachine.provide({ actors: { login: login.actor } }), { input: undefined }).start();
  const fill = (email: string, password: string) => {
    actor.send({ type: 'CHANGE', field: 'email', value: email });
    actor.send({ type: 'CHANGE', field: 'password', value: password });
  };
  return { actor, login, fill };
}

describe('login machine (docs/product.md#sign-in)', () => {
  it('does not submit an invalid form and marks it submitted to show the field errors', () => {
    const { actor, login } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(login.calls).toHaveLength(0);
    expect(loginErrors(actor.getSnapshot().context)).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it('requires an e-mail address of the e-mail type', () => {
    expect(loginErrors({ email: 'not-an-email', password: 'x' })).toEqual({ email: ['Must be a valid email address'] });
  });

  it('submits trimmed lower-case e-mail and ends with the pre-auth answer', async () => {
    const { actor, login, fill } = start();
    fill('  Ana@Example.COM ', 'Secret.1');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(login.calls).toEqual([{ email: 'ana@example.com', password: 'Secret.1' }]);
    login.resolve(answer);
    await tick();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(answer);
  });

  it('shows the first message of a failure, clears the password, and retries', async () => {
    const { actor, login, fill } = start();
    fill('ana@example.com', 'wrong');
    actor.send({ type: 'SUBMIT' });
    login.reject(new Error('Incorrect email or password'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Incorrect email or password');
    expect(actor.getSnapshot().context.password).toBe('');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'CHANGE', field: 'password', value: 'Secret.1' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    login.resolve(answer);
    await tick();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('says "We have a problem" when the failure has no message', async () => {
    const { actor, login, fill } = start();
    fill('ana@example.com', 'x');
    actor.send({ type: 'SUBMIT' });
    login.reject({});
    await tick();
    expect(actor.getSnapshot().context.error).toBe('We have a problem');
  });
});
