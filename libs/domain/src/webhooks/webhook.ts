import * as v from 'valibot';
import { MAX_TEXT, form, optionalText } from '../rules/fields';
import type { Stamped, YesNo } from '../entities/reference';

/**
 * Outgoing webhooks (docs/product.md#outgoing-webhooks): a customer's URLs that receive each of its
 * events' changes as signed JSON, sent by the job layer with retries, never twice for one change,
 * and disabled after a day of failures. These are the rules every side applies: the changes, the
 * limits and messages, the form, which addresses a webhook may reach, the body sent, and when a
 * delivery is tried again or a webhook gives up.
 */

/** The changes of an event a webhook hears of, in the order an event goes through them. */
export const WEBHOOK_CHANGES = ['created', 'contacted', 'escalated', 'accepted', 'resolved', 'canceled'] as const;
export type WebhookChange = (typeof WEBHOOK_CHANGES)[number];

export const WEBHOOK_CHANGE_LABELS: Record<WebhookChange, string> = {
  created: 'Created',
  contacted: 'Contacted',
  escalated: 'Escalated',
  accepted: 'Accepted',
  resolved: 'Resolved',
  canceled: 'Canceled',
};

/** What a delivery is at: waiting its turn (or its retry), on its way, received, given up, dropped. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed', 'canceled'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'PENDING',
  sending: 'SENDING',
  delivered: 'DELIVERED',
  failed: 'FAILED',
  canceled: 'CANCELED',
};

/** docs/product.md#outgoing-webhooks: the bounds. */
export const WEBHOOK_LIMITS = {
  /** webhooks per customer */
  perCustomer: 10,
  urlMax: 2000,
  secretMin: 24,
  secretMax: 200,
  /** deliveries a webhook's log shows (the latest) */
  logShown: 100,
  /** a delivery's tries before it is given up */
  maxAttempts: 12,
  /** the first retry's delay, doubled each time up to retryMaxMs */
  retryFirstMs: 30_000,
  retryMaxMs: 3_600_000,
  /** failures with no success in between for this long disable the webhook */
  disableAfterMs: 24 * 3_600_000,
  /** how long one send may take */
  timeoutMs: 10_000,
  /** bytes of an answer kept in the log */
  answerKept: 200,
  /** deliveries kept per webhook; older ones are removed once delivered or failed */
  logKept: 1000,
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'The URL must be a full address such as https://example.com/relevo',
  urlTooLong: `The URL must be at most ${WEBHOOK_LIMITS.urlMax} characters`,
  httpsOnly: 'The URL must start with https://',
  credentials: 'The URL may not hold a user name or password',
  privateAddress: 'The URL may not reach a loopback, private or link-local address',
  unresolvable: 'The host name of the URL could not be resolved',
  secretRequired: 'Signing secret is required',
  secretLength: `The signing secret must be ${WEBHOOK_LIMITS.secretMin} to ${WEBHOOK_LIMITS.secretMax} characters`,
  secretSpaces: 'The signing secret may not hold spaces',
  changesRequired: 'Choose at least one change',
  changeUnknown: `A change is one of ${WEBHOOK_CHANGES.join(', ')}`,
  tooMany: `A customer holds at most ${WEBHOOK_LIMITS.perCustomer} webhooks`,
  notFound: 'Webhook not found',
  deleted: 'The webhook was deleted',
  enabled: 'The webhook is enabled again',
  disabledNotice: 'Relevo disabled a webhook',
} as const;

const signingSecret = () =>
  v.pipe(
    v.string(WEBHOOK_MESSAGES.secretRequired),
    v.nonEmpty(WEBHOOK_MESSAGES.secretRequired),
    v.regex(/^\S*$/, WEBHOOK_MESSAGES.secretSpaces),
    v.minLength(WEBHOOK_LIMITS.secretMin, WEBHOOK_MESSAGES.secretLength),
    v.maxLength(WEBHOOK_LIMITS.secretMax, WEBHOOK_MESSAGES.secretLength),
  );

