import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveAccount, saveChains, sealAccount } from '../src/delivery/accounts';
import { EngineWorker } from '../src/engine/worker';
import { insertRunnableModule, insertTextingModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';
import { reportIncident, withCredentialKey } from './support/keyed-module';
import { StandIn } from './support/stand-in';

/**
 * Telnyx's and Vonage's callbacks through the server (docs/product.md#delivery-providers): a
 * contact goes out through the deployment's Telnyx account or a customer's own Vonage account
 * (each official client pointed at a local stand-in), and the provider's report, signed as that
 * provider signs it, reaches the contact it names: a failure falls over to the next provider, a
 * key press accepts, a bad signature or another account's is refused with 403 and changes nothing.
 */
const CARLOS = '+17875550142';
const SIGNATURE_SECRET = 'vonage-signature-secret-0123456789';

describe.each(DATABASE_KINDS)("Telnyx's and Vonage's callbacks on %s", (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let telnyx: StandIn;
  let vonage: StandIn;
  let telnyxKey: KeyObject;
  let acmeSms: RunnableModule & { key: string };
  let globexVoice: RunnableModule & { key: string };
  let globex: number;
  let n = 0;

  /** An incident reported to `module`, its first contacts made and sent. */
  const report = async (module: RunnableModule & { key: string }, subject: string) => {
    const opened = await reportIncident(t, module, subject);
    await engine.drain();
    await t.settleOutbox();
    return opened;
  };
  const firstContact = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['provider', 'provider_message_id', 'delivery_status', 'delivery_detail', 'idempotency_key'])
        .where('event_id', '=', eventId)
        .where('channel', 'in', ['sms', 'voice'])
        .orderBy('event_log_id')
        .executeTakeFirstOrThrow(),
    );
  const statusOf = async (eventId: number) =>
    (
      await asSystem(t, (tx) =>
        tx.selectFrom('events').select('event_status').where('event_id', '=', eventId).executeTakeFirstOrThrow(),
      )
    ).event_status;
  /** A Telnyx messaging event, signed as Telnyx signs it: Ed25519 over `{timestamp}|{raw body}`. */
  const fromTelnyx = (path: string, event: unknown, key = telnyxKey) => {
    const rawBody = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    return t.raw('POST', path, {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'telnyx-timestamp': String(timestamp),
        'telnyx-signature-ed25519': sign(null, Buffer.from(`${timestamp}|${rawBody}`), key).toString('base64'),
      },
    });
  };
  /** A Vonage voice webhook, signed as Vonage signs it: a JWT (HS256, the signature secret) whose payload_hash is the body's SHA-256. */
  const fromVonage = async (path: string, payload: unknown, secret = SIGNATURE_SECRET) => {
    const rawBody = JSON.stringify(payload);
    const token = await new SignJWT({
      api_key: 'abcd1234',
      payload_hash: createHash('sha256').update(rawBody).digest('hex'),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret));
    return t.raw('POST', path, {
      rawBody,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
  };

  beforeAll(async () => {
    telnyx = new StandIn(({ path }) =>
      path === '/v2/messages'
        ? { status: 200, body: { data: { id: `40385f64-5717-4562-b3fc-2c963f66a${String(++n).padStart(3, '0')}` } } }
        : { status: 404, body: { errors: [{ code: '10005', title: 'Resource not found' }] } },
    );
    vonage = new StandIn(({ path }) =>
      path === '/v1/calls'
        ? {
            status: 201,
            body: {
              uuid: `63f61863-4a51-4f6b-86e1-46edebcf9${String(++n).padStart(3, '0')}`,
              status: 'started',
              direction: 'outbound',
            },
          }
        : { status: 404, body: {} },
    );
    await telnyx.start();
    await vonage.start();
    const pair = generateKeyPairSync('ed25519');
    telnyxKey = pair.privateKey;
    const publicKey = Buffer.from(pair.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
    t = await startTestApp({
      kind,
      config: {
        deliveryChain: ['telnyx', 'webhook'],
        providerSettings: {
          telnyx: {
            api_key: 'KEY0123456789',
            from: '+17875550100',
            connection_id: '1773070540731319841',
            public_key: publicKey,
            api_url: telnyx.url,
          },
        },
      },
    });
    const acme = await t.createCustomer('Acme');
    const acmeRoot = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const acmeClient = (await t.signIn(acmeRoot.email, acmeRoot.password)).client;
    acmeSms = await withCredentialKey(acmeClient, await asSystem(t, (tx) => insertTextingModule(tx, acme)));
    // Globex brings its own Vonage account and calls through it alone
    globex = await t.createCustomer('Globex');
    const globexRoot = await t.createUser({ role: 'CustomerRoot', customer: 'Globex' });
    const sealed = sealAccount(
      t.ctx.delivery.box,
      globex,
      'vonage',
      {
        api_key: 'abcd1234',
        api_secret: 'the-api-secret',
        application_id: 'aaaaaaaa-bbbb-4ccc-8ddd-0123456789ab',
        private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
        signature_secret: SIGNATURE_SECRET,
        from: '+17875550101',
        api_url: vonage.url,
      },
      undefined,
    );
    await asSystem(t, async (tx) => {
      const stamp = { updated_by: 'test', updated_at: t.clock.now() };
      await saveAccount(tx, globex, 'vonage', sealed, stamp);
      await saveChains(tx, globex, { chain: ['vonage'], country_chains: [] }, stamp);
    });
    globexVoice = await withCredentialKey(
      (await t.signIn(globexRoot.email, globexRoot.password)).client,
      await asSystem(t, (tx) => insertRunnableModule(tx, globex)),
    );
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'callbacks-test',
      scale: 1,
      contactWindowMs: 0,
    });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    await telnyx?.close();
    await vonage?.close();
  });

  it('moves an SMS Telnyx reports undelivered to the next provider once; a forged or replayed report changes nothing', async () => {
    const made = await report(acmeSms, 'Disk full on db2');
    const sent = await firstContact(made.event_id);
    expect(sent).toMatchObject({
      provider: 'telnyx',
      delivery_status: 'sent',
      provider_message_id: expect.stringMatching(/^40385f64-/),
    });
    expect(JSON.parse(telnyx.requests.at(-1)!.body)).toMatchObject({
      to: CARLOS,
      from: '+17875550100',
      webhook_url: 'http://127.0.0.1:3000/api/v1/channels/telnyx/status?account=default',
    });
    const failed = {
      data: {
        event_type: 'message.finalized',
        id: 'b301ed3f-1490-491f-995f-6e64e69674d4',
        payload: {
          id: sent.provider_message_id,
          to: [{ phone_number: CARLOS, status: 'delivery_failed' }],
          errors: [],
        },
      },
    };
    const path = '/api/v1/channels/telnyx/status?account=default';
    const before = t.sms.messages.length;
    // signed with another key, or claiming a customer's account that has no Telnyx settings: refused
    expect((await fromTelnyx(path, failed, generateKeyPairSync('ed25519').privateKey)).status).toBe(403);
    expect((await fromTelnyx(`/api/v1/channels/telnyx/status?account=${globex}`, failed)).status).toBe(403);
    await t.settleOutbox();
    expect(t.sms.messages.length).toBe(before);
    expect(await firstContact(made.event_id)).toMatchObject({ provider: 'telnyx', delivery_status: 'sent' });

    expect((await fromTelnyx(path, failed)).status).toBe(200);
    expect((await fromTelnyx(path, failed)).status).toBe(200);
    await t.settleOutbox();
    expect(t.sms.messages.slice(before).filter((m) => m.to === CARLOS)).toHaveLength(1);
    expect(await firstContact(made.event_id)).toMatchObject({
      provider: 'webhook',
      delivery_status: 'sent',
      delivery_detail: 'Telnyx: failed; then Generic webhook',
    });
  });

  it("calls through a customer's own Vonage account, and the key 4 in Vonage's signed input event accepts", async () => {
    const made = await report(globexVoice, 'Checkout errors on shop1');
    const call = await firstContact(made.event_id);
    expect(call).toMatchObject({ provider: 'vonage', provider_message_id: expect.stringMatching(/^63f61863-/) });
    const placed = JSON.parse(vonage.requests.at(-1)!.body) as {
      to: { number: string }[];
      ncco: { action: string; eventUrl?: string[] }[];
    };
    expect(placed.to).toEqual([{ type: 'phone', number: CARLOS.slice(1) }]);
    const input = placed.ncco.find((action) => action.action === 'input')!;
    const keysUrl = new URL(input.eventUrl![0]!);
    expect(keysUrl.searchParams.get('account')).toBe(String(globex));
    const path = `${keysUrl.pathname}${keysUrl.search}`;
    const press = {
      uuid: call.provider_message_id,
      to: CARLOS.slice(1),
      from: '17875550101',
      dtmf: { digits: '4', timed_out: false },
    };
    expect((await fromVonage(path, press, 'not-the-signature-secret')).status).toBe(403);
    expect(await statusOf(made.event_id)).toBe('open');
    // the deployment has no Vonage account: a report naming it has nothing to be checked with
    expect((await fromVonage(path.replace(`account=${globex}`, 'account=default'), press)).status).toBe(403);
    const accepted = await fromVonage(path, press);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await statusOf(made.event_id)).toBe('progress');
    // Vonage's retry of the same input acts once
    const logs = await asSystem(t, (tx) =>
      tx.selectFrom('event_logs').select('event_log_id').where('event_id', '=', made.event_id).execute(),
    );
    expect((await fromVonage(path, press)).status).toBe(200);
    expect(
      await asSystem(t, (tx) =>
        tx.selectFrom('event_logs').select('event_log_id').where('event_id', '=', made.event_id).execute(),
      ),
    ).toEqual(logs);
  });
});
