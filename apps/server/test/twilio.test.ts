import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderRefusal, type CallbackRequest, type PhoneMessage } from '../src/delivery/providers/provider';
import { twilioAdapter, twilioCallbacks } from '../src/delivery/providers/twilio';

/**
 * The Twilio adapter on the official client (docs/integrations.md#twilio), pointed at a local
 * stand-in for api.twilio.com: refusals and passing faults, the account check, the lookup a worker
 * makes after a crash, and the callbacks as Twilio signs them.
 */
const SID = `AC${'b2'.repeat(16)}`;
const TOKEN = 'the-auth-token';
const CALLBACKS = { base: 'https://relevo.example/api/v1/channels/twilio', account: '7' };

let server: Server;
let url = '';
let answers: { status: number; body: unknown }[] = [];
const seen: { method: string; path: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      seen.push({ method: request.method ?? '', path: request.url ?? '' });
      const next = answers.shift() ?? { status: 500, body: { code: 20500, message: 'no answer queued', status: 500 } };
      response.writeHead(next.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = [];
  seen.length = 0;
});

const adapter = () =>
  twilioAdapter({ account_sid: SID, auth_token: TOKEN, from: '+17875550100', api_url: url }, CALLBACKS);
const sms: PhoneMessage = {
  channel: 'sms',
  to: '+17875550142',
  body: 'Disk full',
  key: 'event:1:step:1:attempt:1',
  audioUrl: null,
};
const call: PhoneMessage = { ...sms, channel: 'voice', audioUrl: 'https://relevo.example/api/v1/audio/abc.wav' };
const signal = () => new AbortController().signal;
const page = (key: 'messages' | 'calls', rows: Record<string, unknown>[]) => ({
  [key]: rows,
  end: rows.length - 1,
  first_page_uri: '/x',
  next_page_uri: null,
  page: 0,
  page_size: 20,
  previous_page_uri: null,
  start: 0,
  uri: '/x',
});
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

