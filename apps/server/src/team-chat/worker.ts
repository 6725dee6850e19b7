import type { Logger } from 'pino';
import type { Compilable } from 'kysely';
import {
  mattermostMessage,
  slackMessage,
  teamsMessage,
  CHAT_NOTICE_MESSAGES,
  type ChatEvent,
  type ChatNotice,
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
import { chatEventOf, chatEventQuery, chatOf, firstPostOf, type ChatEventRow, type StoredChat } from './queries';
import { chatUrls, openChatSecrets } from './settings';
import { slackClient } from './slack';
import { mattermostToken, postJson } from './webhooks';

type NoticeRow = JobRow & Pick<ChatNoticeRow, 'customer_id' | 'event_id' | 'provider' | 'kind' | 'actor'>;

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
export class TeamChatWorker extends JobRunner<NoticeRow> {
  constructor(options: TeamChatWorkerOptions) {
    const { database, config, box, log } = options;
    const urls = chatUrls(config.publicUrl);
    const posted = new Map<string, PostRef>();

    async function load(notice: NoticeRow) {
      return database.scoped({ kind: 'staff' }, async (tx) => ({
        event: await chatEventQuery(tx).where('e.event_id', '=', notice.event_id).executeTakeFirst(),
        chat: await chatOf(tx, notice.customer_id, notice.provider),
        first: notice.kind === 'new' ? undefined : await firstPostOf(tx, notice.event_id, notice.provider),
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
      const channels = (chat.settings as { channels?: { module_id: number; channel_id: string }[] }).channels ?? [];
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
      const channel = channels.find((c) => c.module_id === row.module_id)?.channel_id;
      if (!channel) return null;
      const answer = await client.chat.postMessage({ channel, ...message });
      return answer.channel && answer.ts ? { channel: answer.channel, ts: answer.ts } : null;
    }

    async function send(notice: NoticeRow, signal: AbortSignal): Promise<PostRef | null> {
      const { event: row, chat, first } = await load(notice);
      if (!row || !chat || !chat.enabled) return null;
      const secrets = openChatSecrets(box, chat);
      const event = chatEventOf(row, config.publicUrl);
      const told: ChatNotice = { kind: notice.kind, actor: notice.actor };
      signal.throwIfAborted();
      switch (notice.provider) {
        case 'slack':
          return toSlack(chat, secrets, row, event, told, first);
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
          return ref
            ? [
                database.db
                  .updateTable('chat_notices')
                  .set({ post_ref: JSON.stringify(ref) })
                  .where('id', '=', notice.id),
              ]
            : [];
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
