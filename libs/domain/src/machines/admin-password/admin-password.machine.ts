import { assign, setup } from 'xstate';
import { AdminPasswordChangeSchema, type AdminPasswordChange } from '../../entities/user';
import { formErrors } from '../../rules/validation';
import { recordFormErrors, saveFailure, type FieldErrors } from '../record-form/record-form.machine';
import { notProvided } from '../shared';

/**
 * A user's password changed by an admin (docs/product.md#user-lists row action, 3, 5):
 *
 *   confirming ──CONTINUE──▶ editing ──SUBMIT (valid)──▶ saving ──done──▶ saved (final)
 *       │                      ▲  │                        │
 *     CANCEL                   └──┼──── CHANGE / SUBMIT ◀── failed   (stays open, docs/product.md#messages)
 *       ▼                         ▼
 *   cancelled (final) ◀─────── CANCEL (from editing or failed)
 *
 * docs/product.md#validation-rules: the warning confirmation (Continue/Cancel) comes first; the new password and its
 * confirmation are checked on every input with the spec's messages. Actor `changePassword` gets
 * `{ id, new_password, confirm_password }`; `fieldErrorsOf` (optional) reads the per-field messages
 * of a failed change (a 422), which stay on their field until it changes.
 */
export type AdminPasswordField = 'new_password' | 'confirm_password';

export interface AdminPasswordInput {
  /** the user whose password changes */
  userId: number;
  fieldErrorsOf?: (error: unknown) => FieldErrors;
}

export interface AdminPasswordContext {
  userId: number;
  values: Record<AdminPasswordField, string>;
  validate: (values: Record<string, unknown>) => FieldErrors;
  fieldErrorsOf: (error: unknown) => FieldErrors;
  edited: Record<string, true>;
  attempted: boolean;
  serverErrors: FieldErrors;
  /** the text of the last failed change (the general handler has already shown it, docs/product.md#messages) */
  error: string | null;
}

export type AdminPasswordEvent =
  | { type: 'CONTINUE' }
  | { type: 'CANCEL' }
  | { type: 'CHANGE'; field: AdminPasswordField; value: string }
  | { type: 'SUBMIT' };

/** docs/product.md#validation-rules rules of the new password and its confirmation, every failed rule per field. */
export const adminPasswordRules = (values: Record<string, unknown>): FieldErrors =>
  formErrors(AdminPasswordChangeSchema, {
    new_password: values.new_password,
    confirm_password: values.confirm_password,
  });

/** The messages each field shows now: its own rules once typed into or a save was tried, and the server's. */
export const adminPasswordErrors = (context: AdminPasswordContext): FieldErrors => recordFormErrors(context);

const editingEvents = {
  CHANGE: { actions: 'assignField' },
  SUBMIT: [{ guard: 'isValid', target: 'saving' }, { actions: 'markAttempted' }],
  CANCEL: { target: 'cancelled' },
} as const;

export const adminPasswordMachine = setup({
  types: {
    context: {} as AdminPasswordContext,
    events: {} as AdminPasswordEvent,
    input: {} as AdminPasswordInput,
  },
  actors: { changePassword: notProvided<unknown, Required<AdminPasswordChange>>('changePassword') },
  guards: {
    isValid: ({ context }) => Object.keys(context.validate(context.values)).length === 0,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const { [event.field]: _cleared, ...serverErrors } = context.serverErrors;
      return {
        values: { ...context.values, [event.field]: event.value },
        edited: { ...context.edited, [event.field]: true as const },
        serverErrors,
      };
    }),
    markAttempted: assign({ attempted: true }),
  },
}).createMachine({
  id: 'adminPassword',
  initial: 'confirming',
  context: ({ input }) => ({
    userId: input.userId,
    values: { new_password: '', confirm_password: '' },
    validate: adminPasswordRules,
    fieldErrorsOf: input.fieldErrorsOf ?? (() => ({})),
    edited: {},
    attempted: false,
    serverErrors: {},
    error: null,
  }),
  states: {
    confirming: {
      on: { CONTINUE: { target: 'editing' }, CANCEL: { target: 'cancelled' } },
    },
    editing: { on: editingEvents },
    saving: {
      entry: assign({ attempted: true, error: null, serverErrors: {} }),
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          id: context.userId,
          new_password: context.values.new_password,
          confirm_password: context.values.confirm_password,
        }),
        onDone: { target: 'saved' },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => saveFailure(context, event.error)),
        },
      },
    },
    failed: { on: editingEvents },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
