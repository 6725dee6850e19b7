import { PROVIDER_MESSAGES, TEST_SEND_MESSAGES } from '@relevo/domain';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineWorker } from '../src/engine/worker';
import { chainSender } from '../src/delivery/chain-sender';
import { createSenders } from '../src/delivery/channels';
import { claimMessages, enqueue, sendJournal } from '../src/delivery/queries';
import { outboxDispatcher } from '../src/server';
import { webhookSignature } from '../src/delivery/channels';
import { insertRunnableModule, insertTextingModule, type RunnableModule } from './support/catalogue';
import { logLines } from './support/log-lines';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';
import { reportIncident, withCredentialKey } from './support/keyed-module';

/**
 * Delivery providers end to end (docs/product.md#delivery-providers): an incident's call goes out
 * through the official Twilio client to a local server that checks Twilio's documented request, the
 * key press comes back as Twilio sends it (form fields signed with X-Twilio-Signature), a refusing
 * or unreachable first provider falls over to the next, and no saved secret shows in an answer or
 * a log line.
 */
const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'twilio-auth-token-of-the-deployment';
const CARLOS = '+17875550142';
const INBOUND_SECRET = 'inbound-secret-of-at-least-16';

interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** Stands in for api.twilio.com: records each request; `refuse` answers the next sends 400 as Twilio does. */
class FakeTwilio {
  readonly requests: TwilioRequest[] = [];
  /** what Twilio took, as its list of messages answers it */
  readonly taken: { sid: string; to: string; from: string; body: string; created: Date }[] = [];
  refuse = 0;
  #server: Server;
  #n = 0;
  url = '';
  constructor() {
    this.#server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(text));
        const path = request.url ?? '';
        this.requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, form });
        response.setHeader('content-type', 'application/json');
        const basic = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
        if (request.headers.authorization !== basic) {
          response.statusCode = 401;
          response.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
          return;
        }
        const listed = /^\/2010-04-01\/Accounts\/AC[0-9a-f]+\/Messages\.json\?(.*)$/.exec(path);
        if (request.method === 'GET' && listed) {
          // Twilio's page of messages, newest first
          const query = new URLSearchParams(listed[1]);
          const messages = this.taken
            .filter((m) => m.to === query.get('To') && m.from === query.get('From'))
            .reverse()
            .map((m) => ({
              sid: m.sid,
              account_sid: SID,
              to: m.to,
              from: m.from,
              body: m.body,
              status: 'sent',
              date_created: m.created.toUTCString().replace('GMT', '+0000'),
            }));
          const uri = `/2010-04-01/Accounts/${SID}/Messages.json?${listed[1]}`;
          response.end(
            JSON.stringify({
              messages,
              end: messages.length - 1,
              first_page_uri: uri,
              next_page_uri: null,
              page: 0,
              page_size: 20,
              previous_page_uri: null,
              start: 0,
              uri,
            }),
          );
          return;
        }
        if (path.endsWith('/Messages.json') || path.endsWith('/Calls.json')) {
          if (this.refuse > 0) {
            this.refuse--;
            response.statusCode = 400;
            response.end(
              JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }),
            );
            return;
          }
          const sid = `${path.endsWith('/Calls.json') ? 'CA' : 'SM'}${String(++this.#n).padStart(32, '0')}`;
          if (sid.startsWith('SM'))
            this.taken.push({ sid, to: form.To!, from: form.From!, body: form.Body ?? '', created: new Date() });
          response.statusCode = 201;
          response.end(JSON.stringify({ sid, account_sid: SID, to: form.To, from: form.From, status: 'queued' }));
          return;
        }
        if (path === `/2010-04-01/Accounts/${SID}.json`) {
          response.end(JSON.stringify({ sid: SID, friendly_name: 'Relevo', status: 'active' }));
          return;
        }
        response.statusCode = 404;
        response.end('{}');
      });
    });
  }
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }
  close() {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
  sends = (kind: 'Calls' | 'Messages') => this.requests.filter((r) => r.path.endsWith(`/${kind}.json`));
}

