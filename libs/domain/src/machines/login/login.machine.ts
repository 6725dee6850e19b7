import { assign, setup } from 'xstate';
import { LoginRequestSchema, type LoginAnswer, type LoginRequest } from '../../entities/auth';
import { formErrors } from '../../rules/validation';
import { errorText, notProvided } from '../shared';

export interface LoginContext {
  email: string;
  password: string;
  /** the first message of a failed call, shown in a red alert (docs/product.md#sign-in) */
  error: string | null;
  /** once true, field errors are shown even for untouched fields */
  submitted: boolean;
  answer: LoginAnswer | null;
}

export type LoginEvent = { type: 'CHANGE'; field: 'email' | 'password'; value: string } | { type: 'SUBMIT' };

export const loginErrors = (context: Pick<LoginContext, 'email' | 'password'>) =>
  formErrors(LoginRequestSchema, { email: context.email, password: context.password });

/** docs/product.md#sign-in Login: idle → submitting → done (pre-auth token) or failed with the first message. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { email?: string } | undefined,
    output: {} as LoginAnswer,
  },
  actors: { login: notProvided<LoginAnswer, LoginRequest>('login') },
  guards: { isValid: ({ context }) => Object.keys(loginErrors(context)).length === 0 },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'CHANGE' ? { ...context, [event.field]: event.value } : context,
    ),
    markSubmitted: assign({ submitted: true }),
  },
}).createMachine({
  id: 'login',
  initial: 'idle',
  context: ({ input }) => ({ email: input?.email ?? '', password: '', error: null, submitted: false, answer: null }),
  states: {
    idle: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: [{ guard: 'isValid', target: 'submitting', actions: 'markSubmitted' }, { actions: 'markSubmitted' }],
      },
    },
    submitting: {
      invoke: {
        src: 'login',
        input: ({ context }) => ({ email: context.email.trim().toLowerCase(), password: context.password }),
        onDone: { target: 'done', actions: assign({ answer: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error), password: '' }) },
      },
    },
    failed: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: [{ guard: 'isValid', target: 'submitting' }, { actions: 'markSubmitted' }],
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.answer as LoginAnswer,
});
