import { responderAccept, responderResolve, responderView } from '@relevo/api';
import { RESPONDER_MESSAGES, eventStatus, responderMachine } from '@relevo/domain';
import { Alert, Button, StatusBadge } from '@relevo/ui';
import { RetryAlert } from '../../shell/RetryAlert';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { fromPromise } from 'xstate';
import { api } from '../../shell/api';
import { PublicPage } from '../../shell/PublicPage';
import './RespondPage.css';

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
  const { view, done, error } = state.context;
  const busy = state.matches('accepting') || state.matches('resolving');

  if (state.matches('loading')) {
    return (
      <PublicPage title="Incident">
        <p role="status">Loading the incident…</p>
      </PublicPage>
    );
  }
  if (state.matches('unavailable') || !view) {
    return (
      <PublicPage title="Incident">
        <Alert variant="error">{error ?? RESPONDER_MESSAGES.invalidLink}</Alert>
      </PublicPage>
    );
  }
  return (
    <PublicPage title={`Incident ${view.case_id}`} intro={`Sent to ${view.resource}.`}>
      <div className="respond">
        <p className="respond__status">
          Status <StatusBadge {...eventStatus(view.event_status)} />
          {view.accepted_by ? <span> · accepted by {view.accepted_by}</span> : null}
        </p>
        <h2 className="respond__incident">{view.incident}</h2>
        <p className="respond__description">{view.description}</p>
        <div role="status" aria-live="polite">
          {done === 'accepted' ? <Alert variant="success">{RESPONDER_MESSAGES.accepted}</Alert> : null}
          {done === 'resolved' ? <Alert variant="success">{RESPONDER_MESSAGES.resolved}</Alert> : null}
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
              Accept
            </Button>
          ) : null}
          {view.can_resolve ? (
            <Button
              variant={view.can_accept ? 'secondary' : 'primary'}
              loading={state.matches('resolving')}
              disabled={busy}
              onClick={() => send({ type: 'RESOLVE' })}
            >
              Resolve
            </Button>
          ) : null}
        </div>
      </div>
    </PublicPage>
  );
}
