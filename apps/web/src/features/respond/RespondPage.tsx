import {
  responderAccept,
  responderPushState,
  responderPushSubscribe,
  responderPushUnsubscribe,
  responderResolve,
  responderView,
} from '@relevo/api';
import { RESPONDER_MESSAGES, eventStatus, responderMachine } from '@relevo/domain';
import { Alert, Button, StatusBadge } from '@relevo/ui';
import { RetryAlert } from '../../shell/RetryAlert';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { fromPromise } from 'xstate';
import { api } from '../../shell/api';
import { t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { PushDeviceControl } from '../../shell/PushDeviceControl';
import { browserPushDevice, type PushDeviceIO } from '../../shell/push-device';
import { useService } from '../../shell/services';
import './RespondPage.css';

declare module '../../shell/services' {
  interface Services {
    /** "Notify me on this device" for a link's person (docs/product.md#push-notifications) */
    responderPushDevice: (token: string) => PushDeviceIO;
  }
}

/** The page's machine on the live API for one link's token. */
export function liveResponderMachine(token: string) {
  const params = { token };
  return responderMachine.provide({
    actors: {
      load: fromPromise(() => api.call(responderView, { params })),
      accept: fromPromise(() => api.call(responderAccept, { params })),
      resolve: fromPromise(() => api.call(responderResolve, { params })),
    },
  });
}

/** The link's person's devices, on the token's push endpoints. */
const liveResponderPushDevice = (token: string) =>
  browserPushDevice({
    isSubscribed: async (endpoint) =>
      (await api.call(responderPushState, { params: { token }, body: { endpoint } })).subscribed,
    store: (subscription) => api.call(responderPushSubscribe, { params: { token }, body: subscription }),
    remove: (endpoint) => api.call(responderPushUnsubscribe, { params: { token }, body: { endpoint } }),
  });

export interface RespondPageProps {
  /** a pre-provided machine (stories pass fixture actors) */
  machine?: typeof responderMachine;
}

/**
 * The responder page (docs/product.md#escalation-engine) at /respond/:token: the incident the person was called,
 * texted or mailed about, with Accept and Resolve. No sign-in: the link is the credential.
 */
export function RespondPage({ machine }: RespondPageProps) {
  const { token = '' } = useParams();
  const [live] = useState(() => machine ?? liveResponderMachine(token));
  const [state, send] = useMachine(live);
  const pushDeviceOf = useService('responderPushDevice', liveResponderPushDevice);
  const [pushDevice] = useState(() => pushDeviceOf(token));
  const { view, done, error } = state.context;
  const busy = state.matches('accepting') || state.matches('resolving');

  if (state.matches('loading')) {
    return (
      <PublicPage title={t('Incident')}>
        <p role="status">{t('Loading the incident…')}</p>
      </PublicPage>
    );
  }
  if (state.matches('unavailable') || !view) {
    return (
      <PublicPage title={t('Incident')}>
        <Alert variant="error">{t(error ?? RESPONDER_MESSAGES.invalidLink)}</Alert>
      </PublicPage>
    );
  }
  const status = eventStatus(view.event_status);
  return (
    <PublicPage
      title={t('Incident {caseId}', { caseId: view.case_id })}
      intro={t('Sent to {resource}.', { resource: view.resource })}
    >
      <div className="respond">
        <p className="respond__status">
          {t('Status')} <StatusBadge {...status} label={t(status.label)} />
          {view.accepted_by ? <span> · {t('accepted by {name}', { name: view.accepted_by })}</span> : null}
        </p>
        <h2 className="respond__incident">{view.incident}</h2>
        <p className="respond__description">{view.description}</p>
        <div role="status" aria-live="polite">
          {done === 'accepted' ? <Alert variant="success">{t(RESPONDER_MESSAGES.accepted)}</Alert> : null}
          {done === 'resolved' ? <Alert variant="success">{t(RESPONDER_MESSAGES.resolved)}</Alert> : null}
        </div>
        {state.matches('failed') ? <RetryAlert error={error} onRetry={() => send({ type: 'RETRY' })} /> : null}
        <div className="respond__actions">
          {view.can_accept ? (
            <Button
              variant="primary"
              loading={state.matches('accepting')}
              disabled={busy}
              onClick={() => send({ type: 'ACCEPT' })}
            >
              {t('Accept')}
            </Button>
          ) : null}
          {view.can_resolve ? (
            <Button
              variant={view.can_accept ? 'secondary' : 'primary'}
              loading={state.matches('resolving')}
              disabled={busy}
              onClick={() => send({ type: 'RESOLVE' })}
            >
              {t('Resolve')}
            </Button>
          ) : null}
        </div>
        {view.event_status === 'open' || view.event_status === 'progress' ? (
          <section className="respond__push" aria-labelledby="respond-push-title">
            <h2 id="respond-push-title" className="respond__push-title">
              {t('Notifications on this device')}
            </h2>
            <p className="respond__push-intro">
              {t('Get a notification here when Relevo calls you about an incident, with Accept and Resolve on it.')}
            </p>
            <PushDeviceControl io={pushDevice} />
          </section>
        ) : null}
      </div>
    </PublicPage>
  );
}
