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

/** The tones a status may take (the domain decides which status gets which, and its text). */
export type StatusBadgeTone = Extract<BadgeTone, 'success' | 'neutral' | 'danger' | 'warning'>;

export interface StatusBadgeProps {
  /**
   * The status colour, the same everywhere (conventions, look and feel): ACTIVE and completed
   * success (green), INACTIVE and canceled neutral (grey), open danger (red), progress warning
   * (amber), SLA YES success and NO danger.
   */
  tone: StatusBadgeTone;
  /** the text shown beside the dot: colour is never the only signal */
  label: string;
}

/** One status of a list row: a dot in the status colour and its text label. */
export function StatusBadge({ tone, label }: StatusBadgeProps) {
  return (
    <Badge tone={tone} className="rl-status-badge">
      <span className="rl-status-badge__dot" aria-hidden="true" />
      {label}
    </Badge>
  );
}
