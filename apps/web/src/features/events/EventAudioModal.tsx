import { audioState, type IncidentEvent } from '@relevo/domain';
import { Alert, Button, Modal, toast } from '@relevo/ui';
import { useEffect, useRef } from 'react';
import { t } from '../../shell/i18n';

export interface EventAudioModalProps {
  event: Pick<IncidentEvent, 'case_id' | 'event_createdt' | 'audio'>;
  onClose: () => void;
  /** now, for the 7 days (stories pass a fixed time) */
  now?: Date;
}

/**
 * docs/product.md#events, #states-and-transitions, #messages: the event's spoken message. 7 days after the event the audio is gone ('Event
 * Audio Expired', an error toast); an event without a voice call has none ('No Audio Available',
 * an information toast); otherwise a player of the WAV the server serves at the event's address.
 */
export function EventAudioModal({ event, onClose, now }: EventAudioModalProps) {
  const state = audioState(event, now ?? new Date());
  // the toast is said once, when the window opens
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    if (state.kind === 'expired') toast.error(t(state.toast));
    else if (state.kind === 'none') toast.info(t(state.toast));
  }, [state]);

  return (
    <Modal
      open
      size="sm"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('Audio of {caseId}', { caseId: event.case_id })}
      footer={<Button onClick={onClose}>{t('Close')}</Button>}
    >
      {state.kind === 'playable' ? (
        <audio
          className="events-audio"
          controls
          autoPlay={false}
          preload="metadata"
          src={state.url}
          aria-label={t('Audio of {caseId}', { caseId: event.case_id })}
        >
          <a href={state.url}>{t('Download the audio')}</a>
        </audio>
      ) : (
        <Alert variant={state.kind === 'expired' ? 'warning' : 'info'}>{t(state.message)}</Alert>
      )}
    </Modal>
  );
}
