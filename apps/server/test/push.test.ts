import { PUSH_DEVICES_PER_OWNER, PUSH_MESSAGES, RESPONDER_MESSAGES, type PushNotification } from '@relevo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineWorker } from '../src/engine/worker';
import { createSenders } from '../src/delivery/channels';
import { pushSender, pushTopic } from '../src/delivery/push-sender';
import { claimMessages } from '../src/delivery/queries';
import { vapidKeysOf } from '../src/push/keys';
import { responderService } from '../src/incidents/respond';
import { outboxDispatcher } from '../src/server';
import { insertModuleWithSteps } from './support/catalogue';
import { logLines } from './support/log-lines';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';
import { reportIncident, withCredentialKey } from './support/keyed-module';
import { PushService, decryptPush, pushServiceAgent, type Device } from './support/push-service';

/**
 * Web Push as a channel of escalation steps (docs/product.md#push-notifications), end to end: the
 * notification goes through the `web-push` client to a local push service that checks its VAPID
 * signature and decrypts it with the device's keys as a browser would; its Accept action, POSTed as
 * the service worker does, accepts the event. A gone device is dropped, a contact no device took
 * moves the walk on, a worker that dies mid-send is not followed by a second push to a device that
 * took it, and the VAPID private key is in no answer and no log line.
 */
