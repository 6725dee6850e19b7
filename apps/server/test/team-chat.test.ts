import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_NOTICE_MESSAGES, EVENT_ACTION_MESSAGES, TEAM_CHAT_MESSAGES } from '@relevo/domain';
import { EngineWorker } from '../src/engine/worker';
import { TeamChatWorker } from '../src/team-chat/worker';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type RawAnswer, type TestApp } from './support/harness';
import { customerWithModule, reportIncident } from './support/keyed-module';
import { slackApi, slackFields as form } from './support/slack-api';
import { StandIn } from './support/stand-in';

/**
 * Team chat end to end (docs/product.md#team-chat): a new incident is posted to Slack through the
 * official client to a local server standing for Slack's Web API (its documented requests checked:
 * the bot token, the channel, the blocks with the two buttons and the case ID), a button pressed
 * comes back signed as Slack signs it and accepts the event once, and the message is updated; the
 * same through Mattermost's incoming webhook and its buttons' signed context, and Teams' webhook.
 * Requests that Slack did not sign for that customer change nothing, and no secret is ever in an
 * answer or a log line.
 */
const ALPHA = {
  app: 'A0ALPHA0001',
  token: 'xoxb-1111-alpha-bot-token-secret',
  secret: 'a1'.repeat(16),
  channel: 'C0ALPHA01',
};
const BETA = {
  app: 'A0BETA00001',
  token: 'xoxb-2222-beta-bot-token-secret',
  secret: 'b2'.repeat(16),
  channel: 'C0BETA001',
};
const MATTERMOST_TOKEN = 'mmbottokenofalphaabcdefghi';
const MATTERMOST_HOOK = '/hooks/alpha-incoming-webhook-secret';
const TEAMS_HOOK = '/workflows/alpha-teams-webhook-secret';
/** Slack users and their e-mail addresses: Carlos is the runnable module's resource, Nadie is nobody's */
const SLACK_USERS: Record<string, string> = { UCARLOS01: 'Carlos@Example.test', UNADIE001: 'nadie@example.test' };
const MATTERMOST_USERS: Record<string, string> = { carlosmattermostuserid0001: 'carlos@example.test' };

