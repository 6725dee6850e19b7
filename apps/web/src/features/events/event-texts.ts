import {
  CHANNEL_LABELS,
  EVENT_ACTION_MESSAGES,
  type ActionVia,
  type SlaFilter,
  type TimelineEntry,
} from '@relevo/domain';
import { msg, t } from '../../shell/i18n';

/**
 * The words of the events screens that the domain composes in English (a badge's label, the SLA
 * filter's button, a contact's follow-up status, a timeline entry), said in the active language.
 * In English each reads exactly as the domain's own text.
 */

/** A status badge with its label in the active language. */
export const badgeText = <Badge extends { label: string }>(badge: Badge): Omit<Badge, 'label'> & { label: string } => ({
  ...badge,
  label: t(badge.label),
});

/** The SLA filter button's text (the domain's `slaFilterText`). */
export function slaFilterLabel(current: SlaFilter): string {
  if (current === 'YES') return t('SLA: YES');
  if (current === 'NO') return t('SLA: NO');
  return t('SLA: All');
}

/** How a contact went out (the domain's CHANNEL_LABELS); an unknown channel shows as it came. */
export const channelText = (channel: string): string => {
  const label = (CHANNEL_LABELS as Record<string, string>)[channel];
  return label === undefined ? channel : t(label);
};

/** The follow-up statuses of the event log, as the log stores them (docs/product.md#event-logs). */
const FOLLOWUP_STATUS_LABELS: Record<string, string> = {
  open: msg('open'),
  'follow-up': msg('follow-up'),
  escalation: msg('escalation'),
  'not reached': msg('not reached'),
  completed: msg('completed'),
  'nobody on call': msg('nobody on call'),
};

/** A log row's follow-up status; a value the log does not know shows as it came. */
export const followupStatusText = (status: string): string => {
  const label = FOLLOWUP_STATUS_LABELS[status];
  return label === undefined ? status : t(label);
};

type ActionEntry = Extract<TimelineEntry, { who: string | null }>;

/** Where an action was taken (the domain's timeline words; names of products read the same in both). */
const VIA_LABELS: Record<ActionVia, string> = {
  dashboard: msg('the dashboard'),
  slack: 'Slack',
  mattermost: 'Mattermost',
  teams: 'Teams',
  push: msg('a push notification'),
  link: msg('the responder link'),
  reply: msg('an SMS reply'),
  key: msg('a key press'),
  integration: msg('the integration'),
};

function actionText(entry: ActionEntry): string {
  if (entry.kind === 'note') return entry.who ? t('Note by {who}', { who: entry.who }) : t('Note');
  let text: string;
  switch (entry.kind) {
    case 'accepted':
      text = t('Accepted');
      break;
    case 'resolved':
      text = t('Resolved');
      break;
    case 'canceled':
      text = t('Canceled');
      break;
    case 'reassigned':
      text = entry.text ? t('Reassigned to {name}', { name: entry.text }) : t('Reassigned');
      break;
    case 'escalated':
      text = t(EVENT_ACTION_MESSAGES.escalated);
      break;
    default:
      text = String((entry as { kind: unknown }).kind);
  }
  if (entry.who) text = t('{action} by {who}', { action: text, who: entry.who });
  if (entry.via) text = t('{action} from {via}', { action: text, via: t(VIA_LABELS[entry.via]) });
  return text;
}

/**
 * docs/product.md#timeline: a timeline entry as one sentence (the domain's `timelineText`, in the
 * active language). Codes the server reports (a delivery status, a provider, a reply's result) are
 * shown as they came.
 */
export function timelineEntryText(entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'created':
      return t('Incident received: {incident}', { incident: entry.incident });
    case 'contact': {
      const values = { channel: channelText(entry.channel), resource: entry.resource ?? t('nobody') };
      const line =
        entry.status === 'follow-up'
          ? t('Follow-up: {channel} to {resource}', values)
          : entry.status === 'escalation'
            ? t('Escalated: {channel} to {resource}', values)
            : t('Contact: {channel} to {resource}', values);
      if (!entry.delivery) return line;
      return entry.provider
        ? t('{line} ({delivery} via {provider})', { line, delivery: entry.delivery, provider: entry.provider })
        : t('{line} ({delivery})', { line, delivery: entry.delivery });
    }
    case 'not reached':
      return t('Nobody was reached: every step was contacted');
    case 'nobody on call':
      return entry.schedule
        ? t('Nobody on call in {schedule}: the step was skipped', { schedule: entry.schedule })
        : t('Nobody on call in the schedule: the step was skipped');
    case 'reply': {
      const sender = entry.sender ?? t('an unknown number');
      return entry.channel === 'sms'
        ? t('SMS reply from {sender}: "{text}" ({result})', { sender, text: entry.text, result: entry.result })
        : t('Key {key} pressed by {sender} ({result})', { key: entry.text, sender, result: entry.result });
    }
    case 'report':
      return t('Delivery report: {status} ({result})', { status: entry.status, result: entry.result });
    default:
      return actionText(entry);
  }
}
