import { assign, setup } from 'xstate';
import { EmailResetStartSchema } from '../../entities/auth';
import { NewPasswordSchema, type NewPassword } from '../../rules/password';
import { formErrors } from '../../rules/validation';
import { errorText, notProvided } from '../shared';

export interface EmailResetContext {
  email: string;
  token: string | null;
  new_password: string;
  confirm_password: string;
  error: string | null;
  submitted: boolean;
}

type Field = 'email' | 'new_password' | 'confirm_password';
export type EmailResetEvent = { type: 'CHANGE'; field: Field; value: string } | { type: 'SUBMIT' };

export const emailStartErrors = (context: Pick<EmailResetContext, 'email'>) =>
  formErrors(EmailResetStartSchema, { email: context.email });
/** The same rules and messages as the own-password modal (docs/product.md#validation-rules); Send is disabled while any fails. */
export const emailConfirmErrors = (context: Pick<EmailResetContext, 'new_password' | 'confirm_password'>) =>
  formErrors(NewPasswordSchema, { new_password: context.new_password, confirm_password: context.confirm_password });

/**
 * docs/product.md#password-reset by e-mail, 4 steps: e-mail → check inbox; then, from the link, new and confirm
 * password → done. The screen starts at step 3 when a token is present.
 */
export const emailResetMachine = setup({
  types: {
    context: {} as EmailResetContext,
    events: {} as EmailResetEvent,
    input: {} as { token?: string | null } | undefined,
  },
  actors: {
    requestLink: notProvided<unknown, { email: string }>('requestLink'),
    confirmReset: notProvided<unknown, { token: string } & NewPassword>('confirmReset'),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    emailValid: ({ context }) => Object.keys(emailStartErrors(context)).length === 0,
    passwordValid: ({ context }) => Object.keys(emailConfirmErrors(context)).length === 0,
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'CHANGE' ? { ...context, [event.field]: event.value } : context,
    ),
  },
}).createMachine({
  id: 'emailReset',
  initial: 'start',
  context: ({ input }) => ({
    email: '',
    token: input?.token || null,
    new_password: '',
    confirm_password: '',
    error: null,
    submitted: false,
  }),
  states: {
    start: { always: [{ guard: 'hasToken', target: 'newPassword' }, { target: 'email' }] },
    email: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: [{ guard: 'emailValid', target: 'requestingLink' }, { actions: assign({ submitted: true }) }],
      },
    },
    requestingLink: {
      entry: assign({ error: null }),
      invoke: {
        src: 'requestLink',
        input: ({ context }) => ({ email: context.email.trim().toLowerCase() }),
        onDone: 'checkInbox',
        onError: { target: 'email', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    checkInbox: { type: 'final' },
    newPassword: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: { guard: 'passwordValid', target: 'confirming' },
      },
    },
    confirming: {
      entry: assign({ error: null }),
      invoke: {
        src: 'confirmReset',
        input: ({ context }) => ({
          token: context.token ?? '',
          new_password: context.new_password,
          confirm_password: context.confirm_password,
        }),
        onDone: { target: 'done', actions: assign({ new_password: '', confirm_password: '' }) },
        onError: { target: 'newPassword', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    done: { type: 'final' },
  },
});
