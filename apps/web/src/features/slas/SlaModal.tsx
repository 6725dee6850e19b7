import { fieldMessagesOf } from '@relevo/api';
import {
  ACTIVE_FLAG_OPTIONS,
  SLA_UNIT_OPTIONS,
  activeFlagOf,
  emptySlaForm,
  recordFormErrors,
  slaCreateBody,
  slaFormFields,
  slaFormFromSla,
  slaFormInput,
  slaFormLayout,
  slaFormMachine,
  slaResponseTimeMask,
  slaUpdateBody,
  type Sla,
  type SlaFormValues,
} from '@relevo/domain';
import { FormModal, SelectField, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { savedOrReported } from '../../shell/save-failure';
import { bindFields } from '../../shell/shown-errors';
import type { SlaCalls } from './sla-calls';
import '../users/UserModal.css';

export interface SlaModalProps {
  /** the SLA to edit; null creates one */
  sla: Sla | null;
  calls: Pick<SlaCalls, 'create' | 'update'>;
  onClose: () => void;
  /** the save succeeded (the screen shows the toast, reloads the list and closes the modal) */
  onSaved: (sla: Sla) => void;
}

/** The form's machine: the domain's SLA form, saved through the screen's calls. */
export function slaFormMachineFor(sla: Sla | null, calls: SlaModalProps['calls']) {
  const mode = sla ? 'edit' : 'create';
  return slaFormMachine.provide({
    actors: {
      save: fromPromise<Sla, SlaFormValues>(({ input }) =>
        savedOrReported(sla ? calls.update(sla.sla_id, slaUpdateBody(input)) : calls.create(slaCreateBody(input)), slaFormFields(mode)),
      ),
    },
  });
}

/**
 * Create or edit an SLA (spec 2.18): name, description, response time (two digits) with its unit
 * Minutes or Hours, and the status when editing. Values, layout and rules are the domain's SLA form.
 */
export function SlaModal({ sla, calls, onClose, onSaved }: SlaModalProps) {
  const mode = sla ? 'edit' : 'create';
  const [machine] = useState(() => slaFormMachineFor(sla, calls));
  const [state, send] = useMachine(machine, { input: slaFormInput(mode, sla ? slaFormFromSla(sla) : emptySlaForm(), fieldMessagesOf) });
  const { context } = state;
  const { values } = context;
  const layout = slaFormLayout(mode);
  const isSaving = state.matches('saving');
  const isSaved = state.matches('saved');
  const errors = recordFormErrors(context);

  useEffect(() => {
    if (isSaved && context.saved) onSaved(context.saved);
  }, [isSaved, context.saved, onSaved]);

  const field = bindFields<'sla_name' | 'sla_desc' | 'sla_response_time'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value: name === 'sla_response_time' ? slaResponseTimeMask(value) : value }),
  );

  return (
    <FormModal title={sla ? 'Edit Service Level Agreement' : 'Create Service Level Agreement'} busy={isSaving} done={isSaved} onCancel={onClose} onSubmit={() => send({ type: 'SUBMIT' })}>
      <TextField label="Name" required autoFocus autoComplete="off" maxLength={100} {...field('sla_name')} />
      <TextField label="Description" autoComplete="off" maxLength={1000} {...field('sla_desc')} />
      <div className="user-modal__grid">
        <TextField label="Response Time" required inputMode="numeric" autoComplete="off" maxLength={2} hint="1 to 99" {...field('sla_response_time')} />
        <SelectField
          label="Unit"
          name="sla_response_time_mult"
          required
          options={[...SLA_UNIT_OPTIONS]}
          value={values.sla_response_time_mult}
          error={errors.sla_response_time_mult?.join(' ')}
          onChange={(value) => send({ type: 'CHANGE', field: 'sla_response_time_mult', value: value === 'H' ? 'H' : 'M' })}
        />
      </div>
      {layout.hasStatus ? (
        <SelectField
          label="Status"
          name="sla_active"
          required
          options={[...ACTIVE_FLAG_OPTIONS]}
          value={values.sla_active}
          error={errors.sla_active?.join(' ')}
          onChange={(value) => send({ type: 'CHANGE', field: 'sla_active', value: activeFlagOf(value) })}
        />
      ) : null}
    </FormModal>
  );
}
