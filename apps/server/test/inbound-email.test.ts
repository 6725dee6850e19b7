import { connect } from 'node:net';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getModule, listModules, resolveEvent, type ApiClient } from '@relevo/api';
import { INBOUND_EMAIL_MESSAGES, INGEST_MESSAGES, MODULE_MESSAGES, type Module } from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { ConfigError, loadConfig, type InboundEmailConfig } from '../src/config';
import { EngineWorker } from '../src/engine/worker';
import { buildApp } from '../src/http/app';
import { InboundEmailReceiver } from '../src/inbound-email/receiver';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { withCredentialKey } from './support/keyed-module';
import { logLines } from './support/log-lines';

/**
 * docs/product.md#e-mail-into-incidents over real SMTP (nodemailer to the server's receiver) with a
 * moved clock: a mail opens an incident whose escalation runs, a second with the same subject
 * adds nothing while it is open, unknown, foreign, inactive and old addresses are refused at RCPT
 * time, big messages with 552, attachments are ignored, and the module's answer carries its
 * address for its Customer Roots only (a Customer is told it exists).
 */
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const DOMAIN = 'in.relevo.test';
const MAX_BYTES = 20_000;
const LIMIT = 6;

interface SmtpFailure extends Error {
  responseCode?: number;
  response?: string;
  rejected?: string[];
}

