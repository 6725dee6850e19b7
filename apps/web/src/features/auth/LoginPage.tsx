import {
  APP_VERSION,
  MESSAGES,
  loginErrors,
  ssoErrorMessage,
  ssoStartErrors,
  ssoStartPath,
  type loginMachine,
} from '@relevo/domain';
import { Alert, Button, PasswordField, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { useService } from '../../shell/services';
import { liveLoadClientSettings, liveLoginMachine, liveStartSingleSignOn } from './auth-machines';
import { bindFields } from '../../shell/shown-errors';

/** What the code step learns from the login answer: where the code went. */
export interface CodeStepState {
  delivery: string[];
}

export interface LoginPageProps {
  /** a pre-provided login machine (stories pass fixture actors) */
  machine?: typeof loginMachine;
}

/** docs/product.md#sign-in: e-mail and password, Login, 'Recovery password', version footer, red alert on failure. */
export function LoginPage({ machine }: LoginPageProps) {
  const provided = useService('loginMachine', liveLoginMachine);
  const [state, send] = useMachine(machine ?? provided, { input: {} });
  const navigate = useNavigate();
  const { context } = state;
  const loadSettings = useService('loadClientSettings', liveLoadClientSettings);
  const startSingleSignOn = useService('startSingleSignOn', liveStartSingleSignOn);
  const [ssoOffered, setSsoOffered] = useState(false);
  // the e-mail's own check when single sign-on is asked for (the password is not needed then)
  const [ssoEmailErrors, setSsoEmailErrors] = useState<string[] | undefined>(undefined);
  const [params] = useSearchParams();
  // docs/product.md#single-sign-on: a refusal comes back to this screen with its code
  const ssoError = ssoErrorMessage(params.get('sso_error'));
  useEffect(() => {
    let current = true;
    loadSettings()
      .then((settings) => current && setSsoOffered(settings.sso === true))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [loadSettings]);
  const errors = context.submitted ? loginErrors(context) : ssoEmailErrors ? { email: ssoEmailErrors } : {};
  const bound = bindFields<'email' | 'password'>(context, errors, (name, value) => {
    if (name === 'email') setSsoEmailErrors(undefined);
    send({ type: 'CHANGE', field: name, value });
  });
  // the rules' messages in the reader's language
  const field = (name: 'email' | 'password') => {
    const shown = bound(name);
    return { ...shown, errors: shown.errors?.map((error) => t(error)) };
  };
  const signOnSingly = () => {
    const emailErrors = ssoStartErrors(context.email).email;
    if (emailErrors?.length) setSsoEmailErrors(emailErrors);
    else startSingleSignOn(ssoStartPath(context.email));
  };
  const isDone = state.matches('done');

  useEffect(() => {
    if (isDone && state.output)
      navigate('/authenticator', { state: { delivery: state.output.delivery } satisfies CodeStepState });
  }, [isDone, state.output, navigate]);

  return (
    <PublicPage
      title={t('Sign in')}
      intro={t('Use your e-mail and password; we then send you a verification code.')}
      footer={t('version {version}', { version: APP_VERSION })}
    >
      <form
        className="public-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {state.matches('failed') && context.error ? <Alert variant="error">{t(context.error)}</Alert> : null}
        {ssoError && !state.matches('failed') ? <Alert variant="error">{t(ssoError)}</Alert> : null}
        <TextField label={t('Email')} type="email" autoComplete="username" required autoFocus {...field('email')} />
        <PasswordField label={t('Password')} autoComplete="current-password" required {...field('password')} />
        <Button type="submit" variant="primary" block loading={state.matches('submitting') || isDone}>
          {t('Login')}
        </Button>
        {ssoOffered ? (
          <Button variant="secondary" block onClick={signOnSingly}>
            {t('Sign in with single sign-on')}
          </Button>
        ) : null}
      </form>
      <div className="public-links">
        <Link to="/reset_password">{t(MESSAGES.recoveryLink)}</Link>
      </div>
    </PublicPage>
  );
}
