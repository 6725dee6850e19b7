import { assign, setup, type PromiseActorLogic, type StateMachine } from 'xstate';
import { errorText, notProvided } from '../shared';

/**
 * Record form: the create or edit modal of one record (a customer, a user...).
 *
 *   editing ──SUBMIT (valid)──▶ saving ──done──▶ saved (final)
 *      ▲                          │
 *      └──── CHANGE / SUBMIT ◀── failed   (the modal stays open, docs/product.md#messages)
 *
 * Input (`createActor(machine.provide({ actors: { save } }), { input })`, where `machine` is
 * `recordFormMachineFor<Values, Saved>()`, made once per form, e.g. `userFormMachine`):
 * - `values`: the starting values, field name → value as the inputs hold them (text of a number
 *   input stays text until saved).
 * - `validate(values)`: the messages per field, `{}` when valid; usually
 *   `(values) => formErrors(CustomerCreateSchema, values)` so the spec's exact messages show.
 * - `fieldErrorsOf(error)` (optional): the messages per field of a failed save, e.g. `fieldMessagesOf`
 *   of @relevo/api for a 422 `{detail: [{loc, msg}]}`. They are kept on the form until that field
 *   changes.
 *
 * Actor `save` (`fromPromise<Saved, Values>`): input is the current `values`; its output is
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

/** The fields of a form whose values are `Values`. */
export type FieldOf<Values> = Extract<keyof Values, string>;
/** The messages per field of a form whose values are `Values` (only failing fields are present). */
export type FormErrors<Values> = Partial<Record<FieldOf<Values>, string[]>>;

export interface RecordFormInput<Values extends object = RecordValues> {
  values: Values;
  validate: (values: Values) => FormErrors<Values>;
  fieldErrorsOf?: (error: unknown) => FieldErrors;
  /**
   * How a CHANGE applies (optional): the next values when `field` takes `value`, for a form whose
   * fields depend on one another (the step form: a supervisor forces its follow-up). Without it
   * only that field changes.
   */
  change?: (values: Values, field: FieldOf<Values>, value: unknown) => Values;
}

export interface RecordFormContext<Values extends object = RecordValues, Saved = unknown> {
  values: Values;
  validate: (values: Values) => FormErrors<Values>;
  fieldErrorsOf: (error: unknown) => FieldErrors;
  change: ((values: Values, field: FieldOf<Values>, value: unknown) => Values) | null;
  /** fields typed into since the form opened */
  edited: Partial<Record<FieldOf<Values>, true>>;
  /** a save was asked for at least once: every failed rule shows */
  attempted: boolean;
  /** messages of the last failed save, per field, until that field changes */
  serverErrors: FieldErrors;
  /** the text of the last failed save (the general handler has already shown it, docs/product.md#messages) */
  error: string | null;
  /** the answer of the successful save */
  saved: Saved | null;
}

/** A CHANGE names a field of the values and carries a value of that field's type. */
export type RecordFormChange<Values> = {
  [Field in FieldOf<Values>]: { type: 'CHANGE'; field: Field; value: Values[Field] };
}[FieldOf<Values>];
export type RecordFormEvent<Values = RecordValues> = RecordFormChange<Values> | { type: 'SUBMIT' };

/** The messages each field shows now (see the machine's comment). */
export function recordFormErrors<Values extends object>(
  context: Pick<RecordFormContext<Values>, 'values' | 'validate' | 'edited' | 'attempted' | 'serverErrors'>,
): FormErrors<Values> {
  const own = context.validate(context.values) as FieldErrors;
  const edited: Partial<Record<string, true>> = context.edited;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(own)) {
    if (context.attempted || edited[field]) out[field] = messages;
  }
  for (const [field, messages] of Object.entries(context.serverErrors)) {
    out[field] = [...(out[field] ?? []), ...messages.filter((message) => !out[field]?.includes(message))];
  }
  return out as FormErrors<Values>;
}

