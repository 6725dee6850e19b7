import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsResetStart, smsResetVerify } from '@relevo/api';
import { INBOUND_MESSAGES, MESSAGES } from '@relevo/domain';
import { webhookSignature } from '../src/delivery/channels';
import { EngineWorker } from '../src/engine/worker';
import { Housekeeping, INBOUND_KEPT_MS } from '../src/jobs/housekeeping';
import { insertRunnableModule, insertTextingModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, codeIn, startTestApp, type RawAnswer, type TestApp } from './support/harness';
import { withCredentialKey } from './support/keyed-module';

const run = promisify(execFile);
const REPO = join(import.meta.dirname, '../../..');
const SECRET = 'inbound-secret-of-at-least-16';
const CARLOS = '+17875550142';
const INBOUND = '/api/v1/channels/inbound';
const incident = (n: string) => ({
  incident: `Disk almost full on ${n}`,
  description: `The data disk of ${n} is 95% full and still growing.`,
});

type Answer = { result: string; case_id?: string; reply?: string; detail?: unknown };

describe.each(DATABASE_KINDS)('the inbound webhook on %s (docs/product.md#answers-by-sms-and-voice)', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  /** the first step calls Carlos (voice), the second e-mails his supervisor */
  let voiceModule: RunnableModule & { key: string };
  /** the same, but the first step texts him */
  let smsModule: RunnableModule & { key: string };
  /** another customer's module, whose own Carlos has the same phone but is told by e-mail only */
  let otherModule: RunnableModule & { key: string };

  const signedAt = (at: number, body: unknown, secret = SECRET): Promise<RawAnswer<Answer>> => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = Math.floor(at / 1000);
    return t.raw('POST', INBOUND, {
      rawBody: raw,
      headers: {
        'x-relevo-timestamp': String(timestamp),
        'x-relevo-signature': webhookSignature(secret, timestamp, raw),
      },
    });
  };
  const signed = (body: unknown) => signedAt(t.clock.now().getTime(), body);
  const report = async (module: RunnableModule & { key: string }, name: string) => {
    const answer = await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
      body: incident(name),
      headers: { authorization: `Basic ${Buffer.from(`${module.id}:${module.key}`).toString('base64')}` },
    });
    expect(answer.status).toBe(201);
    await engine.drain();
    return answer.body;
  };
  const eventOf = (eventId: number) =>
    asSystem(t, async (tx) => ({
      event: await tx
        .selectFrom('events')
        .select(['event_status', 'accepted_by', 'case_id'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
      logs: await tx
        .selectFrom('event_logs')
        .select(['followup_status', 'channel', 'idempotency_key', 'delivery_status', 'delivery_detail'])
        .where('event_id', '=', eventId)
        .orderBy('event_log_id')
        .execute(),
    }));
  const stored = () =>
    asSystem(t, (tx) =>
      tx.selectFrom('inbound_messages').select(['kind', 'result', 'event_id', 'dedup_key']).orderBy('id').execute(),
    );
  /** the SMS Relevo sent back to a number since `since` (count of receiver messages) */
  const repliesTo = async (phone: string, since: number) => {
    await t.settleOutbox();
    return t.sms.messages
      .slice(since)
      .filter((message) => message.to === phone && message.idempotency_key.startsWith('inbound:'));
  };
  /** closes every event still open, so each case starts with none */
  const closeAll = () =>
    asSystem(t, (tx) =>
      tx
        .updateTable('events')
        .set({ event_status: 'canceled' })
        .where('event_status', 'in', ['open', 'progress'])
        .execute(),
    );

  beforeAll(async () => {
    t = await startTestApp({ kind, config: { inboundWebhookSecret: SECRET } });
    const customerId = await t.createCustomer('Acme');
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const root = await t.signIn(rootUser.email, rootUser.password);
    const withKey = (made: RunnableModule, client = root.client) => withCredentialKey(client, made);
    const otherId = await t.createCustomer('Globex');
    const otherRoot = await t.createUser({ role: 'CustomerRoot', customer: 'Globex' });
    const other = await asSystem(t, async (tx) => {
      const made = await insertRunnableModule(tx, otherId);
      await tx
        .updateTable('escalation_resources')
        .set({ channel_id: 3 })
        .where('escalation_id', '=', made.escalationId)
        .execute();
      return made;
    });
    otherModule = await withKey(other, (await t.signIn(otherRoot.email, otherRoot.password)).client);
    voiceModule = await withKey(await asSystem(t, (tx) => insertRunnableModule(tx, customerId)));
    const sms = await asSystem(t, (tx) => insertTextingModule(tx, customerId));
    smsModule = await withKey(sms);
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'inbound-test',
      scale: 1,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('refuses unsigned, wrongly signed and old requests with 401, and stores nothing', async () => {
    const before = await stored();
    const body = JSON.stringify({ kind: 'sms', from: CARLOS, text: '4' });
    const now = t.clock.now().getTime();
    const unsigned = await t.raw<Answer>('POST', INBOUND, { rawBody: body });
    expect(unsigned).toMatchObject({ status: 401, body: { detail: INBOUND_MESSAGES.notSigned } });
    const wrongSecret = await signedAt(now, body, 'another-secret-entirely');
    expect(wrongSecret).toMatchObject({ status: 401, body: { detail: INBOUND_MESSAGES.badSignature } });
    // the signature of another body (one space more) does not cover this one
    const timestamp = Math.floor(now / 1000);
    const moved = await t.raw<Answer>('POST', INBOUND, {
      rawBody: body,
      headers: {
        'x-relevo-timestamp': String(timestamp),
        'x-relevo-signature': webhookSignature(SECRET, timestamp, `${body} `),
      },
    });
    expect(moved).toMatchObject({ status: 401, body: { detail: INBOUND_MESSAGES.badSignature } });
    // a request signed 6 minutes ago (a replay), or 6 minutes ahead
    expect(await signedAt(now - 6 * 60_000, body)).toMatchObject({
      status: 401,
      body: { detail: INBOUND_MESSAGES.stale },
    });
    expect(await signedAt(now + 6 * 60_000, body)).toMatchObject({
      status: 401,
      body: { detail: INBOUND_MESSAGES.stale },
    });
    expect(
      (await signedAt(now - 4 * 60_000, JSON.stringify({ kind: 'sms', from: '+15550000000', text: 'HELP' }))).status,
    ).toBe(200);
    expect(await stored()).toHaveLength(before.length + 1);
  });

  it('refuses bodies too large, malformed or breaking the contract with a clear error', async () => {
    const before = await stored();
    const huge = await signed({ kind: 'sms', from: CARLOS, text: 'x'.repeat(1024 * 1024) });
    expect(huge).toMatchObject({ status: 413, body: { detail: 'The request body is too large' } });
    const malformed = await signed('{"kind": "sms", "from": ');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toMatch(/JSON/);
    const wrong = await signed({ kind: 'sms', from: '7875550142', text: 4 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toEqual([
      { loc: ['body', 'from'], msg: INBOUND_MESSAGES.from },
      { loc: ['body', 'text'], msg: INBOUND_MESSAGES.text },
    ]);
    expect((await signed({ kind: 'mms', from: CARLOS })).status).toBe(422);
    expect((await signed([1, 2, 3])).status).toBe(422);
    expect(await stored()).toEqual(before);
  });

  it('accepts with a reply of 4 when the sender has one open event, answers by SMS, and acts once on the same body twice', async () => {
    await closeAll();
    const { event_id, case_id } = await report(smsModule, 'db-1');
    const smsBefore = t.sms.messages.length;
    const first = await signed({ kind: 'sms', from: CARLOS, text: '4' });
    expect(first).toMatchObject({ status: 200, body: { result: 'accepted', case_id } });
    expect(first.body.reply).toBe(
      `Relevo: usted aceptó el caso ${case_id} (Disk almost full on db-1). Responda 6 ${case_id} cuando esté resuelto.`,
    );
    expect((await eventOf(event_id)).event).toMatchObject({ event_status: 'progress', accepted_by: 'Carlos Méndez' });
    // the gateway sends it again (signed anew): the same answer, nothing done twice
    // (the reply has gone before the clock jumps past its send's lease)
    await t.settleOutbox();
    t.clock.advance(30_000);
    const again = await signed({ kind: 'sms', from: CARLOS, text: '4' });
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first.body });
    const replies = await repliesTo(CARLOS, smsBefore);
    expect(replies.map((r) => r.body)).toEqual([first.body.reply]);
    expect((await stored()).filter((row) => row.event_id === event_id)).toHaveLength(1);
    // 6 resolves it
    const resolved = await signed({ kind: 'sms', from: CARLOS, text: 'resolve' });
    expect(resolved.body).toMatchObject({ result: 'resolved', case_id });
    expect((await eventOf(event_id)).event.event_status).toBe('completed');
    // and a 4 once it is closed finds nothing to answer
    t.clock.advance(11 * 60_000);
    expect((await signed({ kind: 'sms', from: CARLOS, text: '4' })).body).toMatchObject({
      result: 'replied',
      reply: 'Relevo: no tiene incidentes abiertos que responder; no se cambió nada.',
    });
  });

  it('asks which case when the sender has several open events, and acts on the one a case ID names', async () => {
    await closeAll();
    const one = await report(smsModule, 'db-2');
    const two = await report(smsModule, 'db-3');
    const ambiguous = await signed({ kind: 'sms', from: CARLOS, text: 'accept', message_id: 'gw-1' });
    expect(ambiguous.body.result).toBe('replied');
    expect(ambiguous.body.reply).toContain(
      `Tiene 2 incidentes abiertos: ${two.case_id} Disk almost full on db-3; ${one.case_id} Disk almost full on db-2.`,
    );
    expect((await eventOf(one.event_id)).event.event_status).toBe('open');
    expect((await eventOf(two.event_id)).event.event_status).toBe('open');
    const named = await signed({
      kind: 'sms',
      from: CARLOS,
      text: `4 ${one.case_id.toLowerCase()}`,
      message_id: 'gw-2',
    });
    expect(named.body).toMatchObject({ result: 'accepted', case_id: one.case_id });
    expect((await eventOf(one.event_id)).event.event_status).toBe('progress');
    expect((await eventOf(two.event_id)).event.event_status).toBe('open');
    // a case ID that is not one of his: nothing changes
    const foreign = await signed({ kind: 'sms', from: CARLOS, text: '6 ZZZZ9999', message_id: 'gw-3' });
    expect(foreign.body.result).toBe('replied');
    expect(foreign.body.reply).toMatch(/^Relevo: el caso ZZZZ9999 no es uno de sus incidentes abiertos/);
    // an unreadable reply: a hint, nothing changes
    const unclear = await signed({ kind: 'sms', from: CARLOS, text: 'on my way', message_id: 'gw-4' });
    expect(unclear.body).toMatchObject({
      result: 'replied',
      reply: expect.stringMatching(/^Relevo no entendió su respuesta/),
    });
    expect((await eventOf(two.event_id)).event.event_status).toBe('open');
  });

  it("acts and lists only for the customer that contacted the number, when another customer's resource shares it", async () => {
    await closeAll();
    const mine = await report(smsModule, 'db-4');
    const theirs = await report(otherModule, 'globex-vault');
    // the other customer told its Carlos by e-mail: his number was never contacted for that event
    expect((await eventOf(theirs.event_id)).logs.map((log) => log.channel)).toEqual(['email']);
    const accepted = await signed({ kind: 'sms', from: CARLOS, text: '4', message_id: 'gw-shared-1' });
    expect(accepted.body).toMatchObject({ result: 'accepted', case_id: mine.case_id });
    expect((await eventOf(theirs.event_id)).event.event_status).toBe('open');
    // naming the other customer's case changes nothing and names none of its incidents
    const foreign = await signed({ kind: 'sms', from: CARLOS, text: `6 ${theirs.case_id}`, message_id: 'gw-shared-2' });
    expect(foreign.body.result).toBe('replied');
    expect((await eventOf(theirs.event_id)).event.event_status).toBe('open');
    const second = await report(smsModule, 'db-5');
    const listing = await signed({ kind: 'sms', from: CARLOS, text: 'accept', message_id: 'gw-shared-3' });
    expect(listing.body.reply).toContain(
      `Tiene 2 incidentes abiertos: ${second.case_id} Disk almost full on db-5; ${mine.case_id} Disk almost full on db-4.`,
    );
    // (the answer to the other customer's case repeats only the ID the sender typed)
    expect(foreign.body.reply).toMatch(
      new RegExp(
        `^Relevo: el caso ${theirs.case_id} no es uno de sus incidentes abiertos; no se cambió nada\\. Tiene 1 incidente abierto: ${mine.case_id} `,
      ),
    );
    expect(foreign.body.reply!.replace(`el caso ${theirs.case_id}`, '')).not.toContain(theirs.case_id);
    expect(foreign.body.reply).not.toContain('globex-vault');
    expect(listing.body.reply).not.toContain(theirs.case_id);
    expect(listing.body.reply).not.toContain('globex-vault');
    // the replies count against the customer they are about
    const replyCustomers = await asSystem(t, (tx) =>
      tx
        .selectFrom('outbox')
        .innerJoin('customers as c', 'c.customer_id', 'outbox.customer_id')
        .select('c.customer_name')
        .where('idempotency_key', 'like', 'inbound:%')
        .where('body', 'like', `%${second.case_id}%`)
        .execute(),
    );
    expect(replyCustomers).toEqual([{ customer_name: 'Acme' }]);
  });

  it("sends a staff user's SMS reset code to a phone that a customer's resource shares, even after it replied STOP", async () => {
    const staff = await t.createUser({ role: 'StaffRoot', phone: CARLOS });
    expect((await signed({ kind: 'sms', from: CARLOS, text: 'STOP', message_id: 'gw-staff-1' })).body.result).toBe(
      'opted-out',
    );
    try {
      const start = await t.client().call(smsResetStart, { body: { phone: CARLOS } });
      await t.settleOutbox();
      const sent = t.sms.to(CARLOS).filter((sms) => sms.idempotency_key.startsWith('sms-reset:'));
      expect(sent).toHaveLength(1);
      const done = await t.client().call(smsResetVerify, {
        token: start.token,
        body: { smscod: codeIn(sent[0]!.body), password: 'Brand.New9', password_verified: 'Brand.New9' },
      });
      expect(done).toEqual({ Message: MESSAGES.resetSmsDone });
      await t.signIn(staff.email, 'Brand.New9');
    } finally {
      expect((await signed({ kind: 'sms', from: CARLOS, text: 'START', message_id: 'gw-staff-2' })).body.result).toBe(
        'opted-in',
      );
    }
  });

  it('ignores a number that is no resource (200, recorded, no SMS back)', async () => {
    const smsBefore = t.sms.messages.length;
    const answer = await signed({ kind: 'sms', from: '+19995550100', text: '4' });
    expect(answer).toMatchObject({ status: 200, body: { result: 'ignored' } });
    expect(await repliesTo('+19995550100', smsBefore)).toEqual([]);
    expect((await stored()).at(-1)).toMatchObject({ kind: 'sms', result: 'ignored', event_id: null });
  });

  it('answers STOP, START and HELP as carriers require, and keeps the STOP list', async () => {
    const phone = '+17875550999';
    const smsBefore = t.sms.messages.length;
    expect((await signed({ kind: 'sms', from: phone, text: 'STOP' })).body.result).toBe('opted-out');
    expect(
      await asSystem(t, (tx) => tx.selectFrom('sms_opt_outs').select('phone').where('phone', '=', phone).execute()),
    ).toEqual([{ phone }]);
    expect((await signed({ kind: 'sms', from: phone, text: 'help' })).body.result).toBe('replied');
    expect((await signed({ kind: 'sms', from: phone, text: 'Start' })).body.result).toBe('opted-in');
    expect(
      await asSystem(t, (tx) => tx.selectFrom('sms_opt_outs').select('phone').where('phone', '=', phone).execute()),
    ).toEqual([]);
    const replies = await repliesTo(phone, smsBefore);
    expect(replies.map((r) => r.body)).toEqual([
      'Relevo: no recibirá más SMS de Relevo. Responda START para recibirlos de nuevo.',
      'Alertas de incidentes de Relevo. Responda 4 <caso> para aceptar, 6 <caso> para resolver, STOP para no recibir SMS. Pueden aplicar cargos.',
      'Relevo: recibirá de nuevo SMS de Relevo. Responda HELP para ayuda, STOP para detenerlos.',
    ]);
  });

  it('accepts with the key 4 pressed during the call the idempotency key names, from that phone only', async () => {
    await closeAll();
    const { event_id, case_id } = await report(voiceModule, 'web-1');
    const call = (await eventOf(event_id)).logs.find((log) => log.channel === 'voice')!;
    const stranger = await signed({
      kind: 'voice',
      from: '+17875550100',
      digits: '4',
      idempotency_key: call.idempotency_key,
    });
    expect(stranger.body.result).toBe('ignored');
    expect((await eventOf(event_id)).event.event_status).toBe('open');
    const pressed = await signed({ kind: 'voice', from: CARLOS, digits: '4', idempotency_key: call.idempotency_key });
    expect(pressed).toMatchObject({ status: 200, body: { result: 'accepted', case_id } });
    expect((await eventOf(event_id)).event).toMatchObject({ event_status: 'progress', accepted_by: 'Carlos Méndez' });
    expect(
      (await signed({ kind: 'voice', from: CARLOS, digits: '4', idempotency_key: call.idempotency_key })).body.result,
    ).toBe('accepted');
    const resolved = await signed({ kind: 'voice', from: CARLOS, digits: '6', idempotency_key: call.idempotency_key });
    expect(resolved.body).toMatchObject({ result: 'resolved', case_id });
    expect((await eventOf(event_id)).event.event_status).toBe('completed');
  });

  it('shows delivery reports in the log row of the contact, and moves on at once when a contact failed', async () => {
    await closeAll();
    const { event_id } = await report(voiceModule, 'web-2');
    const [call] = (await eventOf(event_id)).logs;
    expect(call).toMatchObject({ channel: 'voice', followup_status: 'open' });
    expect(
      (await signed({ kind: 'status', idempotency_key: call!.idempotency_key, status: 'delivered' })).body.result,
    ).toBe('recorded');
    expect((await eventOf(event_id)).logs[0]).toMatchObject({ delivery_status: 'delivered', delivery_detail: null });
    const failed = await signed({
      kind: 'status',
      idempotency_key: call!.idempotency_key,
      status: 'failed',
      detail: 'The number is out of service',
    });
    expect(failed.body.result).toBe('recorded');
    const { logs } = await eventOf(event_id);
    expect(logs[0]).toMatchObject({ delivery_status: 'failed', delivery_detail: 'The number is out of service' });
    // no recall in 5 minutes: the supervisor, the last step, is told at once (the clock did not move)
    expect(logs.slice(1).map((log) => [log.followup_status, log.channel])).toEqual([
      ['escalation', 'email'],
      ['not reached', 'email'],
    ]);
    // a report for a message of no event is recorded and ignored
    expect((await signed({ kind: 'status', idempotency_key: 'sign-in:unknown', status: 'failed' })).body.result).toBe(
      'ignored',
    );
  });

  it('takes the signed requests of the curl and JavaScript examples of docs/integrations.md', async () => {
    const doc = readFileSync(join(REPO, 'docs/integrations.md'), 'utf8');
    const block = (after: string, language: string) => {
      const from = doc.indexOf(after);
      const start = doc.indexOf('```' + language + '\n', from) + language.length + 4;
      return doc.slice(start, doc.indexOf('```', start));
    };
    // the examples sign with the real time
    t.clock.set(Date.now());
    const before = (await stored()).length;
    // plain output: the JavaScript example prints with console.log, which colours when told to
    const env = {
      ...process.env,
      RELEVO_URL: t.baseUrl,
      INBOUND_WEBHOOK_SECRET: SECRET,
      FORCE_COLOR: '0',
      NO_COLOR: '1',
    };
    const curl = await run('bash', ['-c', block('Signing in the shell', 'sh').replace(/^export .*$/gm, '')], { env });
    expect(JSON.parse(curl.stdout)).toEqual({ result: 'ignored' });
    const js = await run(process.execPath, ['--input-type=module', '-e', block('Signing in JavaScript', 'js')], {
      env,
    });
    expect(js.stdout.trim()).toBe("200 { result: 'ignored' }");
    // the same message twice: recorded once
    expect(await stored()).toHaveLength(before + 1);
  });

  it('keeps every message 90 days, then housekeeping forgets it', async () => {
    const kept = (await stored()).length;
    expect(kept).toBeGreaterThan(0);
    t.clock.advance(INBOUND_KEPT_MS - 60 * 60_000);
    await new Housekeeping(t.database, t.clock, t.ctx.log).runOnce();
    expect(await stored()).toHaveLength(kept);
    t.clock.advance(2 * 60 * 60_000);
    await new Housekeeping(t.database, t.clock, t.ctx.log).runOnce();
    expect(await stored()).toEqual([]);
  });

  it('is absent while INBOUND_WEBHOOK_SECRET is unset', async () => {
    const off = await startTestApp({ kind });
    try {
      const raw = JSON.stringify({ kind: 'sms', from: CARLOS, text: '4' });
      const timestamp = Math.floor(off.clock.now().getTime() / 1000);
      const answer = await off.raw('POST', INBOUND, {
        rawBody: raw,
        headers: {
          'x-relevo-timestamp': String(timestamp),
          'x-relevo-signature': webhookSignature(SECRET, timestamp, raw),
        },
      });
      expect(answer.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
