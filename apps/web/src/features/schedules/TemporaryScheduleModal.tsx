import { ApiError } from '@relevo/api';
import {
  SCHEDULE_LIMITS,
  SCHEDULE_SCREEN_TEXTS,
  emptyTemporaryForm,
  instantOfLocalInput,
  mayAddTemporaryShift,
  nextTemporaryShift,
  scheduleTemporaryBody,
  temporaryFormErrors,
  temporaryFormFromTemporary,
  temporaryFormInput,
  temporaryFormMachine,
  temporarySaveErrors,
  temporaryShiftKey,
  type Resource,
  type Schedule,
  type TemporaryFormValues,
  type TemporaryShiftFormValues,
} from '@relevo/domain';
import { Alert, Button, DateTimeRangeField, FormModal, Icon, NativeSelectField, TextField } from '@relevo/ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { reportError } from '../../shell/report-error';
import type { ScheduleCalls } from './schedule-calls';
import { periodIn, translatedErrors, viewerZoneText } from './schedule-texts';
import '../../shell/form-grid.css';

export interface TemporaryScheduleModalProps {
  schedule: Schedule;
  /** the temporary schedule edited, by its place (null: a new one) */
  index: number | null;
  /** who may be on call: the customer's active resources (null while they load) */
  resources: Resource[] | null;
  viewerZone: string;
  /** now: a new temporary schedule starts at the next full hour */
  now: number;
  calls: Pick<ScheduleCalls, 'update'>;
  onClose: () => void;
  /** saved: the schedule as stored */
  onSaved: (schedule: Schedule) => void;
}

/** The messages of a 422 on the schedule's PUT about temporary schedule `index`, as the window's fields. */
function fieldErrorsFor(index: number) {
  return (error: unknown) =>
    error instanceof ApiError && Array.isArray(error.body?.detail)
      ? temporarySaveErrors(error.body.detail, index).fields
      : {};
}

const SHIFT_PREFIX = 'shifts.';

/**
 * A temporary schedule's window (docs/product.md#schedules): its period and its own shifts (a
 * person, a start and an end each), typed in the schedule's zone with the viewer's zone beside
 * each time. Over the period its shifts replace every rotation; where they leave a gap nobody is
 * on call, overrides still apply. Saving sends the whole schedule with this temporary schedule in
 * its place; a 422 about it shows on its fields.
 */
