import {
  EVENT_AUDIO_DAYS,
  EVENT_MESSAGES,
  EVENT_STATUS_VALUES,
  type EventStatusValue,
  type IncidentEvent,
} from '../entities/event';
import { EVENT_STATUS_BADGES } from './status';

export type SlaFilter = 'YES' | 'NO' | null;

/** docs/product.md#events: the SLA filter cycles on each click: YES, NO, none, then YES again. */
export function nextSlaFilter(current: SlaFilter): SlaFilter {
  return current === null ? 'YES' : current === 'YES' ? 'NO' : null;
}

/** The SLA filter button's text. */
export const slaFilterText = (current: SlaFilter): string => `SLA: ${current ?? 'All'}`;

/** docs/product.md#entities: option lists start with a placeholder whose value is null. */
export const EVENT_STATUS_OPTIONS: { value: EventStatusValue | null; text: string }[] = [
  { value: null, text: 'All statuses' },
  ...EVENT_STATUS_VALUES.map((value) => ({ value, text: EVENT_STATUS_BADGES[value].label })),
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the audio window shows (docs/product.md#states-and-transitions): expired 7 days after creation, else the player, or that there is none. */
export type AudioState =
  | { kind: 'expired'; message: string; toast: string }
  | { kind: 'none'; message: string; toast: string }
  | { kind: 'playable'; url: string };

export function audioState(event: Pick<IncidentEvent, 'event_createdt' | 'audio'>, now: Date): AudioState {
  // docs/product.md#states-and-transitions: "created 7 days ago or more" is expired, with or without a recording
  if (now.getTime() - new Date(event.event_createdt).getTime() >= EVENT_AUDIO_DAYS * DAY_MS) {
    return { kind: 'expired', message: EVENT_MESSAGES.audioExpired, toast: EVENT_MESSAGES.audioExpiredToast };
  }
  if (!event.audio) return { kind: 'none', message: EVENT_MESSAGES.noAudio, toast: EVENT_MESSAGES.noAudioToast };
  return { kind: 'playable', url: event.audio };
}

/** docs/product.md#event-logs: 'Event Logs of module {name}'. */
export const eventLogsTitle = (moduleName: string): string => `Event Logs of module ${moduleName}`;

/** The live region's words for events that arrived since the list was last read. */
export const newEventsText = (count: number): string => (count === 1 ? '1 new event' : `${count} new events`);

/** docs/product.md#constants-and-limits: the log table of the event details loads 500 ms after the window opens. */
export const DETAIL_LOG_DELAY_MS = 500;
/** log rows per page in the event details window */
export const DETAIL_LOG_PAGE_SIZE = 5;

/** How a contact went out. */
export const CHANNEL_LABELS = {
  voice: 'Voice call',
  sms: 'SMS',
  email: 'E-mail',
  push: 'Push notification',
  chat: 'Team chat',
} as const;

/** docs/product.md#event-logs: resolved YES green, NO grey. */
export const resolvedStatus = (resolved: 'Y' | 'N'): { tone: 'success' | 'neutral'; label: 'YES' | 'NO' } =>
  resolved === 'Y' ? { tone: 'success', label: 'YES' } : { tone: 'neutral', label: 'NO' };
