import { createHash, createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderRefusal, type CallbackRequest, type PhoneMessage } from '../src/delivery/providers/provider';
import { vonageAdapter, vonageCallbacks } from '../src/delivery/providers/vonage';
import { StandIn, type Reply } from './support/stand-in';

/** A stand-in for Vonage's REST and API hosts: it records each request and answers what the test set. */

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const APPLICATION_ID = 'aaaaaaaa-bbbb-4ccc-8ddd-0123456789ab';
const SIGNATURE_SECRET = 'a-signature-secret-of-the-account';
const CALLBACKS = { base: 'https://relevo.example/api/v1/channels/vonage', account: '42' };

describe('the Vonage adapter sends through the official client (docs/integrations.md#vonage)', () => {
  const replies = new Map<string, Reply>();
  const vonage = new StandIn(
    (request) =>
      replies.get(`${request.method} ${request.path.split('?')[0]}`) ?? { status: 404, body: { title: 'Not found' } },
  );
  const requests = vonage.requests;
  let apiUrl = '';

  beforeAll(async () => {
    apiUrl = await vonage.start();
  });
  afterAll(() => vonage.close());
  beforeEach(() => {
    requests.length = 0;
    replies.clear();
  });

  const settings = () => ({
    api_key: 'abcd1234',
    api_secret: 'the-api-secret',
    application_id: APPLICATION_ID,
    private_key: keys.privateKey,
    signature_secret: SIGNATURE_SECRET,
    from: '+17875550100',
    api_url: apiUrl,
  });
  const adapter = () => vonageAdapter(settings(), CALLBACKS);
  const signal = new AbortController().signal;
  const message = (more: Partial<PhoneMessage> = {}): PhoneMessage => ({
    channel: 'sms',
    to: '+17875550142',
    body: 'Case K7QW2M9P: disk full',
    key: 'contact-key-1',
    audioUrl: null,
    ...more,
  });
  const accepted = (status = '0', more: Record<string, string> = {}) => ({
    status: 200,
    body: {
      'message-count': '1',
      messages: [{ to: '17875550142', 'message-id': '0A0000001234ABCD', status, 'remaining-balance': '3.14', ...more }],
    },
  });

  it('sends an SMS as POST /sms/json with the key and secret, the bare numbers and the status callback', async () => {
    replies.set('POST /sms/json', accepted());
    const sent = await adapter().send(message(), signal);
    expect(sent).toEqual({ messageId: '0A0000001234ABCD' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/sms/json' });
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('abcd1234:the-api-secret').toString('base64')}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      to: '17875550142',
      from: '17875550100',
      text: 'Case K7QW2M9P: disk full',
      callback: 'https://relevo.example/api/v1/channels/vonage/status?account=42',
    });
  });

  it('takes a message status other than "0" as a refusal with its error text, a throttle as a passing fault', async () => {
    replies.set('POST /sms/json', accepted('6', { 'error-text': 'Unroutable message - rejected' }));
    const refused = await adapter()
      .send(message(), signal)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefusal);
    expect((refused as Error).message).toContain('Unroutable message - rejected');

    replies.set('POST /sms/json', accepted('1', { 'error-text': 'Throughput Rate Exceeded' }));
    const throttled = await adapter()
      .send(message(), signal)
      .catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(Error);
    expect(throttled).not.toBeInstanceOf(ProviderRefusal);
  });

  it('places a call as POST /v1/calls with the application’s JWT and the NCCO inline: the audio, then one key', async () => {
    replies.set('POST /v1/calls', {
      status: 201,
      body: {
        uuid: '63f61863-4a51-4f6b-86e1-46edebcf9356',
        status: 'started',
        direction: 'outbound',
        conversation_uuid: 'CON-f972836a-550f-45fa-956c-12a2ab5b7d22',
      },
    });
    const audioUrl = 'https://relevo.example/api/v1/audio/abc.mp3';
    const sent = await adapter().send(message({ channel: 'voice', audioUrl }), signal);
    expect(sent).toEqual({ messageId: '63f61863-4a51-4f6b-86e1-46edebcf9356' });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/calls' });

    const token = String(request!.headers.authorization).replace(/^Bearer /, '');
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
    const { payload } = await jwtVerify(token, createPublicKey(keys.publicKey));
    expect(payload.application_id).toBe(APPLICATION_ID);
    // another key pair's public key does not verify it
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(jwtVerify(token, other.publicKey)).rejects.toThrow();

    expect(JSON.parse(request!.body)).toEqual({
      to: [{ type: 'phone', number: '17875550142' }],
      from: { type: 'phone', number: '17875550100' },
      ncco: [
        { action: 'stream', streamUrl: [audioUrl], bargeIn: true },
        {
          action: 'input',
          type: ['dtmf'],
          dtmf: { maxDigits: 1, timeOut: 8 },
          eventUrl: ['https://relevo.example/api/v1/channels/vonage/voice?account=42&key=contact-key-1'],
        },
      ],
      event_url: ['https://relevo.example/api/v1/channels/vonage/status?account=42'],
      event_method: 'POST',
      machine_detection: 'hangup',
    });
  });

  it('speaks the text when the call has no audio', async () => {
    replies.set('POST /v1/calls', { status: 201, body: { uuid: 'u-2', status: 'started' } });
    await adapter().send(message({ channel: 'voice' }), signal);
    const ncco = (JSON.parse(requests[0]!.body) as { ncco: Record<string, unknown>[] }).ncco;
    expect(ncco[0]).toEqual({ action: 'talk', text: 'Case K7QW2M9P: disk full', bargeIn: true });
    expect(ncco[1]).toMatchObject({ action: 'input', type: ['dtmf'] });
  });

  it('takes a 4xx as a refusal, a 5xx as a passing fault', async () => {
    replies.set('POST /v1/calls', { status: 400, body: { title: 'Bad Request', detail: 'Invalid to number' } });
    const refused = await adapter()
      .send(message({ channel: 'voice' }), signal)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefusal);
    expect((refused as ProviderRefusal).status).toBe(400);
    expect((refused as Error).message).toContain('Invalid to number');

    replies.set('POST /v1/calls', { status: 503, body: { title: 'Service Unavailable' } });
    const passing = await adapter()
      .send(message({ channel: 'voice' }), signal)
      .catch((error: unknown) => error);
    expect(passing).toBeInstanceOf(Error);
    expect(passing).not.toBeInstanceOf(ProviderRefusal);
    expect((passing as Error).message).toContain('503');
  });

  it('checks the account with GET /account/get-balance; a 401 says the key and secret are refused', async () => {
    replies.set('GET /account/get-balance', { status: 200, body: { value: 10.28, autoReload: false } });
    await expect(adapter().check(signal)).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/account/get-balance' });
    expect(requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('abcd1234:the-api-secret').toString('base64')}`,
    );

    replies.set('GET /account/get-balance', {
      status: 401,
      body: { 'error-code': '401', 'error-code-label': 'authentication failed' },
    });
    await expect(adapter().check(signal)).rejects.toThrow(/^Vonage refused the API key and secret \(401\): /);
  });
});

/* ---------------------------------------------------------------------------------------------- */

/** A voice webhook as Vonage signs it: a JWT HS256 with the signature secret, `payload_hash` the SHA-256 of the body. */
async function signedVoice(
  kind: string,
  payload: Record<string, unknown>,
  secret = SIGNATURE_SECRET,
  query: Record<string, string> = { account: '42' },
) {
  const rawBody = JSON.stringify(payload);
  const token = await new SignJWT({
    api_key: 'abcd1234',
    application_id: APPLICATION_ID,
    payload_hash: createHash('sha256').update(rawBody).digest('hex'),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setJti('f1d4b3a2-0000-4000-8000-000000000000')
    .setIssuer('Vonage')
    .sign(new TextEncoder().encode(secret));
  const search = new URLSearchParams(query).toString();
  return {
    kind,
    url: `https://relevo.example/api/v1/channels/vonage/${kind}?${search}`,
    query,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    rawBody,
    body: JSON.parse(rawBody) as unknown,
  } satisfies CallbackRequest;
}

