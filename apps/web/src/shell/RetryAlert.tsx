import { Alert, Button } from '@relevo/ui';
import { t } from './i18n';

export interface RetryAlertProps {
  /** what went wrong, in the product's words */
  error: string | null;
  onRetry: () => void;
  className?: string;
}

/** A failed call's message with a "Try again" link that repeats it. */
export function RetryAlert({ error, onRetry, className }: RetryAlertProps) {
  return (
    <Alert variant="error" className={className}>
      {error}{' '}
      <Button variant="link" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </Alert>
  );
}
