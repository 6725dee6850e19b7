import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TelnyxWebhook } from 'telnyx/lib/webhooks';
import { ProviderRefusal, type CallbackRequest } from '../src/delivery/providers/provider';
import { telnyxAdapter, telnyxCallbacks } from '../src/delivery/providers/telnyx';

/** What the official client sent to the stand-in for api.telnyx.com. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local api.telnyx.com: records each request and answers the next queued answer. */
class TelnyxStandIn {
  readonly seen: Seen[] = [];
  private answers: { status: number; body: unknown }[] = [];
  private server: Server | null = null;

  answer(status: number, body: unknown) {
    this.answers.push({ status, body });
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const next = this.answers.shift() ?? {
          status: 500,
          body: { errors: [{ code: '0', title: 'no answer queued' }] },
        };
        res.writeHead(next.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const CONNECTION_ID = '1773070540731319841';
const CALLBACKS = { base: 'https://relevo.example/api/v1/channels/telnyx', account: '42' };
const signal = () => new AbortController().signal;

/** An Ed25519 key pair as Telnyx has one: the public key shown as the base64 of its 32 raw bytes. */
function keyPair(): { privateKey: KeyObject; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  expect(raw).toHaveLength(32);
  return { privateKey, publicKey: raw.toString('base64') };
}

/** Signs a callback exactly as Telnyx does: Ed25519 over `{timestamp}|{raw body}`, base64. */
function signed(privateKey: KeyObject, rawBody: string, timestamp = Math.floor(Date.now() / 1000)) {
  return {
    'telnyx-timestamp': String(timestamp),
    'telnyx-signature-ed25519': sign(null, Buffer.from(`${timestamp}|${rawBody}`), privateKey).toString('base64'),
  };
}

function callback(kind: string, rawBody: string, more: Partial<CallbackRequest> = {}): CallbackRequest {
  const json = rawBody.startsWith('{');
  const query = { account: '42', ...(kind === 'voice' ? { key: 'k-1' } : {}) };
  return {
    kind,
    url: `${CALLBACKS.base}/${kind}?${new URLSearchParams(query).toString()}`,
    query,
    headers: {},
    rawBody,
    body: json ? JSON.parse(rawBody) : Object.fromEntries(new URLSearchParams(rawBody)),
    ...more,
  };
}

/** A messaging webhook as Telnyx posts it. */
const messagingEvent = (eventType: string, payload: Record<string, unknown>) =>
  JSON.stringify({
    data: {
      event_type: eventType,
      id: 'b301ed3f-1490-491f-995f-6e64e69674d4',
      occurred_at: '2026-11-24T12:00:05.000+00:00',
      payload: { record_type: 'message', ...payload },
      record_type: 'event',
    },
    meta: { attempt: 1, delivered_to: `${CALLBACKS.base}/status?account=42` },
  });

describe('the Telnyx adapter sends through the official client (docs/product.md#delivery-providers)', () => {
  const api = new TelnyxStandIn();
  let settings: Record<string, string> = {};
  beforeAll(async () => {
    const apiUrl = await api.start();
    settings = {
      api_key: 'KEY0123456789ABCDEF_test',
      from: '+17875550100',
      connection_id: CONNECTION_ID,
      public_key: keyPair().publicKey,
      api_url: apiUrl,
    };
  });
  afterAll(() => api.stop());
  beforeEach(() => {
    api.seen.length = 0;
  });

  it('sends an SMS as POST /v2/messages with the key as a Bearer token and the status webhook', async () => {
    api.answer(200, { data: { id: '40385f64-5717-4562-b3fc-2c963f66afa6', record_type: 'message' } });
    const accepted = await telnyxAdapter(settings, CALLBACKS).send(
      { channel: 'sms', to: '+17875550142', body: 'Case K7QW2M9P: disk full', key: 'k-1', audioUrl: null },
      signal(),
    );
    expect(accepted).toEqual({ messageId: '40385f64-5717-4562-b3fc-2c963f66afa6' });
    expect(api.seen).toHaveLength(1);
    const [sent] = api.seen;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/v2/messages');
    expect(sent!.headers.authorization).toBe('Bearer KEY0123456789ABCDEF_test');
    expect(sent!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(sent!.body)).toEqual({
      from: '+17875550100',
      to: '+17875550142',
      text: 'Case K7QW2M9P: disk full',
      webhook_url: 'https://relevo.example/api/v1/channels/telnyx/status?account=42',
    });
  });

  it('places a call as POST /v2/texml/calls/{connection_id} with inline TeXML: one key gathered around the audio', async () => {
    api.answer(200, {
      call_sid: 'v3:9X2vxPDFY2RHSJ1EdMS0RHRk',
      from: '+17875550100',
      to: '+17875550142',
      status: 'queued',
    });
    const accepted = await telnyxAdapter(settings, CALLBACKS).send(
      {
        channel: 'voice',
        to: '+17875550142',
        body: 'Case K7QW2M9P: disk full',
        key: 'k-1',
        audioUrl: 'https://relevo.example/api/v1/audio/abc.mp3',
      },
      signal(),
    );
    expect(accepted).toEqual({ messageId: 'v3:9X2vxPDFY2RHSJ1EdMS0RHRk' });
    const [sent] = api.seen;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe(`/v2/texml/calls/${CONNECTION_ID}`);
    expect(sent!.headers.authorization).toBe('Bearer KEY0123456789ABCDEF_test');
    const body = JSON.parse(sent!.body) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      ['From', 'MachineDetection', 'StatusCallback', 'StatusCallbackMethod', 'Texml', 'To'].sort(),
    );
    expect(body).toMatchObject({
      From: '+17875550100',
      To: '+17875550142',
      StatusCallback: 'https://relevo.example/api/v1/channels/telnyx/status?account=42',
      StatusCallbackMethod: 'POST',
      MachineDetection: 'Enable',
    });
    const gathers = [...body.Texml!.matchAll(/<Gather ([^>]*)><Play>([^<]*)<\/Play><\/Gather>/g)];
    expect(gathers).toHaveLength(2);
    for (const [, attributes, played] of gathers) {
      expect(attributes).toContain('numDigits="1"');
      expect(attributes).toContain('method="POST"');
      expect(attributes).toContain(
        'action="https://relevo.example/api/v1/channels/telnyx/voice?account=42&amp;key=k-1"',
      );
      expect(played).toBe('https://relevo.example/api/v1/audio/abc.mp3');
    }
    expect(body.Texml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Gather .*<Hangup\/><\/Response>$/);
  });

  it('takes an API base URL with or without /v2', async () => {
    api.answer(200, { data: { id: 'm-2' } });
    await telnyxAdapter({ ...settings, api_url: `${settings.api_url}/v2/` }, CALLBACKS).send(
      { channel: 'sms', to: '+17875550142', body: 'x', key: 'k-2', audioUrl: null },
      signal(),
    );
    expect(api.seen.map((s) => s.url)).toEqual(['/v2/messages']);
  });

  it('is refused on a 4xx (ProviderRefusal with the status) and fails plainly on a 5xx, without retrying', async () => {
    api.answer(422, { errors: [{ code: '40310', title: 'Invalid to address', detail: 'The to address is invalid.' }] });
    const refused = await telnyxAdapter(settings, CALLBACKS)
      .send({ channel: 'sms', to: '+17875550142', body: 'x', key: 'k-3', audioUrl: null }, signal())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefusal);
    expect((refused as ProviderRefusal).status).toBe(422);
    expect((refused as Error).message).toBe('Telnyx answered 422: 40310 The to address is invalid.');

    api.answer(503, { errors: [{ code: '10011', title: 'Service unavailable' }] });
    const failed = await telnyxAdapter(settings, CALLBACKS)
      .send({ channel: 'voice', to: '+17875550142', body: 'x', key: 'k-4', audioUrl: null }, signal())
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(ProviderRefusal);
    expect((failed as Error).message).toBe('Telnyx answered 503: 10011 Service unavailable');
    // one request each: the client does not retry
    expect(api.seen).toHaveLength(2);
  });

  it('checks the account by reading its balance, and says when the key is refused', async () => {
    api.answer(200, { data: { balance: '300.00', currency: 'USD', record_type: 'balance' } });
    await expect(telnyxAdapter(settings, CALLBACKS).check(signal())).resolves.toBeUndefined();
    expect(api.seen[0]).toMatchObject({ method: 'GET', url: '/v2/balance' });
    expect(api.seen[0]!.headers.authorization).toBe('Bearer KEY0123456789ABCDEF_test');

    api.answer(401, { errors: [{ code: '10009', title: 'Authentication failed' }] });
    await expect(telnyxAdapter({ ...settings, api_key: 'wrong' }, CALLBACKS).check(signal())).rejects.toThrow(
      /^Telnyx refused the API key \(401\): /,
    );
    expect(api.seen[1]!.headers.authorization).toBe('Bearer wrong');
  });
});

describe('Telnyx callbacks are verified with the account public key (Ed25519) and read into reports', () => {
  const { privateKey, publicKey } = keyPair();
  const settings = { public_key: publicKey };
  const delivered = messagingEvent('message.finalized', {
    id: '40385f64-5717-4562-b3fc-2c963f66afa6',
    direction: 'outbound',
    to: [{ phone_number: '+17875550142', status: 'delivered' }],
    errors: [],
  });
  const gather = new URLSearchParams({
    AccountSid: 'f5586561-8ff0-4291-a51b-c7dfe4139ff9',
    CallSid: 'v3:9X2vxPDFY2RHSJ1EdMS0RHRk',
    From: '+17875550100',
    To: '+17875550142',
    Digits: '1',
  }).toString();

  it('holds for a signature made as Telnyx makes it, on a JSON and on a form callback', async () => {
    for (const request of [callback('status', delivered), callback('voice', gather)]) {
      const headers = signed(privateKey, request.rawBody);
      expect(telnyxCallbacks.verify({ ...request, headers }, settings)).toBe(true);
      // the official client's own check agrees on how it is signed
      await expect(new TelnyxWebhook(publicKey).verify(request.rawBody, headers)).resolves.toBeUndefined();
    }
  });

  it('fails for a changed body, another key, a stale or future timestamp, or missing headers', () => {
    const request = callback('status', delivered);
    const headers = signed(privateKey, delivered);
    expect(
      telnyxCallbacks.verify(
        { ...request, rawBody: delivered.replace('delivered"', 'delivery_failed"'), headers },
        settings,
      ),
    ).toBe(false);
    expect(telnyxCallbacks.verify({ ...request, headers }, { public_key: keyPair().publicKey })).toBe(false);
    expect(telnyxCallbacks.verify({ ...request, headers }, {})).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    expect(telnyxCallbacks.verify({ ...request, headers: signed(privateKey, delivered, now - 301) }, settings)).toBe(
      false,
    );
    expect(telnyxCallbacks.verify({ ...request, headers: signed(privateKey, delivered, now + 301) }, settings)).toBe(
      false,
    );
    expect(telnyxCallbacks.verify({ ...request, headers: signed(privateKey, delivered, now - 290) }, settings)).toBe(
      true,
    );
    // the timestamp is part of what is signed
    expect(
      telnyxCallbacks.verify({ ...request, headers: { ...headers, 'telnyx-timestamp': String(now - 1) } }, settings),
    ).toBe(false);
    expect(telnyxCallbacks.verify({ ...request, headers: {} }, settings)).toBe(false);
    expect(
      telnyxCallbacks.verify({ ...request, headers: { 'telnyx-timestamp': headers['telnyx-timestamp'] } }, settings),
    ).toBe(false);
  });

  it('reads a delivered and a failed SMS into status reports', () => {
    expect(telnyxCallbacks.reports(callback('status', delivered))).toEqual([
      { kind: 'status', messageId: '40385f64-5717-4562-b3fc-2c963f66afa6', status: 'delivered', detail: 'delivered' },
    ]);
    const failed = messagingEvent('message.finalized', {
      id: '40385f64-5717-4562-b3fc-2c963f66afa6',
      to: [{ phone_number: '+17875550142', status: 'delivery_failed' }],
      errors: [{ code: '40008', title: 'Undeliverable' }],
    });
    expect(telnyxCallbacks.reports(callback('status', failed))).toEqual([
      {
        kind: 'status',
        messageId: '40385f64-5717-4562-b3fc-2c963f66afa6',
        status: 'failed',
        detail: 'error 40008 Undeliverable',
      },
    ]);
    const sent = messagingEvent('message.sent', { id: 'm-1', to: [{ phone_number: '+17875550142', status: 'sent' }] });
    expect(telnyxCallbacks.reports(callback('status', sent))).toEqual([
      { kind: 'status', messageId: 'm-1', status: 'sent', detail: 'sent' },
    ]);
    expect(telnyxCallbacks.answer(callback('status', delivered), null, settings)).toEqual({
      type: 'text/plain',
      body: '',
    });
  });

  it('reads an inbound SMS (message.received) and finds its account by the number it was sent to', () => {
    const inbound = callback(
      'sms',
      messagingEvent('message.received', {
        id: 'b0c7e8cb-6227-4c74-9f32-c7f80c30934b',
        direction: 'inbound',
        from: { phone_number: '+17875550142', carrier: 'T-Mobile USA', line_type: 'Wireless' },
        to: [{ phone_number: '+17875550100', status: 'webhook_delivered' }],
        text: 'ACK K7QW2M9P',
      }),
      { query: {} },
    );
    expect(telnyxCallbacks.accountOf(inbound)).toBeNull();
    expect(telnyxCallbacks.numberOf!(inbound)).toBe('+17875550100');
    expect(telnyxCallbacks.reports(inbound)).toEqual([
      {
        kind: 'sms',
        from: '+17875550142',
        to: '+17875550100',
        text: 'ACK K7QW2M9P',
        messageId: 'b0c7e8cb-6227-4c74-9f32-c7f80c30934b',
      },
    ]);
    expect(telnyxCallbacks.answer(inbound, null, settings)).toEqual({ type: 'text/plain', body: '' });
  });

  it('reads a key press of the Gather action and answers with a hang-up, or the message again', () => {
    const request = callback('voice', gather);
    expect(telnyxCallbacks.accountOf(request)).toBe('42');
    expect(telnyxCallbacks.reports(request)).toEqual([
      { kind: 'keys', messageId: 'v3:9X2vxPDFY2RHSJ1EdMS0RHRk', to: '+17875550142', digits: '1' },
    ]);
    expect(telnyxCallbacks.answer(request, { result: 'accepted', audioUrl: null }, settings)).toEqual({
      type: 'text/xml',
      body: '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    });
    const again = telnyxCallbacks.answer(
      request,
      { result: 'repeat', audioUrl: 'https://relevo.example/api/v1/audio/abc.mp3' },
      settings,
    );
    expect(again.type).toBe('text/xml');
    expect(again.body).toContain(
      '<Gather numDigits="1" action="https://relevo.example/api/v1/channels/telnyx/voice?account=42&amp;key=k-1" method="POST"',
    );
    expect(again.body).toContain('<Play>https://relevo.example/api/v1/audio/abc.mp3</Play>');
  });

  it('reads call statuses: a machine answering is no answer', () => {
    const status = (fields: Record<string, string>) =>
      telnyxCallbacks.reports(callback('status', new URLSearchParams({ CallSid: 'v3:c1', ...fields }).toString()));
    expect(status({ CallStatus: 'completed' })).toEqual([
      { kind: 'status', messageId: 'v3:c1', status: 'delivered', detail: 'completed' },
    ]);
    expect(status({ CallStatus: 'completed', AnsweredBy: 'machine_end_beep' })).toEqual([
      { kind: 'status', messageId: 'v3:c1', status: 'no-answer', detail: 'answered by machine_end_beep' },
    ]);
    expect(status({ CallStatus: 'completed', AnsweredBy: 'human' })[0]).toMatchObject({ status: 'delivered' });
    expect(status({ CallStatus: 'busy' })[0]).toMatchObject({ status: 'busy' });
    expect(status({ CallStatus: 'no-answer' })[0]).toMatchObject({ status: 'no-answer' });
    expect(status({ CallStatus: 'canceled' })[0]).toMatchObject({ status: 'failed' });
  });
});
