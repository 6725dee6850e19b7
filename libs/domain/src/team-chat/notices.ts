import { actorName, type EngineInput, type EngineState, type EngineStatus } from '../engine/escalation-engine';
import { EVENT_STATUS_BADGES } from '../rules/status';

/**
 * What team chats are told of an event (docs/product.md#team-chat) and the messages that tell it,
 * as plain data: the server queues a notice in the transaction that changes the event and its
 * worker posts these messages. Nothing here reads a clock, a database or the network.
 */

/**
 * The moments a chat hears of: the event is new (its first wake-up), accepted, resolved or
 * canceled; and `step`, an escalation step whose channel is the team chat pages the channel
 * (docs/product.md#team-chat, "A chat as a step").
 */
export const CHAT_NOTICE_KINDS = ['new', 'accepted', 'resolved', 'canceled', 'step'] as const;
export type ChatNoticeKind = (typeof CHAT_NOTICE_KINDS)[number];

export interface ChatNotice {
  kind: ChatNoticeKind;
  /** who accepted or resolved it (a step's person, a responder, 'integration'); a step's person; null when unknown */
  actor: string | null;
  /** a step's line (`chatStepText`), written when the step was walked; absent for the other kinds */
  text?: string | null;
}

/** The line that tells a notice (the text of a Mattermost post, the title of a Teams card, a Slack thread's reply). */
export const noticeLine = (notice: ChatNotice, caseId: string): string =>
  (notice.kind === 'step' ? notice.text : null) ?? CHAT_NOTICE_MESSAGES.notice(notice.kind, caseId, notice.actor);

/**
 * The notices one change of an event's state brings: `new` at its first wake-up (nothing
 * contacted before it), and one for each change of status to accepted, resolved or canceled.
 */
export function chatNoticesOf(previous: EngineState, next: EngineState, input: EngineInput): ChatNotice[] {
  const notices: ChatNotice[] = [];
  if (previous.at === null && previous.status === 'open') notices.push({ kind: 'new', actor: null });
  if (next.status === previous.status) return notices;
  const by = 'by' in input && input.by !== undefined ? actorName(next, input.by) : null;
  if (next.status === 'progress' && previous.status === 'open')
    notices.push({ kind: 'accepted', actor: actorName(next, next.accepted_by) });
  if (next.status === 'completed') notices.push({ kind: 'resolved', actor: by });
  if (next.status === 'canceled') notices.push({ kind: 'canceled', actor: by });
  return notices;
}

/** The event as a chat message shows it, read when the message is sent (its latest state). */
export interface ChatEvent {
  case_id: string;
  incident: string;
  description: string;
  status: EngineStatus;
  accepted_by: string | null;
  module_name: string;
  application_name: string;
  /** the event's page in the dashboard, where a signed-in person accepts or resolves it */
  url: string;
}

/** The buttons of a chat message: Accept while nobody has, Resolve while it is open or in progress. */
export function chatActionsOf(status: EngineStatus): ('accept' | 'resolve')[] {
  if (status === 'open') return ['accept', 'resolve'];
  return status === 'progress' ? ['resolve'] : [];
}

export const CHAT_NOTICE_MESSAGES = {
  statusLine: (event: Pick<ChatEvent, 'status' | 'accepted_by'>) =>
    event.status === 'progress' && event.accepted_by
      ? `${EVENT_STATUS_BADGES.progress.label}: accepted by ${event.accepted_by}`
      : EVENT_STATUS_BADGES[event.status].label,
  notice: (kind: ChatNoticeKind, caseId: string, actor: string | null) => {
    switch (kind) {
      case 'new':
        return `New incident ${caseId}`;
      case 'accepted':
        return actor ? `${caseId} accepted by ${actor}` : `${caseId} accepted`;
      case 'resolved':
        return actor ? `${caseId} resolved by ${actor}` : `${caseId} resolved`;
      case 'canceled':
        return `${caseId} canceled`;
      case 'step':
        return `${caseId} is still open: paging the channel${actor ? ` for ${actor}` : ''}`;
    }
  },
  accept: 'Accept',
  resolve: 'Resolve',
  open: 'Open in Relevo',
  openToAct: 'Accept or resolve in Relevo',
  /** the answers to a button, shown only to the person who pressed it */
  accepted: (caseId: string) => `You accepted ${caseId}`,
  resolved: (caseId: string) => `You resolved ${caseId}`,
  notMatched: (chat: string) =>
    `Your ${chat} account matches no person of this organisation in Relevo: nothing was changed. Ask your Customer Root to give your ${chat} e-mail address to your resource.`,
  unknownCase: 'This incident is not in Relevo any more',
  failed: 'Relevo could not act on this incident now: try again, or use the link in your SMS or e-mail',
} as const;

/** Slack's action ids of the buttons; their value is the case ID. */
export const SLACK_ACTIONS = { accept: 'relevo_accept', resolve: 'relevo_resolve' } as const;

const STATUS_ICON: Record<EngineStatus, string> = {
  open: ':red_circle:',
  progress: ':large_orange_circle:',
  completed: ':large_green_circle:',
  canceled: ':white_circle:',
};

