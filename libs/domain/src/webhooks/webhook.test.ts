import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  WEBHOOK_CHANGES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WebhookCreateSchema,
  forbiddenAddress,
  webhookAccepted,
  webhookBody,
  webhookDeliveryKey,
  webhookGivesUp,
  webhookRetryDelayMs,
  webhookUrlIssue,
  type WebhookEventFacts,
} from './webhook';

const messages = (body: unknown) => {
  const result = v.safeParse(WebhookCreateSchema, body);
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
};
const SECRET = 's'.repeat(WEBHOOK_LIMITS.secretMin);
const HOUR = 3_600_000;

describe('which addresses a webhook may not reach (docs/product.md#outgoing-webhooks)', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'fc00::1',
    'fd00::1',
    'fdff:ffff::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '100::1',
    // not an address at all: refused
    'localhost',
    '256.1.1.1',
    '1.2.3',
    '1::2::3',
    '12345::1',
    '',
  ])('refuses %s', (address) => {
    expect(forbiddenAddress(address)).toBe(true);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '169.253.255.255',
    '192.169.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:93.184.216.34',
    '64:ff9b::8.8.8.8',
    'fbff::1',
    'fe7f::1',
  ])('allows %s', (address) => {
    expect(forbiddenAddress(address)).toBe(false);
  });
});

