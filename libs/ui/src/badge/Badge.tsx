import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral' | 'accent';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return <span className={['rl-badge', `rl-badge--${tone}`, className].filter(Boolean).join(' ')}>{children}</span>;
}

/**
 * The status colours used the same everywhere (conventions, look and feel): ACTIVE and completed
 * green, INACTIVE and canceled grey, open red, progress amber, SLA YES green and NO red.
 */
export const STATUS_TONES: Record<string, BadgeTone> = {
  active: 'success',
  completed: 'success',
  yes: 'success',
  inactive: 'neutral',
  canceled: 'neutral',
  cancel: 'neutral',
  open: 'danger',
  no: 'danger',
  progress: 'warning',
};

export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status.trim().toLowerCase()] ?? 'neutral';
}

export interface StatusBadgeProps {
  status: string;
  /** the text shown; the status itself by default (colour is never the only signal) */
  label?: ReactNode;
}

export function StatusBadge({ status, label }: StatusBadgeProps) {
  return (
    <Badge tone={statusTone(status)} className="rl-status-badge">
      <span className="rl-status-badge__dot" aria-hidden="true" />
      {label ?? status}
    </Badge>
  );
}