describe.each(DATABASE_KINDS)('team chat on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let chats: TeamChatWorker;
  let slack: StandIn;
  let mattermost: StandIn;
  let teams: StandIn;
  let alpha: Awaited<ReturnType<typeof customerWithModule>>;
  let beta: Awaited<ReturnType<typeof customerWithModule>>;
  const lines: string[] = [];
  /** every answer the server gave in this file, searched for secrets at the end */
  const answers: string[] = [];
  let ts = 0;

  const call = async <T = unknown>(
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<RawAnswer<T>> => {
    const answer = await t.raw<T>(method, path, {
      ...(body === undefined ? {} : { body }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    answers.push(answer.text);
    return answer;
  };

  /** A Slack interaction as Slack sends it: `payload=` form body, signed with `secret` at `at` (unix seconds). */
  const interaction = async (
    payload: Record<string, unknown>,
    secret: string,
    at = Math.floor(t.clock.now().getTime() / 1000),
  ) => {
    const rawBody = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
    const signature = `v0=${createHmac('sha256', secret).update(`v0:${at}:${rawBody}`).digest('hex')}`;
    const answer = await t.raw('POST', '/api/v1/integrations/slack/interactions', {
      rawBody,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(at),
        'x-slack-signature': signature,
      },
    });
    answers.push(answer.text);
    return answer;
  };
  const pressed = (app: string, user: string, action: 'relevo_accept' | 'relevo_resolve', caseId: string) => ({
    type: 'block_actions',
    api_app_id: app,
    team: { id: 'T0ALPHA01' },
    user: { id: user },
    channel: { id: ALPHA.channel },
    trigger_id: `trigger-${++ts}`,
    actions: [{ action_id: action, block_id: 'relevo_event', value: caseId, type: 'button' }],
  });

  const slackCalls = (method: string) => slack.requests.filter((r) => r.path === `/api/${method}`);
  const until = async (what: () => boolean | Promise<boolean>, label: string) => {
    const deadline = Date.now() + 10_000;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error(`waited in vain for ${label}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const eventOf = (caseId: string) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['event_id', 'event_status', 'accepted_by'])
        .where('case_id', '=', caseId)
        .executeTakeFirstOrThrow(),
    );
  /** An incident of Alpha's module, its first wake-up, and the chats' notices posted. */
  const incident = async (subject: string) => {
    const made = await reportIncident(t, alpha.module, subject);
    await engine.drain();
    await chats.drain();
    return made;
  };

  beforeAll(async () => {
    // every Web API call carries the bot token of the customer whose chat it is for
    slack = slackApi({ tokens: [ALPHA.token, BETA.token], users: SLACK_USERS });
    mattermost = new StandIn((request) => {
      if (request.path === MATTERMOST_HOOK) return { status: 200, body: 'ok', type: 'text/plain' };
      const user = /^\/api\/v4\/users\/([a-z0-9]+)$/.exec(request.path);
      if (user && request.headers.authorization === `Bearer ${MATTERMOST_TOKEN}`) {
        const email = MATTERMOST_USERS[user[1]!];
        return email ? { status: 200, body: { id: user[1], email } } : { status: 404, body: {} };
      }
      return { status: 401, body: {} };
    });
    teams = new StandIn((request) =>
      request.path === TEAMS_HOOK ? { status: 202, body: '', type: 'text/plain' } : { status: 404, body: {} },
    );
    const slackUrl = await slack.start();
    await mattermost.start();
    await teams.start();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await startTestApp({ kind, logSink: sink, config: { logLevel: 'debug', slackApiUrl: `${slackUrl}/api/` } });
    alpha = await customerWithModule(t, 'Alpha Chat');
    beta = await customerWithModule(t, 'Beta Chat');
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'team-chat-engine',
      scale: 1,
      contactWindowMs: 0,
    });
    chats = new TeamChatWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'team-chat-test',
      config: t.ctx.config,
      box: t.ctx.delivery.box,
      signer: t.ctx.signer,
    });
  }, 120_000);

  afterAll(async () => {
    await engine?.stop();
    await chats?.stop();
    await t?.close();
    await slack?.close();
    await mattermost?.close();
    await teams?.close();
  });

  const slackBody = (who: typeof ALPHA, moduleId: number) => ({
    enabled: true,
    app_id: who.app,
    bot_token: who.token,
    signing_secret: who.secret,
    channels: [{ module_id: moduleId, channel_id: who.channel }],
  });

  it('lets only the Customer Root keep its own organisation’s Slack, secrets write-only', async () => {
    const saved = await call<Record<string, unknown>>(
      'PUT',
      '/api/settings/slack',
      alpha.root.token,
      slackBody(ALPHA, alpha.module.id),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      provider: 'slack',
      configured: true,
      enabled: true,
      app_id: ALPHA.app,
      channels: [{ module_id: alpha.module.id, channel_id: ALPHA.channel }],
      secrets: { bot_token: true, signing_secret: true },
      interactivity_url: 'http://127.0.0.1:3000/api/v1/integrations/slack/interactions',
      module_options: [
        { module_id: alpha.module.id, module_name: expect.any(String), application_name: expect.any(String) },
      ],
    });
    // the secrets are sealed at rest: not in the row's text
    const row = await asSystem(t, (tx) =>
      tx.selectFrom('team_chats').selectAll().where('customer_id', '=', alpha.customerId).executeTakeFirstOrThrow(),
    );
    expect(JSON.stringify(row)).not.toContain(ALPHA.token);
    expect(JSON.stringify(row)).not.toContain(ALPHA.secret);
    // an empty secret keeps the saved one
    const kept = await call('PUT', '/api/settings/slack', alpha.root.token, {
      ...slackBody(ALPHA, alpha.module.id),
      bot_token: '',
      signing_secret: '',
    });
    expect(kept.body).toMatchObject({ secrets: { bot_token: true, signing_secret: true } });

    // another customer sees and changes only its own
    expect((await call('GET', '/api/settings/slack', beta.root.token)).body).toMatchObject({
      configured: false,
      secrets: { bot_token: false, signing_secret: false },
      channels: [],
    });
    const foreignModule = await call('PUT', '/api/settings/slack', beta.root.token, slackBody(BETA, alpha.module.id));
    expect(foreignModule).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'channels', 0, 'module_id'], msg: TEAM_CHAT_MESSAGES.module }] },
    });
    expect((await call('PUT', '/api/settings/slack', beta.root.token, slackBody(BETA, beta.module.id))).status).toBe(
      200,
    );

    // every other role is refused, and changes nothing
    for (const role of ['StaffRoot', 'StaffEdit', 'StaffView', 'Customer'] as const) {
      const user = await t.createUser({ role, customer: role === 'Customer' ? 'Alpha Chat' : undefined });
      const signedIn = await t.signIn(user.email, user.password);
      for (const path of ['/api/settings/slack', '/api/settings/mattermost', '/api/settings/teams'])
        expect((await call('GET', path, signedIn.token)).status).toBe(403);
      expect((await call('PUT', '/api/settings/slack', signedIn.token, slackBody(BETA, alpha.module.id))).status).toBe(
        403,
      );
    }
    expect((await call('GET', '/api/settings/slack', null)).status).toBe(401);
    const after = await asSystem(t, (tx) =>
      tx.selectFrom('team_chats').selectAll().where('customer_id', '=', alpha.customerId).executeTakeFirstOrThrow(),
    );
    expect(after.settings).toEqual(row.settings);
  });

  it('answers bad settings with 422 naming each field', async () => {
    const bad = await call('PUT', '/api/settings/slack', alpha.root.token, {
      enabled: 'yes',
      app_id: 'slack app',
      bot_token: 'xoxp-user-token-0000',
      signing_secret: 'short',
      channels: [{ module_id: alpha.module.id, channel_id: '#incidents' }],
    });
    expect(bad.status).toBe(422);
    expect((bad.body as { detail: { loc: (string | number)[]; msg: string }[] }).detail).toEqual([
      { loc: ['body', 'enabled'], msg: TEAM_CHAT_MESSAGES.enabled },
      { loc: ['body', 'app_id'], msg: TEAM_CHAT_MESSAGES.appId },
      { loc: ['body', 'bot_token'], msg: TEAM_CHAT_MESSAGES.botToken },
      { loc: ['body', 'signing_secret'], msg: TEAM_CHAT_MESSAGES.signingSecret },
      { loc: ['body', 'channels', 0, 'channel_id'], msg: TEAM_CHAT_MESSAGES.channel },
    ]);
    // a first save of Teams needs its webhook
    expect(
      await call('PUT', '/api/settings/teams', alpha.root.token, { enabled: true, webhook_url: '', modules: [] }),
    ).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'webhook_url'], msg: TEAM_CHAT_MESSAGES.required('Incoming webhook URL') }] },
    });
  });

  it('posts a new incident to its module’s Slack channel with Accept and Resolve carrying the case ID', async () => {
    const made = await incident('Disk almost full on db-1');
    const [post] = slackCalls('chat.postMessage');
    expect(post?.headers.authorization).toBe(`Bearer ${ALPHA.token}`);
    const fields = form(post!);
    expect(fields.channel).toBe(ALPHA.channel);
    expect(fields.text).toContain(made.case_id);
    const blocks = JSON.parse(fields.blocks!) as { type: string; elements?: Record<string, unknown>[] }[];
    const buttons = blocks.find((block) => block.type === 'actions')!.elements!;
    expect(buttons.filter((b) => b.value).map((b) => [b.action_id, b.value])).toEqual([
      ['relevo_accept', made.case_id],
      ['relevo_resolve', made.case_id],
    ]);
    // queued once: the notice's key
    const notices = await asSystem(t, (tx) =>
      tx
        .selectFrom('chat_notices')
        .select(['provider', 'kind', 'status'])
        .where('event_id', '=', made.event_id)
        .execute(),
    );
    expect(notices).toEqual([{ provider: 'slack', kind: 'new', status: 'posted' }]);
    // Beta's module is not Alpha's: its channel heard nothing
    expect(slackCalls('chat.postMessage').filter((r) => form(r).channel === BETA.channel)).toEqual([]);
  });

  it('accepts from a signed Slack button once, as the resource of the Slack user’s e-mail, and updates the message', async () => {
    const made = await incident('Payments API down');
    const before = slack.requests.length;
    const press = pressed(ALPHA.app, 'UCARLOS01', 'relevo_accept', made.case_id);
    const answer = await interaction(press, ALPHA.secret);
    expect(answer).toMatchObject({ status: 200, text: '' });
    await until(async () => (await eventOf(made.case_id)).event_status === 'progress', 'the acceptance');
    expect(await eventOf(made.case_id)).toMatchObject({ accepted_by: 'Carlos Méndez' });
    expect(form(slackCalls('users.info').at(-1)!)).toMatchObject({ user: 'UCARLOS01' });
    await until(() => slackCalls('chat.postEphemeral').length > 0, 'the reply to the presser');
    expect(form(slackCalls('chat.postEphemeral').at(-1)!)).toMatchObject({
      channel: ALPHA.channel,
      user: 'UCARLOS01',
      text: CHAT_NOTICE_MESSAGES.accepted(made.case_id),
    });

    // the same request again (a replay within its 5 minutes) acts no more
    expect((await interaction(press, ALPHA.secret)).status).toBe(200);
    await until(() => slackCalls('chat.postEphemeral').length > 1, 'the second reply');
    expect(form(slackCalls('chat.postEphemeral').at(-1)!).text).toBe(
      EVENT_ACTION_MESSAGES.alreadyAccepted('Carlos Méndez'),
    );
    const accepted = await asSystem(t, (tx) =>
      tx
        .selectFrom('event_actions')
        .select(['by_name', 'via'])
        .where('event_id', '=', made.event_id)
        .where('kind', '=', 'accepted')
        .execute(),
    );
    expect(accepted).toEqual([{ by_name: 'Carlos Méndez', via: 'slack' }]);

    // the message shows who accepted, keeps Resolve only, and its thread says so
    await chats.drain();
    const post = slack.requests
      .slice(0, before)
      .find((r) => r.path === '/api/chat.postMessage' && form(r).text?.includes(made.case_id))!;
    const update = slackCalls('chat.update').at(-1)!;
    expect(form(update)).toMatchObject({ channel: ALPHA.channel });
    expect(form(update).text).toContain('accepted by Carlos Méndez');
    const first = await asSystem(t, (tx) =>
      tx
        .selectFrom('chat_notices')
        .select('post_ref')
        .where('event_id', '=', made.event_id)
        .where('kind', '=', 'new')
        .executeTakeFirstOrThrow(),
    );
    const ts = first.post_ref as { channel: string; ts: string };
    expect(ts.channel).toBe(ALPHA.channel);
    expect(form(update).ts).toBe(ts.ts);
    expect(post).toBeDefined();
    const updatedButtons = (JSON.parse(form(update).blocks!) as { type: string; elements?: { action_id: string }[] }[])
      .find((block) => block.type === 'actions')!
      .elements!.map((e) => e.action_id);
    expect(updatedButtons).toEqual(['relevo_resolve', 'relevo_open']);
    const reply = slackCalls('chat.postMessage').at(-1)!;
    expect(form(reply)).toMatchObject({
      thread_ts: ts.ts,
      text: CHAT_NOTICE_MESSAGES.notice('accepted', made.case_id, 'Carlos Méndez'),
    });

    // and resolves from the same message
    expect(
      (await interaction(pressed(ALPHA.app, 'UCARLOS01', 'relevo_resolve', made.case_id), ALPHA.secret)).status,
    ).toBe(200);
    await until(async () => (await eventOf(made.case_id)).event_status === 'completed', 'the resolution');
    await chats.drain();
    const closed = JSON.parse(form(slackCalls('chat.update').at(-1)!).blocks!) as {
      type: string;
      elements?: { action_id: string }[];
    }[];
    expect(closed.find((block) => block.type === 'actions')!.elements!.map((e) => e.action_id)).toEqual([
      'relevo_open',
    ]);
  });

  it('refuses a bad signature, a stale timestamp and another customer’s signing secret, changing nothing', async () => {
    const made = await incident('Queue backlog growing');
    const press = pressed(ALPHA.app, 'UCARLOS01', 'relevo_accept', made.case_id);
    const before = slack.requests.length;
    const forged = await interaction(press, 'f0'.repeat(16));
    const stale = await interaction(press, ALPHA.secret, Math.floor(t.clock.now().getTime() / 1000) - 301);
    // Beta's own app secret does not sign for Alpha's app
    const foreign = await interaction(press, BETA.secret);
    const unsigned = await t.raw('POST', '/api/v1/integrations/slack/interactions', {
      rawBody: `payload=${encodeURIComponent(JSON.stringify(press))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (const refused of [forged, stale, foreign, unsigned]) expect(refused.status).toBe(401);
    expect(stale.body).toEqual({ detail: 'The request’s timestamp is more than 5 minutes away' });
    // Beta's signature naming Beta's app is Beta's: Alpha's case is not Beta's to act on
    const acrossTenants = await interaction(pressed(BETA.app, 'UCARLOS01', 'relevo_accept', made.case_id), BETA.secret);
    expect(acrossTenants.status).toBe(200);
    await until(
      () =>
        slackCalls('chat.postEphemeral').some(
          (r) =>
            form(r).text === CHAT_NOTICE_MESSAGES.notMatched('Slack') ||
            form(r).text === CHAT_NOTICE_MESSAGES.unknownCase,
        ),
      'Beta’s reply',
    );
    expect(await eventOf(made.case_id)).toMatchObject({ event_status: 'open', accepted_by: null });
    expect(
      slack.requests.slice(before).filter((r) => r.path !== '/api/users.info' && r.path !== '/api/chat.postEphemeral'),
    ).toEqual([]);
    expect(
      lines.some((line) => line.includes('"security":"unauthenticated"') && line.includes('slack/interactions')),
    ).toBe(true);
  });

  it('tells a Slack user who matches no resource so, and changes nothing', async () => {
    const made = await incident('Cache misses at 90%');
    const replies = slackCalls('chat.postEphemeral').length;
    expect(
      (await interaction(pressed(ALPHA.app, 'UNADIE001', 'relevo_accept', made.case_id), ALPHA.secret)).status,
    ).toBe(200);
    await until(() => slackCalls('chat.postEphemeral').length > replies, 'the reply');
    expect(form(slackCalls('chat.postEphemeral').at(-1)!)).toMatchObject({
      user: 'UNADIE001',
      text: CHAT_NOTICE_MESSAGES.notMatched('Slack'),
    });
    expect(await eventOf(made.case_id)).toMatchObject({ event_status: 'open', accepted_by: null });
  });

  it('posts to Mattermost with buttons whose signed context accepts, and refuses a forged one', async () => {
    const saved = await call('PUT', '/api/settings/mattermost', alpha.root.token, {
      enabled: true,
      server_url: mattermost.url,
      webhook_url: `${mattermost.url}${MATTERMOST_HOOK}`,
      bot_token: MATTERMOST_TOKEN,
      modules: [alpha.module.id],
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        secrets: { webhook_url: true, bot_token: true },
        actions_url: 'http://127.0.0.1:3000/api/v1/integrations/mattermost/actions',
      },
    });
    const made = await incident('Login errors spiking');
    const hook = mattermost.requests.filter((r) => r.path === MATTERMOST_HOOK).at(-1)!;
    const post = JSON.parse(hook.body) as {
      attachments: {
        title: string;
        actions: { id: string; integration: { url: string; context: Record<string, string> } }[];
      }[];
    };
    expect(post.attachments[0]!.title).toContain(made.case_id);
    const [accept, resolve] = post.attachments[0]!.actions;
    expect([accept!.id, resolve!.id]).toEqual(['accept', 'resolve']);
    expect(accept!.integration).toMatchObject({
      url: 'http://127.0.0.1:3000/api/v1/integrations/mattermost/actions',
      context: { case_id: made.case_id, action: 'accept' },
    });

    // a token made for another action, case or customer is refused
    const forged = [
      { ...accept!.integration.context, action: 'resolve' },
      { ...accept!.integration.context, customer_id: String(beta.customerId) },
      { ...accept!.integration.context, token: resolve!.integration.context.token },
    ];
    for (const context of forged) {
      const refused = await call('POST', '/api/v1/integrations/mattermost/actions', null, {
        user_id: 'carlosmattermostuserid0001',
        context,
      });
      expect(refused.status).toBe(401);
    }
    expect(await eventOf(made.case_id)).toMatchObject({ event_status: 'open' });

    // an unknown person is told so
    const stranger = await call('POST', '/api/v1/integrations/mattermost/actions', null, {
      user_id: 'strangermattermostuser0001',
      context: accept!.integration.context,
    });
    expect(stranger).toMatchObject({
      status: 200,
      body: { ephemeral_text: CHAT_NOTICE_MESSAGES.notMatched('Mattermost') },
    });
    expect(await eventOf(made.case_id)).toMatchObject({ event_status: 'open' });

    const pressedAccept = await call('POST', '/api/v1/integrations/mattermost/actions', null, {
      user_id: 'carlosmattermostuserid0001',
      user_name: 'carlos',
      channel_id: 'incidentschannelid00000001',
      context: accept!.integration.context,
    });
    expect(pressedAccept).toMatchObject({
      status: 200,
      body: {
        ephemeral_text: CHAT_NOTICE_MESSAGES.accepted(made.case_id),
        update: { message: CHAT_NOTICE_MESSAGES.notice('accepted', made.case_id, 'Carlos Méndez') },
      },
    });
    expect(await eventOf(made.case_id)).toMatchObject({ event_status: 'progress', accepted_by: 'Carlos Méndez' });
    expect(
      mattermost.requests.find((r) => r.path === '/api/v4/users/carlosmattermostuserid0001')?.headers.authorization,
    ).toBe(`Bearer ${MATTERMOST_TOKEN}`);
    // the acceptance is posted, with the Resolve button left
    await engine.drain();
    await chats.drain();
    const notice = JSON.parse(mattermost.requests.filter((r) => r.path === MATTERMOST_HOOK).at(-1)!.body) as {
      text: string;
      attachments: { actions: { id: string }[] }[];
    };
    expect(notice.text).toBe(CHAT_NOTICE_MESSAGES.notice('accepted', made.case_id, 'Carlos Méndez'));
    expect(notice.attachments[0]!.actions.map((a) => a.id)).toEqual(['resolve']);
  });

  it('posts to Teams a card whose action opens the event in the dashboard', async () => {
    const saved = await call('PUT', '/api/settings/teams', alpha.root.token, {
      enabled: true,
      webhook_url: `${teams.url}${TEAMS_HOOK}`,
      modules: [alpha.module.id],
    });
    expect(saved).toMatchObject({ status: 200, body: { secrets: { webhook_url: true }, modules: [alpha.module.id] } });
    const made = await incident('Certificate expires tomorrow');
    const card = JSON.parse(teams.requests.at(-1)!.body) as {
      type: string;
      attachments: { contentType: string; content: { actions: { type: string; url: string }[] } }[];
    };
    expect(card.type).toBe('message');
    expect(card.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0]!.content.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Accept or resolve in Relevo',
        url: `http://127.0.0.1:3000/events/${made.case_id}/event_logs`,
      },
    ]);
    // turned off: nothing more is posted
    await call('PUT', '/api/settings/teams', alpha.root.token, {
      enabled: false,
      webhook_url: '',
      modules: [alpha.module.id],
    });
    const posted = teams.requests.length;
    await incident('Another incident');
    expect(teams.requests.length).toBe(posted);
  });

  it('never shows a secret in an answer or a log line', async () => {
    for (const view of ['/api/settings/slack', '/api/settings/mattermost', '/api/settings/teams'])
      await call('GET', view, alpha.root.token);
    const secrets = [ALPHA.token, ALPHA.secret, BETA.token, BETA.secret, MATTERMOST_TOKEN, MATTERMOST_HOOK, TEAMS_HOOK];
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(answers.filter((text) => text.includes(secret))).toEqual([]);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