describe('the Twilio adapter', () => {
  it('calls a 4xx a refusal (the next provider takes it) and a 5xx a passing fault (retried), with one request each', async () => {
    answers.push({ status: 400, body: { code: 21211, message: "The 'To' number is not valid", status: 400 } });
    const refused = await adapter()
      .send(sms, signal())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefusal);
    expect((refused as ProviderRefusal).status).toBe(400);
    answers.push({ status: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } });
    const passing = await adapter()
      .send(call, signal())
      .catch((error: unknown) => error);
    expect(passing).toBeInstanceOf(Error);
    expect(passing).not.toBeInstanceOf(ProviderRefusal);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /2010-04-01/Accounts/${SID}/Messages.json`,
      `POST /2010-04-01/Accounts/${SID}/Calls.json`,
    ]);
  });

  it('checks the account by reading it, and says plainly when Twilio refuses the credentials', async () => {
    answers.push({ status: 200, body: { sid: SID, status: 'active' } });
    await expect(adapter().check(signal())).resolves.toBeUndefined();
    answers.push({ status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } });
    await expect(adapter().check(signal())).rejects.toThrow(
      'Twilio refused the Account SID and auth token (401): check both in the Twilio Console',
    );
    expect(seen.map((r) => r.path)).toEqual([`/2010-04-01/Accounts/${SID}.json`, `/2010-04-01/Accounts/${SID}.json`]);
  });

  it('finds, after a crash, the message or call Twilio took since the hand-over, and nothing older or other', async () => {
    const since = new Date();
    answers.push({
      status: 200,
      body: page('messages', [
        { sid: 'SM2', body: 'Another text', to: sms.to, from: '+17875550100', date_created: rfc2822(since) },
        { sid: 'SM1', body: 'Disk full', to: sms.to, from: '+17875550100', date_created: rfc2822(since) },
      ]),
    });
    expect(await adapter().find!(sms, since, signal())).toEqual({ messageId: 'SM1' });
    expect(seen[0]!.path).toMatch(new RegExp(`^/2010-04-01/Accounts/${SID}/Messages\\.json\\?`));
    expect(new URLSearchParams(seen[0]!.path.split('?')[1]).get('To')).toBe(sms.to);
    // the same text two minutes before the hand-over is an earlier message
    answers.push({
      status: 200,
      body: page('messages', [
        {
          sid: 'SM0',
          body: 'Disk full',
          to: sms.to,
          from: '+17875550100',
          date_created: rfc2822(new Date(since.getTime() - 120_000)),
        },
      ]),
    });
    expect(await adapter().find!(sms, since, signal())).toBeNull();
    answers.push({
      status: 200,
      body: page('calls', [{ sid: 'CA1', to: call.to, from: '+17875550100', date_created: rfc2822(since) }]),
    });
    expect(await adapter().find!(call, since, signal())).toEqual({ messageId: 'CA1' });
    answers.push({
      status: 200,
      body: page('calls', [
        { sid: 'CA0', to: call.to, from: '+17875550100', date_created: rfc2822(new Date(since.getTime() - 90_000)) },
      ]),
    });
    expect(await adapter().find!(call, since, signal())).toBeNull();
  });
});

describe("Twilio's callbacks", () => {
  const request = (kind: string, params: Record<string, string>, token = TOKEN): CallbackRequest => {
    const address = `${CALLBACKS.base}/${kind}?account=7`;
    return {
      kind,
      url: address,
      query: { account: '7' },
      headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature(token, address, params) },
      rawBody: new URLSearchParams(params).toString(),
      body: params,
    };
  };
  const settings = { account_sid: SID, auth_token: TOKEN, from: '+17875550100' };

  it('holds a callback signed with the account auth token, and no other', () => {
    const report = { AccountSid: SID, MessageSid: 'SM1', MessageStatus: 'delivered' };
    expect(twilioCallbacks.verify(request('status', report), settings)).toBe(true);
    expect(twilioCallbacks.verify(request('status', report, 'another-token'), settings)).toBe(false);
    const changed = request('status', report);
    expect(twilioCallbacks.verify({ ...changed, body: { ...report, MessageStatus: 'failed' } }, settings)).toBe(false);
    expect(twilioCallbacks.verify({ ...changed, headers: {} }, settings)).toBe(false);
  });

  it("reads Twilio's statuses: a machine answering is no answer; busy and undelivered as they are", () => {
    const status = (params: Record<string, string>) => twilioCallbacks.reports(request('status', params))[0];
    expect(status({ CallSid: 'CA1', CallStatus: 'completed', AnsweredBy: 'human' })).toMatchObject({
      status: 'delivered',
    });
    expect(status({ CallSid: 'CA1', CallStatus: 'completed', AnsweredBy: 'machine_end_beep' })).toMatchObject({
      status: 'no-answer',
      detail: 'answered by machine_end_beep',
    });
    expect(status({ CallSid: 'CA1', CallStatus: 'busy' })).toMatchObject({ status: 'busy' });
    expect(status({ CallSid: 'CA1', CallStatus: 'no-answer' })).toMatchObject({ status: 'no-answer' });
    expect(status({ MessageSid: 'SM1', MessageStatus: 'undelivered', ErrorCode: '30003' })).toMatchObject({
      status: 'failed',
      detail: 'error 30003',
    });
    expect(twilioCallbacks.reports(request('voice', { CallSid: 'CA1', To: '+17875550142', Digits: '4' }))).toEqual([
      { kind: 'keys', messageId: 'CA1', to: '+17875550142', digits: '4' },
    ]);
  });

  it('answers a key other than 4 or 6 with the message again, and 4 or 6 by hanging up', () => {
    const keys = request('voice', { CallSid: 'CA1', To: '+17875550142', Digits: '9' });
    const again = twilioCallbacks.answer(
      keys,
      { result: 'repeat', audioUrl: 'https://relevo.example/a.wav' },
      settings,
    );
    expect(again.type).toBe('text/xml');
    expect(again.body).toContain('<Gather numDigits="1"');
    expect(again.body).toContain('<Play>https://relevo.example/a.wav</Play>');
    expect(twilioCallbacks.answer(keys, { result: 'accepted', audioUrl: null }, settings).body).toContain('<Hangup/>');
  });
});
