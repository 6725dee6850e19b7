import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icon/Icon';
import './Alert.css';

export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

const ICONS: Record<AlertVariant, IconName> = { error: 'error', success: 'check', info: 'info', warning: 'warning' };

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A message box above a form: red for a failed call (docs/product.md#messages), green or blue for a notice. */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  // errors interrupt (role=alert); notices are announced politely (role=status)
  const role = variant === 'error' ? 'alert' : 'status';
  return (
    <div role={role} className={['rl-alert', `rl-alert--${variant}`, className].filter(Boolean).join(' ')}>
      <Icon name={ICONS[variant]} className="rl-alert__icon" />
      <div className="rl-alert__body">
        {title ? <div className="rl-alert__title">{title}</div> : null}
        <div className="rl-alert__text">{children}</div>
      </div>
    </div>
  );
}
