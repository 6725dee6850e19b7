import { fieldMessagesOf } from '@relevo/api';
import {
  emptyEscalationForm,
  escalationCreateBody,
  escalationFormFields,
  escalationFormFromEscalation,
  escalationFormInput,
  escalationFormMachine,
  escalationUpdateBody,
  recordFormErrors,
  type Escalation,
  type EscalationFormValues,
} from '@relevo/domain';
import { FormModal, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { useSavedOnce } from '../../shell/loaded';
import { savedOrReported } from '../../shell/save-failure';
import { bindFields } from '../../shell/shown-errors';
import type { EscalationCalls } from './escalation-calls';

export interface EscalationModalProps {
  /** the escalation to edit; null creates one */
  escalation: Escalation | null;
  calls: Pick<EscalationCalls, 'create' | 'update'>;
  onClose: () => void;
  /** the save succeeded (the screen shows the toast, reloads the list and closes the modal) */
  onSaved: (escalation: Escalation) => void;
}

/** docs/product.md#escalations modal: name, description, status (edit only). */
export function EscalationModal({ escalation, calls, onClose, onSaved }: EscalationModalProps) {
  const mode = escalation ? 'edit' : 'create';
  const [machine] = useState(() =>
    escalationFormMachine.provide({
      actors: {
        save: fromPromise<Escalation, EscalationFormValues>(({ input }) =>
          savedOrReported(
            escalation
              ? calls.update(escalation.escalation_id, escalationUpdateBody(input))
              : calls.create(escalationCreateBody(input)),
            escalationFormFields(mode),
          ),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: escalationFormInput(
      mode,
      escalation ? escalationFormFromEscalation(escalation) : emptyEscalationForm(),
      fieldMessagesOf,
    ),
  });
  const { context } = state;
  const { values } = context;
  const errors = recordFormErrors(context);
  const isSaving = state.matches('saving');
  const isSaved = state.matches('saved');
  const field = bindFields<'escalation_name' | 'escalation_desc'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );

  useSavedOnce(isSaved, context.saved, onSaved);

  return (
    <FormModal
      open={!isSaved}
      title={escalation ? 'Edit Escalation' : 'Create Escalation'}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField label="Name" required autoFocus autoComplete="off" maxLength={100} {...field('escalation_name')} />
      <TextField label="Description" autoComplete="off" maxLength={1000} {...field('escalation_desc')} />
      {mode === 'edit' ? (
        <ActiveStatusField
          name="escalation_active"
          value={values.escalation_active}
          errors={errors.escalation_active}
          onChange={(value) => send({ type: 'CHANGE', field: 'escalation_active', value })}
        />
      ) : null}
    </FormModal>
  );
}
