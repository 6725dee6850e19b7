import * as v from 'valibot';
import { INCIDENT_LIMITS } from '../entities/incident';

/**
 * PagerDuty Events API v2 compatibility: the body monitoring tools (Prometheus Alertmanager,
 * Grafana, Zabbix, Datadog...) send to `/v2/enqueue`, and how it becomes a Relevo incident. The
 * answers and error texts follow PagerDuty's, so those tools read them as they read PagerDuty's.
 */
export const EVENTS_V2_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
export type EventsV2Severity = (typeof EVENTS_V2_SEVERITIES)[number];
export const EVENTS_V2_ACTIONS = ['trigger', 'acknowledge', 'resolve'] as const;
export type EventsV2Action = (typeof EVENTS_V2_ACTIONS)[number];

/** PagerDuty's own limits: a summary of 1024 characters, a dedup key of 255. */
export const EVENTS_V2_LIMITS = { summary: 1024, dedupKey: 255, field: 1024 } as const;

/** The `message` of each answer, in PagerDuty's own words. */
export const EVENTS_V2_ANSWERS = {
  processed: 'Event processed',
  invalid: 'Event object is invalid',
  throttled: 'Requests for this service are arriving too quickly. Please retry later.',
  invalidRoutingKey: 'Invalid routing key',
} as const;

/** PagerDuty's answers (Events API v2): what the monitoring tools read. */
export type EventsV2Answer =
  | { status: 'success'; message: string; dedup_key: string }
  | { status: 'invalid event'; message: string; errors: string[] }
  | { status: 'throttle event'; message: string };

/** What the Alertmanager receiver did with each alert of a notification. */
export interface AlertmanagerAnswer {
  status: 'success';
  events: {
    fingerprint: string;
    dedup_key: string;
    action: EventsV2Action;
    case_id: string | null;
    applied: boolean;
  }[];
}

const text = (name: string, max: number) =>
  v.pipe(v.string(`'${name}' must be a string`), v.maxLength(max, `'${name}' must be at most ${max} characters`));
const required = (name: string, max: number) =>
  v.pipe(
    text(name, max),
    v.check((value) => value.trim().length > 0, `'${name}' is missing or blank`),
  );

const PayloadSchema = v.object(
  {
    summary: v.optional(required('payload.summary', EVENTS_V2_LIMITS.summary)),
    source: v.optional(required('payload.source', EVENTS_V2_LIMITS.field)),
    severity: v.optional(
      v.picklist(EVENTS_V2_SEVERITIES, `'payload.severity' must be one of ${EVENTS_V2_SEVERITIES.join(', ')}`),
    ),
    // shown as sent: tools write ISO 8601 in several shapes (+0000, nanoseconds)
    timestamp: v.optional(text('payload.timestamp', 64)),
    component: v.optional(text('payload.component', EVENTS_V2_LIMITS.field)),
    group: v.optional(text('payload.group', EVENTS_V2_LIMITS.field)),
    class: v.optional(text('payload.class', EVENTS_V2_LIMITS.field)),
    custom_details: v.optional(v.unknown()),
  },
  `'payload' must be an object`,
);

const LinkSchema = v.object(
  { href: text('links.href', 2048), text: v.optional(text('links.text', EVENTS_V2_LIMITS.field)) },
  `'links' must hold objects with href`,
);
const ImageSchema = v.object(
  {
    src: text('images.src', 2048),
    href: v.optional(text('images.href', 2048)),
    alt: v.optional(text('images.alt', EVENTS_V2_LIMITS.field)),
  },
  `'images' must hold objects with src`,
);

export const EventsV2Schema = v.pipe(
  // a list passes for an object with valibot: refused first
  v.custom<Record<string, unknown>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
    'The event must be a JSON object',
  ),
  v.object(
    {
      // a missing key is named by its own message (valibot names a missing entry by the object's)
      routing_key: v.optional(
        v.pipe(
          v.string(`'routing_key' is missing or not a string`),
          v.regex(/^[0-9a-f]{32}$/i, `'routing_key' must be 32 hexadecimal characters`),
        ),
      ),
      event_action: v.optional(
        v.picklist(EVENTS_V2_ACTIONS, `'event_action' must be one of ${EVENTS_V2_ACTIONS.join(', ')}`),
      ),
      dedup_key: v.optional(
        v.pipe(
          v.string(`'dedup_key' must be a string`),
          v.minLength(1, `'dedup_key' must not be empty`),
          v.maxLength(EVENTS_V2_LIMITS.dedupKey, `'dedup_key' must be at most ${EVENTS_V2_LIMITS.dedupKey} characters`),
        ),
      ),
      payload: v.optional(PayloadSchema),
      client: v.optional(text('client', EVENTS_V2_LIMITS.field)),
      client_url: v.optional(text('client_url', 2048)),
      links: v.optional(v.array(LinkSchema, `'links' must be an array`)),
      images: v.optional(v.array(ImageSchema, `'images' must be an array`)),
    },
    'The event must be a JSON object',
  ),
  v.forward(
    v.check((event) => event.routing_key !== undefined, `'routing_key' is missing or not a string`),
    ['routing_key'],
  ),
  v.forward(
    v.check(
      (event) => event.event_action !== undefined,
      `'event_action' must be one of ${EVENTS_V2_ACTIONS.join(', ')}`,
    ),
    ['event_action'],
  ),
  v.forward(
    v.check(
      (event) => event.event_action !== 'trigger' || event.payload !== undefined,
      `'payload' is required to trigger an alert`,
    ),
    ['payload'],
  ),
  v.forward(
    v.check(
      (event) => event.event_action !== 'trigger' || !event.payload || !!event.payload.summary,
      `'payload.summary' is missing or blank`,
    ),
    ['payload', 'summary'],
  ),
  v.forward(
    v.check(
      (event) => event.event_action !== 'trigger' || !event.payload || !!event.payload.source,
      `'payload.source' is missing or blank`,
    ),
    ['payload', 'source'],
  ),
  v.forward(
    v.check(
      (event) => event.event_action !== 'trigger' || !event.payload || !!event.payload.severity,
      `'payload.severity' is missing`,
    ),
    ['payload', 'severity'],
  ),
  v.forward(
    v.check(
      (event) => event.event_action === 'trigger' || !!event.dedup_key,
      `'dedup_key' is required to acknowledge or resolve an alert`,
    ),
    ['dedup_key'],
  ),
);
/** A valid event: its routing key and action are there (the checks above make sure). */
export type EventsV2Event = Omit<v.InferOutput<typeof EventsV2Schema>, 'routing_key' | 'event_action'> & {
  routing_key: string;
  event_action: EventsV2Action;
};

