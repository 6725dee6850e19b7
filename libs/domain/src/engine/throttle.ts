import { PUSH_TEXT_LIMITS, clipText, type PushNotification } from './contact-message';
import type { EngineChannel } from './escalation-engine';

/**
 * Throttling (docs/product.md#escalation-engine): a storm of incidents must never flood a phone. One person gets at
 * most one message per channel per minute of real time, across every event and customer (the
 * minute protects a real phone: ESCALATION_TIME_SCALE does not shorten it); what comes due
 * meanwhile goes with the next message as a bundle. A cap per customer and minute protects the
 * gateways; a message it holds back is sent later, never dropped.
 */
export const THROTTLE = {
  /** one message per person and channel within this window */
  recipientWindowMs: 60_000,
  /** the customer cap counts messages in windows of this length */
  customerWindowMs: 60_000,
  /** at most this many other incidents are named in an SMS or a call; the rest are counted */
  listed: 5,
  /** a customer's messages per minute when CUSTOMER_MESSAGES_PER_MINUTE does not say */
  customerPerMinute: 300,
} as const;

/** When a message to a person on a channel may go: now, or once the window of the last one has passed. */
export function recipientSlot(
  lastSentAt: number | null,
  now: number,
  windowMs: number = THROTTLE.recipientWindowMs,
): number {
  if (lastSentAt === null) return now;
  const free = lastSentAt + windowMs;
  return free <= now ? now : free;
}

/** A customer's messages in the current window; a new window starts when the last one has ended. */
export interface CustomerWindow {
  started_at: number;
  count: number;
}

/**
 * Whether a customer may send one more message now (and the window after counting it), or when to
 * try again: when the current window ends.
 */
export function customerSlot(
  window: CustomerWindow | null,
  cap: number,
  now: number,
): { sendAt: number; window: CustomerWindow } {
  const current =
    window && now < window.started_at + THROTTLE.customerWindowMs ? window : { started_at: now, count: 0 };
  // a window that starts later (a message held back opened it) counts this one too, sent when it starts
  if (current.count < cap)
    return { sendAt: Math.max(now, current.started_at), window: { ...current, count: current.count + 1 } };
  return { sendAt: current.started_at + THROTTLE.customerWindowMs, window: current };
}

/** A contact that goes out with another one, in the bundle. */
export interface BundledContact {
  /** how the bundle names it: its case ID and incident */
  label: string;
  /** the message it would have been on its own (an e-mail keeps each one whole, with its link) */
  subject: string | null;
  body: string;
}

const BUNDLE_TEXTS = {
  EN: {
    more: (n: number) => (n === 1 ? '1 more incident' : `${n} more incidents`),
    andMore: (n: number) => `and ${n} more`,
    subjectMore: (n: number) => `(+${n} more)`,
  },
  ES: {
    more: (n: number) => (n === 1 ? '1 incidente más' : `${n} incidentes más`),
    andMore: (n: number) => `y ${n} más`,
    subjectMore: (n: number) => `(+${n} más)`,
  },
} as const;

/**
 * The one message that carries a contact and the ones bundled with it: an SMS or a call names the
 * others by their labels, case ID and incident, an SMS's with its link ("3 more incidents: K7QW2M9P
 * Disk full https://...; ..."), at most a few and then how many more; an e-mail holds each one
 * whole, so every incident keeps its own link; a push notification names them in its text.
 */
export function bundleMessage(
  channel: EngineChannel,
  language: string,
  lead: { subject: string | null; body: string },
  others: readonly BundledContact[],
): { subject: string | null; body: string } {
  if (others.length === 0) return lead;
  const t = language === 'EN' ? BUNDLE_TEXTS.EN : BUNDLE_TEXTS.ES;
  if (channel === 'email') {
    const subject = lead.subject === null ? null : `${lead.subject} ${t.subjectMore(others.length)}`;
    return {
      subject,
      body:
        [
          lead.body.trimEnd(),
          ...others.map((other) => `${other.subject ?? ''}\n\n${other.body.trimEnd()}`.trim()),
        ].join('\n\n---\n\n') + '\n',
    };
  }
  const named = others.slice(0, THROTTLE.listed).map((other) => other.label);
  const rest = others.length - named.length;
  const list = `${named.join('; ')}${rest > 0 ? `; ${t.andMore(rest)}` : ''}`;
  if (channel === 'push') {
    // the notification acts on its own incident; its text names the others (docs/product.md#push-notifications)
    const notification = JSON.parse(lead.body) as PushNotification;
    const body = clipText(`${notification.body} | ${t.more(others.length)}: ${list}`, PUSH_TEXT_LIMITS.body);
    return { subject: lead.subject, body: JSON.stringify({ ...notification, body }) };
  }
  return { subject: lead.subject, body: `${lead.body} | ${t.more(others.length)}: ${list}` };
}