/** An SMS webhook as Vonage signs it: `sig` over the sorted parameters (`&name=value`, & and = made _). */
function smsSig(params: Record<string, string>, secret: string, method: 'md5hash' | 'sha256'): string {
  const signed = Object.keys(params)
    .sort()
    .map((name) => `&${name}=${params[name]!.replace(/[&=]/g, '_')}`)
    .join('');
  return method === 'md5hash'
    ? createHash('md5')
        .update(signed + secret)
        .digest('hex')
    : createHmac('sha256', secret).update(signed).digest('hex').toUpperCase();
}
function signedSms(
  kind: string,
  fields: Record<string, string>,
  method: 'md5hash' | 'sha256' = 'md5hash',
  secret = SIGNATURE_SECRET,
) {
  const params = { ...fields, timestamp: String(Math.floor(Date.now() / 1000)) };
  const body = { ...params, sig: smsSig(params, secret, method) };
  return {
    kind,
    url: `https://relevo.example/api/v1/channels/vonage/${kind}?account=42`,
    query: { account: '42' },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    rawBody: new URLSearchParams(body).toString(),
    body,
  } satisfies CallbackRequest;
}

const account = {
  api_key: 'abcd1234',
  api_secret: 'the-api-secret',
  application_id: APPLICATION_ID,
  private_key: keys.privateKey,
  signature_secret: SIGNATURE_SECRET,
  from: '+17875550100',
};
const callEvent = (status: string, more: Record<string, unknown> = {}) => ({
  uuid: '63f61863-4a51-4f6b-86e1-46edebcf9356',
  conversation_uuid: 'CON-f972836a-550f-45fa-956c-12a2ab5b7d22',
  status,
  direction: 'outbound',
  from: '17875550100',
  to: '17875550142',
  timestamp: '2026-11-24T12:00:05.000Z',
  ...more,
});
const receipt = (status: string, errCode = '0') => ({
  msisdn: '17875550142',
  to: '17875550100',
  'network-code': '310260',
  messageId: '0A0000001234ABCD',
  price: '0.00570000',
  status,
  scts: '2611241200',
  'err-code': errCode,
  'api-key': 'abcd1234',
  'message-timestamp': '2026-11-24 12:00:05',
});
const inbound = {
  msisdn: '17875550142',
  to: '17875550100',
  messageId: '0B00000012345678',
  text: 'ACK K7QW2M9P',
  type: 'text',
  keyword: 'ACK',
  'api-key': 'abcd1234',
  'message-timestamp': '2026-11-24 12:00:05',
};

