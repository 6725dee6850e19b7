import {
  recordFormErrors,
  type FormErrors,
  type RecordFormEvent,
  type RecordFormInput,
  type RecordFormKit,
  type RecordFormMachine,
} from '@relevo/domain';
import { useMachine } from '@xstate/react';
import { FormModal } from '@relevo/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { savedOrReported } from './save-failure';
import { currentLanguage, t } from './i18n';

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
function savingThrough<Values extends object, Saved>(
  machine: RecordFormMachine<Values, Saved>,
  save: (values: Values) => Promise<Saved>,
  shownFields: readonly string[],
): RecordFormMachine<Values, Saved> {
  return machine.provide({
    actors: { save: fromPromise<Saved, Values>(({ input }) => savedOrReported(save(input), shownFields)) },
  });
}

/**
 * A create-or-edit form on the domain's record form `kit`: editing `record`, the save is
 * `calls.update` of its id; with no record, `calls.create`. The values, messages, `send` and the
 * saving state, as `useRecordFormModal` gives them.
 */
export function useRecordForm<Values extends object, Row, Create, Update>(
  kit: RecordFormKit<Values, Row, Create, Update>,
  record: Row | null,
  calls: { create: (body: Create) => Promise<Row>; update: (id: number, body: Update) => Promise<Row> },
  input: RecordFormInput<Values>,
  onSaved: (saved: Row) => void,
) {
  return useRecordFormModal(
    () =>
      savingThrough(
        kit.machine,
        (values) =>
          record === null ? calls.create(kit.createBody(values)) : calls.update(kit.id(record), kit.updateBody(values)),
        kit.fieldsOf(record === null ? 'create' : 'edit'),
      ),
    input,
    onSaved,
  );
}

/**
 * The props of a create-or-edit modal: the record under `Key` (null creates one), the calls it
 * saves through, and what the screen does on Cancel and after the save.
 */
export type RecordModalProps<Key extends string, Row, Calls> = Record<Key, Row | null> & {
  calls: Calls;
  onClose: () => void;
  /** the save succeeded (the screen shows the toast, reloads the list and closes the modal) */
  onSaved: (saved: Row) => void;
};

export interface RecordFormModalProps {
  /** what the modal creates or edits, as its title says it ('Application', 'Service Level Agreement'), in the reader's language */
  noun: string;
  /** an existing record is edited (the title says Edit, else Create) */
  editing: boolean;
  /** the record form: whether it saves or has saved, and its `send` for the submit */
  form: { isSaving: boolean; isSaved: boolean; send: (event: { type: 'SUBMIT' }) => void };
  onClose: () => void;
  /** false closes the modal itself (by default it stays open, done, until the screen unmounts it) */
  open?: boolean;
  children: ReactNode;
}

/**
 * A noun inside a sentence: Spanish writes it in lower case ("Crear aplicación"), unless it is an
 * acronym ("SLA"); English keeps the product's capitals ("Create Application").
 */
function nounInText(noun: string): string {
  if (currentLanguage() === 'en' || !/^\p{Lu}\p{Ll}/u.test(noun)) return noun;
  return noun.charAt(0).toLocaleLowerCase('es') + noun.slice(1);
}

/** The modal of a create-or-edit form: "Create X" or "Edit X", busy while saving, Cancel closes. */
export function RecordFormModal({ noun, editing, form, onClose, open, children }: RecordFormModalProps) {
  const shown = nounInText(noun);
  return (
    <FormModal
      open={open}
      title={editing ? t('Edit {noun}', { noun: shown }) : t('Create {noun}', { noun: shown })}
      busy={form.isSaving}
      done={form.isSaved}
      onCancel={onClose}
      onSubmit={() => form.send({ type: 'SUBMIT' })}
    >
      {children}
    </FormModal>
  );
}
