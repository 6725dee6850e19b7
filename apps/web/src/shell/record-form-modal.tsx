import {
  recordFormErrors,
  type FormErrors,
  type RecordFormEvent,
  type RecordFormInput,
  type RecordFormMachine,
} from '@relevo/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { savedOrReported } from './save-failure';

/**
 * A modal form on a typed record-form machine (made once per modal by `makeMachine`, with its
 * save): the values, the messages each field shows now, `send`, and whether it is saving or saved.
 * `onSaved` runs once with the save's answer (the screen shows its toast and closes the modal).
 */
export function useRecordFormModal<Values extends object, Saved>(
  makeMachine: () => RecordFormMachine<Values, Saved>,
  input: RecordFormInput<Values>,
  onSaved: (saved: Saved) => void,
): {
  values: Values;
  errors: FormErrors<Values>;
  send: (event: RecordFormEvent<Values>) => void;
  isSaving: boolean;
  isSaved: boolean;
} {
  const [machine] = useState(makeMachine);
  const [state, send] = useMachine(machine, { input });
  const { context } = state;
  const isSaving = state.matches('saving');
  const isSaved = state.matches('saved');

  useEffect(() => {
    if (isSaved && context.saved !== null) onSaved(context.saved);
  }, [isSaved, context.saved, onSaved]);

  return { values: context.values, errors: recordFormErrors(context), send, isSaving, isSaved };
}

/**
 * A record-form machine whose save runs `save(values)`: a 422 on the form's `shownFields` shows
 * on them, anything else goes through the general handler (`savedOrReported`).
 */
export function savingThrough<Values extends object, Saved>(
  machine: RecordFormMachine<Values, Saved>,
  save: (values: Values) => Promise<Saved>,
  shownFields: readonly string[],
): RecordFormMachine<Values, Saved> {
  return machine.provide({
    actors: { save: fromPromise<Saved, Values>(({ input }) => savedOrReported(save(input), shownFields)) },
  });
}

/**
 * The form machine of a create-or-edit modal: editing `record`, the save is `update(record, values)`;
 * with no record, `create(values)`. `fieldsOf(mode)` are the fields the form shows in that mode.
 */
export function savingRecord<Values extends object, Saved, Record>(
  machine: RecordFormMachine<Values, Saved>,
  record: Record | null,
  save: { create: (values: Values) => Promise<Saved>; update: (record: Record, values: Values) => Promise<Saved> },
  fieldsOf: (mode: 'create' | 'edit') => readonly string[],
): RecordFormMachine<Values, Saved> {
  return savingThrough(
    machine,
    (values) => (record === null ? save.create(values) : save.update(record, values)),
    fieldsOf(record === null ? 'create' : 'edit'),
  );
}

/** What the screen gives a create-or-edit modal besides its record and calls. */
export interface RecordModalEnds<Saved> {
  onClose: () => void;
  /** the save succeeded (the screen shows the toast, reloads the list and closes the modal) */
  onSaved: (saved: Saved) => void;
}