describe.each(DATABASE_KINDS)('delivery providers on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let fake: FakeTwilio;
  let voiceModule: RunnableModule & { key: string };
  let smsModule: RunnableModule & { key: string };
  let acme: number;
  let rootToken: string;
  const { sink, lines } = logLines();

  /** Twilio's callback to `url` with `params`, signed with `token` as Twilio signs it. */
  const fromTwilio = (url: string, params: Record<string, string>, token = TOKEN) => {
    const target = new URL(url);
    return t.raw<string>('POST', `${target.pathname}${target.search}`, {
      rawBody: new URLSearchParams(params).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(token, url, params),
      },
    });
  };
  /** An incident reported to `module`, its first contacts made and sent. */
  const report = async (module: RunnableModule & { key: string }, subject: string) => {
    const opened = await reportIncident(t, module, subject);
    await engine.drain();
    await t.settleOutbox();
    return opened;
  };
  const eventOf = (eventId: number) =>
    asSystem(t, async (tx) => ({
      event: await tx
        .selectFrom('events')
        .select(['event_status', 'accepted_by'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
      first: await tx
        .selectFrom('event_logs')
        .select([
          'channel',
          'provider',
          'provider_message_id',
          'delivery_status',
          'delivery_detail',
          'followup_status',
          'idempotency_key',
        ])
        .where('event_id', '=', eventId)
        .where('channel', 'in', ['sms', 'voice'])
        .orderBy('event_log_id')
        .executeTakeFirstOrThrow(),
    }));

  beforeAll(async () => {
    fake = new FakeTwilio();
    const apiUrl = await fake.start();
    t = await startTestApp({
      kind,
      logSink: sink,
      config: {
        logLevel: 'debug',
        inboundWebhookSecret: INBOUND_SECRET,
        deliveryChain: ['twilio', 'webhook'],
        providerSettings: { twilio: { account_sid: SID, auth_token: TOKEN, from: '+17875550100', api_url: apiUrl } },
      },
    });
    const customerId = await t.createCustomer('Acme', 1000);
    acme = customerId;
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const root = await t.signIn(rootUser.email, rootUser.password);
    rootToken = root.token;
    voiceModule = await withCredentialKey(root.client, await asSystem(t, (tx) => insertRunnableModule(tx, customerId)));
    const sms = await asSystem(t, (tx) => insertTextingModule(tx, customerId));
    smsModule = await withCredentialKey(root.client, sms);
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'providers-test',
      scale: 1,
      // each case calls the same person: no throttling window between them
      contactWindowMs: 0,
    });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    await fake?.close();
  });

  it('calls through Twilio with the documented request, and the key 4 pressed as Twilio sends it accepts the event once', async () => {
    const before = fake.sends('Calls').length;
    const made = await report(voiceModule, 'Database down on db1');
    const calls = fake.sends('Calls').slice(before);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.path).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(call.form).toMatchObject({
      To: CARLOS,
      From: '+17875550100',
      MachineDetection: 'Enable',
      StatusCallback: 'http://127.0.0.1:3000/api/v1/channels/twilio/status?account=default',
      StatusCallbackEvent: 'completed',
    });
    // one key awaited around Relevo's own spoken audio, at the voice callback naming the contact
    const action = /<Gather numDigits="1" action="([^"]+)" method="POST"/.exec(call.form.Twiml ?? '')?.[1];
    expect(action).toBeDefined();
    expect(call.form.Twiml).toMatch(/<Play>http:\/\/127\.0\.0\.1:3000\/api\/v1\/audio\/[A-Za-z0-9_-]+\.wav<\/Play>/);
    const keysUrl = action!.replace(/&amp;/g, '&');
    expect(keysUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/api\/v1\/channels\/twilio\/voice\?account=default&key=event%3A/,
    );

    let logged = await eventOf(made.event_id);
    expect(logged.first).toMatchObject({
      channel: 'voice',
      provider: 'twilio',
      provider_message_id: expect.stringMatching(/^CA/),
      delivery_status: 'sent',
    });
    const press = {
      AccountSid: SID,
      CallSid: logged.first.provider_message_id!,
      To: CARLOS,
      From: '+17875550100',
      Digits: '4',
    };

    // another key repeats the message; a wrong signature is refused and changes nothing
    const other = await fromTwilio(keysUrl, { ...press, Digits: '9' });
    expect(other.status).toBe(200);
    expect(other.text).toContain('<Gather numDigits="1"');
    const forged = await fromTwilio(keysUrl, press, 'not-the-auth-token');
    expect(forged.status).toBe(403);
    expect((await eventOf(made.event_id)).event.event_status).toBe('open');

    const accepted = await fromTwilio(keysUrl, press);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(accepted.text).toContain('<Hangup/>');
    logged = await eventOf(made.event_id);
    expect(logged.event).toMatchObject({ event_status: 'progress' });
    // the same callback again acts once
    const events = await asSystem(t, (tx) =>
      tx.selectFrom('event_logs').select('event_log_id').where('event_id', '=', made.event_id).execute(),
    );
    expect((await fromTwilio(keysUrl, press)).status).toBe(200);
    const after = await asSystem(t, (tx) =>
      tx.selectFrom('event_logs').select('event_log_id').where('event_id', '=', made.event_id).execute(),
    );
    expect(after).toEqual(events);

    // the call's end, reported by Twilio's status callback, is recorded
    const status = await fromTwilio('http://127.0.0.1:3000/api/v1/channels/twilio/status?account=default', {
      AccountSid: SID,
      CallSid: press.CallSid,
      CallStatus: 'completed',
      To: CARLOS,
    });
    expect(status.status).toBe(200);
    expect((await eventOf(made.event_id)).first.delivery_status).toBe('delivered');
  });

  it('texts through Twilio, records its delivery report once, and takes a reply of 4 sent to the Twilio number', async () => {
    const before = fake.sends('Messages').length;
    const made = await report(smsModule, 'Certificate expiring on web1');
    const texts = fake.sends('Messages').slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(texts[0]!.form).toMatchObject({
      To: CARLOS,
      From: '+17875550100',
      StatusCallback: 'http://127.0.0.1:3000/api/v1/channels/twilio/status?account=default',
    });
    expect(texts[0]!.form.Body).toContain('Certificate expiring on web1');
    const { first } = await eventOf(made.event_id);
    expect(first).toMatchObject({
      channel: 'sms',
      provider: 'twilio',
      provider_message_id: expect.stringMatching(/^SM/),
    });

    const statusUrl = 'http://127.0.0.1:3000/api/v1/channels/twilio/status?account=default';
    const delivered = {
      AccountSid: SID,
      MessageSid: first.provider_message_id!,
      MessageStatus: 'delivered',
      To: CARLOS,
    };
    expect((await fromTwilio(statusUrl, delivered, 'a-wrong-token')).status).toBe(403);
    expect((await eventOf(made.event_id)).first.delivery_status).toBe('sent');
    expect((await fromTwilio(statusUrl, delivered)).status).toBe(200);
    expect((await fromTwilio(statusUrl, delivered)).status).toBe(200);
    expect((await eventOf(made.event_id)).first).toMatchObject({ delivery_status: 'delivered' });
    const recorded = await asSystem(t, (tx) =>
      tx.selectFrom('inbound_messages').select('id').where('kind', '=', 'status').execute(),
    );

    // the reply comes to the number's "A message comes in" URL, which names no account
    const smsUrl = 'http://127.0.0.1:3000/api/v1/channels/twilio/sms';
    const reply = {
      AccountSid: SID,
      MessageSid: `SM${'9'.repeat(32)}`,
      From: CARLOS,
      To: '+17875550100',
      Body: `4 ${made.case_id}`,
    };
    expect((await fromTwilio(smsUrl, reply, 'a-wrong-token')).status).toBe(403);
    expect((await eventOf(made.event_id)).event.event_status).toBe('open');
    const sentBefore = fake.sends('Messages').length;
    const answered = await fromTwilio(smsUrl, reply);
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('<Response/>');
    expect((await eventOf(made.event_id)).event.event_status).toBe('progress');
    // the same message again (Twilio retries) acts once: one answer SMS, through Twilio
    expect((await fromTwilio(smsUrl, reply)).status).toBe(200);
    await t.settleOutbox();
    const answers = fake.sends('Messages').slice(sentBefore);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.form.To).toBe(CARLOS);
    expect(
      await asSystem(t, (tx) => tx.selectFrom('inbound_messages').select('id').where('kind', '=', 'status').execute()),
    ).toHaveLength(recorded.length);
  });

  it('hands an SMS that Twilio refuses to the next provider, and the log names both', async () => {
    fake.refuse = 1;
    const before = t.sms.messages.length;
    const made = await report(smsModule, 'Queue backlog on mq1');
    const relayed = t.sms.messages.slice(before).filter((m) => m.to === CARLOS && m.kind === 'sms');
    expect(relayed).toHaveLength(1);
    const { first } = await eventOf(made.event_id);
    expect(first).toMatchObject({ channel: 'sms', provider: 'webhook', delivery_status: 'sent' });
    expect(first.delivery_detail).toMatch(/^Twilio: Twilio answered 400: .*; then Generic webhook$/);
  });

  it('sends a call Twilio reports busy through the next provider once, and then moves on', async () => {
    const made = await report(voiceModule, 'Latency high on api1');
    const { first } = await eventOf(made.event_id);
    expect(first).toMatchObject({ provider: 'twilio', delivery_status: 'sent' });
    const before = t.sms.messages.length;
    const busy = { AccountSid: SID, CallSid: first.provider_message_id!, CallStatus: 'busy', To: CARLOS };
    const statusUrl = 'http://127.0.0.1:3000/api/v1/channels/twilio/status?account=default';
    expect((await fromTwilio(statusUrl, busy)).status).toBe(200);
    await t.settleOutbox();
    const relayed = t.sms.messages.slice(before).filter((m) => m.to === CARLOS && m.kind === 'voice');
    expect(relayed).toHaveLength(1);
    const moved = await eventOf(made.event_id);
    expect(moved.first).toMatchObject({ provider: 'webhook', delivery_status: 'sent', followup_status: 'open' });
    expect(moved.first.delivery_detail).toBe('Twilio: busy; then Generic webhook');
    // the same report again does nothing more, and the first call's later reports name no message in play
    expect((await fromTwilio(statusUrl, busy)).status).toBe(200);
    expect((await fromTwilio(statusUrl, { ...busy, CallStatus: 'completed' })).status).toBe(200);
    await t.settleOutbox();
    expect(t.sms.messages.slice(before).filter((m) => m.to === CARLOS)).toHaveLength(1);
    expect((await eventOf(made.event_id)).first.delivery_status).toBe('sent');
    // the second provider does not reach the person either: no provider is left, the escalation moves on
    const noAnswer = JSON.stringify({
      kind: 'status',
      idempotency_key: moved.first.idempotency_key,
      status: 'no-answer',
    });
    const timestamp = Math.floor(t.clock.now().getTime() / 1000);
    const answered = await t.raw('POST', '/api/v1/channels/inbound', {
      rawBody: noAnswer,
      headers: {
        'x-relevo-timestamp': String(timestamp),
        'x-relevo-signature': webhookSignature(INBOUND_SECRET, timestamp, noAnswer),
      },
    });
    expect(answered.status).toBe(200);
    await engine.drain();
    const steps = await asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['followup_status', 'channel', 'delivery_status', 'delivery_detail'])
        .where('event_id', '=', made.event_id)
        .orderBy('event_log_id')
        .execute(),
    );
    expect(steps[0]).toMatchObject({
      delivery_status: 'no-answer',
      delivery_detail: 'Twilio: busy; then Generic webhook',
    });
    expect(steps.slice(1).map((s) => [s.followup_status, s.channel])).toContainEqual(['escalation', 'email']);
  });

  it("keeps a customer's saved secret out of every answer, the database's plain columns and the log", async () => {
    const staffUser = await t.createUser({ role: 'StaffEdit' });
    const staff = await t.signIn(staffUser.email, staffUser.password);
    const bearer = { authorization: `Bearer ${staff.token}` };
    const customerId = await t.createCustomer('Globex');
    const secret = 'globex-auth-token-7f3a9c1e5b';
    const path = `/api/v1/customers/${customerId}/delivery`;
    const bad = await t.raw<{ detail: { loc: string[]; msg: string }[] }>('PUT', `${path}/providers/twilio`, {
      headers: bearer,
      body: { values: { account_sid: 'AC12', auth_token: '', from: '787' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { loc: ['body', 'values', 'account_sid'], msg: 'An Account SID is AC followed by 32 hexadecimal characters' },
      { loc: ['body', 'values', 'auth_token'], msg: 'Auth token is required' },
      {
        loc: ['body', 'values', 'from'],
        msg: 'From number must be a phone number in E.164 form, such as +17875550123',
      },
    ]);
    const saved = await t.raw('PUT', `${path}/providers/twilio`, {
      headers: bearer,
      body: { values: { account_sid: SID, auth_token: secret, from: '+17875550199', api_url: fake.url } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      provider: 'twilio',
      secrets: { auth_token: true },
      values: { from: '+17875550199' },
    });
    const read = await t.raw('GET', path, { headers: bearer });
    expect(read.body).toMatchObject({ providers: [{ provider: 'twilio', secrets: { auth_token: true } }] });
    // the wrong token is caught by Check, with Twilio's refusal in plain words
    const check = await t.raw<{ ok: boolean; message: string }>('POST', `${path}/providers/twilio/check`, {
      headers: bearer,
    });
    expect(check.body).toEqual({
      provider: 'twilio',
      ok: false,
      message: expect.stringMatching(/Twilio refused the Account SID and auth token/),
    });
    const chain = await t.raw('PUT', `${path}/chain`, {
      headers: bearer,
      body: { chain: ['twilio', 'sns'], country_chains: [] },
    });
    expect(chain).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'chain', '1'], msg: 'Amazon SNS is in the chain but has no settings' }] },
    });
    const stored = await asSystem(t, (tx) =>
      tx.selectFrom('delivery_accounts').selectAll().where('customer_id', '=', customerId).executeTakeFirstOrThrow(),
    );
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.secrets.auth_token).toMatch(/^v1\./);
    for (const answer of [saved, read, check, chain]) expect(answer.text).not.toContain(secret);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(secret);
    expect(lines.join('')).not.toContain(TOKEN);

    // every other provider's secrets: saved, checked, read back, and never shown
    const secrets = {
      telnyx: { api_key: 'telnyx-api-key-SECRET-1111' },
      vonage: {
        api_secret: 'vonage-api-secret-SECRET-2222',
        private_key: `-----BEGIN PRIVATE KEY-----\nSECRET-3333\n-----END PRIVATE KEY-----`,
        signature_secret: 'vonage-signature-SECRET-4444',
      },
      sns: { secret_access_key: 'sns-secret-access-key-SECRET-5555' },
      webhook: { signing_secret: 'webhook-signing-secret-SECRET-6666' },
    } as const;
    const plain = {
      telnyx: { from: '+17875550199', connection_id: '177307054', public_key: `${'A'.repeat(43)}=`, api_url: fake.url },
      vonage: { api_key: 'abcd1234', application_id: 'app-1', from: '+17875550199', api_url: fake.url },
      sns: { access_key_id: 'AKIAEXAMPLE', region: 'us-east-1', api_url: fake.url },
      webhook: { url: fake.url },
    };
    const answers: string[] = [];
    for (const provider of ['telnyx', 'vonage', 'sns', 'webhook'] as const) {
      const save = await t.raw('PUT', `${path}/providers/${provider}`, {
        headers: bearer,
        body: { values: { ...plain[provider], ...secrets[provider] } },
      });
      expect({ provider, status: save.status }).toEqual({ provider, status: 200 });
      const checked = await t.raw('POST', `${path}/providers/${provider}/check`, { headers: bearer });
      expect(checked.status).toBe(200);
      answers.push(save.text, checked.text);
    }
    answers.push((await t.raw('GET', path, { headers: bearer })).text);
    const rows = JSON.stringify(
      await asSystem(t, (tx) =>
        tx.selectFrom('delivery_accounts').selectAll().where('customer_id', '=', customerId).execute(),
      ),
    );
    const audit = JSON.stringify(await asSystem(t, (tx) => tx.selectFrom('audit_log').selectAll().execute()));
    for (const value of Object.values(secrets).flatMap((fields) => Object.values(fields))) {
      const marker = /SECRET-\d{4}/.exec(value)![0];
      for (const answer of answers) expect(answer).not.toContain(marker);
      expect(rows).not.toContain(marker);
      expect(audit).not.toContain(marker);
      expect(lines.join('')).not.toContain(marker);
    }
  });

  it('sends a test SMS and call to a resource through the chain and shows what the provider did, within its limits', async () => {
    const bearer = { authorization: `Bearer ${rootToken}` };
    const resource = (name: string, phone: string | null) =>
      asSystem(
        t,
        async (tx) =>
          (
            await tx
              .insertInto('resources')
              .values({
                customer_id: acme,
                resource_fullname: name,
                language_id: 'EN',
                ...(phone
                  ? { resource_phone1: phone.slice(2), resource_country_phone1: 'PR', resource_phone1_e164: phone }
                  : {}),
              })
              .returning('resource_id')
              .executeTakeFirstOrThrow()
          ).resource_id,
      );
    const dana = await resource('Dana Test', '+17875550170');
    const path = `/api/v1/resources/${dana}/test`;
    expect((await t.raw('GET', path, { headers: bearer })).body).toEqual({
      resource_id: dana,
      requested_at: null,
      results: [],
    });
    const before = fake.requests.length;
    const sent = await t.raw<{ results: { channel: string; status: string }[] }>('POST', path, { headers: bearer });
    expect(sent.status).toBe(200);
    expect(sent.body.results.map((r) => [r.channel, r.status])).toEqual([
      ['sms', 'queued'],
      ['voice', 'queued'],
    ]);
    await t.settleOutbox();
    const went = fake.requests.slice(before).filter((r) => r.method === 'POST');
    expect(went.map((r) => r.path.split('/').pop())).toEqual(expect.arrayContaining(['Messages.json', 'Calls.json']));
    expect(went.find((r) => r.path.endsWith('/Messages.json'))!.form).toMatchObject({
      To: '+17875550170',
      Body: 'Relevo test for Dana Test: this number receives incident alerts by SMS. No reply is needed.',
    });
    const read = await t.raw<{ results: { channel: string; provider: string; message_id: string; status: string }[] }>(
      'GET',
      path,
      { headers: bearer },
    );
    expect(read.body.results).toEqual([
      expect.objectContaining({
        channel: 'sms',
        phone: '+17875550170',
        provider: 'twilio',
        message_id: expect.stringMatching(/^SM/),
        status: 'sent',
      }),
      expect.objectContaining({
        channel: 'voice',
        phone: '+17875550170',
        provider: 'twilio',
        message_id: expect.stringMatching(/^CA/),
        status: 'sent',
      }),
    ]);
    // Twilio's report of the SMS shows in the result
    const smsId = read.body.results[0]!.message_id;
    await fromTwilio('http://127.0.0.1:3000/api/v1/channels/twilio/status?account=default', {
      AccountSid: SID,
      MessageSid: smsId,
      MessageStatus: 'delivered',
      To: '+17875550170',
    });
    expect(
      (await t.raw<{ results: { status: string }[] }>('GET', path, { headers: bearer })).body.results[0]!.status,
    ).toBe('delivered');

    // again within the minute, a resource with no phone, another customer's resource
    expect(await t.raw('POST', path, { headers: bearer })).toMatchObject({
      status: 429,
      body: { detail: TEST_SEND_MESSAGES.tooSoon },
    });
    const nophone = await resource('No Phone', null);
    expect(await t.raw('POST', `/api/v1/resources/${nophone}/test`, { headers: bearer })).toMatchObject({
      status: 422,
      body: { detail: TEST_SEND_MESSAGES.noPhone },
    });
    const other = await asSystem(t, async (tx) => {
      const globex = await tx
        .selectFrom('customers')
        .select('customer_id')
        .where('customer_name', '=', 'Globex')
        .executeTakeFirst();
      return globex?.customer_id;
    });
    const foreign = other
      ? await asSystem(
          t,
          async (tx) =>
            (
              await tx
                .insertInto('resources')
                .values({
                  customer_id: other,
                  resource_fullname: 'Foreign',
                  resource_phone1: '7875550171',
                  resource_country_phone1: 'PR',
                  resource_phone1_e164: '+17875550171',
                })
                .returning('resource_id')
                .executeTakeFirstOrThrow()
            ).resource_id,
        )
      : 987_654;
    expect((await t.raw('POST', `/api/v1/resources/${foreign}/test`, { headers: bearer })).status).toBe(404);
    // the organisation's hourly cap: 40 test messages, whatever the resources
    for (let i = 0; i < 19; i++) {
      const answer = await t.raw(
        'POST',
        `/api/v1/resources/${await resource(`Many ${i}`, `+1787555${String(200 + i)}0`)}/test`,
        {
          headers: bearer,
        },
      );
      expect(answer.status).toBe(200);
    }
    const capped = await t.raw('POST', `/api/v1/resources/${await resource('One too many', '+17875553000')}/test`, {
      headers: bearer,
    });
    expect(capped).toMatchObject({ status: 429, body: { detail: TEST_SEND_MESSAGES.tooMany } });
    await t.settleOutbox();
  });

  it('refuses a provider it does not know, in the settings path and in a callback path', async () => {
    const staffUser = await t.createUser({ role: 'StaffRoot' });
    const bearer = { authorization: `Bearer ${(await t.signIn(staffUser.email, staffUser.password)).token}` };
    const answer = await t.raw<{ detail: { loc: string[]; msg: string }[] }>(
      'PUT',
      `/api/v1/customers/${acme}/delivery/providers/plivo`,
      { headers: bearer, body: { values: {} } },
    );
    expect(answer).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['path', 'provider'], msg: PROVIDER_MESSAGES.provider }] },
    });
    expect((await t.raw('POST', '/api/v1/channels/plivo/status', { body: {} })).status).toBe(404);
    // a provider without callbacks of its own (SNS sends none) has no callback path either
    expect((await t.raw('POST', '/api/v1/channels/sns/status', { body: {} })).status).toBe(404);
    expect(
      await asSystem(t, (tx) =>
        tx.selectFrom('delivery_accounts').select('provider').where('customer_id', '=', acme).execute(),
      ),
    ).toEqual([]);
  });

  it('does not text twice when a worker dies after Twilio took the SMS, nor lose one it never handed over', async () => {
    // the dispatcher of the test app stops: a worker that dies is played by hand, its heir is a new one
    await t.dispatcher.stop();
    const journal = sendJournal(t.database, t.clock);
    const queue = (key: string, to: string) =>
      asSystem(t, (tx) =>
        enqueue(tx, { channel: 'sms', recipient: to, body: `Crash test ${key}`, idempotencyKey: key }, t.clock.now()),
      );
    await queue('crash:taken', '+17875550161');
    await queue('crash:lost', '+17875550162');
    const claimed = await asSystem(t, (tx) =>
      claimMessages(tx, { now: t.clock.now(), workerId: 'dies', limit: 10, leaseMs: 60_000 }),
    );
    expect(claimed.jobs.map((m) => m.idempotency_key).sort()).toEqual(['crash:lost', 'crash:taken']);
    const taken = claimed.jobs.find((m) => m.idempotency_key === 'crash:taken')!;
    const lost = claimed.jobs.find((m) => m.idempotency_key === 'crash:lost')!;
    // the first reached Twilio, and the worker died before writing it down
    const handed = await chainSender('sms', t.ctx.delivery, undefined, journal)(taken, new AbortController().signal);
    expect(handed).toMatchObject({ provider: 'twilio', status: 'sent' });
    // the second was written down as handed to Twilio, and the worker died before the request left
    await journal.sending(lost, 'twilio', 1);
    const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json'));
    const before = creates().length;

    t.clock.advance(61_000);
    const heir = outboxDispatcher(
      t.ctx,
      t.database,
      createSenders(t.ctx.config, t.ctx.log, t.ctx.delivery, undefined, journal),
      { workerId: 'heir' },
    );
    await heir.start();
    try {
      heir.wake();
      const rows = async () =>
        asSystem(t, (tx) =>
          tx
            .selectFrom('outbox')
            .select(['idempotency_key', 'status', 'provider', 'provider_message_id'])
            .where('idempotency_key', 'like', 'crash:%')
            .orderBy('idempotency_key')
            .execute(),
        );
      for (let i = 0; i < 100 && (await rows()).some((r) => r.status !== 'sent'); i++)
        await new Promise((r) => setTimeout(r, 50));
      const [lostRow, takenRow] = await rows();
      // the taken one is recorded with the id Twilio gave it, not sent again; the other is sent once
      expect(takenRow).toMatchObject({
        status: 'sent',
        provider: 'twilio',
        provider_message_id: handed ? handed.messageId : 'none',
      });
      expect(lostRow).toMatchObject({ status: 'sent', provider: 'twilio' });
      const after = creates().slice(before);
      expect(after.map((r) => r.form.To)).toEqual(['+17875550162']);
      expect(fake.taken.filter((m) => m.to === '+17875550161')).toHaveLength(1);
    } finally {
      await heir.stop();
    }
  });
});
