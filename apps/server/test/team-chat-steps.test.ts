import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_MESSAGES } from '@relevo/domain';
import { EngineWorker } from '../src/engine/worker';
import { CHAT_NOTICE_JOBS } from '../src/team-chat/notices';
import { teamChatWorker } from '../src/server';
import type { TeamChatWorker } from '../src/team-chat/worker';
import { insertModuleWithSteps, insertResource, type StepOfEscalation } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';
import { customerWithModule, reportIncident, withCredentialKey } from './support/keyed-module';
import { slackApi, slackFields as form } from './support/slack-api';
import type { StandIn } from './support/stand-in';

/**
 * A team chat as an escalation step's channel (docs/product.md#team-chat, "A chat as a step"), end
 * to end: after the first step's wait, the chat step posts in the module's Slack channel (through
 * the official client to a local stand-in for Slack's Web API) with the chat's buttons and the case
 * ID; its event-log row says sent; a signed Slack Accept on it accepts the event. A chat step of a
 * module no chat posts for is skipped when the incident comes in; a post Slack refuses until the
 * notice is given up fails the contact and moves the walk on; the same wake-up run again queues
 * nothing twice.
 */
const SLACK = {
  app: 'A0STEPS0001',
  token: 'xoxb-3333-steps-bot-token-secret',
  secret: 'c3'.repeat(16),
  channel: 'C0STEPS01',
  /** a channel Slack refuses every post to */
  broken: 'C0BROKEN1',
};
const SLACK_USERS: Record<string, string> = { UCARLOS01: 'carlos@example.test' };
const MIN = 60_000;