/** A URL's form (its host's addresses are checked by the server, after DNS, with `forbiddenAddress`). */
const webhookUrl = () =>
  v.pipe(
    v.string(WEBHOOK_MESSAGES.urlRequired),
    v.trim(),
    v.nonEmpty(WEBHOOK_MESSAGES.urlRequired),
    v.maxLength(WEBHOOK_LIMITS.urlMax, WEBHOOK_MESSAGES.urlTooLong),
    v.check(
      (value) => webhookUrlIssue(value, true) === null,
      (issue) => webhookUrlIssue(issue.input, true)!,
    ),
  );

/** `POST /api/webhooks`: a URL, its signing secret (write-only), what it is for, and the changes it hears of. */
export const WebhookCreateSchema = /* @__PURE__ */ (() =>
  form({
    webhook_url: webhookUrl(),
    webhook_desc: v.optional(optionalText(MAX_TEXT), ''),
    signing_secret: signingSecret(),
    changes: v.optional(
      v.pipe(
        v.array(v.picklist(WEBHOOK_CHANGES, WEBHOOK_MESSAGES.changeUnknown), WEBHOOK_MESSAGES.changesRequired),
        v.minLength(1, WEBHOOK_MESSAGES.changesRequired),
        v.transform((changes) => WEBHOOK_CHANGES.filter((change) => changes.includes(change))),
      ),
      () => [...WEBHOOK_CHANGES],
    ),
  }))();
export type WebhookCreate = v.InferOutput<typeof WebhookCreateSchema>;

/** docs/product.md#outgoing-webhooks: a webhook as listed (never its secret). */
export type Webhook = {
  id: number;
  webhook_id: number;
  customer_id: number;
  webhook_url: string;
  webhook_desc: string;
  changes: WebhookChange[];
  /** N once disabled (after a day of failures); enabled again with `POST /api/webhooks/{id}/enable` */
  webhook_active: YesNo;
  /** ISO instants: the first failure since the last success; when and why it was disabled */
  failing_since: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** the latest delivery's outcome */
  last_delivery_at: string | null;
  last_delivery_state: WebhookDeliveryState | null;
  /** deliveries waiting (pending or being retried) */
  pending_count: number;
} & Stamped<'webhook'>;

/** One delivery of one change to one webhook, as its log shows it. */
export interface WebhookDelivery {
  delivery_id: number;
  webhook_id: number;
  event_id: number;
  case_id: string;
  change: WebhookChange;
  state: WebhookDeliveryState;
  /** the same on every try: the receiver drops a second arrival with a key it has seen */
  idempotency_key: string;
  attempts: number;
  /** ISO instants */
  created_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
  /** the last try's HTTP status, and its error or the start of its answer */
  response_status: number | null;
  last_error: string | null;
}

/** `GET /api/webhooks/{id}/deliveries`: the latest deliveries, newest first. */
export interface WebhookDeliveryLog {
  webhook: Webhook;
  total: number;
  list: WebhookDelivery[];
}

/** The event as a change's body names it (what it was when the change happened). */
export interface WebhookEventFacts {
  event_id: number;
  case_id: string;
  event_status: string;
  subject: string;
  description: string;
  module_id: number | null;
  application_id: number | null;
  created_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  closed_at: string | null;
  sla_compliance: 'YES' | 'NO' | null;
  in_maintenance: boolean;
}

/** Who a contact reached, for `contacted` and `escalated`. */
export interface WebhookContactFacts {
  resource: string | null;
  channel: string;
}

/** The JSON body of a change, signed like the gateway webhook (docs/product.md#outgoing-webhooks). */
export interface WebhookBody {
  /** the delivery's idempotency key: the same on every try */
  id: string;
  change: WebhookChange;
  occurred_at: string;
  customer_id: number;
  event: WebhookEventFacts;
  contact?: WebhookContactFacts;
}

/** A delivery's key, from its row: one per change and webhook, kept across tries. */
export const webhookDeliveryKey = (deliveryId: number) => `relevo-webhook-${deliveryId}`;