describe.each(DATABASE_KINDS)('e-mail into incidents on %s', (kind) => {
  let t: TestApp;
  let receiver: InboundEmailReceiver;
  let engine: EngineWorker;
  let root: SignedIn;
  let reader: SignedIn;
  let staff: SignedIn;
  let otherRoot: SignedIn;
  let acme: number;
  let other: number;
  const { sink, lines } = logLines();
  const inbound: InboundEmailConfig = { port: 0, host: '127.0.0.1', domain: DOMAIN, maxBytes: MAX_BYTES };

  const transport = () => createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
  const send = (to: string | string[], subject: string, text: string, more: Record<string, unknown> = {}) =>
    transport().sendMail({ from: 'monitor@tools.example.test', to, subject, text, ...more });
  const refusal = async (sending: Promise<unknown>): Promise<SmtpFailure> => {
    try {
      await sending;
    } catch (error) {
      return error as SmtpFailure;
    }
    throw new Error('the mail was accepted');
  };

  /** A module of `customer` that takes incidents, with credentials made by `owner` through the API. */
  const keyedModule = async (customer: number, owner: SignedIn) =>
    withCredentialKey(owner.client, await asSystem(t, (tx) => insertRunnableModule(tx, customer)));
  const moduleOf = (client: ApiClient, id: number) => client.call(getModule, { params: { id } });
  const addressOf = async (module: RunnableModule) => (await moduleOf(root.client, module.id)).inbound_email!;
  const eventsOf = (moduleId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['event_id', 'case_id', 'event_status', 'short_event_subject', 'short_event_body', 'dedup_key'])
        .where('module_id', '=', moduleId)
        .orderBy('event_id')
        .execute(),
    );
  const contactsOf = (eventId: number) =>
    asSystem(t, (tx) =>
      tx.selectFrom('event_logs').select('followup_status').where('event_id', '=', eventId).execute(),
    );
  async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = await probe();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    t = await startTestApp({
      kind,
      clock: new ManualClock(NOW),
      logSink: sink,
      limits: { ingestPerModule: { limit: LIMIT, windowSeconds: 60 } },
      config: { logLevel: 'debug', inboundEmail: inbound },
    });
    receiver = new InboundEmailReceiver(t.ctx, inbound);
    await receiver.start();
    // the engine runs as in the worker role: an incident's escalation starts on its own
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'mail-test',
      scale: 1,
    });
    await engine.start();
    acme = await t.createCustomer('Acme', 20);
    other = await t.createCustomer('Other', 20);
    const make = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    root = await make('CustomerRoot', 'Acme');
    reader = await make('Customer', 'Acme');
    otherRoot = await make('CustomerRoot', 'Other');
    staff = await make('StaffRoot');
  }, 60_000);
  afterAll(async () => {
    await receiver?.stop();
    await engine?.stop();
    await t?.close();
  });
  // each case starts a new minute of the modules' limit
  beforeEach(() => t.clock.advance(61_000));

  it('opens an incident from a mail, its subject cut to 100 and its text to 1,000, and escalates it', async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    expect(address).toMatch(new RegExp(`^[0-9a-f]{24}@${DOMAIN.replace(/\./g, '\\.')}$`));
    const subject = `Disk full on db-1 ${'s'.repeat(83)}`;
    const text = `Only 2% left on /var. ${'b'.repeat(979)}`;
    expect([subject.length, text.length]).toEqual([101, 1001]);
    const sent = await send(address.toUpperCase(), subject, text);
    expect(sent.accepted.map((to) => String(to).toLowerCase())).toEqual([address]);
    expect(sent.response).toMatch(new RegExp(`^250 .*${INBOUND_EMAIL_MESSAGES.accepted}`));

    const [event, ...more] = await eventsOf(module.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      event_status: 'open',
      short_event_subject: subject.slice(0, 100),
      short_event_body: text.slice(0, 1000),
      dedup_key: `email:${subject.slice(0, 100).toLowerCase()}`,
    });
    // like any incident: the escalation's first step contacts the on-call person
    const contacts = await until('the first contact', async () => {
      const made = await contactsOf(event!.event_id);
      return made.length > 0 ? made : undefined;
    });
    expect(contacts).toEqual([{ followup_status: 'open' }]);
    // the log names the module, never the text
    const logged = lines.filter((line) => line.includes('inbound e-mail: accepted'));
    expect(logged.some((line) => JSON.parse(line).module === module.id)).toBe(true);
    expect(lines.join('\n')).not.toContain('Only 2% left');
  });

  it('adds nothing for a second mail with the same subject while the incident is open; once resolved, opens a new one', async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    await send(address, 'Backup failed', 'The nightly backup of db-1 failed.');
    t.clock.advance(10 * 60_000);
    const again = await send(address, '  backup   FAILED ', 'It failed again.');
    expect(again.accepted).toEqual([address]);
    const [first, ...none] = await eventsOf(module.id);
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      event_status: 'open',
      short_event_subject: 'Backup failed',
      short_event_body: 'The nightly backup of db-1 failed.',
    });
    // another subject is another incident
    await send(address, 'Backup slow', 'The nightly backup took 3 hours.');
    expect((await eventsOf(module.id)).map((e) => e.short_event_subject)).toEqual(['Backup failed', 'Backup slow']);

    await root.client.call(resolveEvent, { params: { case_id: first!.case_id }, body: {} } as never);
    t.clock.advance(60_000);
    await send(address, 'Backup failed', 'Failed once more.');
    const events = await eventsOf(module.id);
    expect(events.map((e) => [e.short_event_subject, e.event_status, e.short_event_body])).toEqual([
      ['Backup failed', 'completed', 'The nightly backup of db-1 failed.'],
      ['Backup slow', 'open', 'The nightly backup took 3 hours.'],
      ['Backup failed', 'open', 'Failed once more.'],
    ]);
  });

  it('refuses unknown addresses and other domains at RCPT time with 550, and takes the known ones of a mail', async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    const local = address.split('@')[0]!;
    const unknown = `${'0'.repeat(24)}@${DOMAIN}`;
    for (const to of [unknown, `${local}@other.example.test`, `postmaster@${DOMAIN}`, `${local}0@${DOMAIN}`]) {
      const error = await refusal(send(to, 'Anyone there?', 'Hello'));
      expect(error.responseCode).toBe(550);
      expect(error.rejected).toEqual([to]);
      expect(error.response).toContain(INBOUND_EMAIL_MESSAGES.noSuchMailbox);
    }
    // one known and one unknown recipient: the known module takes it
    const mixed = await send([unknown, address], 'Queue stuck', 'The queue has not moved for 5 minutes.');
    expect(mixed.accepted).toEqual([address]);
    expect(mixed.rejected).toEqual([unknown]);
    expect((await eventsOf(module.id)).map((e) => e.short_event_subject)).toEqual(['Queue stuck']);
  });

  it('opens one incident in each module a mail is sent to', async () => {
    const first = await keyedModule(acme, root);
    const second = await keyedModule(acme, root);
    const sent = await send([await addressOf(first), await addressOf(second)], 'Power cut', 'Room B lost power.');
    expect(sent.accepted).toHaveLength(2);
    expect((await eventsOf(first.id)).map((e) => e.short_event_subject)).toEqual(['Power cut']);
    expect((await eventsOf(second.id)).map((e) => e.short_event_subject)).toEqual(['Power cut']);
  });

  it('advertises its size limit and refuses a bigger message with 552, opening nothing', async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    const ehlo = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(receiver.port, '127.0.0.1');
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.startsWith('220') && !text.includes('EHLO sent')) {
          text += 'EHLO sent\n';
          socket.write('EHLO tools.example.test\r\n');
        }
        if (/^250 /m.test(text)) {
          socket.end('QUIT\r\n');
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
    expect(ehlo).toMatch(new RegExp(`^250[ -]SIZE ${MAX_BYTES}\r?$`, 'm'));
    expect(ehlo).not.toMatch(/AUTH|STARTTLS/);

    const error = await refusal(send(address, 'Big report', 'x'.repeat(MAX_BYTES + 1_000)));
    expect(error.responseCode).toBe(552);
    expect(await eventsOf(module.id)).toEqual([]);
  });

  it('ignores attachments, and reads the text of an HTML-only mail', async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    await send(address, 'Certificate expires', 'The certificate of shop.example.test expires in 3 days.', {
      attachments: [{ filename: 'cert.txt', content: 'ATTACHED-SECRET-CONTENT' }],
    });
    await transport().sendMail({
      from: 'monitor@tools.example.test',
      to: address,
      subject: 'Latency high',
      html: '<p>p99 latency is <b>2.4 s</b></p>',
    });
    const events = await eventsOf(module.id);
    expect(events.map((e) => [e.short_event_subject, e.short_event_body])).toEqual([
      ['Certificate expires', 'The certificate of shop.example.test expires in 3 days.'],
      ['Latency high', 'p99 latency is 2.4 s'],
    ]);
  });

  it('says "(no subject)" for a mail without one, and uses the subject without a text', async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    await send(address, '', 'Something is wrong.');
    await send(address, 'Only a subject', '');
    expect((await eventsOf(module.id)).map((e) => [e.short_event_subject, e.short_event_body])).toEqual([
      [INBOUND_EMAIL_MESSAGES.noSubject, 'Something is wrong.'],
      ['Only a subject', 'Only a subject'],
    ]);
  });

  it('refuses an inactive module, an inactive customer and a module whose escalation cannot run', async () => {
    const inactive = await keyedModule(acme, root);
    await asSystem(t, (tx) =>
      tx.updateTable('modules').set({ module_active: 'N' }).where('module_id', '=', inactive.id).execute(),
    );
    const inactiveAddress = await addressOf(inactive);
    const byInactive = await refusal(send(inactiveAddress, 'Still there?', 'Hello'));
    // at RCPT time: the recipient is rejected before any data
    expect(byInactive.rejected).toEqual([inactiveAddress]);
    expect(byInactive.responseCode).toBe(550);
    expect(byInactive.response).toContain(INGEST_MESSAGES.moduleInactive);

    const broken = await keyedModule(acme, root);
    await asSystem(t, (tx) =>
      tx
        .updateTable('escalations')
        .set({ escalation_active: 'N' })
        .where('escalation_id', '=', broken.escalationId)
        .execute(),
    );
    const byBroken = await refusal(send(await addressOf(broken), 'Still there?', 'Hello'));
    expect(byBroken.responseCode).toBe(550);
    expect(byBroken.response).toContain(INGEST_MESSAGES.escalationNotReady);

    const dormant = await t.createCustomer('Dormant', 5);
    const dormantRoot = await t.createUser({ role: 'CustomerRoot', customer: 'Dormant' });
    const dormantSession = await t.signIn(dormantRoot.email, dormantRoot.password);
    const theirs = await keyedModule(dormant, dormantSession);
    const theirAddress = (await moduleOf(dormantSession.client, theirs.id)).inbound_email!;
    await asSystem(t, (tx) =>
      tx.updateTable('customers').set({ customer_active: 'N' }).where('customer_id', '=', dormant).execute(),
    );
    const byDormant = await refusal(send(theirAddress, 'Still there?', 'Hello'));
    expect(byDormant.rejected).toEqual([theirAddress]);
    expect(byDormant.responseCode).toBe(550);
    expect(byDormant.response).toContain(INBOUND_EMAIL_MESSAGES.noSuchMailbox);

    for (const module of [inactive, broken, theirs]) expect(await eventsOf(module.id)).toEqual([]);
  });

  it('gives the module a new address with new credentials and refuses the old one from then on', async () => {
    const module = await keyedModule(acme, root);
    const old = await addressOf(module);
    await withCredentialKey(root.client, module);
    const renewed = await addressOf(module);
    expect(renewed).not.toBe(old);
    const error = await refusal(send(old, 'Old address', 'Sent to the old address.'));
    expect(error.rejected).toEqual([old]);
    expect(error.responseCode).toBe(550);
    await send(renewed, 'New address', 'Sent to the new address.');
    expect((await eventsOf(module.id)).map((e) => e.short_event_subject)).toEqual(['New address']);
  });

  it("answers 451 past the module's limit, so the sender tries again later", async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    for (let i = 0; i < LIMIT; i++) await send(address, `Alert ${i}`, 'Within the limit.');
    const error = await refusal(send(address, 'One too many', 'Past the limit.'));
    expect(error.responseCode).toBe(451);
    expect(error.response).toContain(INBOUND_EMAIL_MESSAGES.tooMany);
    t.clock.advance(61_000);
    await send(address, 'One too many', 'Past the limit, sent again.');
    expect(await eventsOf(module.id)).toHaveLength(LIMIT + 1);
  });

  it('shows the address to the Customer Roots, tells a Customer it exists, says why there is none, and keeps it from others', async () => {
    const module = await keyedModule(acme, root);
    const address = await addressOf(module);
    expect(await moduleOf(root.client, module.id)).toMatchObject({ inbound_email: address, inbound_email_state: 'on' });
    const list = (user: typeof root) =>
      user.client.call(listModules, {
        query: { application_id: module.applicationId, page_num: 1, page_size: 10 },
      } as never);
    const rows = async (user: typeof root) =>
      ((await list(user)).list as Module[]).map((m) => [m.inbound_email, m.inbound_email_state]);
    expect(await rows(root)).toEqual([[address, 'on']]);
    // a Customer may not open incidents: the address, which does, is not theirs to read
    expect(await moduleOf(reader.client, module.id)).toMatchObject({
      inbound_email: null,
      inbound_email_state: 'root_only',
    });
    expect(await rows(reader)).toEqual([[null, 'root_only']]);

    // a module without credentials has no address yet
    const bare = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    expect(await moduleOf(root.client, bare.id)).toMatchObject({
      inbound_email: null,
      inbound_email_state: 'needs_credentials',
    });

    // staff are refused; another customer's root finds no such module
    expect((await failure(moduleOf(staff.client, module.id))).status).toBe(403);
    const foreign = await failure(moduleOf(otherRoot.client, module.id));
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe(MODULE_MESSAGES.notFound);
    // and another customer's module's address is theirs alone: ours is refused for it
    const theirs = await keyedModule(other, otherRoot);
    expect((await failure(moduleOf(root.client, theirs.id))).status).toBe(404);

    // a server without the receiver shows no address, and says e-mail in is off
    const off = await buildApp({ ...t.ctx, config: { ...t.ctx.config, inboundEmail: null } });
    try {
      const answer = await off.inject({
        method: 'GET',
        url: `/api/modules/module/${module.id}`,
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ inbound_email: null, inbound_email_state: 'off' });
    } finally {
      await off.close();
    }
  });
});

