import * as v from 'valibot';
import {
  CHAT_NOTICE_MESSAGES,
  mattermostUpdate,
  SLACK_ACTIONS,
  type EventActionAnswer,
  type Responder,
} from '@relevo/domain';
import type { MattermostActionAnswer } from '@relevo/api';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { HttpError } from '../http/errors';
import { eventActionService } from '../incidents/actions';
import { chatEventOf, chatEventQuery, chatOf, resourceByEmail, slackChatsOfApp } from './queries';
import { openChatSecrets } from './settings';
import { SLACK_SIGNATURE_WINDOW_SECONDS, slackClient, slackSignatureMatches, slackUserEmail } from './slack';
import { mattermostTokenMatches, mattermostUserEmail } from './webhooks';

/** A request of a chat as the route hands it over: its raw body (Slack signs it), headers and parsed body. */
export interface ChatRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Why a chat's request was refused: the route answers 401 with the text and writes a security event. */
export class ChatUnverified extends Error {}

const header = (headers: ChatRequest['headers'], name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The part of Slack's block_actions payload Relevo reads (docs.slack.dev, "block_actions payload"). */
const SlackPayload = v.looseObject({
  type: v.string(),
  api_app_id: v.pipe(v.string(), v.regex(/^A[A-Z0-9]{6,14}$/)),
  team: v.optional(v.nullable(v.looseObject({ id: v.optional(v.string()) }))),
  user: v.looseObject({ id: v.pipe(v.string(), v.regex(/^[UW][A-Z0-9]{2,20}$/)) }),
  channel: v.optional(v.nullable(v.looseObject({ id: v.pipe(v.string(), v.maxLength(30)) }))),
  actions: v.optional(
    v.array(
      v.looseObject({
        action_id: v.pipe(v.string(), v.maxLength(255)),
        value: v.optional(v.pipe(v.string(), v.maxLength(255))),
      }),
    ),
    [],
  ),
});

/** What a Mattermost button sends back (docs.mattermost.com, "Interactive messages"): who pressed it and its context. */
const MattermostRequest = v.looseObject({
  user_id: v.pipe(v.string(), v.regex(/^[a-z0-9]{26}$/)),
  context: v.looseObject({
    case_id: v.pipe(v.string(), v.regex(/^[A-Z0-9]{4,20}$/)),
    action: v.picklist(['accept', 'resolve']),
    customer_id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/)),
    token: v.pipe(v.string(), v.maxLength(100)),
  }),
});

const ACTION_OF: Record<string, 'accept' | 'resolve'> = {
  [SLACK_ACTIONS.accept]: 'accept',
  [SLACK_ACTIONS.resolve]: 'resolve',
};

/**
 * The chats' buttons (docs/product.md#team-chat): a request is first proved to come from the
 * customer's chat (Slack's signature with the app's signing secret; Mattermost's button token
 * keyed by the server's secret), then the person who pressed is matched by e-mail to an active
 * resource of that customer, and the event is accepted or resolved as that resource through the
 * same service as the dashboard's buttons. An unmatched person is told so and nothing changes.
 */
