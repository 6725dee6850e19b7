import type { twoFactorMachine } from '@relevo/domain';
import { Alert, Button, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { currentLanguage, t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { useService } from '../../shell/services';
import { useSessionActor } from '../../shell/session';
import { liveTwoFactorMachine } from './auth-machines';
import type { CodeStepState } from './LoginPage';

export interface AuthenticatorPageProps {
  machine?: typeof twoFactorMachine;
}

/** A way the code went, as the login answer names it ("e-mail", "SMS"). */
const wayText = (way: string) => (way === 'e-mail' ? t('e-mail') : way);

function deliveryText(state: unknown): string {
  const delivery = (state as Partial<CodeStepState> | null)?.delivery;
  if (!delivery?.length) return t('Enter the 6-digit verification code we sent you.');
  const ways = delivery.map(wayText);
  const list =
    currentLanguage() === 'es' ? new Intl.ListFormat('es', { type: 'conjunction' }).format(ways) : ways.join(' and ');
  return t('Enter the 6-digit verification code we sent you by {ways}.', { ways: list });
}

/**
 * docs/product.md#verification-code: one code field, Verify and Resend Code. On success the session user is loaded; the
 * public-page guard then sends staff (roles 1-3) to Customers and customers to the Dashboard.
 */
export function AuthenticatorPage({ machine }: AuthenticatorPageProps) {
  const provided = useService('twoFactorMachine', liveTwoFactorMachine);
  const [state, send] = useMachine(machine ?? provided);
  const session = useSessionActor();
  const location = useLocation();
  const { context } = state;
  const isVerified = state.matches('verified');

  useEffect(() => {
    if (isVerified) session.send({ type: 'SIGNED_IN' });
  }, [isVerified, session]);

  return (
    <PublicPage title={t('Verification code')} intro={deliveryText(location.state)}>
      <form
        className="public-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'VERIFY' });
        }}
      >
        {state.matches('failed') && context.error ? <Alert variant="error">{t(context.error)}</Alert> : null}
        {context.notice ? <Alert variant="success">{t(context.notice)}</Alert> : null}
        <TextField
          label={t('Code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          maxLength={12}
          value={context.code}
          onValueChange={(value) => send({ type: 'CHANGE', value })}
        />
        <Button type="submit" variant="primary" block loading={state.matches('verifying') || isVerified}>
          {t('Verify')}
        </Button>
      </form>
      <div className="public-links">
        <Button variant="link" loading={state.matches('resending')} onClick={() => send({ type: 'RESEND' })}>
          {t('Resend Code')}
        </Button>
        <Link to="/login">{t('Back to login')}</Link>
      </div>
    </PublicPage>
  );
}
