import type { Logger } from 'pino';
import { sql, type Compilable } from 'kysely';
import {
  mattermostMessage,
  noticeLine,
  slackStepMessage,
  slackMessage,
  teamsMessage,
  CHAT_NOTICE_MESSAGES,
  type ChatEvent,
  type ChatNotice,
  type ChatProvider,
} from '@relevo/domain';
import type { TokenSigner } from '../auth/tokens';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { ChatNoticeRow } from '../db/schema';
import type { Claimed, JobRow } from '../jobs/lease';
import { JobRunner, JobWorker } from '../jobs/worker';
import type { SecretBox } from '../security/secret-box';
import { CHAT_NOTICE_JOBS, TEAM_CHAT_CHANNEL } from './notices';
import {
  chatEventOf,
  chatEventQuery,
  chatOf,
  firstPostOf,
  stepNoticesOf,
  type ChatEventRow,
  type StoredChat,
} from './queries';
import { chatUrls, openChatSecrets } from './settings';
import { slackClient } from './slack';
import { mattermostToken, postJson } from './webhooks';

type NoticeRow = JobRow &
  Pick<ChatNoticeRow, 'customer_id' | 'event_id' | 'provider' | 'kind' | 'actor' | 'contact_key' | 'body'>;

export interface TeamChatWorkerOptions {
  database: Database;
  clock: Clock;
  log: Logger;
  workerId: string;
  config: Pick<Config, 'publicUrl' | 'slackApiUrl'>;
  box: SecretBox;
  signer: Pick<TokenSigner, 'digest'>;
  concurrency?: number;
  leaseMs?: number;
  idlePollMs?: number;
  /**
   * docs/product.md#team-chat ("A chat as a step"): a chat step's contact that every chat gave up:
   * its log row says failed and the escalation moves on (the inbound status path, as the outbox's)
   */
  undelivered?(contactKey: string, detail: string): Promise<void>;
}

/** Where a notice's message went: Slack's channel and message time (the later notices update it). */
type PostRef = Record<string, string>;

/**
 * The team chats' worker (docs/product.md#team-chat): claims the notices queued by the events'
 * changes and posts each to its chat, with the event as it is when the message goes (a later
 * notice shows the latest state even if an earlier one waited). In Slack the first notice of an
 * event posts its message and the later ones update it and answer in its thread; Mattermost and
 * Teams get a post per notice through their incoming webhook. The notices of one event and chat go
 * out in queue order. A chat that was turned off or lost the module meanwhile is skipped.
 */
/** Why a chat step's post was not made: the chat was turned off, or posts no more for the module. */
const NOT_POSTING: Record<ChatProvider, string> = {
  slack: 'Slack is turned off or has no channel for this module',
  mattermost: 'Mattermost is turned off or does not post for this module',
  teams: 'Microsoft Teams is turned off or does not post for this module',
};

const CHAT_NAMES: Record<ChatProvider, string> = { slack: 'Slack', mattermost: 'Mattermost', teams: 'Microsoft Teams' };

/** The Slack channel of a module in a chat's settings. */
function slackChannelOf(chat: StoredChat, moduleId: number | null): string | undefined {
  const channels = (chat.settings as { channels?: { module_id: number; channel_id: string }[] }).channels ?? [];
  return channels.find((c) => c.module_id === moduleId)?.channel_id;
}

/** Whether a chat posts for a module (Slack: a channel for it; the others: the module chosen), as `queueNotices` asks. */
function postsForModule(chat: StoredChat, moduleId: number | null): boolean {
  if (moduleId === null) return false;
  if (chat.provider === 'slack') return slackChannelOf(chat, moduleId) !== undefined;
  return ((chat.settings as { modules?: number[] }).modules ?? []).includes(moduleId);
}

/**
 * docs/product.md#team-chat ("A chat as a step"): the log row of a chat step's contact says sent
 * once a chat posted it, naming the chats that did (a contact already failed stays so).
 */
function stepPosted(db: Database['db'], contactKey: string, provider: ChatProvider): Compilable<unknown> {
  const note = `Posted in ${CHAT_NAMES[provider]}`;
  return db
    .updateTable('event_logs')
    .set({
      delivery_status: 'sent',
      delivery_detail: sql<string>`case
        when delivery_status = 'queued' or delivery_detail is null then ${note}
        when strpos(delivery_detail, ${note}) > 0 then delivery_detail
        else left(delivery_detail || '; ' || ${note}, 1000) end`,
    })
    .where('idempotency_key', '=', contactKey)
    .where('delivery_status', 'in', ['queued', 'sent']);
}

