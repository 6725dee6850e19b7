import { fieldMessagesOf } from '@relevo/api';
import {
  OVERRIDE_FORM_FIELDS,
  instantOfLocalInput,
  overrideBody,
  overrideFormInput,
  overrideFormMachine,
  type OverrideFormValues,
  type Resource,
  type Schedule,
  type ScheduleOverride,
} from '@relevo/domain';
import { DateTimeRangeField, FormModal, NativeSelectField } from '@relevo/ui';
import { useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { savedOrReported } from '../../shell/save-failure';
import type { ScheduleCalls } from './schedule-calls';
import { translatedErrors, viewerZoneText } from './schedule-texts';

export interface OverrideModalProps {
  schedule: Pick<Schedule, 'schedule_id' | 'time_zone'>;
  /** "Add override", or "Take this shift" with the shift's stretch */
  title: string;
  description?: ReactNode;
  /** the values it opens with (a shift's stretch, and the signed-in user's own resource, for a shift taken) */
  initial: OverrideFormValues;
  /** whom an override may name: the customer's active resources (null while they load) */
  resources: Resource[] | null;
  viewerZone: string;
  calls: Pick<ScheduleCalls, 'addOverride'>;
  onClose: () => void;
  onSaved: (override: ScheduleOverride) => void;
}

/**
 * An override (docs/product.md#schedules): a person on call instead of whoever the rotations say,
 * from a start to an end typed in the schedule's zone, each shown beside in the viewer's own zone.
 * "Take this shift" is the same window opened on a shift.
 */
export function OverrideModal({
  schedule,
  title,
  description,
  initial,
  resources,
  viewerZone,
  calls,
  onClose,
  onSaved,
}: OverrideModalProps) {
  const zone = schedule.time_zone;
  const form = useRecordFormModal(
    () =>
      overrideFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) =>
            savedOrReported(calls.addOverride(schedule.schedule_id, overrideBody(zone, input)), OVERRIDE_FORM_FIELDS),
          ),
        },
      }),
    overrideFormInput(zone, initial, fieldMessagesOf),
    onSaved,
  );
  const { values, send, isSaving, isSaved } = form;
  const errors = translatedErrors(form.errors);
  const options = useMemo(
    () => [
      { value: null, text: t('Choose who is on call') },
      ...(resources ?? []).map((resource) => ({ value: resource.resource_id, text: resource.resource_fullname })),
    ],
    [resources],
  );
  const hint = (text: string) => {
    const at = instantOfLocalInput(zone, text);
    return at === null ? undefined : (viewerZoneText(zone, viewerZone, at) ?? undefined);
  };

  return (
    <FormModal
      open={!isSaved}
      title={title}
      description={description}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <NativeSelectField
        label={t('Person on call')}
        name="resource_id"
        required
        options={options}
        value={values.resource_id}
        disabled={resources === null}
        error={errors.resource_id?.join(' ')}
        onChange={(chosen) =>
          send({ type: 'CHANGE', field: 'resource_id', value: typeof chosen === 'number' ? chosen : null })
        }
      />
      <DateTimeRangeField
        legend={t('When')}
        description={t("Times in the schedule's zone ({zone}).", { zone })}
        required
        start={{
          label: t('Start'),
          name: 'start',
          value: values.start,
          errors: errors.start,
          hint: hint(values.start),
          onValueChange: (value) => send({ type: 'CHANGE', field: 'start', value }),
        }}
        end={{
          label: t('End'),
          name: 'end',
          value: values.end,
          errors: errors.end,
          hint: hint(values.end),
          onValueChange: (value) => send({ type: 'CHANGE', field: 'end', value }),
        }}
      />
    </FormModal>
  );
}