/** The body of a change (keys in a fixed order, so the signature covers what was stored). */
export function webhookBody(delivery: {
  delivery_id: number;
  change: WebhookChange;
  occurred_at: string;
  customer_id: number;
  event: WebhookEventFacts;
  contact?: WebhookContactFacts | null;
}): WebhookBody {
  return {
    id: webhookDeliveryKey(delivery.delivery_id),
    change: delivery.change,
    occurred_at: delivery.occurred_at,
    customer_id: delivery.customer_id,
    event: delivery.event,
    ...(delivery.contact ? { contact: delivery.contact } : {}),
  };
}

/** How long after its `attempt`-th failed try a delivery is tried again: 30 s doubled, at most an hour. */
export function webhookRetryDelayMs(attempt: number): number {
  const doubled = WEBHOOK_LIMITS.retryFirstMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(WEBHOOK_LIMITS.retryMaxMs, doubled);
}

/** Whether an answer's status counts as received: any 2xx. */
export const webhookAccepted = (status: number) => status >= 200 && status < 300;

/** Whether a webhook failing since `failingSince` (ms) is disabled by a failure at `now`. */
export const webhookGivesUp = (failingSince: number | null, now: number) =>
  failingSince !== null && now - failingSince >= WEBHOOK_LIMITS.disableAfterMs;

/**
 * What is wrong with a URL's form, or null: a full http(s) address without credentials; plain
 * http only when private targets are allowed (WEBHOOK_ALLOW_PRIVATE=on); a host written as an IP
 * address is checked here too (a name is checked after DNS).
 */
export function webhookUrlIssue(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MESSAGES.urlInvalid;
  if (!url.hostname) return WEBHOOK_MESSAGES.urlInvalid;
  if (url.username || url.password) return WEBHOOK_MESSAGES.credentials;
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return WEBHOOK_MESSAGES.httpsOnly;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost'))
    return WEBHOOK_MESSAGES.privateAddress;
  if (isIpLiteral(host) && forbiddenAddress(host)) return WEBHOOK_MESSAGES.privateAddress;
  return null;
}

const isIpLiteral = (host: string) => IPV4.test(host) || host.includes(':');

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv4 address's 32 bits, or null when it is not one. */
function ipv4Bits(address: string): number | null {
  const match = IPV4.exec(address);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 255)) return null;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

/** The IPv4 networks a webhook may not reach: this host, loopback, private, shared, link-local, reserved. */
const FORBIDDEN_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function forbiddenV4(bits: number): boolean {
  return FORBIDDEN_V4.some(([network, prefix]) => {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    return (bits & mask) >>> 0 === (ipv4Bits(network)! & mask) >>> 0;
  });
}

/** An IPv6 address's eight groups, or null when it is not one (an embedded IPv4 tail is read too). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    const bits = ipv4Bits(tail[1]!);
    if (bits === null) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(bits >>> 16).toString(16)}:${(bits & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (part: string) => (part === '' ? [] : part.split(':'));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * Whether a webhook may not reach this address (docs/product.md#outgoing-webhooks): loopback,
 * private, shared, link-local, unspecified, documentation, multicast and reserved networks of
 * IPv4 and IPv6 (unique local fc00::/7, link-local fe80::/10), and IPv4 written inside IPv6
 * (mapped, compatible, NAT64). Anything that is not an address is refused too.
 */
export function forbiddenAddress(address: string): boolean {
  const v4 = ipv4Bits(address);
  if (v4 !== null) return forbiddenV4(v4);
  const groups = ipv6Groups(address);
  if (groups === null) return true;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embedded = ((g6 << 16) | g7) >>> 0;
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::, ::1
  if (zeroHead && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true;
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible): the IPv4 address decides
  if (zeroHead && (g5 === 0xffff || g5 === 0)) return forbiddenV4(embedded);
  // 64:ff9b::a.b.c.d (NAT64)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return forbiddenV4(embedded);
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard
  return false;
}
