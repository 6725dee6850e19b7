/**
 * The status badges of the lists: each value's text label and colour tone, the same everywhere
 * (conventions, look and feel: ACTIVE and completed green, INACTIVE and canceled grey, open red,
 * progress amber, SLA YES green and NO red; never colour alone). The ui lib draws a tone and a
 * text; what a value reads and which tone it gets is decided here.
 */
export type StatusTone = 'success' | 'neutral' | 'danger' | 'warning';

export interface StatusBadgeContent {
  tone: StatusTone;
  label: string;
}

/** docs/product.md#states-and-transitions and #constants-and-limits: Y/N flags of customers, applications, resources, SLAs, modules, escalations and steps. */
export const ACTIVE_FLAG_LABELS = { Y: 'ACTIVE', N: 'INACTIVE' } as const;
/** docs/product.md#states-and-transitions: users are 1 (ACTIVE) or 0 (INACTIVE). */
/** docs/product.md#states-and-transitions and #constants-and-limits: the Status field of a catalogue modal, Y/N read ACTIVE/INACTIVE. */
export const ACTIVE_FLAG_OPTIONS: { value: 'Y' | 'N'; text: string }[] = [
  { value: 'Y', text: ACTIVE_FLAG_LABELS.Y },
  { value: 'N', text: ACTIVE_FLAG_LABELS.N },
];
export const USER_STATUS_LABELS = { 1: 'ACTIVE', 0: 'INACTIVE' } as const;

const ACTIVE: StatusBadgeContent = { tone: 'success', label: 'ACTIVE' };
const INACTIVE: StatusBadgeContent = { tone: 'neutral', label: 'INACTIVE' };

export const activeFlagStatus = (flag: 'Y' | 'N'): StatusBadgeContent => (flag === 'Y' ? ACTIVE : INACTIVE);
export const userStatus = (status: 0 | 1): StatusBadgeContent => (status === 1 ? ACTIVE : INACTIVE);

/** docs/product.md#states-and-transitions: event statuses; the badge map also has 'cancel', read like canceled. */
export const EVENT_STATUS_BADGES = {
  completed: { tone: 'success', label: 'Completed' },
  canceled: { tone: 'neutral', label: 'Canceled' },
  cancel: { tone: 'neutral', label: 'Canceled' },
  open: { tone: 'danger', label: 'Open' },
  progress: { tone: 'warning', label: 'In progress' },
} as const satisfies Record<string, StatusBadgeContent>;

/** An event's status badge; a value the map does not know shows as it came, in grey. */
export function eventStatus(status: string): StatusBadgeContent {
  const known = (EVENT_STATUS_BADGES as Record<string, StatusBadgeContent>)[status.trim().toLowerCase()];
  return known ?? { tone: 'neutral', label: status };
}

/** docs/product.md#entities sla_compliance: YES green, NO red. */
export const slaComplianceStatus = (compliance: 'YES' | 'NO'): StatusBadgeContent =>
  compliance === 'YES' ? { tone: 'success', label: 'YES' } : { tone: 'danger', label: 'NO' };
