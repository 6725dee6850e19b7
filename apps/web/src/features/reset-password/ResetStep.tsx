import { MESSAGES } from '@relevo/domain';
import { Alert, Button } from '@relevo/ui';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../../shell/i18n';
import './ResetPassword.css';

export interface ResetStepProps {
  step: number;
  of: number;
  heading: string;
  children: ReactNode;
}

/**
 * One step of a reset flow (docs/product.md#password-reset): "Step n of m" and the step's heading. When the step changes
 * the heading takes the focus, so a screen reader says where the person now is; the step shown
 * first leaves the focus to its first field. Keep one ResetStep per screen (the content changes
 * inside it), so it sees the step change.
 */
export function ResetStep({ step, of, heading, children }: ResetStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const countId = useId();

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  return (
    <div className="reset-step">
      <p className="reset-step__count" id={countId}>
        {t('Step {step} of {total}', { step, total: of })}
      </p>
      <h2 ref={headingRef} className="reset-step__heading" tabIndex={-1} aria-describedby={countId}>
        {heading}
      </h2>
      {children}
    </div>
  );
}

/** The step's way out to the sign-in page, shaped as the step's main button (docs/product.md#password-reset: Go to Login). */
export function ButtonLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="rl-button rl-button--primary rl-button--md rl-button--block">
      <span className="rl-button__label">{children}</span>
    </Link>
  );
}

/** The last step of both flows: the password is changed, back to sign in. */
export function ResetDone() {
  return (
    <>
      <p>
        {t('Your password has been changed. Sign in with the new one; any other signed-in session has been closed.')}
      </p>
      <ButtonLink to="/login">{t(MESSAGES.goToLogin)}</ButtonLink>
    </>
  );
}

/** A step's form: the failed call's first message in a red alert above the fields (docs/product.md#messages). */
export function ResetForm({
  error,
  onSubmit,
  children,
}: {
  error: string | null | undefined;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="public-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {error ? <Alert variant="error">{t(error)}</Alert> : null}
      {children}
    </form>
  );
}

/** The links under a step: the step's own way back (if any), then Back to login. */
export function ResetLinks({ children }: { children?: ReactNode }) {
  return (
    <div className="public-links">
      {children}
      <Link to="/login">{t('Back to login')}</Link>
    </div>
  );
}

export interface ResetRequestStepProps {
  /** what the step asks for */
  text: string;
  error: string | null | undefined;
  /** the request is on its way */
  busy: boolean;
  onSubmit: () => void;
  /** the field: the e-mail or the phone */
  children: ReactNode;
}

/** The first step of both flows: one field, Verify, and the way back to the choice of flow. */
export function ResetRequestStep({ text, error, busy, onSubmit, children }: ResetRequestStepProps) {
  return (
    <>
      <p className="reset-step__text">{text}</p>
      <ResetForm error={error} onSubmit={onSubmit}>
        {children}
        <Button type="submit" variant="primary" block loading={busy}>
          {t('Verify')}
        </Button>
      </ResetForm>
      <ResetLinks>
        <Link to="/reset_password">{t('Choose another way')}</Link>
      </ResetLinks>
    </>
  );
}
