import { fieldMessagesOf } from '@relevo/api';
import {
  ESCALATION_TOAST_MS,
  FOLLOW_UP_UNIT_OPTIONS,
  StepSchema,
  channelOptions,
  emptyStepForm,
  maskDigits,
  participationTypeOptions,
  recordFormErrors,
  resourceOptions,
  stepFormBody,
  stepFormCanSave,
  stepFormFromStep,
  stepFormInput,
  stepFormLayout,
  stepFormMachine,
  checkedOutput,
  validate,
  type Channel,
  type EscalationStep,
  type ParticipationType,
  type Resource,
  type Schedule,
  type StepFormValues,
  type StepSaveAnswer,
} from '@relevo/domain';
import { Alert, FormModal, SelectField, TextField, toast } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useCallback, useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { t } from '../../shell/i18n';
import { bindSelects } from '../../shell/shown-errors';
import { useLoaded, useSavedOnce, type Loaded } from '../../shell/loaded';
import { savedOrReported } from '../../shell/save-failure';
import type { EscalationCalls } from './escalation-calls';
import { STEP_CALLS_CHOICES, scheduleOptions } from './escalation-screens';
import { translatedOptions, withPlaceholder } from './step-texts';
import './escalations.css';

export interface StepModalProps {
  escalationId: number;
  /** the step to edit; null creates one */
  step: EscalationStep | null;
  calls: Pick<
    EscalationCalls,
    'createStep' | 'updateStep' | 'channels' | 'participationTypes' | 'resources' | 'schedules'
  >;
  onClose: () => void;
  /** the save answered status 1 (the screen shows the toast, reloads and closes) */
  onSaved: (answer: StepSaveAnswer) => void;
}

const STEP_FIELDS: (keyof StepFormValues)[] = [
  'participation_type_id',
  'channel_id',
  'escalation_active',
  'ind_call_again',
  'max_attemp_number',
  'next_followup_time',
  'next_followup_time_mult',
];

/** The fields the modal shows for these values: a 422 on one of them stays on it. */
const shownStepFields = (values: StepFormValues): (keyof StepFormValues)[] => [
  ...STEP_FIELDS,
  values.calls === 'schedule' ? 'schedule_id' : 'resource_id',
];

/** A save answer whose status is not 1 is refused: its feedback shows as an error toast (docs/product.md#http-calls). */
class RefusedStep extends Error {}

interface StepChoices {
  types: ParticipationType[];
  channels: Channel[];
  resources: Resource[];
  schedules: Schedule[];
}

const NO_CHOICES: StepChoices = { types: [], channels: [], resources: [], schedules: [] };

/** The four option lists of the modal, loaded once when it opens. */
function useStepChoices(calls: StepModalProps['calls'], escalationId: number): Loaded<StepChoices> {
  const load = useCallback(async (): Promise<StepChoices> => {
    const [types, channels, resources, schedules] = await Promise.all([
      calls.participationTypes(),
      calls.channels(),
      calls.resources(escalationId),
      calls.schedules(),
    ]);
    return { types: types.list, channels: channels.list, resources: resources.list, schedules: schedules.list };
  }, [calls, escalationId]);
  return useLoaded(load);
}

/**
 * docs/product.md#escalation-steps step modal: participation type, channel, what the step calls (a resource, or a
 * schedule's person on call, docs/product.md#schedules), call again, max attempt recall (only with call again), next
 * follow-up time and its unit (not for a supervisor), status (edit only).
 * The rules are the domain's step form (docs/product.md#validation-rules), checked on every change; Save stays disabled
 * until the form is valid.
 */