describe('the form of a webhook URL', () => {
  it('takes a full https address, and refuses what is not one', () => {
    expect(webhookUrlIssue('https://hooks.example.com/relevo?x=1', false)).toBeNull();
    expect(webhookUrlIssue('https://93.184.216.34:8443/relevo', false)).toBeNull();
    expect(webhookUrlIssue('hooks.example.com/relevo', false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(webhookUrlIssue('ftp://hooks.example.com/', false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(webhookUrlIssue('javascript:alert(1)', true)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(webhookUrlIssue('http://hooks.example.com/', false)).toBe(WEBHOOK_MESSAGES.httpsOnly);
    expect(webhookUrlIssue('https://user:pass@hooks.example.com/', false)).toBe(WEBHOOK_MESSAGES.credentials);
    expect(webhookUrlIssue('https://user@hooks.example.com/', true)).toBe(WEBHOOK_MESSAGES.credentials);
  });

  it('refuses loopback, private and link-local hosts written in the URL, unless private targets are allowed', () => {
    for (const url of [
      'https://localhost/',
      'https://LOCALHOST:8443/',
      'https://api.localhost/',
      'https://127.0.0.1/',
      'https://10.0.0.5/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[64:ff9b::a00:1]/',
      'https://0x7f000001/',
      'https://2130706433/',
      'https://017700000001/',
    ]) {
      expect({ url, issue: webhookUrlIssue(url, false) }).toEqual({ url, issue: WEBHOOK_MESSAGES.privateAddress });
      expect({ url, issue: webhookUrlIssue(url, true) }).toEqual({ url, issue: null });
    }
    // allowed private targets may use plain http too
    expect(webhookUrlIssue('http://127.0.0.1:9000/hook', true)).toBeNull();
  });
});

describe('the form of a new webhook', () => {
  it('takes a URL, a secret and the changes (all by default, in their order), with its messages', () => {
    expect(
      v.parse(WebhookCreateSchema, { webhook_url: ' https://hooks.example.com/r ', signing_secret: SECRET }),
    ).toEqual({
      webhook_url: 'https://hooks.example.com/r',
      webhook_desc: '',
      signing_secret: SECRET,
      changes: [...WEBHOOK_CHANGES],
    });
    expect(
      v.parse(WebhookCreateSchema, {
        webhook_url: 'https://hooks.example.com/r',
        signing_secret: SECRET,
        changes: ['resolved', 'created', 'resolved'],
      }).changes,
    ).toEqual(['created', 'resolved']);
    expect(messages({})).toEqual([
      ['webhook_url', WEBHOOK_MESSAGES.urlRequired],
      ['signing_secret', WEBHOOK_MESSAGES.secretRequired],
    ]);
    // a blank URL is required first (the form shows a field's first message)
    expect(messages({ webhook_url: '  ', signing_secret: 'short' })).toEqual([
      ['webhook_url', WEBHOOK_MESSAGES.urlRequired],
      ['webhook_url', WEBHOOK_MESSAGES.urlInvalid],
      ['signing_secret', WEBHOOK_MESSAGES.secretLength],
    ]);
    expect(messages({ webhook_url: 'https://h.example.com/', signing_secret: `${SECRET} x` })).toEqual([
      ['signing_secret', WEBHOOK_MESSAGES.secretSpaces],
    ]);
    expect(
      messages({ webhook_url: 'https://h.example.com/', signing_secret: 's'.repeat(WEBHOOK_LIMITS.secretMax + 1) }),
    ).toEqual([['signing_secret', WEBHOOK_MESSAGES.secretLength]]);
    expect(messages({ webhook_url: 'https://h.example.com/', signing_secret: SECRET, changes: [] })).toEqual([
      ['changes', WEBHOOK_MESSAGES.changesRequired],
    ]);
    expect(
      messages({ webhook_url: 'https://h.example.com/', signing_secret: SECRET, changes: ['created', 'exploded'] }),
    ).toEqual([['changes.1', WEBHOOK_MESSAGES.changeUnknown]]);
    expect(messages({ webhook_url: 'https://u:p@h.example.com/', signing_secret: SECRET })).toEqual([
      ['webhook_url', WEBHOOK_MESSAGES.credentials],
    ]);
    expect(
      messages({ webhook_url: `https://${'a'.repeat(WEBHOOK_LIMITS.urlMax)}.com/`, signing_secret: SECRET }),
    ).toEqual([['webhook_url', WEBHOOK_MESSAGES.urlTooLong]]);
    // the form leaves the address rule to the server (which knows WEBHOOK_ALLOW_PRIVATE)
    expect(messages({ webhook_url: 'http://127.0.0.1:9000/', signing_secret: SECRET })).toEqual([]);
  });
});

describe('retries, giving up, and the body', () => {
  it('waits 30 s after the first failure, doubling up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 12].map(webhookRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(webhookRetryDelayMs(0)).toBe(30_000);
  });

  it('counts any 2xx as received', () => {
    expect([200, 201, 202, 204, 299].every(webhookAccepted)).toBe(true);
    expect([199, 301, 302, 400, 404, 429, 500, 503].some(webhookAccepted)).toBe(false);
  });

  it('gives up after a day of failures with no success', () => {
    const since = Date.parse('2026-04-14T09:00:00.000Z');
    expect(webhookGivesUp(null, since + 48 * HOUR)).toBe(false);
    expect(webhookGivesUp(since, since + 24 * HOUR - 1)).toBe(false);
    expect(webhookGivesUp(since, since + 24 * HOUR)).toBe(true);
  });

  it('writes the body with its key first, the contact only for a contact', () => {
    const event = { event_id: 7, case_id: 'ABCDEFGH' } as WebhookEventFacts;
    const created = webhookBody({ delivery_id: 41, change: 'created', occurred_at: 'T', customer_id: 3, event });
    expect(created).toEqual({ id: 'relevo-webhook-41', change: 'created', occurred_at: 'T', customer_id: 3, event });
    expect(Object.keys(created)).toEqual(['id', 'change', 'occurred_at', 'customer_id', 'event']);
    const contacted = webhookBody({
      delivery_id: 42,
      change: 'contacted',
      occurred_at: 'T',
      customer_id: 3,
      event,
      contact: { resource: 'Ana', channel: 'sms' },
    });
    expect(contacted.contact).toEqual({ resource: 'Ana', channel: 'sms' });
    expect(webhookDeliveryKey(42)).toBe(contacted.id);
  });
});