/** Slack's mrkdwn takes &, < and > as markup: a text from a monitoring system is escaped. */
const slackText = (text: string, max: number) =>
  text.slice(0, max).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The headline of every message: status, case ID and incident (the notification's text). */
export const chatHeadline = (event: ChatEvent) =>
  `[${event.case_id}] ${event.incident} (${CHAT_NOTICE_MESSAGES.statusLine(event)})`;

/**
 * The Slack message of an event (chat.postMessage and chat.update): the incident, its module, its
 * status with who accepted it, and its buttons (docs.slack.dev Block Kit: section, context, actions).
 */
export function slackMessage(event: ChatEvent): { text: string; blocks: Record<string, unknown>[] } {
  const buttons = chatActionsOf(event.status).map((action) => ({
    type: 'button',
    action_id: SLACK_ACTIONS[action],
    text: { type: 'plain_text', text: CHAT_NOTICE_MESSAGES[action] },
    value: event.case_id,
    ...(action === 'accept' ? { style: 'primary' } : {}),
  }));
  return {
    text: chatHeadline(event),
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `${STATUS_ICON[event.status]} *${slackText(CHAT_NOTICE_MESSAGES.statusLine(event), 200)}* · \`${event.case_id}\`\n*${slackText(event.incident, 300)}*${event.description ? `\n${slackText(event.description, 2500)}` : ''}`,
        },
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: slackText(`${event.application_name} › ${event.module_name}`, 300) }],
      },
      {
        type: 'actions',
        block_id: 'relevo_event',
        elements: [
          ...buttons,
          {
            type: 'button',
            action_id: 'relevo_open',
            text: { type: 'plain_text', text: CHAT_NOTICE_MESSAGES.open },
            url: event.url,
          },
        ],
      },
    ],
  };
}

/**
 * The Slack post of a team chat step (docs/product.md#team-chat, "A chat as a step"): a message of
 * its own in the module's channel, its line first, then the event with the usual buttons, so the
 * channel sees the page and anyone in it can accept.
 */
export function slackStepMessage(event: ChatEvent, line: string): { text: string; blocks: Record<string, unknown>[] } {
  const message = slackMessage(event);
  return {
    text: `${line} · ${chatHeadline(event)}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `:rotating_light: *${slackText(line, 300)}*` } },
      ...message.blocks,
    ],
  };
}

/** A Mattermost button's request: where it goes and what it carries back (the case, the action, its signature). */
export interface MattermostIntegration {
  url: string;
  context: Record<string, string>;
}

const MATTERMOST_COLOUR: Record<EngineStatus, string> = {
  open: '#c62828',
  progress: '#ef8f00',
  completed: '#2e7d32',
  canceled: '#757575',
};

/**
 * A Mattermost post of an incoming webhook (an attachment with interactive buttons): a new event,
 * or the notice of its change with the buttons it still has.
 */
export function mattermostMessage(
  event: ChatEvent,
  notice: ChatNotice,
  integration: (action: 'accept' | 'resolve') => MattermostIntegration,
): Record<string, unknown> {
  const title = `${event.case_id} · ${event.incident.slice(0, 300)}`;
  return {
    username: 'Relevo',
    text: notice.kind === 'new' ? '' : noticeLine(notice, event.case_id),
    attachments: [
      {
        fallback: chatHeadline(event),
        color: MATTERMOST_COLOUR[event.status],
        title,
        title_link: event.url,
        text: event.description.slice(0, 3000),
        fields: [
          { short: true, title: 'Status', value: CHAT_NOTICE_MESSAGES.statusLine(event) },
          { short: true, title: 'Module', value: `${event.application_name} › ${event.module_name}` },
        ],
        actions: chatActionsOf(event.status).map((action) => ({
          id: action,
          name: CHAT_NOTICE_MESSAGES[action],
          type: 'button',
          style: action === 'accept' ? 'primary' : 'default',
          integration: integration(action),
        })),
      },
    ],
  };
}

/** The post a pressed Mattermost button becomes: the same message without the buttons it no longer has. */
export function mattermostUpdate(event: ChatEvent, notice: ChatNotice): Record<string, unknown> {
  return {
    message: noticeLine(notice, event.case_id),
    props: {
      attachments: [
        {
          fallback: chatHeadline(event),
          color: MATTERMOST_COLOUR[event.status],
          title: `${event.case_id} · ${event.incident.slice(0, 300)}`,
          title_link: event.url,
          text: event.description.slice(0, 3000),
          fields: [{ short: true, title: 'Status', value: CHAT_NOTICE_MESSAGES.statusLine(event) }],
        },
      ],
    },
  };
}

const TEAMS_COLOUR: Record<EngineStatus, string> = {
  open: 'Attention',
  progress: 'Warning',
  completed: 'Good',
  canceled: 'Default',
};

/**
 * A Microsoft Teams message for an incoming webhook (Workflows or a connector): an Adaptive Card
 * whose one action opens the event in the dashboard, where a signed-in person accepts or resolves
 * it as themselves. Teams posts cannot carry Relevo's buttons without a bot, and a responder link
 * in a shared channel would let anyone act as that step's person.
 */
export function teamsMessage(event: ChatEvent, notice: ChatNotice): Record<string, unknown> {
  return {
    type: 'message',
    summary: chatHeadline(event),
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: noticeLine(notice, event.case_id),
              weight: 'Bolder',
              size: 'Medium',
              color: TEAMS_COLOUR[event.status],
              wrap: true,
            },
            { type: 'TextBlock', text: event.incident.slice(0, 300), wrap: true },
            ...(event.description
              ? [{ type: 'TextBlock', text: event.description.slice(0, 3000), wrap: true, isSubtle: true }]
              : []),
            {
              type: 'FactSet',
              facts: [
                { title: 'Status', value: CHAT_NOTICE_MESSAGES.statusLine(event) },
                { title: 'Module', value: `${event.application_name} › ${event.module_name}` },
              ],
            },
          ],
          actions: [
            {
              type: 'Action.OpenUrl',
              title:
                chatActionsOf(event.status).length > 0 ? CHAT_NOTICE_MESSAGES.openToAct : CHAT_NOTICE_MESSAGES.open,
              url: event.url,
            },
          ],
        },
      },
    ],
  };
}
