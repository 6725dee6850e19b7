import { fieldMessagesOf } from '@relevo/api';
import {
  emptyHeartbeatForm,
  heartbeatCreateBody,
  heartbeatFormFields,
  heartbeatFormFromHeartbeat,
  heartbeatFormInput,
  heartbeatFormMachine,
  heartbeatUpdateBody,
  type Heartbeat,
} from '@relevo/domain';
import { FormModal, TextField } from '@relevo/ui';
import { fromPromise } from 'xstate';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { savedOrReported } from '../../shell/save-failure';
import { bindFields } from '../../shell/shown-errors';
import type { HeartbeatCalls } from './heartbeat-calls';
import { secondsWords } from './heartbeat-words';

/** What the grace field's value means, under it. */
function graceHint(text: string): string {
  const grace = secondsWords(text);
  if (grace === null) return t('How long a late beat is waited for: 0 seconds to 1 day.');
  return Number(text) === 0
    ? t('Missed as soon as a beat is due.')
    : t('Missed {grace} after a beat is due.', { grace });
}

export interface HeartbeatFormModalProps {
  moduleId: number;
  /** the monitor edited; null adds one */
  heartbeat: Heartbeat | null;
  calls: Pick<HeartbeatCalls, 'create' | 'update'>;
  onClose: () => void;
  onSaved: (saved: Heartbeat) => void;
}

/**
 * Add or edit a heartbeat (docs/product.md#heartbeat-monitors): its name, the interval and the grace
 * in whole seconds (each said in words under its field), and its status when edited. Every input
 * runs the contract's schema; a 422 shows on its field and the window stays open.
 */
export function HeartbeatFormModal({ moduleId, heartbeat, calls, onClose, onSaved }: HeartbeatFormModalProps) {
  const mode = heartbeat ? 'edit' : 'create';
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () =>
      heartbeatFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) =>
            savedOrReported(
              heartbeat
                ? calls.update(heartbeat.heartbeat_id, heartbeatUpdateBody(input))
                : calls.create(heartbeatCreateBody(moduleId, input)),
              heartbeatFormFields(mode),
            ),
          ),
        },
      }),
    heartbeatFormInput(mode, heartbeat ? heartbeatFormFromHeartbeat(heartbeat) : emptyHeartbeatForm(), fieldMessagesOf),
    onSaved,
  );
  const field = bindFields<'heartbeat_name' | 'interval_seconds' | 'grace_seconds'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  const interval = secondsWords(values.interval_seconds);

  return (
    <FormModal
      open={!isSaved}
      title={heartbeat ? t('Edit heartbeat') : t('Add heartbeat')}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField label={t('Name')} required autoFocus maxLength={100} {...field('heartbeat_name')} />
      <TextField
        label={t('Interval (seconds)')}
        required
        inputMode="numeric"
        hint={interval ? t('A beat every {interval}.', { interval }) : t('At least 60 seconds, at most 7 days.')}
        {...field('interval_seconds')}
      />
      <TextField
        label={t('Grace (seconds)')}
        required
        inputMode="numeric"
        hint={graceHint(values.grace_seconds)}
        {...field('grace_seconds')}
      />
      {heartbeat ? <ActiveStatusField name="heartbeat_active" form={{ values, errors, send }} /> : null}
    </FormModal>
  );
}