const editingEvents = {
  CHANGE: { actions: 'assignField' },
  SUBMIT: [{ guard: 'isValid', target: 'saving' }, { actions: 'markAttempted' }],
} as const;

const withoutField = (errors: FieldErrors, field: string): FieldErrors => {
  if (!(field in errors)) return errors;
  const { [field]: _removed, ...rest } = errors;
  return rest;
};

/** What a failed save keeps: the failure's text, and the messages it gives per field (a 422). */
export function saveFailure(
  context: { fieldErrorsOf: (error: unknown) => FieldErrors },
  error: unknown,
): { error: string; serverErrors: FieldErrors } {
  return { error: errorText(error), serverErrors: context.fieldErrorsOf(error) };
}

// One machine at run time for every form. TypeScript cannot check xstate's transition and invoke
// types over a type parameter (they are conditional types), so the machine is written once over
// plain field-name records and `recordFormMachineFor` gives it each form's types.
const recordFormBase = setup({
  types: {
    context: {} as RecordFormContext<RecordValues, unknown>,
    events: {} as RecordFormEvent,
    input: {} as RecordFormInput<RecordValues>,
  },
  actors: { save: notProvided<unknown, RecordValues>('save') },
  guards: {
    isValid: ({ context }) => Object.keys(context.validate(context.values)).length === 0,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      return {
        values: context.change
          ? context.change(context.values, event.field, event.value)
          : { ...context.values, [event.field]: event.value },
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
    change: input.change ?? null,
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

type RecordFormBase = typeof recordFormBase;

/** The record-form machine typed by a form's values and by the answer of its save. */
export type RecordFormMachine<Values extends object, Saved = unknown> =
  RecordFormBase extends StateMachine<
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any,
    infer Children,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any,
    infer Action,
    infer Guard,
    infer Delay,
    infer Value,
    infer Tag,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any,
    infer Output,
    infer Emitted,
    infer Meta,
    infer Schema
  >
    ? StateMachine<
        RecordFormContext<Values, Saved>,
        RecordFormEvent<Values>,
        Children,
        { src: 'save'; logic: PromiseActorLogic<Saved, Values>; id: string | undefined },
        Action,
        Guard,
        Delay,
        Value,
        Tag,
        RecordFormInput<Values>,
        Output,
        Emitted,
        Meta,
        Schema
      >
    : never;

/**
 * The record-form machine for one form's values and saved answer, so a screen reads
 * `context.values.name` and `context.saved` with their types, sends CHANGE only for the form's
 * fields with values of their type, and provides a `save` of `fromPromise<Saved, Values>`. Each
 * form module names its own (`userFormMachine = recordFormMachineFor<UserFormValues, User>()`).
 */
export function recordFormMachineFor<Values extends object, Saved = unknown>(): RecordFormMachine<Values, Saved> {
  return recordFormBase as unknown as RecordFormMachine<Values, Saved>;
}

/** The untyped form (field name → value), for a form without a values type of its own. */
export const recordFormMachine = recordFormMachineFor<RecordValues>();

/**
 * A record form as its create-or-edit modal saves it: the machine, the fields it shows in each
 * mode (a 422 on one of them shows on it), the record's id, and the bodies its values make for
 * the create and for the update.
 */
export interface RecordFormKit<Values extends object, Row, Create, Update> {
  machine: RecordFormMachine<Values, Row>;
  fieldsOf: (mode: 'create' | 'edit') => readonly string[];
  id: (record: Row) => number;
  createBody: (values: Values) => Create;
  updateBody: (values: Values) => Update;
}

export function recordFormKit<Values extends object, Row, Create, Update>(
  machine: RecordFormMachine<Values, Row>,
  fieldsOf: (mode: 'create' | 'edit') => readonly string[],
  save: Pick<RecordFormKit<Values, Row, Create, Update>, 'id' | 'createBody' | 'updateBody'>,
): RecordFormKit<Values, Row, Create, Update> {
  return { machine, fieldsOf, ...save };
}
