import { PUSH_MESSAGES } from '@relevo/domain';
import { Alert, Button } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { pushDeviceMachineOf, type PushDeviceIO } from './push-device';
import { msg, t } from './i18n';
import './PushDeviceControl.css';

/** The control's texts, in English (stories find them by these); shown through `t`. */
export const PUSH_CONTROL_TEXT = {
  checking: msg('Checking this device…'),
  unsupportedHint: msg(
    'On an iPhone or iPad, add Relevo to the Home Screen first (Share, then Add to Home Screen) and open it from there.',
  ),
  notSubscribed: msg('This device does not get push notifications from Relevo.'),
  subscribing: msg('Working: allow notifications when the browser asks.'),
  subscribed: msg('This device gets push notifications: accept or resolve an incident from the notification itself.'),
  unsubscribing: msg('Working: stopping notifications on this device.'),
  notify: msg('Notify me on this device'),
  stop: msg('Stop notifications on this device'),
} as const;

export interface PushDeviceControlProps {
  /** the browser's I/O for the page's owner (`browserPushDevice`), or a story's fixture */
  io: PushDeviceIO;
}

/**
 * "Notify me on this device" and "Stop notifications on this device" (docs/product.md#push-notifications),
 * bound to the domain's push-device machine: what the device is, the one button it allows, and
 * what failed. The responder page and the profile give it their owner's calls.
 */
export function PushDeviceControl({ io }: PushDeviceControlProps) {
  const [machine] = useState(() => pushDeviceMachineOf(io));
  const [state, send] = useMachine(machine);
  const { error } = state.context;
  const subscribing = state.matches('subscribing');
  const unsubscribing = state.matches('unsubscribing');

  let text: string | null = null;
  if (state.matches('checking')) text = PUSH_CONTROL_TEXT.checking;
  else if (subscribing) text = PUSH_CONTROL_TEXT.subscribing;
  else if (unsubscribing) text = PUSH_CONTROL_TEXT.unsubscribing;
  else if (state.matches('notSubscribed')) text = PUSH_CONTROL_TEXT.notSubscribed;

  return (
    <div className="push-device" aria-busy={subscribing || unsubscribing || undefined}>
      <div role="status" aria-live="polite" className="push-device__state">
        {text ? <p className="push-device__text">{t(text)}</p> : null}
        {state.matches('subscribed') ? <Alert variant="success">{t(PUSH_CONTROL_TEXT.subscribed)}</Alert> : null}
      </div>
      {state.matches('unsupported') ? (
        <Alert variant="info">
          {t(PUSH_MESSAGES.unsupported)} {t(PUSH_CONTROL_TEXT.unsupportedHint)}
        </Alert>
      ) : null}
      {state.matches('denied') ? <Alert variant="warning">{t(PUSH_MESSAGES.denied)}</Alert> : null}
      {error ? <Alert variant="error">{t(error)}</Alert> : null}
      {state.matches('notSubscribed') || subscribing ? (
        <div>
          <Button variant="secondary" loading={subscribing} onClick={() => send({ type: 'NOTIFY' })}>
            {t(PUSH_CONTROL_TEXT.notify)}
          </Button>
        </div>
      ) : null}
      {state.matches('subscribed') || unsubscribing ? (
        <div>
          <Button variant="secondary" loading={unsubscribing} onClick={() => send({ type: 'STOP' })}>
            {t(PUSH_CONTROL_TEXT.stop)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