describe('e-mail into incidents settings (docs/product.md#e-mail-into-incidents)', () => {
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('is off unless INBOUND_SMTP_PORT is set', () => {
    expect(loadConfig({}).inboundEmail).toBeNull();
  });

  it('reads the port, the domain, the listen address and the size limit, with their defaults', () => {
    expect(loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_DOMAIN: 'Incidents.Example.com' }).inboundEmail).toEqual({
      port: 2525,
      host: '127.0.0.1',
      domain: 'incidents.example.com',
      maxBytes: 1024 * 1024,
    });
    expect(
      loadConfig({
        HOST: '0.0.0.0',
        INBOUND_SMTP_PORT: '25',
        INBOUND_DOMAIN: 'in.example.com',
        INBOUND_MAX_BYTES: '65536',
      }).inboundEmail,
    ).toEqual({ port: 25, host: '0.0.0.0', domain: 'in.example.com', maxBytes: 65_536 });
    expect(
      loadConfig({ INBOUND_SMTP_PORT: '25', INBOUND_DOMAIN: 'in.example.com', INBOUND_SMTP_HOST: '::' }).inboundEmail
        ?.host,
    ).toBe('::');
  });

  it('stops with one line for a port without a domain, a domain without a port, and bad values', () => {
    expect(fails({ INBOUND_SMTP_PORT: '2525' })).toMatch(
      /^Invalid configuration: INBOUND_SMTP_PORT is set but INBOUND_DOMAIN is unset/,
    );
    expect(fails({ INBOUND_DOMAIN: 'in.example.com' })).toMatch(
      /^Invalid configuration: INBOUND_DOMAIN is set but INBOUND_SMTP_PORT is unset/,
    );
    expect(fails({ INBOUND_SMTP_PORT: '0', INBOUND_DOMAIN: 'in.example.com' })).toBe(
      'Invalid configuration: INBOUND_SMTP_PORT must be a port number from 1 to 65535 (got "0")',
    );
    expect(fails({ INBOUND_SMTP_PORT: '25', INBOUND_DOMAIN: 'not a domain' })).toBe(
      'Invalid configuration: INBOUND_DOMAIN must be a domain name such as incidents.example.com (got "not a domain")',
    );
    expect(fails({ INBOUND_SMTP_PORT: '25', INBOUND_DOMAIN: 'in.example.com', INBOUND_MAX_BYTES: '10' })).toBe(
      'Invalid configuration: INBOUND_MAX_BYTES must be a whole number of bytes from 10240 to 104857600 (got "10")',
    );
  });
});
