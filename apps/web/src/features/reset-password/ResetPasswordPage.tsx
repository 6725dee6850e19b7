import { PageSpinner } from '@relevo/ui';
import { Suspense, lazy } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';
import { t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { EmailResetPage } from './EmailResetPage';
import { ResetChooser } from './ResetChooser';

// the phone field and its country data load only with the SMS flow, not with the chooser or the e-mailed link
const SmsResetPage = lazy(() => import('./SmsResetPage').then(({ SmsResetPage }) => ({ default: SmsResetPage })));

/**
 * The three public reset routes of docs/product.md#routes share this screen: /reset_password (chooser),
 * /reset_password/sms and /reset_password/email/:token?.
 */
export function ResetPasswordPage() {
  const { pathname } = useLocation();
  const { token } = useParams();
  if (matchPath('/reset_password/sms', pathname)) {
    return (
      <Suspense
        fallback={
          <PublicPage title={t('Reset password by SMS')}>
            <PageSpinner />
          </PublicPage>
        }
      >
        <SmsResetPage />
      </Suspense>
    );
  }
  // a new link opened in the same tab starts a new flow
  if (matchPath('/reset_password/email/:token?', pathname))
    return <EmailResetPage key={token ?? ''} token={token ?? null} />;
  return <ResetChooser />;
}
