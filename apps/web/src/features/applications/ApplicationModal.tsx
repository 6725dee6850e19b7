import { fieldMessagesOf } from '@relevo/api';
import {
  applicationCreateBody,
  applicationFormFields,
  applicationFormFromApplication,
  applicationFormInput,
  applicationFormLayout,
  applicationFormMachine,
  applicationUpdateBody,
  emptyApplicationForm,
  type Application,
} from '@relevo/domain';
import { FormModal, TextField } from '@relevo/ui';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { savingRecord, useRecordFormModal, type RecordModalEnds } from '../../shell/record-form-modal';
import type { ApplicationCalls } from '../../calls/application-calls';

export interface ApplicationModalProps extends RecordModalEnds<Application> {
  /** the application to edit; null creates one */
  application: Application | null;
  calls: Pick<ApplicationCalls, 'create' | 'update'>;
}

/** The form's machine: the domain's application form, saved through the screen's calls. */
export function applicationFormMachineFor(application: Application | null, calls: ApplicationModalProps['calls']) {
  return savingRecord(
    applicationFormMachine,
    application,
    {
      create: (values) => calls.create(applicationCreateBody(values)),
      update: ({ application_id }, values) => calls.update(application_id, applicationUpdateBody(values)),
    },
    applicationFormFields,
  );
}

/** Create or edit an application (docs/product.md#applications, #entities, #states-and-transitions): a name, and the status only when editing. */
export function ApplicationModal({ application, calls, onClose, onSaved }: ApplicationModalProps) {
  const mode = application ? 'edit' : 'create';
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () => applicationFormMachineFor(application, calls),
    applicationFormInput(
      mode,
      application ? applicationFormFromApplication(application) : emptyApplicationForm(),
      fieldMessagesOf,
    ),
    onSaved,
  );

  return (
    <FormModal
      title={application ? 'Edit Application' : 'Create Application'}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField
        label="Name"
        name="application_name"
        required
        autoFocus
        maxLength={100}
        value={values.application_name}
        errors={errors.application_name}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'application_name', value })}
      />
      {applicationFormLayout(mode).hasStatus ? (
        <ActiveStatusField name="application_active" form={{ values, errors, send }} />
      ) : null}
    </FormModal>
  );
}
