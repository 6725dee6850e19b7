import { ApiError } from '@relevo/api';
import {
  NEW_RESTRICTION,
  SCHEDULE_LIMITS,
  SHIFT_UNITS,
  SHIFT_UNIT_LABELS,
  emptyRotationForm,
  mayAddParticipant,
  mayAddRestriction,
  movedItem,
  restrictionKey,
  rotationBody,
  rotationFormFromRotation,
  rotationFormInput,
  rotationFormMachine,
  rotationSaveErrors,
  scheduleWithRotation,
  type Resource,
  type RotationFormValues,
  type RotationRestriction,
  type Schedule,
  type ShiftUnit,
} from '@relevo/domain';
import {
  Alert,
  Button,
  CheckboxGroup,
  FormModal,
  Icon,
  NativeSelectField,
  OrderedListField,
  TextField,
} from '@relevo/ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { reportError } from '../../shell/report-error';
import type { ScheduleCalls } from './schedule-calls';
import { rotationName, translatedErrors, weekdayText } from './schedule-texts';
import '../../shell/form-grid.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export interface RotationModalProps {
  schedule: Schedule;
  /** the rotation edited, by its place (null: a new one, added on top) */
  index: number | null;
  /** who may take part: the customer's active resources (null while they load) */
  resources: Resource[] | null;
  /** the first day a new rotation starts on: today in the schedule's zone */
  today: string;
  calls: Pick<ScheduleCalls, 'update'>;
  onClose: () => void;
  /** saved: the schedule as stored */
  onSaved: (schedule: Schedule) => void;
}

/** The messages of a 422 on the schedule's PUT about rotation `index`, as the window's fields. */
function fieldErrorsFor(index: number) {
  return (error: unknown) =>
    error instanceof ApiError && Array.isArray(error.body?.detail)
      ? rotationSaveErrors(error.body.detail, index).fields
      : {};
}

/**
 * A rotation's window (docs/product.md#schedules): its participants in order (chosen from the
 * active resources, moved up and down, a person more than once if wanted), the shift's length and
 * unit, the handoff time and the first day, and the windows of the week it is restricted to.
 * Saving sends the whole schedule with this rotation in its place; a 422 about it shows on its fields.
 */
