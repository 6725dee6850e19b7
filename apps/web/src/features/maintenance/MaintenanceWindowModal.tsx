import { fieldMessagesOf } from '@relevo/api';
import {
  MAINTENANCE_FORM_FIELDS,
  MAINTENANCE_RELEASES,
  MAINTENANCE_RELEASE_LABELS,
  MAINTENANCE_SCREEN_TEXTS,
  emptyMaintenanceForm,
  maintenanceBody,
  maintenanceFieldMessages,
  maintenanceFormFromWindow,
  maintenanceFormInput,
  maintenanceFormMachine,
  type MaintenanceFormValues,
  type MaintenanceWindow,
  type RecordFormEvent,
} from '@relevo/domain';
import { CheckboxField, DateTimeRangeField, FormModal, NativeSelectField, TextField } from '@relevo/ui';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { savedOrReported } from '../../shell/save-failure';
import type { MaintenanceCalls, TargetChoice } from './maintenance-calls';

export interface MaintenanceWindowModalProps {
  /** the window edited, or null for a new one */
  window: MaintenanceWindow | null;
  /** the customer's zone: the times are typed and read in it */
  zone: string;
  calls: Pick<MaintenanceCalls, 'create' | 'update' | 'applications' | 'modules' | 'now'>;
  onClose: () => void;
  onSaved: (saved: MaintenanceWindow) => void;
}

/** The contract's fields this window shows (a target's message goes on the application). */
const SHOWN = [...MAINTENANCE_FORM_FIELDS, 'module_id', 'recurrence'];

/**
 * A maintenance window (docs/product.md#maintenance-windows): a name, an application and one of its
 * modules (or all of them), start and end in the customer's zone, weekly or once, and what happens
 * to the incidents it still holds when it ends.
 */
export function MaintenanceWindowModal({ window, zone, calls, onClose, onSaved }: MaintenanceWindowModalProps) {
  const form = useRecordFormModal(
    () =>
      maintenanceFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) => {
            const body = maintenanceBody(zone, input);
            return savedOrReported(
              window ? calls.update(window.maintenance_window_id, body) : calls.create(body),
              SHOWN,
            );
          }),
        },
      }),
    maintenanceFormInput(
      zone,
      window ? maintenanceFormFromWindow(zone, window) : emptyMaintenanceForm(zone, calls.now()),
      (error) => maintenanceFieldMessages(fieldMessagesOf(error)),
    ),
    onSaved,
  );
  const { values, send, isSaving, isSaved } = form;
  // the rules' and the server's messages, in the reader's language
  const errors = Object.fromEntries(
    Object.entries(form.errors).map(([field, list]) => [field, (list as string[] | undefined)?.map((text) => t(text))]),
  ) as typeof form.errors;
  const [applications, setApplications] = useState<TargetChoice[] | null>(null);
  const [modules, setModules] = useState<TargetChoice[] | null>(null);
  useEffect(() => {
    let live = true;
    calls.applications().then(
      (found) => live && setApplications(found),
      () => live && setApplications([]),
    );
    return () => {
      live = false;
    };
  }, [calls]);
  const applicationId = values.application_id;
  useEffect(() => {
    let live = true;
    setModules(null);
    if (applicationId !== null)
      calls.modules(applicationId).then(
        (found) => live && setModules(found),
        () => live && setModules([]),
      );
    return () => {
      live = false;
    };
  }, [calls, applicationId]);
  const applicationOptions = useMemo(
    () => [
      { value: null, text: t('Choose an application') },
      ...(applications ?? []).map((choice) => ({ value: choice.id, text: choice.name })),
    ],
    [applications],
  );
  const moduleOptions = useMemo(
    () => [
      { value: null, text: t('All its modules') },
      ...(modules ?? []).map((choice) => ({ value: choice.id, text: choice.name })),
    ],
    [modules],
  );
  const change = <F extends keyof MaintenanceFormValues>(field: F, value: MaintenanceFormValues[F]) =>
    send({ type: 'CHANGE', field, value } as RecordFormEvent<MaintenanceFormValues>);

  return (
    <FormModal
      open={!isSaved}
      title={t(window ? MAINTENANCE_SCREEN_TEXTS.editTitle : MAINTENANCE_SCREEN_TEXTS.createTitle)}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField
        label={t('Name')}
        name="window_name"
        required
        autoFocus
        autoComplete="off"
        maxLength={100}
        value={values.window_name}
        errors={errors.window_name}
        onValueChange={(value) => change('window_name', value)}
      />
      <NativeSelectField
        label={t('Application')}
        name="application_id"
        required
        options={applicationOptions}
        value={values.application_id}
        disabled={applications === null}
        error={errors.application_id?.join(' ')}
        onChange={(chosen) => {
          change('application_id', typeof chosen === 'number' ? chosen : null);
          change('module_id', null);
        }}
      />
      <NativeSelectField
        label={t('Module')}
        name="module_id"
        options={moduleOptions}
        value={values.module_id}
        disabled={values.application_id === null || modules === null}
        error={errors.module_id?.join(' ')}
        onChange={(chosen) => change('module_id', typeof chosen === 'number' ? chosen : null)}
      />
      <DateTimeRangeField
        legend={t('When')}
        description={t('Times in your organisation’s zone ({zone}).', { zone })}
        required
        start={{
          label: t('Start'),
          name: 'start',
          value: values.start,
          errors: errors.start,
          onValueChange: (value) => change('start', value),
        }}
        end={{
          label: t('End'),
          name: 'end',
          value: values.end,
          errors: errors.end,
          onValueChange: (value) => change('end', value),
        }}
      />
      <CheckboxField
        label={t('Every week')}
        name="weekly"
        hint={t('Repeats on the same weekday and times each week; at most 7 days long.')}
        checked={values.weekly}
        onCheckedChange={(checked) => change('weekly', checked)}
      />
      <NativeSelectField
        label={t('When it ends')}
        name="release"
        required
        options={MAINTENANCE_RELEASES.map((release) => ({
          value: release,
          text: t(MAINTENANCE_RELEASE_LABELS[release]),
        }))}
        value={values.release}
        error={errors.release?.join(' ')}
        onChange={(chosen) => change('release', chosen === 'quiet' ? 'quiet' : 'escalate')}
      />
    </FormModal>
  );
}
