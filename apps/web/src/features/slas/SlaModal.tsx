import { fieldMessagesOf } from '@relevo/api';
import {
  SLA_UNIT_OPTIONS,
  emptySlaForm,
  slaCreateBody,
  slaFormFields,
  slaFormFromSla,
  slaFormInput,
  slaFormLayout,
  slaFormMachine,
  slaResponseTimeMask,
  slaUpdateBody,
  type Sla,
} from '@relevo/domain';
import { FormModal, SelectField, TextField } from '@relevo/ui';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { choiceOf } from '../../shell/form-choice';
import { savingRecord, useRecordFormModal, type RecordModalEnds } from '../../shell/record-form-modal';
import { bindFields } from '../../shell/shown-errors';
import type { SlaCalls } from './sla-calls';
import '../../shell/form-grid.css';

export interface SlaModalProps extends RecordModalEnds<Sla> {
  /** the SLA to edit; null creates one */
  sla: Sla | null;
  calls: Pick<SlaCalls, 'create' | 'update'>;
}

/**
 * Create or edit an SLA (docs/product.md#slas): name, description, response time (two digits) with its unit
 * Minutes or Hours, and the status when editing. Values, layout and rules are the domain's SLA form.
 */
export function SlaModal({ sla, calls, onClose, onSaved }: SlaModalProps) {
  const mode = sla ? 'edit' : 'create';
  const form = useRecordFormModal(
    () =>
      savingRecord(
        slaFormMachine,
        sla,
        {
          create: (values) => calls.create(slaCreateBody(values)),
          update: ({ sla_id }, values) => calls.update(sla_id, slaUpdateBody(values)),
        },
        slaFormFields,
      ),
    slaFormInput(mode, sla ? slaFormFromSla(sla) : emptySlaForm(), fieldMessagesOf),
    onSaved,
  );
  const { values, errors, send } = form;
  const field = bindFields<'sla_name' | 'sla_desc' | 'sla_response_time'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value: name === 'sla_response_time' ? slaResponseTimeMask(value) : value }),
  );

  return (
    <FormModal
      title={sla ? 'Edit Service Level Agreement' : 'Create Service Level Agreement'}
      busy={form.isSaving}
      done={form.isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField label="Name" required autoFocus autoComplete="off" maxLength={100} {...field('sla_name')} />
      <TextField label="Description" autoComplete="off" maxLength={1000} {...field('sla_desc')} />
      <div className="form-grid">
        <TextField
          label="Response Time"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          hint="1 to 99"
          {...field('sla_response_time')}
        />
        <SelectField
          label="Unit"
          required
          options={[...SLA_UNIT_OPTIONS]}
          {...choiceOf(form, 'sla_response_time_mult', (chosen) => (chosen === 'H' ? 'H' : 'M'))}
        />
      </div>
      {slaFormLayout(mode).hasStatus ? <ActiveStatusField name="sla_active" form={{ values, errors, send }} /> : null}
    </FormModal>
  );
}
