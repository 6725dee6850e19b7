import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderRefusal, type PhoneMessage } from '../src/delivery/providers/provider';
import { snsAdapter } from '../src/delivery/providers/sns';
import { StandIn, type Recorded } from './support/stand-in';

/** A stand-in for the SNS endpoint (the Query protocol: a form body, XML answers). */

const XMLNS = 'http://sns.amazonaws.com/doc/2010-03-31/';
const published = (id: string) =>
  `<PublishResponse xmlns="${XMLNS}"><PublishResult><MessageId>${id}</MessageId></PublishResult><ResponseMetadata><RequestId>d74b8436-ae13-5ab4-a9ff-ce54dfea72a0</RequestId></ResponseMetadata></PublishResponse>`;
const failure = (type: 'Sender' | 'Receiver', code: string, message: string) =>
  `<ErrorResponse xmlns="${XMLNS}"><Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>9b9c3a7e-0000-4000-8000-000000000000</RequestId></ErrorResponse>`;
const attributes = `<GetSMSAttributesResponse xmlns="${XMLNS}"><GetSMSAttributesResult><attributes><entry><key>DefaultSMSType</key><value>Transactional</value></entry></attributes></GetSMSAttributesResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></GetSMSAttributesResponse>`;

const ACCESS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/** The AWS Signature Version 4 of a request, computed here from the secret key (AWS Signature Version 4, as the SDK signs). */
function sigV4(request: Recorded, secret: string): { credential: string; signature: string; expected: string } {
  const authorization = String(request.headers.authorization);
  const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!match) throw new Error(`not a SigV4 Authorization header: ${authorization}`);
  const [, credential, signedHeaders, signature] = match as unknown as [string, string, string, string];
  const [, date, region, service] = credential.split('/') as [string, string, string, string];
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const [path, query = ''] = request.path.split('?');
  const canonical = [
    request.method,
    path,
    query,
    canonicalHeaders,
    signedHeaders,
    createHash('sha256').update(request.body).digest('hex'),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    String(request.headers['x-amz-date']),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return { credential, signature, expected: createHmac('sha256', key).update(toSign).digest('hex') };
}

