import { recordFormErrors, type RecordFormInput, type RecordFormMachine } from '@relevo/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { savedOrReported } from './save-failure';

/**
 * A create/edit modal's machine: the domain's record form (`customerFormMachine`...) saved by the
 * screen's call. A failed save is shown on the form's fields, or else through the general handler
 * (see `savedOrReported`); `fields` are the fields the modal shows.
 */
export function savingRecordForm<Values extends object, Saved>(machine: RecordFormMachine<Values, Saved>, save: (values: Values) => Promise<Saved>, fields: readonly string[]) {
  return machine.provide({ actors: { save: fromPromise<Saved, Values>(({ input }) => savedOrReported(save(input), fields)) } });
}

/**
 * Runs a modal's record form (made once, from `make`): its values, the messages each field shows
 * now, whether it is saving, and `onSaved` called once with the answer of a successful save.
 */
export function useRecordForm<Values extends object, Saved>(make: () => RecordFormMachine<Values, Saved>, input: RecordFormInput<Values>, onSaved: (saved: Saved) => void) {
  const [machine] = useState(make);
  const [state, send] = useMachine(machine, { input });
  const { context } = state;
  const isSaved = state.matches('saved');
  const told = useRef(false);
  useEffect(() => {
    if (!isSaved || told.current || !context.saved) return;
    told.current = true;
    onSaved(context.saved);
  }, [isSaved, context.saved, onSaved]);
  return { state, send, values: context.values, errors: recordFormErrors(context), isSaving: state.matches('saving'), isSaved };
}