describe.each(DATABASE_KINDS)('team chat steps on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let chats: TeamChatWorker;
  let slack: StandIn;
  let alpha: Awaited<ReturnType<typeof customerWithModule>>;
  let anaId: number;
  let ts = 0;

  const slackPosts = () => slack.requests.filter((r) => r.path === '/api/chat.postMessage');
  const until = async (what: () => Promise<boolean>, label: string) => {
    const deadline = Date.now() + 10_000;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error(`waited in vain for ${label}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const eventOf = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['event_status', 'accepted_by'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
    );
  const logsOf = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['channel', 'followup_status', 'resource', 'called_number', 'delivery_status', 'delivery_detail'])
        .select('idempotency_key')
        .where('event_id', '=', eventId)
        .orderBy('event_log_id')
        .execute(),
    );
  const noticesOf = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('chat_notices')
        .select(['provider', 'kind', 'status', 'idempotency_key', 'contact_key', 'actor'])
        .where('event_id', '=', eventId)
        .where('kind', '=', 'step')
        .orderBy('id')
        .execute(),
    );

  /** A module of Alpha on an escalation of these steps, with its credential key. */
  const moduleOf = async (name: string, steps: StepOfEscalation[]) => {
    const made = await asSystem(t, (tx) =>
      insertModuleWithSteps(tx, alpha.customerId, { name, slaMinutes: 30, steps }),
    );
    return withCredentialKey(alpha.root.client, made);
  };
  /** Alpha's Slack, posting for these modules: each module to its channel. */
  const slackFor = async (channels: { module_id: number; channel_id: string }[]) => {
    const saved = await t.raw('PUT', '/api/settings/slack', {
      body: {
        enabled: true,
        app_id: SLACK.app,
        bot_token: SLACK.token,
        signing_secret: SLACK.secret,
        channels,
      },
      headers: { authorization: `Bearer ${alpha.root.token}` },
    });
    expect(saved.status).toBe(200);
  };
  /** Carlos texted first (15 minutes), then the module's chat paged for him (15 minutes), then Ana texted. */
  const smsThenChat = (): StepOfEscalation[] => [
    { resourceId: alpha.module.resourceId, participation: 'agent', channel: 'sms' },
    { resourceId: alpha.module.resourceId, participation: 'agent', channel: 'chat' },
    { resourceId: anaId, participation: 'agent', channel: 'sms' },
  ];

  /** A Slack interaction as Slack sends it, signed with the app's signing secret. */
  const accepted = async (caseId: string) => {
    const payload = {
      type: 'block_actions',
      api_app_id: SLACK.app,
      team: { id: 'T0STEPS01' },
      user: { id: 'UCARLOS01' },
      channel: { id: SLACK.channel },
      trigger_id: `trigger-${++ts}`,
      actions: [{ action_id: 'relevo_accept', block_id: 'relevo_event', value: caseId, type: 'button' }],
    };
    const at = Math.floor(t.clock.now().getTime() / 1000);
    const rawBody = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
    const signature = `v0=${createHmac('sha256', SLACK.secret).update(`v0:${at}:${rawBody}`).digest('hex')}`;
    return t.raw('POST', '/api/v1/integrations/slack/interactions', {
      rawBody,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(at),
        'x-slack-signature': signature,
      },
    });
  };

  let chatModule: Awaited<ReturnType<typeof moduleOf>>;
  let brokenModule: Awaited<ReturnType<typeof moduleOf>>;
  let silentModule: Awaited<ReturnType<typeof moduleOf>>;

  beforeAll(async () => {
    // Slack's answer for a channel the app may not post to: channel_not_found, every time
    slack = slackApi({ tokens: [SLACK.token], users: SLACK_USERS, brokenChannels: [SLACK.broken] });
    const slackUrl = await slack.start();
    t = await startTestApp({ kind, config: { slackApiUrl: `${slackUrl}/api/` } });
    alpha = await customerWithModule(t, 'Alpha Steps');
    anaId = await asSystem(t, (tx) =>
      insertResource(tx, alpha.customerId, { name: 'Ana Ruiz', email: 'ana@example.test', phone: '7875550199' }),
    );
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'chat-steps-engine',
      scale: 1,
      contactWindowMs: 0,
    });
    chats = teamChatWorker(t.ctx, t.database, { workerId: 'chat-steps-test' });
    chatModule = await moduleOf('Payments', smsThenChat());
    brokenModule = await moduleOf('Ledger', [
      { resourceId: alpha.module.resourceId, participation: 'agent', channel: 'chat' },
      { resourceId: anaId, participation: 'agent', channel: 'sms' },
    ]);
    silentModule = await moduleOf('Reports', smsThenChat());
    await slackFor([
      { module_id: chatModule.id, channel_id: SLACK.channel },
      { module_id: brokenModule.id, channel_id: SLACK.broken },
    ]);
  }, 120_000);

  afterAll(async () => {
    await engine?.stop();
    await chats?.stop();
    await t?.close();
    await slack?.close();
  });

  it('pages the module’s Slack channel after the first step’s wait, with the buttons and the case ID; the log says sent; Accept accepts', async () => {
    const made = await reportIncident(t, chatModule, 'Card payments failing');
    await engine.drain();
    await chats.drain();
    const before = slackPosts().length;

    // the first step's wait passes: the chat step is walked
    t.clock.advance(15 * MIN);
    await engine.drain();
    const queued = (await logsOf(made.event_id)).find((log) => log.channel === 'chat');
    expect(queued).toMatchObject({
      followup_status: 'escalation',
      resource: 'Carlos Méndez',
      called_number: null,
      delivery_status: 'queued',
      idempotency_key: `event:${made.event_id}:step:2:attempt:1`,
    });
    expect(await noticesOf(made.event_id)).toEqual([
      {
        provider: 'slack',
        kind: 'step',
        status: 'pending',
        idempotency_key: `chat:${made.event_id}:step:2:attempt:1:slack`,
        contact_key: `event:${made.event_id}:step:2:attempt:1`,
        actor: 'Carlos Méndez',
      },
    ]);

    await chats.drain();
    const posts = slackPosts().slice(before);
    expect(posts).toHaveLength(1);
    const fields = form(posts[0]!);
    expect(fields.channel).toBe(SLACK.channel);
    expect(fields.text).toContain(`${made.case_id} is still open: paging the channel for Carlos Méndez`);
    const blocks = JSON.parse(fields.blocks!) as { type: string; elements?: Record<string, unknown>[] }[];
    expect(JSON.stringify(blocks[0])).toContain('paging the channel for Carlos Méndez');
    const buttons = blocks.find((block) => block.type === 'actions')!.elements!;
    expect(buttons.filter((b) => b.value).map((b) => [b.action_id, b.value])).toEqual([
      ['relevo_accept', made.case_id],
      ['relevo_resolve', made.case_id],
    ]);
    expect((await logsOf(made.event_id)).find((log) => log.channel === 'chat')).toMatchObject({
      delivery_status: 'sent',
      delivery_detail: 'Posted in Slack',
    });
    expect(await noticesOf(made.event_id)).toMatchObject([{ status: 'posted' }]);

    // the channel accepts: as the resource of the Slack user's e-mail
    expect((await accepted(made.case_id)).status).toBe(200);
    await until(async () => (await eventOf(made.event_id)).event_status === 'progress', 'the acceptance');
    expect(await eventOf(made.event_id)).toMatchObject({ accepted_by: 'Carlos Méndez' });
  });

  it('skips a chat step of a module no chat posts for when the incident comes in', async () => {
    const made = await reportIncident(t, silentModule, 'Nightly report late');
    const timer = await asSystem(t, (tx) =>
      tx.selectFrom('engine_timers').select('state').where('event_id', '=', made.event_id).executeTakeFirstOrThrow(),
    );
    const steps = (timer.state as { steps: { channel: string; resource_name: string }[] }).steps;
    expect(steps.map((step) => [step.channel, step.resource_name])).toEqual([
      ['sms', 'Carlos Méndez'],
      ['sms', 'Ana Ruiz'],
    ]);
    // an escalation whose only step is such a chat step cannot take the incident
    const onlyChat = await moduleOf('Archive', [
      { resourceId: alpha.module.resourceId, participation: 'agent', channel: 'chat' },
    ]);
    const refused = await t.raw('POST', '/api/v1/incidents', {
      body: { incident: 'Archive full', description: 'nobody to page' },
      headers: { authorization: `Basic ${Buffer.from(`${onlyChat.id}:${onlyChat.key}`).toString('base64')}` },
    });
    expect(refused).toMatchObject({ status: 409, body: { detail: INGEST_MESSAGES.escalationNotReady } });
  });

  it('fails the contact once Slack refused the post until it was given up, and moves the walk on', async () => {
    const made = await reportIncident(t, brokenModule, 'Ledger out of balance');
    await engine.drain();
    const key = `event:${made.event_id}:step:1:attempt:1`;
    expect((await logsOf(made.event_id)).map((log) => [log.channel, log.delivery_status])).toEqual([
      ['chat', 'queued'],
    ]);
    // every claim of the notice is refused; the job layer tries again after its delays, then gives up
    for (let attempt = 1; attempt <= CHAT_NOTICE_JOBS.maxAttempts; attempt++) {
      await chats.drain();
      t.clock.advance(CHAT_NOTICE_JOBS.retryDelayMs(attempt));
    }
    await chats.drain();
    expect(await noticesOf(made.event_id)).toMatchObject([{ status: 'dead' }]);
    expect(
      slackPosts().filter((r) => form(r).channel === SLACK.broken && form(r).text?.includes('paging')),
    ).toHaveLength(CHAT_NOTICE_JOBS.maxAttempts);
    // within the step's 15 minutes, and no wake-up of the engine since: the failed contact moved the walk on
    const logs = await logsOf(made.event_id);
    expect(logs.map((log) => [log.channel, log.followup_status, log.resource])).toEqual([
      ['chat', 'open', 'Carlos Méndez'],
      ['sms', 'escalation', 'Ana Ruiz'],
    ]);
    expect(logs[0]).toMatchObject({ idempotency_key: key, delivery_status: 'failed' });
    expect(logs[0]!.delivery_detail).toContain('Slack: An API error occurred: channel_not_found');
  });

  it('queues nothing twice when the same wake-up runs again (a crash after its commit was not known)', async () => {
    const made = await reportIncident(t, chatModule, 'Refunds stuck');
    await engine.drain();
    t.clock.advance(15 * MIN);
    const before = await asSystem(t, (tx) =>
      tx
        .selectFrom('engine_timers')
        .select(['id', 'state', 'due_at'])
        .where('event_id', '=', made.event_id)
        .executeTakeFirstOrThrow(),
    );
    await engine.drain();
    expect(await noticesOf(made.event_id)).toHaveLength(1);
    // the timer as it was before the wake-up: the engine decides the same contact again
    await asSystem(t, (tx) =>
      tx
        .updateTable('engine_timers')
        .set({
          state: JSON.stringify(before.state),
          due_at: before.due_at,
          status: 'pending',
          locked_by: null,
          locked_until: null,
          claim_token: null,
        })
        .where('id', '=', before.id)
        .execute(),
    );
    await engine.drain();
    expect(await noticesOf(made.event_id)).toHaveLength(1);
    // the re-run was applied, and it left the walk at the chat step, waiting its follow-up time
    const after = await asSystem(t, (tx) =>
      tx
        .selectFrom('engine_timers')
        .select(['state', 'status', 'due_at'])
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow(),
    );
    expect(after).toMatchObject({ status: 'pending', state: { at: { step: 1, attempt: 1 } } });
    expect(new Date(after.due_at).getTime()).toBe(t.clock.now().getTime() + 15 * MIN);
    const logs = await logsOf(made.event_id);
    expect(logs.map((log) => [log.channel, log.followup_status])).toEqual([
      ['sms', 'open'],
      ['chat', 'escalation'],
    ]);
    expect(logs[1]).toMatchObject({ delivery_status: 'queued' });
    const pages = () => slackPosts().filter((r) => form(r).text?.includes(`${made.case_id} is still open`));
    await chats.drain();
    expect(pages()).toHaveLength(1);
  });
});