describe('the Amazon SNS adapter publishes SMS through the official client (docs/integrations.md#amazon-sns)', () => {
  let reply: { status: number; body: string } = { status: 200, body: '' };
  const sns = new StandIn(() => ({ ...reply, type: 'text/xml' }));
  const requests = sns.requests;
  let apiUrl = '';

  beforeAll(async () => {
    apiUrl = await sns.start();
  });
  afterAll(() => sns.close());
  beforeEach(() => {
    requests.length = 0;
  });

  const adapter = (more: Record<string, string> = {}) =>
    snsAdapter(
      {
        access_key_id: ACCESS_KEY_ID,
        secret_access_key: SECRET_ACCESS_KEY,
        region: 'eu-west-1',
        api_url: apiUrl,
        ...more,
      },
      { base: 'https://relevo.example/api/v1/channels/sns', account: '42' },
    );
  const signal = new AbortController().signal;
  const message = (more: Partial<PhoneMessage> = {}): PhoneMessage => ({
    channel: 'sms',
    to: '+17875550142',
    body: 'Case K7QW2M9P: disk full',
    key: 'contact-key-1',
    audioUrl: null,
    ...more,
  });

  it('publishes an SMS as Action=Publish to the phone number, transactional, signed SigV4 with the access key', async () => {
    reply = { status: 200, body: published('567910cd-659e-55d4-8ccb-5aaf14679dc0') };
    const sent = await adapter().send(message(), signal);
    expect(sent).toEqual({ messageId: '567910cd-659e-55d4-8ccb-5aaf14679dc0' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/' });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(request!.body));
    expect(form).toEqual({
      Action: 'Publish',
      Version: '2010-03-31',
      PhoneNumber: '+17875550142',
      Message: 'Case K7QW2M9P: disk full',
      'MessageAttributes.entry.1.Name': 'AWS.SNS.SMS.SMSType',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'Transactional',
    });
    const { credential, signature, expected } = sigV4(request!, SECRET_ACCESS_KEY);
    expect(credential).toMatch(new RegExp(`^${ACCESS_KEY_ID}/\\d{8}/eu-west-1/sns/aws4_request$`));
    expect(signature).toBe(expected);
    expect(sigV4(request!, 'another-secret-access-key').expected).not.toBe(signature);
  });

  it('adds the sender ID when one is set', async () => {
    reply = { status: 200, body: published('m-2') };
    await adapter({ sender_id: 'RELEVO' }).send(message(), signal);
    const form = new URLSearchParams(requests[0]!.body);
    const names = [...form.entries()].filter(([name]) => /^MessageAttributes\.entry\.\d+\.Name$/.test(name));
    const senderEntry = names.find(([, value]) => value === 'AWS.SNS.SMS.SenderID')?.[0].replace('.Name', '');
    expect(senderEntry).toBeDefined();
    expect(form.get(`${senderEntry}.Value.DataType`)).toBe('String');
    expect(form.get(`${senderEntry}.Value.StringValue`)).toBe('RELEVO');
  });

  it('refuses a call without asking SNS', async () => {
    const refused = await adapter()
      .send(message({ channel: 'voice', audioUrl: 'https://relevo.example/a.mp3' }), signal)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefusal);
    expect((refused as Error).message).toBe('Amazon SNS sends SMS only');
    expect(requests).toHaveLength(0);
  });

  it('takes a client fault (4xx) as a refusal, a server fault (5xx) as a passing one', async () => {
    reply = {
      status: 400,
      body: failure('Sender', 'InvalidParameter', 'Invalid parameter: PhoneNumber Reason: +1787 is not valid'),
    };
    const refused = await adapter()
      .send(message(), signal)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefusal);
    expect((refused as ProviderRefusal).status).toBe(400);
    expect((refused as Error).message).toContain('InvalidParameter');

    reply = { status: 500, body: failure('Receiver', 'InternalError', 'Internal failure') };
    const passing = await adapter()
      .send(message(), signal)
      .catch((error: unknown) => error);
    expect(passing).toBeInstanceOf(Error);
    expect(passing).not.toBeInstanceOf(ProviderRefusal);
    // one attempt only: the chain's next provider takes it
    expect(requests).toHaveLength(2);
  });

  it('checks the account with Action=GetSMSAttributes; a refused key says so', async () => {
    reply = { status: 200, body: attributes };
    await expect(adapter().check(signal)).resolves.toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(requests[0]!.body))).toEqual({
      Action: 'GetSMSAttributes',
      Version: '2010-03-31',
    });
    const { signature, expected } = sigV4(requests[0]!, SECRET_ACCESS_KEY);
    expect(signature).toBe(expected);

    reply = {
      status: 403,
      body: failure('Sender', 'InvalidClientTokenId', 'The security token included in the request is invalid.'),
    };
    await expect(adapter().check(signal)).rejects.toThrow(
      /^Amazon SNS refused the access key \(403\): check the access key ID/,
    );
    reply = {
      status: 403,
      body: failure('Sender', 'SignatureDoesNotMatch', 'The request signature we calculated does not match'),
    };
    await expect(adapter().check(signal)).rejects.toThrow(
      /^Amazon SNS refused the access key \(403\): check the access key ID/,
    );
    // a key without the permission
    reply = {
      status: 403,
      body: failure('Sender', 'AuthorizationError', 'User is not authorized to perform: SNS:GetSMSAttributes'),
    };
    await expect(adapter().check(signal)).rejects.toThrow(
      /^Amazon SNS refused the access key \(403\): .*sns:GetSMSAttributes/,
    );
    reply = { status: 503, body: failure('Receiver', 'ServiceUnavailable', 'Service is unavailable') };
    await expect(adapter().check(signal)).rejects.toThrow(/^Amazon SNS could not be reached: /);
  });
});
