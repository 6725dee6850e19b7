import { fieldMessagesOf } from '@relevo/api';
import {
  moduleRecordForm,
  emptyModuleForm,
  moduleEscalationOptions,
  moduleFormFromModule,
  moduleFormInput,
  moduleFormLayout,
  moduleSlaOptions,
  type Application,
  type Module,
  type ModuleFormSetup,
} from '@relevo/domain';
import { FormModal, SelectField, Spinner, TextField } from '@relevo/ui';
import { useEffect, useState } from 'react';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { t } from '../../shell/i18n';
import { RecordFormModal, useRecordForm, type RecordModalProps } from '../../shell/record-form-modal';
import { bindFields, bindSelects } from '../../shell/shown-errors';
import type { ApplicationCalls, ModuleChoices } from '../../calls/application-calls';

type ModuleApplication = Pick<Application, 'application_id' | 'application_name'>;

/** A choice list's placeholder ('Select Escalation') in the reader's language; the names chosen from stay as stored. */
const withPlaceholder = <Option extends { value: unknown; text: string }>(options: Option[]): Option[] =>
  options.map((option) => (option.value === null ? { ...option, text: t(option.text) } : option));

export type ModuleModalProps = RecordModalProps<
  'module',
  Module,
  Pick<ApplicationCalls, 'createModule' | 'updateModule' | 'moduleChoices'>
> & {
  /** the application a new module is created in */
  application: ModuleApplication;
};

/**
 * Create or edit a module (docs/product.md#modules): its choices (active validated escalations, active SLAs) load
 * first; a list that fails to load is empty (docs/product.md#http-calls).
 */
export function ModuleModal(props: ModuleModalProps) {
  const { calls, module, onClose } = props;
  const [choices, setChoices] = useState<ModuleChoices | null>(null);
  useEffect(() => {
    let current = true;
    calls.moduleChoices().then(
      (loaded) => current && setChoices(loaded),
      () => current && setChoices({ escalations: [], slas: [] }),
    );
    return () => {
      current = false;
    };
  }, [calls]);

  if (!choices) {
    return (
      <FormModal
        title={module ? t('Edit Module') : t('Create Module')}
        busy
        onCancel={onClose}
        onSubmit={() => undefined}
      >
        <Spinner label={t('Loading the escalations and SLAs')} />
      </FormModal>
    );
  }
  return (
    <ModuleForm
      {...props}
      setup={{ mode: module ? 'edit' : 'create', escalations: choices.escalations, slas: choices.slas, module }}
    />
  );
}

function ModuleForm({
  module,
  application,
  calls,
  onClose,
  onSaved,
  setup,
}: ModuleModalProps & { setup: ModuleFormSetup }) {
  const { values, errors, send, isSaving, isSaved } = useRecordForm(
    moduleRecordForm,
    module,
    { create: calls.createModule, update: calls.updateModule },
    moduleFormInput(setup, module ? moduleFormFromModule(module) : emptyModuleForm(application), fieldMessagesOf),
    onSaved,
  );
  const layout = moduleFormLayout(setup.mode, values);
  const applicationName = module?.application.application_name ?? application.application_name;

  const idOf = (value: string | number | null) => (typeof value === 'number' ? value : null);

  const field = bindFields<'module_name' | 'module_desc'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  const choice = bindSelects<'escalation_id' | 'sla_id'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value: idOf(value) }),
  );

  return (
    <RecordFormModal noun={t('Module')} editing={module !== null} form={{ isSaving, isSaved, send }} onClose={onClose}>
      <TextField label={t('Name')} required autoFocus maxLength={100} {...field('module_name')} />
      <TextField label={t('Description')} maxLength={1000} {...field('module_desc')} />
      <TextField
        label={t('Application')}
        name="application"
        // docs/product.md#modules: the modal opens from one application's modules, so the application is always set and locked
        readOnly
        value={applicationName}
        errors={errors.application_id?.map((error) => t(error))}
        hint={layout.applicationLocked ? t('A module stays in the application it was created in.') : undefined}
        onValueChange={() => undefined}
      />
      <SelectField
        label={t('Escalation')}
        required
        options={withPlaceholder(moduleEscalationOptions(setup))}
        {...choice('escalation_id')}
      />
      <SelectField label="SLA" required options={withPlaceholder(moduleSlaOptions(setup))} {...choice('sla_id')} />
      {layout.hasStatus ? <ActiveStatusField name="module_active" form={{ values, errors, send }} /> : null}
    </RecordFormModal>
  );
}
