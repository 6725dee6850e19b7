import { MESSAGES } from '@relevo/domain';
import { Icon } from '@relevo/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { msg, t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { ResetLinks } from './ResetStep';

interface ResetWay {
  label: string;
  to: string;
  icon: 'mail' | 'phone';
  description: string;
}

const WAYS: ResetWay[] = [
  {
    label: msg('Email'),
    to: '/reset_password/email',
    icon: 'mail',
    description: msg('We send a link to the email address of your account.'),
  },
  {
    label: 'SMS',
    to: '/reset_password/sms',
    icon: 'phone',
    description: msg('We send a 6-digit code to the mobile number of your account.'),
  },
];

/** docs/product.md#password-reset chooser: reset by Email or by SMS, and a way back to the sign-in page. */
export function ResetChooser() {
  return (
    <PublicPage
      title={t(MESSAGES.recoveryLink)}
      intro={t('Forgot your password? Choose how we should help you set a new one.')}
    >
      <nav aria-label={t('Ways to reset the password')}>
        <ul className="reset-ways">
          {WAYS.map((way) => (
            <ResetWayLink key={way.to} way={way} />
          ))}
        </ul>
      </nav>
      <ResetLinks />
    </PublicPage>
  );
}

function ResetWayLink({ way }: { way: ResetWay }) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li>
      <Link to={way.to} className="reset-way" aria-labelledby={labelId} aria-describedby={descriptionId}>
        <Icon name={way.icon} size={20} className="reset-way__icon" />
        <span className="reset-way__text">
          <span id={labelId} className="reset-way__label">
            {t(way.label)}
          </span>
          <span id={descriptionId} className="reset-way__description">
            {t(way.description)}
          </span>
        </span>
        <Icon name="chevron-right" size={16} className="reset-way__chevron" />
      </Link>
    </li>
  );
}
