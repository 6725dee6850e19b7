import { fieldMessagesOf } from '@relevo/api';
import {
  applicationRecordForm,
  applicationFormFromApplication,
  applicationFormInput,
  applicationFormLayout,
  emptyApplicationForm,
  type Application,
} from '@relevo/domain';
import { TextField } from '@relevo/ui';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { t } from '../../shell/i18n';
import { RecordFormModal, useRecordForm, type RecordModalProps } from '../../shell/record-form-modal';
import type { ApplicationCalls } from '../../calls/application-calls';

export type ApplicationModalProps = RecordModalProps<
  'application',
  Application,
  Pick<ApplicationCalls, 'create' | 'update'>
>;

/** Create or edit an application (docs/product.md#applications, #entities, #states-and-transitions): a name, and the status only when editing. */
export function ApplicationModal({ application, calls, onClose, onSaved }: ApplicationModalProps) {
  const mode = application ? 'edit' : 'create';
  const { values, errors, send, isSaving, isSaved } = useRecordForm(
    applicationRecordForm,
    application,
    calls,
    applicationFormInput(
      mode,
      application ? applicationFormFromApplication(application) : emptyApplicationForm(),
      fieldMessagesOf,
    ),
    onSaved,
  );

  return (
    <RecordFormModal
      noun={t('Application')}
      editing={application !== null}
      form={{ isSaving, isSaved, send }}
      onClose={onClose}
    >
      <TextField
        label={t('Name')}
        name="application_name"
        required
        autoFocus
        maxLength={100}
        value={values.application_name}
        errors={errors.application_name?.map((message) => t(message))}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'application_name', value })}
      />
      {applicationFormLayout(mode).hasStatus ? (
        <ActiveStatusField name="application_active" form={{ values, errors, send }} />
      ) : null}
    </RecordFormModal>
  );
}