export function RotationModal({ schedule, index, resources, today, calls, onClose, onSaved }: RotationModalProps) {
  const place = index ?? schedule.rotations.length;
  const initial = useMemo(
    () => (index === null ? emptyRotationForm(today) : rotationFormFromRotation(schedule.rotations[index]!)),
    [index, schedule, today],
  );
  const save = useCallback(
    async (values: RotationFormValues) => {
      try {
        return await calls.update(schedule.schedule_id, scheduleWithRotation(schedule, index, rotationBody(values)));
      } catch (error) {
        // a failure about nothing the window shows goes to the general handler
        const mapped =
          error instanceof ApiError && Array.isArray(error.body?.detail)
            ? rotationSaveErrors(error.body.detail, place)
            : null;
        if (!mapped || mapped.others > 0 || Object.keys(mapped.fields).length === 0) reportError(error);
        throw error;
      }
    },
    [calls, schedule, index, place],
  );
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () => rotationFormMachine.provide({ actors: { save: fromPromise(({ input }) => save(input)) } }),
    rotationFormInput(initial, fieldErrorsFor(place)),
    onSaved,
  );
  const messages = translatedErrors(errors as Record<string, string[] | undefined>);
  const dayOptions = WEEKDAYS.map((day) => ({ value: day, text: weekdayText(day) }));
  const unitOptions = SHIFT_UNITS.map((unit) => ({ value: unit, text: t(SHIFT_UNIT_LABELS[unit]) }));

  // each participant's entry keeps its key as it moves, so the focus follows it
  const counter = useRef(initial.participants.length);
  const [keys, setKeys] = useState(() => initial.participants.map((_, position) => `p${position}`));
  const setParticipants = (participants: RotationFormValues['participants'], nextKeys: string[]) => {
    setKeys(nextKeys);
    send({ type: 'CHANGE', field: 'participants', value: participants });
  };
  const setRestrictions = (restrictions: RotationRestriction[]) =>
    send({ type: 'CHANGE', field: 'restrictions', value: restrictions });
  const changeRestriction = (position: number, change: Partial<RotationRestriction>) =>
    setRestrictions(values.restrictions.map((item, at) => (at === position ? { ...item, ...change } : item)));

  const options = useMemo(
    () => (resources ?? []).map((resource) => ({ value: resource.resource_id, text: resource.resource_fullname })),
    [resources],
  );
  const text = (field: 'rotation_name' | 'shift_length' | 'handoff_time' | 'start') => ({
    name: field,
    value: values[field],
    errors: messages[field],
    onValueChange: (value: string) => send({ type: 'CHANGE', field, value }),
  });

  return (
    <FormModal
      open={!isSaved}
      title={
        index === null
          ? t('Add rotation')
          : t('Edit rotation {title}', { title: rotationName(schedule.rotations[index]!, index) })
      }
      description={t("Times are in the schedule's zone, {zone}.", { zone: schedule.time_zone })}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
      size="lg"
    >
      <TextField
        label={t('Name')}
        autoComplete="off"
        maxLength={100}
        hint={t('Shown on the page; "Rotation {number}" when empty.', { number: place + 1 })}
        {...text('rotation_name')}
      />
      <OrderedListField
        label={t('Participants')}
        name="participants"
        required
        addText={t('Add participant')}
        hint={t('They take the shifts in this order, then start again from the first.')}
        options={options}
        disabled={resources === null}
        full={!mayAddParticipant(values)}
        items={values.participants.map((participant, position) => ({
          key: keys[position] ?? `p${position}`,
          text: participant.resource_fullname,
        }))}
        errors={messages.participants}
        emptyText={t('Nobody yet: add the people who take turns.')}
        onAdd={(value) => {
          const resource = resources?.find((candidate) => candidate.resource_id === value);
          if (!resource) return;
          counter.current += 1;
          setParticipants(
            [
              ...values.participants,
              { resource_id: resource.resource_id, resource_fullname: resource.resource_fullname },
            ],
            [...keys, `p${counter.current}`],
          );
        }}
        onMove={(position, by) =>
          setParticipants(movedItem(values.participants, position, by), movedItem(keys, position, by))
        }
        onRemove={(position) =>
          setParticipants(
            values.participants.filter((_, at) => at !== position),
            keys.filter((_, at) => at !== position),
          )
        }
      />
      <div className="form-grid">
        <TextField
          label={t('Shift length')}
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          {...text('shift_length')}
        />
        <NativeSelectField
          label={t('Unit')}
          name="shift_unit"
          required
          options={unitOptions}
          value={values.shift_unit}
          error={messages.shift_unit?.join(' ')}
          onChange={(chosen) => send({ type: 'CHANGE', field: 'shift_unit', value: (chosen ?? 'W') as ShiftUnit })}
        />
        <TextField
          label={t('Handoff time')}
          required
          type="time"
          hint={t('When one shift hands over to the next.')}
          {...text('handoff_time')}
        />
        <TextField
          label={t('Start date')}
          required
          type="date"
          hint={t('The first shift starts on this day.')}
          {...text('start')}
        />
      </div>
      <fieldset className="rotation-modal__restrictions">
        <legend className="rotation-modal__legend">{t('Restrictions')}</legend>
        <p className="rotation-modal__note">
          {t(
            'Without a window the rotation covers every hour; with windows, only those hours of the week (a window whose end is at or before its start ends the next day).',
          )}
        </p>
        {messages.restrictions?.length ? <Alert variant="error">{messages.restrictions.join(' ')}</Alert> : null}
        {values.restrictions.map((restriction, position) => {
          const number = position + 1;
          return (
            <div
              key={position}
              className="rotation-modal__window"
              role="group"
              aria-label={t('Window {number}', { number })}
            >
              <CheckboxGroup
                legend={t('Window {number} days', { number })}
                name={`restrictions.${position}.days`}
                options={dayOptions}
                values={restriction.days}
                errors={messages[restrictionKey(position, 'days')]}
                onChange={(days) => changeRestriction(position, { days })}
              />
              <TextField
                label={t('Window {number} from', { number })}
                type="time"
                name={`restrictions.${position}.from`}
                value={restriction.from}
                errors={messages[restrictionKey(position, 'from')]}
                onValueChange={(from) => changeRestriction(position, { from })}
              />
              <TextField
                label={t('Window {number} to', { number })}
                type="time"
                name={`restrictions.${position}.to`}
                value={restriction.to}
                errors={messages[restrictionKey(position, 'to')]}
                onValueChange={(to) => changeRestriction(position, { to })}
              />
              <Button
                size="sm"
                variant="ghost"
                icon={<Icon name="trash" size={16} />}
                onClick={() => setRestrictions(values.restrictions.filter((_, at) => at !== position))}
              >
                {t('Remove window {number}', { number })}
              </Button>
            </div>
          );
        })}
        <Button
          size="sm"
          icon={<Icon name="plus" size={16} />}
          disabled={!mayAddRestriction(values)}
          onClick={() =>
            setRestrictions([...values.restrictions, { ...NEW_RESTRICTION, days: [...NEW_RESTRICTION.days] }])
          }
        >
          {t('Add window')}
        </Button>
        {!mayAddRestriction(values) ? (
          <p className="rotation-modal__note">
            {t('A rotation holds at most {count} windows.', { count: SCHEDULE_LIMITS.restrictions })}
          </p>
        ) : null}
      </fieldset>
    </FormModal>
  );
}
