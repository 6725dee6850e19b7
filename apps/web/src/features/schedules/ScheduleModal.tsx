import { fieldMessagesOf } from '@relevo/api';
import {
  emptyScheduleForm,
  scheduleFormFromSchedule,
  scheduleFormInput,
  scheduleRecordForm,
  scheduleZoneChoices,
  type Schedule,
} from '@relevo/domain';
import { CheckboxField, NativeSelectField, TextField } from '@relevo/ui';
import { useMemo } from 'react';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { choiceOf } from '../../shell/form-choice';
import { t } from '../../shell/i18n';
import { RecordFormModal, useRecordForm, type RecordModalProps } from '../../shell/record-form-modal';
import { bindFields } from '../../shell/shown-errors';
import type { ScheduleCalls } from './schedule-calls';
import { translatedErrors } from './schedule-texts';

export type ScheduleModalProps = RecordModalProps<
  'schedule',
  Schedule,
  Pick<ScheduleCalls, 'create' | 'update' | 'viewerZone'>
>;

/**
 * Create or edit a schedule (docs/product.md#schedules): name, description, time zone (the
 * viewer's for a new one), handoff notices (docs/product.md#handoff-notices), and the status when
 * editing. Its rotations and overrides are edited on the schedule's page.
 */
export function ScheduleModal({ schedule, calls, onClose, onSaved }: ScheduleModalProps) {
  const mode = schedule ? 'edit' : 'create';
  const form = useRecordForm(
    scheduleRecordForm,
    schedule,
    calls,
    scheduleFormInput(
      mode,
      schedule ? scheduleFormFromSchedule(schedule) : emptyScheduleForm(calls.viewerZone()),
      fieldMessagesOf,
    ),
    onSaved,
  );
  const { values, errors, send } = form;
  // the rules' and the server's messages, in the reader's language
  const field = bindFields<'schedule_name' | 'schedule_desc'>(values, translatedErrors(errors), (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  const zones = useMemo(
    () => scheduleZoneChoices(schedule?.time_zone).map((zone) => ({ value: zone, text: zone })),
    [schedule?.time_zone],
  );

  return (
    <RecordFormModal
      noun={t('Schedule')}
      editing={schedule !== null}
      form={form}
      onClose={onClose}
      open={!form.isSaved}
    >
      <TextField label={t('Name')} required autoFocus autoComplete="off" maxLength={100} {...field('schedule_name')} />
      <TextField label={t('Description')} autoComplete="off" maxLength={1000} {...field('schedule_desc')} />
      <NativeSelectField
        label={t('Time zone')}
        required
        options={zones}
        {...choiceOf(form, 'time_zone', (chosen) => String(chosen ?? ''))}
      />
      <CheckboxField
        label={t('Send handoff notices')}
        name="handoff_notices"
        hint={t('The person coming on call is told at the start of each shift.')}
        checked={values.handoff_notices === 'Y'}
        onCheckedChange={(checked) => send({ type: 'CHANGE', field: 'handoff_notices', value: checked ? 'Y' : 'N' })}
      />
      {mode === 'edit' ? <ActiveStatusField name="schedule_active" form={{ values, errors, send }} /> : null}
    </RecordFormModal>
  );
}