export function chatInteractionService(ctx: AppContext) {
  const staff = <T>(work: (tx: Tx) => Promise<T>) => ctx.database.scoped({ kind: 'staff' }, work);
  const actions = eventActionService(ctx);
  /** the buttons' work after Slack has its answer, kept so a test or a stop can wait for it */
  const pending = new Set<Promise<void>>();

  async function act(
    customerId: number,
    caseId: string,
    action: 'accept' | 'resolve',
    by: Responder,
  ): Promise<{ answer: EventActionAnswer | null; message: string }> {
    try {
      const answer = await actions[action](customerId, caseId, by);
      return {
        answer,
        message: action === 'accept' ? CHAT_NOTICE_MESSAGES.accepted(caseId) : CHAT_NOTICE_MESSAGES.resolved(caseId),
      };
    } catch (error) {
      // refused (already accepted, closed, unknown): the person reads why, nothing changed
      if (error instanceof HttpError && (error.status === 404 || error.status === 409))
        return { answer: null, message: error.status === 404 ? CHAT_NOTICE_MESSAGES.unknownCase : error.detail };
      throw error;
    }
  }

  /** A Slack button's work, once Slack has had its answer: who pressed it, then the action, then a line only they see. */
  async function slackWork(
    customerId: number,
    secrets: Record<string, string>,
    payload: v.InferOutput<typeof SlackPayload>,
    caseId: string,
    action: 'accept' | 'resolve',
  ): Promise<void> {
    const client = slackClient(secrets.bot_token!, ctx.config.slackApiUrl, ctx.log, 2_500);
    const tell = async (text: string) => {
      const channel = payload.channel?.id;
      if (channel) await client.chat.postEphemeral({ channel, user: payload.user.id, text });
    };
    try {
      const email = await slackUserEmail(client, payload.user.id);
      const resource = email ? await staff((tx) => resourceByEmail(tx, customerId, email)) : undefined;
      if (!resource) {
        ctx.log.info(
          { customer: customerId, chat: 'slack' },
          'chat button from a person matching no resource: nothing done',
        );
        await tell(CHAT_NOTICE_MESSAGES.notMatched('Slack'));
        return;
      }
      const done = await act(customerId, caseId, action, {
        name: resource.resource_fullname,
        via: 'slack',
        resource_id: resource.resource_id,
      });
      await tell(done.message);
    } catch (error) {
      ctx.log.warn(
        { customer: customerId, chat: 'slack', error: error instanceof Error ? error.message : String(error) },
        'Slack button not acted on',
      );
      await tell(CHAT_NOTICE_MESSAGES.failed).catch(() => undefined);
    }
  }

  return {
    /**
     * A Slack interaction (POST /api/v1/integrations/slack/interactions, `payload=` JSON): the
     * customer is the one whose app the payload names and whose signing secret signed it, within
     * 5 minutes. Answered at once (Slack waits 3 seconds); the work goes on after the answer.
     */
    async slack(request: ChatRequest): Promise<void> {
      const timestamp = header(request.headers, 'x-slack-request-timestamp');
      const signature = header(request.headers, 'x-slack-signature');
      if (!timestamp || !signature || !/^[0-9]{1,12}$/.test(timestamp) || !/^v0=[0-9a-f]{64}$/.test(signature))
        throw new ChatUnverified('The request is not signed by Slack');
      if (Math.abs(ctx.clock.now().getTime() / 1000 - Number(timestamp)) > SLACK_SIGNATURE_WINDOW_SECONDS)
        throw new ChatUnverified('The request’s timestamp is more than 5 minutes away');
      const form = request.body as Record<string, unknown> | undefined;
      let parsed: unknown = null;
      try {
        parsed = typeof form?.payload === 'string' ? JSON.parse(form.payload) : null;
      } catch {
        // not a payload: refused as unsigned below
      }
      const payload = v.safeParse(SlackPayload, parsed);
      if (!payload.success) throw new ChatUnverified('The request is not signed by Slack');
      const chats = await staff((tx) => slackChatsOfApp(tx, payload.output.api_app_id));
      const signed = chats
        .map((chat) => ({ chat, secrets: openChatSecrets(ctx.delivery.box, chat) }))
        .find(
          ({ secrets }) =>
            !!secrets.signing_secret &&
            slackSignatureMatches(secrets.signing_secret, timestamp, request.rawBody, signature),
        );
      if (!signed) throw new ChatUnverified('The signature of the request does not match');
      const { chat, secrets } = signed;
      if (!chat.enabled || !secrets.bot_token) return;
      // Relevo's buttons only (the link button also reports its click)
      const pressed = payload.output.actions.find((a) => ACTION_OF[a.action_id] && a.value);
      if (!pressed || payload.output.type !== 'block_actions') return;
      const work = slackWork(chat.customer_id, secrets, payload.output, pressed.value!, ACTION_OF[pressed.action_id]!);
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    /**
     * A Mattermost button (POST /api/v1/integrations/mattermost/actions): its token proves Relevo
     * made it for that customer, case and action; the person is read from Mattermost with the bot's
     * token. Answered with the post updated and a line only the person sees.
     */
    async mattermost(body: unknown): Promise<MattermostActionAnswer> {
      const parsed = v.safeParse(MattermostRequest, body);
      if (!parsed.success) throw new ChatUnverified('The button’s token does not match');
      const { user_id: userId, context } = parsed.output;
      const customerId = Number(context.customer_id);
      if (!mattermostTokenMatches(ctx.signer, customerId, context.case_id, context.action, context.token))
        throw new ChatUnverified('The button’s token does not match');
      const chat = await staff((tx) => chatOf(tx, customerId, 'mattermost'));
      if (!chat || !chat.enabled) return { ephemeral_text: CHAT_NOTICE_MESSAGES.failed };
      const secrets = openChatSecrets(ctx.delivery.box, chat);
      const serverUrl = (chat.settings as { server_url?: string }).server_url;
      if (!serverUrl || !secrets.bot_token) return { ephemeral_text: CHAT_NOTICE_MESSAGES.failed };
      let email: string | null;
      try {
        email = await mattermostUserEmail(serverUrl, secrets.bot_token, userId, AbortSignal.timeout(5_000));
      } catch (error) {
        ctx.log.warn(
          { customer: customerId, chat: 'mattermost', error: error instanceof Error ? error.message : String(error) },
          'Mattermost user not read',
        );
        return { ephemeral_text: CHAT_NOTICE_MESSAGES.failed };
      }
      const resource = email ? await staff((tx) => resourceByEmail(tx, customerId, email)) : undefined;
      if (!resource) return { ephemeral_text: CHAT_NOTICE_MESSAGES.notMatched('Mattermost') };
      const done = await act(customerId, context.case_id, context.action, {
        name: resource.resource_fullname,
        via: 'mattermost',
        resource_id: resource.resource_id,
      });
      if (!done.answer) return { ephemeral_text: done.message };
      const row = await staff((tx) =>
        chatEventQuery(tx)
          .where('e.customer_id', '=', customerId)
          .where('e.case_id', '=', context.case_id)
          .executeTakeFirst(),
      );
      if (!row) return { ephemeral_text: done.message };
      const kind = context.action === 'accept' ? 'accepted' : 'resolved';
      return {
        update: mattermostUpdate(chatEventOf(row, ctx.config.publicUrl), {
          kind,
          actor: resource.resource_fullname,
        }) as {
          message: string;
          props?: Record<string, unknown>;
        },
        ephemeral_text: done.message,
      };
    },

    /** Settles when the Slack buttons' work under way has ended. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