describe('Vonage’s callbacks are read only when signed with the account’s signature secret', () => {
  it('verifies a voice event’s JWT and its payload hash; a tampered body, another secret or no token fail', async () => {
    const request = await signedVoice('status', callEvent('completed'));
    expect(vonageCallbacks.verify(request, account)).toBe(true);
    expect(vonageCallbacks.verify({ ...request, rawBody: request.rawBody.replace('completed', 'busy') }, account)).toBe(
      false,
    );
    expect(vonageCallbacks.verify(request, { ...account, signature_secret: 'another-signature-secret' })).toBe(false);
    expect(
      vonageCallbacks.verify(await signedVoice('status', callEvent('completed'), 'another-signature-secret'), account),
    ).toBe(false);
    expect(vonageCallbacks.verify({ ...request, headers: {} }, account)).toBe(false);
    expect(vonageCallbacks.verify(request, { ...account, signature_secret: '' })).toBe(false);
    // an unsigned token ("alg": "none") with the right payload hash
    const [, claims] = String(request.headers.authorization).replace('Bearer ', '').split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${claims}.`;
    expect(vonageCallbacks.verify({ ...request, headers: { authorization: `Bearer ${none}` } }, account)).toBe(false);
  });

  it('verifies an SMS webhook’s sig (MD5 hash and SHA-256 HMAC); a tampered field or another secret fail', () => {
    for (const method of ['md5hash', 'sha256'] as const) {
      const request = signedSms('sms', inbound, method);
      expect(vonageCallbacks.verify(request, account)).toBe(true);
      const tampered = { ...request.body, text: 'RESOLVE K7QW2M9P' };
      expect(vonageCallbacks.verify({ ...request, body: tampered }, account)).toBe(false);
      expect(vonageCallbacks.verify(signedSms('sms', inbound, method, 'another-signature-secret'), account)).toBe(
        false,
      );
    }
    const receiptRequest = signedSms('status', receipt('delivered'));
    expect(vonageCallbacks.verify(receiptRequest, account)).toBe(true);
    const { sig: _sig, ...unsigned } = receiptRequest.body;
    expect(vonageCallbacks.verify({ ...receiptRequest, body: unsigned }, account)).toBe(false);
  });

  it('names the account from the query, and the number an SMS was sent to', async () => {
    expect(vonageCallbacks.accountOf(signedSms('sms', inbound))).toBe('42');
    expect(vonageCallbacks.accountOf({ ...signedSms('sms', inbound), query: {} })).toBeNull();
    expect(vonageCallbacks.numberOf!(signedSms('sms', inbound))).toBe('+17875550100');
  });
});

describe('Vonage’s callbacks read into reports', () => {
  const report = async (status: string, more: Record<string, unknown> = {}) =>
    vonageCallbacks.reports(await signedVoice('status', callEvent(status, more)));

  it('reads a call’s events: completed, busy, unanswered, timeout, a machine, rejected', async () => {
    const messageId = '63f61863-4a51-4f6b-86e1-46edebcf9356';
    expect(await report('completed', { duration: '20' })).toEqual([
      { kind: 'status', messageId, status: 'delivered', detail: 'completed' },
    ]);
    expect(await report('busy')).toEqual([{ kind: 'status', messageId, status: 'busy', detail: 'busy' }]);
    expect(await report('unanswered')).toEqual([
      { kind: 'status', messageId, status: 'no-answer', detail: 'unanswered' },
    ]);
    expect(await report('timeout')).toEqual([{ kind: 'status', messageId, status: 'no-answer', detail: 'timeout' }]);
    expect(await report('machine')).toEqual([
      { kind: 'status', messageId, status: 'no-answer', detail: 'answered by a machine' },
    ]);
    expect(await report('rejected')).toMatchObject([{ status: 'failed' }]);
    expect(await report('cancelled')).toMatchObject([{ status: 'failed' }]);
    expect(await report('ringing')).toMatchObject([{ status: 'sent' }]);
  });

  it('reads an SMS delivery receipt: delivered, and a failure with its error code', () => {
    expect(vonageCallbacks.reports(signedSms('status', receipt('delivered')))).toEqual([
      { kind: 'status', messageId: '0A0000001234ABCD', status: 'delivered', detail: 'delivered' },
    ]);
    expect(vonageCallbacks.reports(signedSms('status', receipt('failed', '6')))).toEqual([
      { kind: 'status', messageId: '0A0000001234ABCD', status: 'failed', detail: 'error 6' },
    ]);
    expect(vonageCallbacks.reports(signedSms('status', receipt('expired')))).toMatchObject([{ status: 'failed' }]);
  });

  it('reads a key pressed during a call: the call’s uuid, the number called in +E.164, the digit', async () => {
    const request = await signedVoice(
      'voice',
      {
        speech: { results: [] },
        dtmf: { digits: '1', timed_out: false },
        from: '17875550100',
        to: '17875550142',
        uuid: '63f61863-4a51-4f6b-86e1-46edebcf9356',
        conversation_uuid: 'CON-f972836a-550f-45fa-956c-12a2ab5b7d22',
        timestamp: '2026-11-24T12:00:09.000Z',
      },
      SIGNATURE_SECRET,
      { account: '42', key: 'contact-key-1' },
    );
    expect(vonageCallbacks.verify(request, account)).toBe(true);
    expect(vonageCallbacks.reports(request)).toEqual([
      { kind: 'keys', messageId: '63f61863-4a51-4f6b-86e1-46edebcf9356', to: '+17875550142', digits: '1' },
    ]);
  });

  it('reads an inbound SMS: from and to in +E.164, the text, the message id', () => {
    expect(vonageCallbacks.reports(signedSms('sms', inbound))).toEqual([
      { kind: 'sms', from: '+17875550142', to: '+17875550100', text: 'ACK K7QW2M9P', messageId: '0B00000012345678' },
    ]);
  });

  it('answers a key with an NCCO: an empty one ends the call, a repeat plays the audio and awaits a key again', async () => {
    const request = await signedVoice(
      'voice',
      { dtmf: { digits: '9' }, uuid: 'u', to: '17875550142' },
      SIGNATURE_SECRET,
      {
        account: '42',
        key: 'contact-key-1',
      },
    );
    const done = vonageCallbacks.answer(request, { result: 'accepted', audioUrl: null }, account);
    expect(done).toEqual({ type: 'application/json', body: '[]' });
    for (const result of ['resolved', 'unchanged', 'ignored'] as const) {
      expect(vonageCallbacks.answer(request, { result, audioUrl: 'https://relevo.example/a.mp3' }, account).body).toBe(
        '[]',
      );
    }
    expect(vonageCallbacks.answer(request, null, account).body).toBe('[]');
    const again = vonageCallbacks.answer(
      request,
      { result: 'repeat', audioUrl: 'https://relevo.example/a.mp3' },
      account,
    );
    expect(again.type).toBe('application/json');
    expect(JSON.parse(again.body)).toEqual([
      { action: 'stream', streamUrl: ['https://relevo.example/a.mp3'], bargeIn: true },
      {
        action: 'input',
        type: ['dtmf'],
        dtmf: { maxDigits: 1, timeOut: 8 },
        eventUrl: ['https://relevo.example/api/v1/channels/vonage/voice?account=42&key=contact-key-1'],
      },
    ]);
    expect(vonageCallbacks.answer(signedSms('sms', inbound), null, account)).toEqual({ type: 'text/plain', body: '' });
  });
});
