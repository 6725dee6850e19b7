import { assign, setup } from 'xstate';
import { OwnPasswordChangeSchema, type OwnPasswordChange } from '../../rules/password';
import { formErrors } from '../../rules/validation';
import { errorText, notProvided } from '../shared';

export interface ChangePasswordContext {
  current_password: string;
  new_password: string;
  confirm_password: string;
  /** force_change_password: the modal cannot be dismissed (docs/product.md#layout) */
  forced: boolean;
  error: string | null;
}

type Field = 'current_password' | 'new_password' | 'confirm_password';
export type ChangePasswordEvent =
  { type: 'CHANGE'; field: Field; value: string } | { type: 'SUBMIT' } | { type: 'CANCEL' };

/** Messages per field, checked on every input (docs/product.md#validation-rules). */
export const changePasswordErrors = (context: Pick<ChangePasswordContext, Field>) =>
  formErrors(OwnPasswordChangeSchema, {
    current_password: context.current_password,
    new_password: context.new_password,
    confirm_password: context.confirm_password,
  });

/** The own-password modal: editing → submitting → done, or failed; cancel only when not forced. */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as { forced?: boolean } | undefined,
  },
  actors: { changePassword: notProvided<unknown, OwnPasswordChange>('changePassword') },
  guards: {
    isValid: ({ context }) => Object.keys(changePasswordErrors(context)).length === 0,
    mayCancel: ({ context }) => !context.forced,
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'CHANGE' ? { ...context, [event.field]: event.value } : context,
    ),
  },
}).createMachine({
  id: 'changePassword',
  initial: 'editing',
  context: ({ input }) => ({
    current_password: '',
    new_password: '',
    confirm_password: '',
    forced: input?.forced ?? false,
    error: null,
  }),
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: { guard: 'isValid', target: 'submitting' },
        CANCEL: { guard: 'mayCancel', target: 'cancelled' },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          current_password: context.current_password,
          new_password: context.new_password,
          confirm_password: context.confirm_password,
        }),
        onDone: 'done',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: { guard: 'isValid', target: 'submitting' },
        CANCEL: { guard: 'mayCancel', target: 'cancelled' },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
