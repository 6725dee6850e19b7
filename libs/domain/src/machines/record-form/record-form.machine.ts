import { assign, setup } from 'xstate';
import { errorText, notProvided } from '../shared';

/**
 * Record form: the create or edit modal of one record (a customer, a user...).
 *
 *   editing ──SUBMIT (valid)──▶ saving ──done──▶ saved (final)
 *      ▲                          │
 *      └──── CHANGE / SUBMIT ◀── failed   (the modal stays open, spec 8)
 *
 * Input (`createActor(recordFormMachine.provide({ actors: { save } }), { input })`):
 * - `values`: the starting values, field name → value as the inputs hold them (text of a number
 *   input stays text until saved).
 * - `validate(values)`: the messages per field, `{}` when valid; usually
 *   `(values) => formErrors(CustomerCreateSchema, values)` so the spec's exact messages show.
 * - `fieldErrorsOf(error)` (optional): the messages per field of a failed save, e.g. `fieldMessagesOf`
 *   of @relevo/api for a 422 `{detail: [{loc, msg}]}`. They are kept on the form until that field
 *   changes.
 *
 * Actor `save` (`fromPromise<unknown, RecordValues>`): input is the current `values`; its output is
 * kept in `context.saved` (the server's answer, e.g. the stored record). It is invoked only with
 * values `validate` accepts; run them through the same schema inside `save` (`validate(schema,
 * values).output`) to get the typed body.
 *
 * Events: `{ type: 'CHANGE', field, value }`, `{ type: 'SUBMIT' }`. A SUBMIT with invalid values
 * stays in editing and sets `attempted`, so every failed rule shows.
 *
 * Read with `recordFormErrors(context)`: the messages each field shows now (a field's own rules
 * once it has been typed into or a save was attempted; the server's messages always).
 */
export type FieldErrors = Record<string, string[]>;
export type RecordValues = Record<string, unknown>;

export interface RecordFormInput {
  values: RecordValues;
  validate: (values: RecordValues) => FieldErrors;
  fieldErrorsOf?: (error: unknown) => FieldErrors;
}

export interface RecordFormContext {
  values: RecordValues;
  validate: (values: RecordValues) => FieldErrors;
  fieldErrorsOf: (error: unknown) => FieldErrors;
  /** fields typed into since the form opened */
  edited: Record<string, true>;
  /** a save was asked for at least once: every failed rule shows */
  attempted: boolean;
  /** messages of the last failed save, per field, until that field changes */
  serverErrors: FieldErrors;
  /** the text of the last failed save (the general handler has already shown it, spec 8) */
  error: string | null;
  /** the answer of the successful save */
  saved: unknown;
}

export type RecordFormEvent = { type: 'CHANGE'; field: string; value: unknown } | { type: 'SUBMIT' };

/** The messages each field shows now (see the machine's comment). */
export function recordFormErrors(context: Pick<RecordFormContext, 'values' | 'validate' | 'edited' | 'attempted' | 'serverErrors'>): FieldErrors {
  const own = context.validate(context.values);
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(own)) {
    if (context.attempted || context.edited[field]) out[field] = messages;
  }
  for (const [field, messages] of Object.entries(context.serverErrors)) {
    out[field] = [...(out[field] ?? []), ...messages.filter((message) => !out[field]?.includes(message))];
  }
  return out;
}

const withoutField = (errors: FieldErrors, field: string): FieldErrors => {
  if (!(field in errors)) return errors;
  const { [field]: _removed, ...rest } = errors;
  return rest;
};

const editingEvents = {
  CHANGE: { actions: 'assignField' },
  SUBMIT: [{ guard: 'isValid', target: 'saving' }, { actions: 'markAttempted' }],
} as const;

/** What a failed save keeps: the failure's text, and the messages it gives per field (a 422). */
export function saveFailure(context: { fieldErrorsOf: (error: unknown) => FieldErrors }, error: unknown): { error: string; serverErrors: FieldErrors } {
  return { error: errorText(error), serverErrors: context.fieldErrorsOf(error) };
}

export const recordFormMachine = setup({
  types: {
    context: {} as RecordFormContext,
    events: {} as RecordFormEvent,
    input: {} as RecordFormInput,
  },
  actors: { save: notProvided<unknown, RecordValues>('save') },
  guards: {
    isValid: ({ context }) => Object.keys(context.validate(context.values)).length === 0,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        edited: context.edited[event.field] ? context.edited : { ...context.edited, [event.field]: true as const },
        serverErrors: withoutField(context.serverErrors, event.field),
      };
    }),
    markAttempted: assign({ attempted: true }),
  },
}).createMachine({
  id: 'recordForm',
  initial: 'editing',
  context: ({ input }) => ({
    values: input.values,
    validate: input.validate,
    fieldErrorsOf: input.fieldErrorsOf ?? (() => ({})),
    edited: {},
    attempted: false,
    serverErrors: {},
    error: null,
    saved: null,
  }),
  states: {
    editing: { on: editingEvents },
    saving: {
      entry: assign({ attempted: true, error: null, serverErrors: {} }),
      invoke: {
        src: 'save',
        input: ({ context }) => context.values,
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => saveFailure(context, event.error)),
        },
      },
    },
    failed: { on: editingEvents },
    saved: { type: 'final' },
  },
});
