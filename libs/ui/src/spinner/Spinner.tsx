import { uiText } from '../text/ui-text';
import './Spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** read by assistive technology; pass null when a surrounding element already says it is busy */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 'md', label: given, className }: SpinnerProps) {
  // undefined: the default word; null: nothing to say (a surrounding element says it is busy)
  const label = given === undefined ? uiText('Loading') : given;
  return (
    <span
      className={['rl-spinner', `rl-spinner--${size}`, className].filter(Boolean).join(' ')}
      {...(label ? { role: 'status' } : { 'aria-hidden': true })}
    >
      <span className="rl-spinner__ring" aria-hidden="true" />
      {label ? <span className="rl-visually-hidden">{label}</span> : null}
    </span>
  );
}

/** A centred spinner for a page or a panel whose content is loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="rl-page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}