export class TeamChatWorker extends JobRunner<NoticeRow> {
  constructor(options: TeamChatWorkerOptions) {
    const { database, config, box, log } = options;
    const urls = chatUrls(config.publicUrl);
    const posted = new Map<string, PostRef>();

    /**
     * A chat step's post given up in one chat: when every chat it went to gave it up, its contact
     * failed (its log row, with each chat's last error) and the walk moves on; a chat that posted it,
     * or one still trying, keeps it.
     */
    async function stepGivenUp(
      contactKey: string,
      undelivered: NonNullable<TeamChatWorkerOptions['undelivered']>,
    ): Promise<void> {
      const notices = await database.scoped({ kind: 'staff' }, (tx) => stepNoticesOf(tx, contactKey));
      if (notices.length === 0 || notices.some((n) => n.status !== 'dead')) return;
      const detail = notices.map((n) => `${CHAT_NAMES[n.provider]}: ${n.last_error ?? 'not posted'}`).join('; ');
      await undelivered(contactKey, detail);
    }

    async function load(notice: NoticeRow) {
      return database.scoped({ kind: 'staff' }, async (tx) => ({
        event: await chatEventQuery(tx).where('e.event_id', '=', notice.event_id).executeTakeFirst(),
        chat: await chatOf(tx, notice.customer_id, notice.provider),
        // a step's post is a message of its own: it needs no first message
        first:
          notice.kind === 'new' || notice.kind === 'step'
            ? undefined
            : await firstPostOf(tx, notice.event_id, notice.provider),
      }));
    }

    async function toSlack(
      chat: StoredChat,
      secrets: Record<string, string>,
      row: ChatEventRow,
      event: ChatEvent,
      notice: ChatNotice,
      first: Awaited<ReturnType<typeof load>>['first'],
    ): Promise<PostRef | null> {
      const client = slackClient(secrets.bot_token!, config.slackApiUrl, log);
      const message = slackMessage(event);
      if (notice.kind !== 'new') {
        // the first post is not out yet: this one waits for it (the job layer tries again)
        if (first && (first.status === 'pending' || first.status === 'claimed'))
          throw new Error('the incident’s first message is not posted yet');
        const ref = first?.post_ref;
        if (ref?.channel && ref.ts) {
          await client.chat.update({ channel: ref.channel, ts: ref.ts, ...message });
          await client.chat.postMessage({
            channel: ref.channel,
            thread_ts: ref.ts,
            text: CHAT_NOTICE_MESSAGES.notice(notice.kind, event.case_id, notice.actor),
          });
          return null;
        }
      }
      // a new event, or one whose first message never went out: a message with its state now
      const channel = slackChannelOf(chat, row.module_id);
      if (!channel) return null;
      const answer = await client.chat.postMessage({ channel, ...message });
      return answer.channel && answer.ts ? { channel: answer.channel, ts: answer.ts } : null;
    }

    /** A chat step's post in Slack: a message of its own in the module's channel (its first message is not needed). */
    async function stepToSlack(
      chat: StoredChat,
      secrets: Record<string, string>,
      row: ChatEventRow,
      event: ChatEvent,
      line: string,
    ): Promise<PostRef | null> {
      const channel = slackChannelOf(chat, row.module_id);
      if (!channel) throw new Error(NOT_POSTING.slack);
      const client = slackClient(secrets.bot_token!, config.slackApiUrl, log);
      const answer = await client.chat.postMessage({ channel, ...slackStepMessage(event, line) });
      return answer.channel && answer.ts ? { channel: answer.channel, ts: answer.ts } : null;
    }

    async function send(notice: NoticeRow, signal: AbortSignal): Promise<PostRef | null> {
      const { event: row, chat, first } = await load(notice);
      const step = notice.kind === 'step';
      // a step's post that cannot go is tried again, then given up: its contact fails
      if (step && row && (!chat?.enabled || !postsForModule(chat, row.module_id)))
        throw new Error(NOT_POSTING[notice.provider]);
      if (!row || !chat || !chat.enabled) return null;
      const secrets = openChatSecrets(box, chat);
      const event = chatEventOf(row, config.publicUrl);
      const told: ChatNotice = { kind: notice.kind, actor: notice.actor, text: notice.body };
      signal.throwIfAborted();
      switch (notice.provider) {
        case 'slack':
          return step
            ? stepToSlack(chat, secrets, row, event, noticeLine(told, event.case_id))
            : toSlack(chat, secrets, row, event, told, first);
        case 'mattermost':
          await postJson(
            secrets.webhook_url!,
            mattermostMessage(event, told, (action) => ({
              url: urls.mattermost,
              context: {
                case_id: event.case_id,
                action,
                customer_id: String(notice.customer_id),
                token: mattermostToken(options.signer, notice.customer_id, event.case_id, action),
              },
            })),
            signal,
          );
          return null;
        case 'teams':
          await postJson(secrets.webhook_url!, teamsMessage(event, told), signal);
          return null;
      }
    }

    super(
      new JobWorker<NoticeRow>({
        database,
        clock: options.clock,
        log,
        workerId: options.workerId,
        table: CHAT_NOTICE_JOBS,
        channel: TEAM_CHAT_CHANNEL,
        run: async (notice: Claimed<NoticeRow>, signal) => {
          const ref = await send(notice, signal);
          if (ref) posted.set(notice.claim_token, ref);
        },
        doneValues: (now) => ({ sent_at: now }),
        completionStatements: (notice): Compilable<unknown>[] => {
          const ref = posted.get(notice.claim_token);
          posted.delete(notice.claim_token);
          return [
            ...(ref
              ? [
                  database.db
                    .updateTable('chat_notices')
                    .set({ post_ref: JSON.stringify(ref) })
                    .where('id', '=', notice.id),
                ]
              : []),
            // a chat step's contact is sent once one chat posted it
            ...(notice.contact_key ? [stepPosted(database.db, notice.contact_key, notice.provider)] : []),
          ];
        },
        onDead: async (notices) => {
          for (const notice of notices)
            if (notice.contact_key && options.undelivered) await stepGivenUp(notice.contact_key, options.undelivered);
        },
        // an event's notices in one chat go out in order: its first message before its updates
        serialKey: (notice) => `${notice.event_id}:${notice.provider}`,
        concurrency: options.concurrency,
        leaseMs: options.leaseMs,
        idlePollMs: options.idlePollMs,
      }),
    );
  }
}