export function TemporaryScheduleModal({
  schedule,
  index,
  resources,
  viewerZone,
  now,
  calls,
  onClose,
  onSaved,
}: TemporaryScheduleModalProps) {
  const zone = schedule.time_zone;
  const place = index ?? schedule.temporary_schedules.length;
  const [initial] = useState<TemporaryFormValues>(() =>
    index === null
      ? emptyTemporaryForm(zone, now)
      : temporaryFormFromTemporary(zone, schedule.temporary_schedules[index]!),
  );
  // the server's messages about a shift are keyed by its place: once the shifts change they may
  // name another shift, so from then on the shifts show only their own rules (until the next save)
  const [shiftsChanged, setShiftsChanged] = useState(false);
  const save = useCallback(
    async (values: TemporaryFormValues) => {
      setShiftsChanged(false);
      try {
        return await calls.update(schedule.schedule_id, scheduleTemporaryBody(schedule, index, values));
      } catch (error) {
        // a failure about nothing the window shows goes to the general handler
        const mapped =
          error instanceof ApiError && Array.isArray(error.body?.detail)
            ? temporarySaveErrors(error.body.detail, place)
            : null;
        if (!mapped || mapped.others > 0 || Object.keys(mapped.fields).length === 0) reportError(error);
        throw error;
      }
    },
    [calls, schedule, index, place],
  );
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () => temporaryFormMachine.provide({ actors: { save: fromPromise(({ input }) => save(input)) } }),
    temporaryFormInput(schedule, index, initial, fieldErrorsFor(place)),
    onSaved,
  );
  const messages = useMemo(() => {
    const shown = translatedErrors(errors as Record<string, string[] | undefined>);
    if (!shiftsChanged) return shown;
    const own = temporaryFormErrors(schedule, index, values);
    return Object.fromEntries(
      Object.entries(shown).flatMap(([key, list]) =>
        key.startsWith(SHIFT_PREFIX) ? (own[key] ? [[key, own[key].map((message) => t(message))]] : []) : [[key, list]],
      ),
    ) as Record<string, string[] | undefined>;
  }, [errors, shiftsChanged, schedule, index, values]);

  // each shift keeps its key as others are removed, so the focus and the typed text stay with it
  const counter = useRef(initial.shifts.length);
  const [keys, setKeys] = useState(() => initial.shifts.map((_, position) => `s${position}`));
  const setShifts = (shifts: TemporaryShiftFormValues[], nextKeys: string[]) => {
    setKeys(nextKeys);
    setShiftsChanged(true);
    send({ type: 'CHANGE', field: 'shifts', value: shifts });
  };
  const changeShift = (position: number, change: Partial<TemporaryShiftFormValues>) =>
    setShifts(
      values.shifts.map((shift, at) => (at === position ? { ...shift, ...change } : shift)),
      keys,
    );

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
  const edited = index === null ? null : schedule.temporary_schedules[index]!;

  return (
    <FormModal
      open={!isSaved}
      title={
        edited ? t('Edit temporary schedule {period}', { period: periodIn(zone, edited) }) : t('Add temporary schedule')
      }
      description={t(
        'Over its period these shifts replace every rotation; where they leave a gap nobody is on call, but overrides still apply.',
      )}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
      size="lg"
    >
      <DateTimeRangeField
        legend={t('Period')}
        description={t("Times in the schedule's zone ({zone}).", { zone })}
        required
        start={{
          label: t('Start'),
          name: 'start',
          value: values.start,
          errors: messages.start,
          hint: hint(values.start),
          onValueChange: (value) => send({ type: 'CHANGE', field: 'start', value }),
        }}
        end={{
          label: t('End'),
          name: 'end',
          value: values.end,
          errors: messages.end,
          hint: hint(values.end),
          onValueChange: (value) => send({ type: 'CHANGE', field: 'end', value }),
        }}
      />
      <fieldset className="temporary-modal__shifts">
        <legend className="rotation-modal__legend">{t('Shifts')}</legend>
        {messages.shifts?.length ? <Alert variant="error">{messages.shifts.join(' ')}</Alert> : null}
        {values.shifts.length === 0 ? (
          <p className="rotation-modal__note">{t(SCHEDULE_SCREEN_TEXTS.noTemporaryShifts)}</p>
        ) : null}
        {values.shifts.map((shift, position) => {
          const number = position + 1;
          const key = (field: 'resource_id' | 'start' | 'end') => temporaryShiftKey(position, field);
          return (
            <div
              key={keys[position] ?? `s${position}`}
              className="temporary-modal__shift"
              role="group"
              aria-label={t('Shift {number}', { number })}
            >
              <NativeSelectField
                label={t('Shift {number} person', { number })}
                name={key('resource_id')}
                required
                options={options}
                value={shift.resource_id}
                disabled={resources === null}
                error={messages[key('resource_id')]?.join(' ')}
                onChange={(chosen) =>
                  changeShift(position, { resource_id: typeof chosen === 'number' ? chosen : null })
                }
              />
              <div className="form-grid">
                <TextField
                  label={t('Shift {number} start', { number })}
                  type="datetime-local"
                  required
                  name={key('start')}
                  value={shift.start}
                  errors={messages[key('start')]}
                  hint={hint(shift.start)}
                  onValueChange={(start) => changeShift(position, { start })}
                />
                <TextField
                  label={t('Shift {number} end', { number })}
                  type="datetime-local"
                  required
                  name={key('end')}
                  value={shift.end}
                  errors={messages[key('end')]}
                  hint={hint(shift.end)}
                  onValueChange={(end) => changeShift(position, { end })}
                />
              </div>
              <div className="temporary-modal__remove">
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Icon name="trash" size={16} />}
                  onClick={() =>
                    setShifts(
                      values.shifts.filter((_, at) => at !== position),
                      keys.filter((_, at) => at !== position),
                    )
                  }
                >
                  {t('Remove shift {number}', { number })}
                </Button>
              </div>
            </div>
          );
        })}
        <Button
          size="sm"
          icon={<Icon name="plus" size={16} />}
          disabled={!mayAddTemporaryShift(values)}
          onClick={() => {
            counter.current += 1;
            setShifts([...values.shifts, nextTemporaryShift(zone, values)], [...keys, `s${counter.current}`]);
          }}
        >
          {t('Add shift')}
        </Button>
        {!mayAddTemporaryShift(values) ? (
          <p className="rotation-modal__note">
            {t('A temporary schedule holds at most {count} shifts.', { count: SCHEDULE_LIMITS.temporaryShifts })}
          </p>
        ) : null}
      </fieldset>
    </FormModal>
  );
}
