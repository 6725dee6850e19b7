import { describe, expect, it } from 'vitest';
import { validate } from '../rules/validation';
import { alertAsEvent, EventsV2Schema, eventsV2Incident, type EventsV2Event } from './pagerduty-events';

const KEY = '0123456789abcdef0123456789abcdef';
const trigger = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  routing_key: KEY,
  event_action: 'trigger',
  payload,
  ...extra,
});
const messages = (body: unknown) => {
  const result = validate(EventsV2Schema, body);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('PagerDuty Events API v2 bodies', () => {
  it('takes the bodies monitoring tools send', () => {
    expect(
      messages(trigger({ summary: 'CPU load above 90% on web-1', source: 'web-1', severity: 'critical' })),
    ).toEqual([]);
    expect(messages({ routing_key: KEY, event_action: 'resolve', dedup_key: 'abc' })).toEqual([]);
    expect(messages({ routing_key: KEY, event_action: 'acknowledge', dedup_key: 'abc' })).toEqual([]);
    expect(
      messages(
        trigger(
          {
            summary: 'Disk full',
            source: 'db-1',
            severity: 'warning',
            timestamp: '2015-07-17T08:42:58.315+0000',
            component: 'postgres',
            group: 'prod',
            class: 'disk',
            custom_details: { free: '2%', nested: { a: [1, 2] } },
          },
          {
            dedup_key: 'db-1-disk',
            client: 'Grafana',
            client_url: 'https://grafana.example/d/1',
            links: [{ href: 'https://runbook.example/disk', text: 'Runbook' }],
            images: [{ src: 'https://chart.example/1.png' }],
          },
        ),
      ),
    ).toEqual([]);
  });

  it('refuses each missing or wrong field with PagerDuty-like messages', () => {
    expect(messages(trigger({ source: 'web-1', severity: 'critical' }))).toEqual([
      "'payload.summary' is missing or blank",
    ]);
    expect(messages(trigger({ summary: '   ', source: 'web-1', severity: 'critical' }))).toEqual([
      "'payload.summary' is missing or blank",
    ]);
    expect(messages(trigger({ summary: 'CPU high on web-1', severity: 'critical' }))).toEqual([
      "'payload.source' is missing or blank",
    ]);
    expect(messages(trigger({ summary: 'CPU high on web-1', source: 'web-1' }))).toEqual([
      "'payload.severity' is missing",
    ]);
    expect(messages(trigger({ summary: 'CPU high on web-1', source: 'web-1', severity: 'fatal' }))).toEqual([
      "'payload.severity' must be one of critical, error, warning, info",
    ]);
    expect(messages({ routing_key: KEY, event_action: 'trigger' })).toEqual([
      "'payload' is required to trigger an alert",
    ]);
    expect(messages({ routing_key: KEY, event_action: 'resolve' })).toEqual([
      "'dedup_key' is required to acknowledge or resolve an alert",
    ]);
    expect(messages({ routing_key: KEY, event_action: 'snooze', dedup_key: 'x' })).toEqual([
      "'event_action' must be one of trigger, acknowledge, resolve",
    ]);
    expect(messages({ event_action: 'resolve', dedup_key: 'x' })).toEqual(["'routing_key' is missing or not a string"]);
    expect(messages({ routing_key: 'short', event_action: 'resolve', dedup_key: 'x' })).toEqual([
      "'routing_key' must be 32 hexadecimal characters",
    ]);
    expect(messages(trigger({ summary: 12, source: ['a'], severity: 'info' }))).toEqual([
      "'payload.summary' must be a string",
      "'payload.source' must be a string",
    ]);
    expect(messages(trigger({ summary: 'x'.repeat(1025), source: 's', severity: 'info' }))).toEqual([
      "'payload.summary' must be at most 1024 characters",
    ]);
    expect(
      messages(
        trigger({ summary: 'CPU high on web-1', source: 'web-1', severity: 'info' }, { dedup_key: 'k'.repeat(256) }),
      ),
    ).toEqual(["'dedup_key' must be at most 255 characters"]);
    expect(
      messages(trigger({ summary: 'CPU high on web-1', source: 'web-1', severity: 'info' }, { links: 'https://x' })),
    ).toEqual(["'links' must be an array"]);
    expect(messages('trigger')).toEqual(['The event must be a JSON object']);
    expect(messages([{ routing_key: KEY }])).toEqual(['The event must be a JSON object']);
  });

  it('makes the incident from the summary and keeps everything else in the description', () => {
    const event = validate(
      EventsV2Schema,
      trigger(
        {
          summary: 'Disk almost full on db-1',
          source: 'db-1',
          severity: 'warning',
          component: 'postgres',
          custom_details: { free: '2%', mounts: ['/data'] },
        },
        { links: [{ href: 'https://runbook.example/disk', text: 'Runbook' }] },
      ),
    );
    expect(event.success).toBe(true);
    const made = eventsV2Incident((event as { output: EventsV2Event }).output);
    expect(made).toEqual({
      incident: 'Disk almost full on db-1',
      description:
        'Disk almost full on db-1\n\nSource: db-1\nSeverity: warning\nComponent: postgres\n\nfree: 2%\nmounts: ["/data"]\nRunbook: https://runbook.example/disk',
    });
    // a summary longer than the incident's 100 characters is cut there and kept whole below
    const long =
      'Checkout latency p99 above 2 s for 10 minutes in every region, errors rising on the payment provider side too';
    const cut = eventsV2Incident({
      routing_key: KEY,
      event_action: 'trigger',
      payload: { summary: long, source: 'checkout', severity: 'critical' },
    });
    expect(cut.incident).toHaveLength(100);
    expect(cut.incident.endsWith('…')).toBe(true);
    expect(cut.description.startsWith(long)).toBe(true);
    // a short summary is made long enough for the incident's 10 characters
    expect(
      eventsV2Incident({
        routing_key: KEY,
        event_action: 'trigger',
        payload: { summary: 'Down', source: 'db', severity: 'info' },
      }).incident,
    ).toBe('INFO: Down (db)');
    // custom details are cut at the description's 1000 characters
    const big = eventsV2Incident({
      routing_key: KEY,
      event_action: 'trigger',
      payload: {
        summary: 'Disk almost full on db-1',
        source: 'db-1',
        severity: 'info',
        custom_details: { log: 'x'.repeat(5000) },
      },
    });
    expect(big.description).toHaveLength(1000);
  });

  it('reads an Alertmanager alert as an event keyed by its fingerprint', () => {
    const alert = {
      status: 'firing' as const,
      labels: { alertname: 'HighLoad', instance: 'web-1:9100', severity: 'critical', team: 'ops' },
      annotations: { summary: 'Load above 4 on web-1', description: 'The 5-minute load average is 6.2' },
      startsAt: '2026-11-24T15:00:00.123456789Z',
      generatorURL: 'http://prometheus/graph?g0.expr=load',
      fingerprint: '4a5b6c7d8e9f0a1b',
    };
    const event = alertAsEvent(alert, KEY);
    expect(event).toMatchObject({
      event_action: 'trigger',
      dedup_key: 'alertmanager:4a5b6c7d8e9f0a1b',
      payload: { summary: 'Load above 4 on web-1', source: 'web-1:9100', severity: 'critical', class: 'HighLoad' },
    });
    expect(eventsV2Incident(event).description).toContain(
      'description: The 5-minute load average is 6.2\ninstance: web-1:9100\nseverity: critical\nteam: ops\nSource: http://prometheus/graph?g0.expr=load',
    );
    expect(
      alertAsEvent({ ...alert, status: 'resolved', labels: { alertname: 'X', severity: 'page' } }, KEY),
    ).toMatchObject({ event_action: 'resolve', payload: { severity: 'error', source: 'X' } });
  });
});