export function StepModal({ escalationId, step, calls, onClose, onSaved }: StepModalProps) {
  const mode = step ? 'edit' : 'create';
  const [machine] = useState(() =>
    stepFormMachine.provide({
      actors: {
        save: fromPromise<StepSaveAnswer, StepFormValues>(async ({ input }) => {
          const body = checkedOutput(validate(StepSchema, stepFormBody(input)));
          const answer = await savedOrReported(
            step ? calls.updateStep(step.escalation_resource_id, body) : calls.createStep(body),
            shownStepFields(input),
          );
          if (answer.status !== 1) {
            toast.error(t(answer.feedback), { duration: ESCALATION_TOAST_MS });
            throw new RefusedStep(answer.feedback);
          }
          return answer;
        }),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: stepFormInput(step ? stepFormFromStep(step) : emptyStepForm(escalationId), fieldMessagesOf),
  });
  const { context } = state;
  const { values } = context;
  const errors = recordFormErrors(context);
  const layout = stepFormLayout(values, mode);
  const isSaving = state.matches('saving');
  const isSaved = state.matches('saved');
  const loaded = useStepChoices(calls, escalationId);
  const choices = loaded.state === 'loaded' ? loaded.value : NO_CHOICES;
  const switchId = useId();

  useSavedOnce(isSaved, context.saved, onSaved);

  const idOf = (value: string | number | null) => (value === null || value === '' ? null : Number(value));
  // a required count typed as digits only, at most `digits` of them
  const digitsField = (field: 'max_attemp_number' | 'next_followup_time', digits: number) => ({
    name: field,
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    required: true,
    value: values[field],
    errors: errors[field]?.map((error) => t(error)),
    onValueChange: (value: string) => send({ type: 'CHANGE', field, value: maskDigits(value, digits) }),
  });
  const choice = bindSelects<'participation_type_id' | 'channel_id' | 'resource_id' | 'schedule_id'>(
    values,
    errors,
    (name, value) => send({ type: 'CHANGE', field: name, value: idOf(value) }),
  );

  return (
    <FormModal
      open={!isSaved}
      title={step ? t('Edit Escalation Resource') : t('Create Escalation Resource')}
      busy={isSaving}
      done={isSaved}
      submitDisabled={!stepFormCanSave(context) || loaded.state !== 'loaded'}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      {loaded.state === 'failed' ? (
        <Alert variant="error">{t('The options could not be loaded. Close the form and try again.')}</Alert>
      ) : null}
      <div className="step-modal__grid">
        <SelectField
          label={t('Participation Type')}
          required
          options={translatedOptions(participationTypeOptions(choices.types))}
          disabled={loaded.state !== 'loaded'}
          {...choice('participation_type_id')}
        />
        <SelectField
          label={t('Channel')}
          required
          options={translatedOptions(channelOptions(choices.channels))}
          disabled={loaded.state !== 'loaded'}
          {...choice('channel_id')}
        />
      </div>
      <div className="step-modal__grid">
        <fieldset className="step-modal__calls">
          <legend>{t('Calls')}</legend>
          <span className="step-modal__calls-choices">
            {STEP_CALLS_CHOICES.map((option) => (
              <label key={option.value} className="step-modal__calls-choice">
                <input
                  type="radio"
                  name="calls"
                  value={option.value}
                  checked={values.calls === option.value}
                  onChange={() => send({ type: 'CHANGE', field: 'calls', value: option.value })}
                />
                {t(option.text)}
              </label>
            ))}
          </span>
        </fieldset>
        {layout.callsSchedule ? (
          <SelectField
            label={t('Schedule')}
            required
            options={withPlaceholder(scheduleOptions(choices.schedules, step?.schedule))}
            disabled={loaded.state !== 'loaded'}
            {...choice('schedule_id')}
          />
        ) : (
          <SelectField
            label={t('Resource')}
            required
            options={withPlaceholder(resourceOptions(choices.resources, step?.resource))}
            disabled={loaded.state !== 'loaded'}
            {...choice('resource_id')}
          />
        )}
      </div>
      <div className="step-modal__grid">
        <label className="step-modal__switch" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            name="ind_call_again"
            checked={values.ind_call_again === 'Y'}
            aria-checked={values.ind_call_again === 'Y'}
            onChange={(event) =>
              send({ type: 'CHANGE', field: 'ind_call_again', value: event.target.checked ? 'Y' : 'N' })
            }
          />
          {t('Call Again')}
        </label>
        {layout.hasMaxAttempts ? (
          <TextField
            label={t('Max Attempt Recall')}
            hint={t('From 1 to 5 calls.')}
            {...digitsField('max_attemp_number', 2)}
          />
        ) : null}
      </div>
      {layout.hasFollowUp ? (
        <div className="step-modal__grid">
          <TextField
            label={t('Next Follow Up Time')}
            hint={t('15 to 1440 minutes, or 1 to 24 hours.')}
            {...digitsField('next_followup_time', 4)}
          />
          <SelectField
            label={t('Follow Up Time Type')}
            name="next_followup_time_mult"
            required
            options={translatedOptions(FOLLOW_UP_UNIT_OPTIONS)}
            value={values.next_followup_time_mult || null}
            error={errors.next_followup_time_mult?.map((error) => t(error))[0]}
            onChange={(value) =>
              send({
                type: 'CHANGE',
                field: 'next_followup_time_mult',
                value: value === 'H' ? 'H' : value === 'M' ? 'M' : '',
              })
            }
          />
        </div>
      ) : null}
      {layout.hasStatus ? <ActiveStatusField name="escalation_active" form={{ values, errors, send }} /> : null}
    </FormModal>
  );
}