describe.each(DATABASE_KINDS)('push notifications on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let service: PushService;
  let acme: number;
  let rootToken: string;
  let rootEmail: string;
  const { sink, lines } = logLines();
  const answers: string[] = [];
  const agent = pushServiceAgent();

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** a call whose answer is kept, for the search for the private key */
  const call = async <T = unknown>(method: string, path: string, init?: Parameters<TestApp['raw']>[2]) => {
    const answer = await t.raw<T>(method, path, init);
    answers.push(answer.text);
    return answer;
  };
  const report = async (module: { id: number; key: string }, subject: string) => {
    const opened = await reportIncident(t, module, subject);
    await engine.drain();
    await t.settleOutbox();
    return opened;
  };
  const notificationOf = (device: Device, index = 0): PushNotification =>
    JSON.parse(decryptPush(service.to(device)[index]!.body, device)) as PushNotification;
  const logOf = (eventId: number, channel: 'push' | 'email') =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['channel', 'called_number', 'delivery_status', 'delivery_detail', 'idempotency_key', 'resource'])
        .where('event_id', '=', eventId)
        .where('channel', '=', channel)
        // the contacts (not the walk's end, which names the last step's channel)
        .where('idempotency_key', 'like', 'event:%:step:%')
        .orderBy('event_log_id')
        .execute(),
    );
  const devicesOf = (column: 'resource_id' | 'user_id', id: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'customer_id', 'last_used_at'])
        .where(column, '=', id)
        .orderBy('push_subscription_id')
        .execute(),
    );
  const statusOf = async (eventId: number) =>
    (
      await asSystem(t, (tx) =>
        tx.selectFrom('events').select('event_status').where('event_id', '=', eventId).executeTakeFirstOrThrow(),
      )
    ).event_status;
  /** a resource of Acme reached by push first, then told by e-mail (a supervisor's notice) */
  const pushModule = async (name: string, email: string) => {
    const resourceId = await asSystem(
      t,
      async (tx) =>
        (
          await tx
            .insertInto('resources')
            .values({ customer_id: acme, resource_fullname: name, resource_email: email, language_id: 'EN' })
            .returning('resource_id')
            .executeTakeFirstOrThrow()
        ).resource_id,
    );
    const module = await asSystem(t, (tx) =>
      insertModuleWithSteps(tx, acme, {
        name,
        slaMinutes: 30,
        steps: [
          { resourceId, participation: 'agent', channel: 'push' },
          { resourceId, participation: 'supervisor', channel: 'email' },
        ],
      }),
    );
    return { resourceId, module: await withCredentialKey(t.client(rootToken), module) };
  };

  beforeAll(async () => {
    service = new PushService();
    await service.start();
    t = await startTestApp({
      kind,
      logSink: sink,
      pushAgent: agent,
      config: { logLevel: 'debug', pushServiceHosts: ['127.0.0.1'], vapidSubject: 'mailto:ops@relevo.test' },
    });
    acme = await t.createCustomer('Acme', 1000);
    const root = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    rootEmail = root.email;
    rootToken = (await t.signIn(root.email, root.password)).token;
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'push-test',
      scale: 1,
      link: responderService(t.ctx).link,
      contactWindowMs: 0,
    });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    await service?.close();
    agent.destroy();
  });

  /** the Customer Root's id (its devices are its own) */
  const rootUserId = () =>
    asSystem(t, (tx) => tx.selectFrom('users').select('id').where('email', '=', rootEmail).executeTakeFirstOrThrow());

  let carlos: { resourceId: number; module: { id: number; key: string } };
  let firstLink = '';

  it('walks a push step: the device gets the notification, and its Accept action accepts the event', async () => {
    // the Customer Root's device takes the pushes of Acme's person with the same e-mail (any case)
    carlos = await pushModule('Carlos Méndez', rootEmail.toUpperCase());
    const key = await call<{ public_key: string }>('GET', '/api/v1/push/key');
    expect(key.status).toBe(200);
    const device = service.device();
    const stored = await call('POST', '/api/v1/me/push', { headers: bearer(rootToken), body: device.toJSON() });
    expect(stored).toMatchObject({ status: 200, body: { endpoint: device.endpoint, last_used_at: null } });

    const made = await report(carlos.module, 'Disk full on db-1');
    const [received] = service.to(device);
    expect(received).toBeDefined();
    // what a push service checks: the VAPID JWT signed by the server's key, for its origin
    expect(received!.vapid).toMatchObject({
      publicKey: key.body.public_key,
      claims: { aud: service.url, sub: 'mailto:ops@relevo.test' },
    });
    const [log] = await logOf(made.event_id, 'push');
    expect(received!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      urgency: 'high',
      ttl: String(4 * 60 * 60),
      topic: pushTopic(log!.idempotency_key!),
    });
    expect(received!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    const notification = notificationOf(device);
    expect(notification).toMatchObject({
      case_id: made.case_id,
      title: `Case ${made.case_id}: Disk full on db-1`,
      lang: 'en',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/respond\/[^/]+$/),
    });
    firstLink = notification.url!;
    const token = firstLink.split('/respond/')[1]!;
    expect(notification.actions).toEqual([
      { action: 'accept', title: 'Accept', url: `http://127.0.0.1:3000/api/v1/respond/${token}/accept` },
      { action: 'resolve', title: 'Resolve', url: `http://127.0.0.1:3000/api/v1/respond/${token}/resolve` },
    ]);
    expect(log).toMatchObject({
      channel: 'push',
      called_number: null,
      resource: 'Carlos Méndez',
      delivery_status: 'sent',
      delivery_detail: 'Sent to 1 of 1 devices',
    });
    expect((await devicesOf('user_id', (await rootUserId()).id))[0]!.last_used_at).not.toBeNull();

    // the service worker POSTs the action's address; the event is in progress
    const accepted = await call('POST', new URL(notification.actions[0]!.url!).pathname);
    expect(accepted).toMatchObject({ status: 200, body: { event_status: 'progress' } });
    expect(await statusOf(made.event_id)).toBe('progress');
  });

  it('stores a device for the responder link’s person, refuses a forged link and bad bodies, and stops it', async () => {
    const token = firstLink.split('/respond/')[1]!;
    const device = service.device();
    const path = `/api/v1/respond/${token}/push`;
    expect(await call('POST', path, { body: device.toJSON() })).toMatchObject({
      status: 200,
      body: { subscribed: true },
    });
    expect(await call('POST', `${path}/state`, { body: { endpoint: device.endpoint } })).toMatchObject({
      status: 200,
      body: { subscribed: true },
    });
    expect((await devicesOf('resource_id', carlos.resourceId)).map((d) => [d.endpoint, d.customer_id])).toEqual([
      [device.endpoint, acme],
    ]);

    // a link whose signature does not hold names nobody
    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const other = service.device();
    expect(await call('POST', `/api/v1/respond/${forged}/push`, { body: other.toJSON() })).toMatchObject({
      status: 404,
      body: { detail: RESPONDER_MESSAGES.invalidLink },
    });
    expect(
      await call('POST', `/api/v1/respond/${forged}/push/state`, { body: { endpoint: device.endpoint } }),
    ).toMatchObject({
      status: 404,
    });

    const good = other.toJSON();
    const refusals: [unknown, string[], string][] = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, ['body', 'endpoint'], PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: `${good.endpoint}/${'x'.repeat(2000)}` }, ['body', 'endpoint'], PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: 'https://push.attacker.example/steal' }, ['body', 'endpoint'], PUSH_MESSAGES.pushService],
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(2) } },
        ['body', 'keys', 'p256dh'],
        PUSH_MESSAGES.p256dh,
      ],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }, ['body', 'keys', 'auth'], PUSH_MESSAGES.auth],
      [{ endpoint: good.endpoint }, ['body', 'keys'], PUSH_MESSAGES.keysRequired],
    ];
    for (const [body, loc, msg] of refusals) {
      const answer = await call('POST', path, { body });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 422, body: { detail: [{ loc, msg }] } });
    }
    expect(await devicesOf('resource_id', carlos.resourceId)).toHaveLength(1);

    expect(await call('POST', `${path}/remove`, { body: { endpoint: device.endpoint } })).toMatchObject({
      status: 200,
      body: { subscribed: false },
    });
    expect(await devicesOf('resource_id', carlos.resourceId)).toEqual([]);

    // once the event is closed, its link stores nothing
    const resolved = await call('POST', `/api/v1/respond/${token}/resolve`);
    expect(resolved.status).toBe(200);
    expect(await call('POST', path, { body: device.toJSON() })).toMatchObject({
      status: 410,
      body: { detail: RESPONDER_MESSAGES.closed },
    });
  });

  it('drops a device its push service says is gone; a contact no device took moves the walk on at once', async () => {
    const dana = await pushModule('Dana Ruiz', 'dana@example.test');
    const device = service.device();
    await asSystem(t, (tx) =>
      tx
        .insertInto('push_subscriptions')
        .values({
          customer_id: acme,
          resource_id: dana.resourceId,
          endpoint: device.endpoint,
          p256dh: device.toJSON().keys.p256dh,
          auth: device.toJSON().keys.auth,
          created_at: t.clock.now(),
        })
        .execute(),
    );
    service.answers.set(new URL(device.endpoint).pathname, [410]);
    const made = await report(dana.module, 'Queue stuck');
    // the failed contact moved the walk on: the supervisor's e-mail is queued and sent
    await engine.drain();
    await t.settleOutbox();
    expect(service.received.filter((r) => r.path === new URL(device.endpoint).pathname).map((r) => r.status)).toEqual([
      410,
    ]);
    expect(await devicesOf('resource_id', dana.resourceId)).toEqual([]);
    const [push] = await logOf(made.event_id, 'push');
    expect(push).toMatchObject({ delivery_status: 'failed' });
    expect(push!.delivery_detail).toMatch(/No device took the notification; 1 device gone \(removed\)/);
    const mail = await t.mailbox.waitFor('dana@example.test', 1, 10_000);
    expect(mail.subject).toContain(made.case_id);
    expect(await logOf(made.event_id, 'email')).toHaveLength(1);

    // with no device left, the next incident skips the push step (a person push cannot reach)
    const next = await report(dana.module, 'Queue stuck again');
    expect(await logOf(next.event_id, 'push')).toEqual([]);
    expect(await logOf(next.event_id, 'email')).toHaveLength(1);
  });

  it('keeps every role’s devices its own: another customer’s user neither sees nor stops them, and a user keeps ten', async () => {
    await t.createCustomer('Beta', 10);
    const devices = new Map<string, { token: string; device: Device }>();
    for (const role of ['StaffRoot', 'StaffEdit', 'StaffView', 'CustomerRoot', 'Customer']) {
      const user = await t.createUser({ role, customer: role.startsWith('Customer') ? 'Acme' : undefined });
      const { token } = await t.signIn(user.email, user.password);
      const device = service.device();
      expect((await call('POST', '/api/v1/me/push', { headers: bearer(token), body: device.toJSON() })).status).toBe(
        200,
      );
      const listed = await call<{ list: { endpoint: string }[] }>('GET', '/api/v1/me/push', { headers: bearer(token) });
      expect(listed.status).toBe(200);
      expect(listed.body.list.map((d) => d.endpoint)).toEqual([device.endpoint]);
      devices.set(role, { token, device });
    }
    const betaUser = await t.createUser({ role: 'CustomerRoot', customer: 'Beta' });
    const beta = (await t.signIn(betaUser.email, betaUser.password)).token;
    const acmeDevice = devices.get('Customer')!;
    // Beta names Acme's device: nothing of Acme's changes, and Beta's list holds none of it
    expect(
      await call('POST', '/api/v1/me/push/remove', {
        headers: bearer(beta),
        body: { endpoint: acmeDevice.device.endpoint },
      }),
    ).toMatchObject({ status: 200, body: { subscribed: false } });
    expect((await call<{ list: unknown[] }>('GET', '/api/v1/me/push', { headers: bearer(beta) })).body.list).toEqual(
      [],
    );
    const still = await call<{ list: { endpoint: string }[] }>('GET', '/api/v1/me/push', {
      headers: bearer(acmeDevice.token),
    });
    expect(still.body.list.map((d) => d.endpoint)).toEqual([acmeDevice.device.endpoint]);
    // the owner stops it
    expect(
      await call('POST', '/api/v1/me/push/remove', {
        headers: bearer(acmeDevice.token),
        body: { endpoint: acmeDevice.device.endpoint },
      }),
    ).toMatchObject({ status: 200, body: { subscribed: false } });
    expect(
      (await call<{ list: unknown[] }>('GET', '/api/v1/me/push', { headers: bearer(acmeDevice.token) })).body.list,
    ).toEqual([]);

    // without a session: 401; a bad body: 422
    expect((await call('GET', '/api/v1/me/push')).status).toBe(401);
    expect((await call('POST', '/api/v1/me/push', { body: service.device().toJSON() })).status).toBe(401);
    expect((await call('POST', '/api/v1/me/push', { headers: bearer(beta), body: { endpoint: 'x' } })).status).toBe(
      422,
    );

    // a new device past the tenth replaces the oldest
    const many: Device[] = [];
    for (let i = 0; i < PUSH_DEVICES_PER_OWNER + 2; i++) {
      t.clock.advance(1000);
      const device = service.device();
      many.push(device);
      expect((await call('POST', '/api/v1/me/push', { headers: bearer(beta), body: device.toJSON() })).status).toBe(
        200,
      );
    }
    const kept = await call<{ list: { endpoint: string }[] }>('GET', '/api/v1/me/push', { headers: bearer(beta) });
    expect(kept.body.list.map((d) => d.endpoint)).toEqual(
      many
        .slice(2)
        .reverse()
        .map((d) => d.endpoint),
    );
  });

  it('makes the VAPID keys once, keeps them over a restart, and never shows the private key', async () => {
    const { privateKey, publicKey } = t.ctx.push.details('mailto:ops@relevo.test');
    const again = await Promise.all([
      vapidKeysOf(t.database, t.ctx.delivery.box),
      vapidKeysOf(t.database, t.ctx.delivery.box),
    ]);
    expect(again.map((keys) => keys.publicKey)).toEqual([publicKey, publicKey]);
    expect(again[0]!.details('mailto:x').privateKey).toBe(privateKey);
    const stored = await asSystem(t, (tx) =>
      tx.selectFrom('app_settings').select(['key', 'value']).where('key', 'like', 'vapid%').execute(),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).not.toContain(privateKey);
    expect(JSON.parse(stored[0]!.value)).toMatchObject({
      public_key: publicKey,
      private_key: expect.stringMatching(/^v1\./),
    });
    // nothing prints it: the object's JSON and every answer and log line of this file
    expect(JSON.stringify(t.ctx.push)).not.toContain(privateKey);
    expect(answers.length).toBeGreaterThan(20);
    expect(lines.length).toBeGreaterThan(20);
    for (const text of [...answers, ...lines]) expect(text).not.toContain(privateKey);
    // nor does its raw form (base64url of the 32 bytes, the only form web-push takes)
    expect(privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends once to a device that took a push when the worker died mid-send, and to the rest after', async () => {
    // the dispatcher of the test app stops: the worker that dies is played by hand, its heir is a new one
    await t.dispatcher.stop();
    const erin = await pushModule('Erin Soto', 'erin@example.test');
    const [took, later] = [service.device(), service.device()];
    for (const device of [took, later])
      await asSystem(t, (tx) =>
        tx
          .insertInto('push_subscriptions')
          .values({
            customer_id: acme,
            resource_id: erin.resourceId,
            endpoint: device.endpoint,
            p256dh: device.toJSON().keys.p256dh,
            auth: device.toJSON().keys.auth,
            created_at: t.clock.now(),
          })
          .execute(),
      );
    const made = await reportIncident(t, erin.module, 'Cache cold');
    await engine.drain();
    const claimed = await asSystem(t, (tx) =>
      claimMessages(tx, { now: t.clock.now(), workerId: 'dies', limit: 10, leaseMs: 60_000 }),
    );
    const message = claimed.jobs.find((m) => m.channel === 'push')!;
    expect(message).toBeDefined();
    // the first device took it; the second one's service failed, and the worker died before anything else
    service.answers.set(new URL(later.endpoint).pathname, [503]);
    const sender = pushSender({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      keys: t.ctx.push,
      subject: t.ctx.config.vapidSubject,
      hosts: t.ctx.config.pushServiceHosts,
      agent,
    });
    await expect(sender(message, new AbortController().signal)).rejects.toThrow(/could not be reached/);
    expect(service.to(took)).toHaveLength(1);
    expect(service.to(later)).toHaveLength(0);

    t.clock.advance(61_000);
    const heir = outboxDispatcher(
      t.ctx,
      t.database,
      createSenders(
        t.ctx.config,
        t.ctx.log,
        t.ctx.delivery,
        undefined,
        undefined,
        pushSender({
          database: t.database,
          clock: t.clock,
          log: t.ctx.log,
          keys: t.ctx.push,
          subject: t.ctx.config.vapidSubject,
          hosts: t.ctx.config.pushServiceHosts,
          agent,
        }),
      ),
      { workerId: 'heir' },
    );
    await heir.start();
    try {
      heir.wake();
      const row = () =>
        asSystem(t, (tx) =>
          tx
            .selectFrom('outbox')
            .select(['status', 'push_sent_to'])
            .where('id', '=', message.id)
            .executeTakeFirstOrThrow(),
        );
      for (let i = 0; i < 100 && (await row()).status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await row()).status).toBe('sent');
      expect(service.to(took)).toHaveLength(1);
      expect(service.to(later)).toHaveLength(1);
      // a push service that took the first try of a device before the worker wrote it down would
      // get the same topic, and replace it rather than show it twice
      const topics = service.received
        .filter((r) => [took, later].some((d) => new URL(d.endpoint).pathname === r.path))
        .map((r) => r.headers.topic);
      expect(new Set(topics)).toEqual(new Set([pushTopic(message.idempotency_key)]));
      expect(notificationOf(later).case_id).toBe(made.case_id);
      const [log] = await logOf(made.event_id, 'push');
      expect(log).toMatchObject({ delivery_status: 'sent', delivery_detail: 'Sent to 2 of 2 devices' });
    } finally {
      await heir.stop();
    }
  });
});
