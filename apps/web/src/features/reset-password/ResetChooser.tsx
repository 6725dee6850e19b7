import { MESSAGES } from '@relevo/domain';
import { Icon } from '@relevo/ui';
import { useId } from 'react';
import { Link } from 'react-router';
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
    label: 'Email',
    to: '/reset_password/email',
    icon: 'mail',
    description: 'We send a link to the email address of your account.',
  },
  {
    label: 'SMS',
    to: '/reset_password/sms',
    icon: 'phone',
    description: 'We send a 6-digit code to the mobile number of your account.',
  },
];

/** docs/product.md#password-reset chooser: reset by Email or by SMS, and a way back to the sign-in page. */
export function ResetChooser() {
  return (
    <PublicPage
      title={MESSAGES.recoveryLink}
      intro="Forgot your password? Choose how we should help you set a new one."
    >
      <nav aria-label="Ways to reset the password">
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
        <WayIcon shape={way.icon} />
        <span className="reset-way__text">
          <span id={labelId} className="reset-way__label">
            {way.label}
          </span>
          <span id={descriptionId} className="reset-way__description">
            {way.description}
          </span>
        </span>
        <Icon name="chevron-right" size={16} className="reset-way__chevron" />
      </Link>
    </li>
  );
}

/** The two pictures of the chooser, drawn like the ui library's line icons (24 px grid, current colour). */
function WayIcon({ shape }: { shape: ResetWay['icon'] }) {
  return (
    <svg
      className="rl-icon reset-way__icon"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shape === 'mail' ? (
        <>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
        </>
      ) : (
        <>
          <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
          <path d="M11 18h2" />
        </>
      )}
    </svg>
  );
}
