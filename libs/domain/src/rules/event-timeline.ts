import type { ActionKind, ActionVia, TimelineEntry } from '../engine/event-actions';
import { CHANNEL_LABELS } from './event-screens';

/**
 * docs/product.md#timeline: how the details window says each entry of an event's timeline (kept apart
 * from the actions' rules, so the events list does not load the sentences of a window it has not
 * opened).
 */

const VIA_LABELS: Record<ActionVia, string> = {
  dashboard: 'the dashboard',
  slack: 'Slack',
  mattermost: 'Mattermost',
  teams: 'Teams',
  push: 'a push notification',
  link: 'the responder link',
  reply: 'an SMS reply',
  key: 'a key press',
  integration: 'the integration',
};

const ACTION_VERBS: Record<ActionKind, string> = {
  accepted: 'Accepted',
  resolved: 'Resolved',
  canceled: 'Canceled',
  reassigned: 'Reassigned',
  escalated: 'Escalated to the next step',
  note: 'Note',
};

/** A timeline entry as one sentence (the screens' line; the note's text is shown beside it). */
export function timelineText(entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'created':
      return `Incident received: ${entry.incident}`;
    case 'contact': {
      const what = entry.status === 'follow-up' ? 'Follow-up' : entry.status === 'escalation' ? 'Escalated' : 'Contact';
      const delivery = entry.delivery ? ` (${entry.delivery}${entry.provider ? ` via ${entry.provider}` : ''})` : '';
      return `${what}: ${CHANNEL_LABELS[entry.channel as keyof typeof CHANNEL_LABELS] ?? entry.channel} to ${entry.resource ?? 'nobody'}${delivery}`;
    }
    case 'not reached':
      return 'Nobody was reached: every step was contacted';
    case 'nobody on call':
      return `Nobody on call in ${entry.schedule ?? 'the schedule'}: the step was skipped`;
    case 'reply':
      return entry.channel === 'sms'
        ? `SMS reply from ${entry.sender ?? 'an unknown number'}: "${entry.text}" (${entry.result})`
        : `Key ${entry.text} pressed by ${entry.sender ?? 'an unknown number'} (${entry.result})`;
    case 'report':
      return `Delivery report: ${entry.status} (${entry.result})`;
    default: {
      const verb = ACTION_VERBS[entry.kind];
      const who = entry.who ? ` by ${entry.who}` : '';
      const via = entry.via ? ` from ${VIA_LABELS[entry.via]}` : '';
      const to = entry.kind === 'reassigned' && entry.text ? ` to ${entry.text}` : '';
      return entry.kind === 'note' ? `Note${who}` : `${verb}${to}${who}${via}`;
    }
  }
}