/** The JSON of a value, one line per top-level key ("key: value"), for the description. */
function detailsText(details: unknown): string {
  if (details === undefined || details === null) return '';
  if (typeof details !== 'object') return String(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}

const cut = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);

/**
 * A trigger as the incident Relevo opens: the summary is the incident (cut to the spec's 100
 * characters, and never shorter than its 10: a short summary gets its severity and source); the
 * description keeps the whole summary, the source, severity, component, group and class, the custom
 * details and the links, up to 1000 characters.
 */
export function eventsV2Incident(event: EventsV2Event): { incident: string; description: string } {
  const payload = event.payload!;
  const summary = payload.summary!.trim().replace(/\s+/g, ' ');
  const severity = payload.severity!;
  const source = payload.source!.trim();
  const incident = cut(
    summary.length >= INCIDENT_LIMITS.incident.min ? summary : `${severity.toUpperCase()}: ${summary} (${source})`,
    INCIDENT_LIMITS.incident.max,
  );
  const lines = [
    summary,
    '',
    `Source: ${source}`,
    `Severity: ${severity}`,
    ...(payload.component ? [`Component: ${payload.component}`] : []),
    ...(payload.group ? [`Group: ${payload.group}`] : []),
    ...(payload.class ? [`Class: ${payload.class}`] : []),
    ...(payload.timestamp ? [`Time: ${payload.timestamp}`] : []),
    ...(event.client ? [`Client: ${event.client}${event.client_url ? ` ${event.client_url}` : ''}`] : []),
  ];
  const details = detailsText(payload.custom_details);
  if (details) lines.push('', details);
  for (const link of event.links ?? []) lines.push(`${link.text ? `${link.text}: ` : ''}${link.href}`);
  return { incident, description: cut(lines.join('\n'), INCIDENT_LIMITS.description.max) };
}

/** Prometheus Alertmanager's webhook body (version 4), the parts Relevo reads. */
const AlertSchema = v.object({
  status: v.picklist(['firing', 'resolved'], 'alerts[].status must be firing or resolved'),
  labels: v.record(v.string(), v.string(), 'alerts[].labels must map names to texts'),
  annotations: v.optional(v.record(v.string(), v.string(), 'alerts[].annotations must map names to texts'), {}),
  startsAt: v.optional(v.string()),
  endsAt: v.optional(v.string()),
  generatorURL: v.optional(v.string()),
  fingerprint: v.pipe(
    v.string('alerts[].fingerprint is required'),
    v.regex(/^[0-9a-zA-Z_-]{1,128}$/, 'alerts[].fingerprint is required'),
  ),
});
export const AlertmanagerWebhookSchema = v.object({
  version: v.optional(v.string()),
  status: v.optional(v.string()),
  receiver: v.optional(v.string()),
  externalURL: v.optional(v.string()),
  alerts: v.pipe(v.array(AlertSchema, 'alerts must be a list'), v.maxLength(1000, 'at most 1000 alerts at a time')),
});
export type AlertmanagerWebhook = v.InferOutput<typeof AlertmanagerWebhookSchema>;
export type AlertmanagerAlert = AlertmanagerWebhook['alerts'][number];

/** One Alertmanager alert as an Events API v2 event (its fingerprint is the dedup key): one path for both. */
export function alertAsEvent(alert: AlertmanagerAlert, routingKey: string): EventsV2Event {
  const name = alert.labels['alertname'] ?? 'Alert';
  const summary = alert.annotations['summary'] ?? alert.annotations['description'] ?? name;
  const label = alert.labels['severity'] ?? '';
  const severity: EventsV2Severity = (EVENTS_V2_SEVERITIES as readonly string[]).includes(label)
    ? (label as EventsV2Severity)
    : 'error';
  const labels = Object.fromEntries(Object.entries(alert.labels).filter(([key]) => key !== 'alertname'));
  return {
    routing_key: routingKey,
    event_action: alert.status === 'firing' ? 'trigger' : 'resolve',
    dedup_key: `alertmanager:${alert.fingerprint}`,
    payload: {
      summary: cut(summary, EVENTS_V2_LIMITS.summary),
      source: alert.labels['instance'] ?? alert.labels['job'] ?? name,
      severity,
      ...(alert.startsAt ? { timestamp: alert.startsAt } : {}),
      class: name,
      custom_details: {
        ...(alert.annotations['description'] && alert.annotations['description'] !== summary
          ? { description: alert.annotations['description'] }
          : {}),
        ...labels,
      },
    },
    ...(alert.generatorURL ? { links: [{ href: alert.generatorURL, text: 'Source' }] } : {}),
  };
}
