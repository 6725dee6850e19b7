import * as v from 'valibot';
import { form } from '../rules/fields';

/**
 * Team chat (docs/product.md#team-chat): a customer's Slack, Mattermost and Microsoft Teams, where
 * Relevo posts each new incident of the chosen modules and, in Slack and Mattermost, people accept
 * or resolve it with a button. One table of rules that the screen, the server's check of a save
 * and the docs share. Secrets are stored sealed and never answered: a view says only whether each
 * one is set, and a save with an empty secret keeps the saved one.
 */
export const CHAT_PROVIDERS = ['slack', 'mattermost', 'teams'] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

export const CHAT_PROVIDER_LABELS: Record<ChatProvider, string> = {
  slack: 'Slack',
  mattermost: 'Mattermost',
  teams: 'Microsoft Teams',
};

/** The secret settings of each chat, with their labels: sealed at rest, write-only on the wire. */
export const CHAT_SECRETS = {
  slack: { bot_token: 'Bot token', signing_secret: 'Signing secret' },
  mattermost: { webhook_url: 'Incoming webhook URL', bot_token: 'Bot access token' },
  teams: { webhook_url: 'Incoming webhook URL' },
} as const satisfies Record<ChatProvider, Record<string, string>>;

export type ChatSecretName<P extends ChatProvider> = keyof (typeof CHAT_SECRETS)[P] & string;

/** The most module channels (Slack) or modules (Mattermost, Teams) one chat holds. */
export const CHAT_MODULE_LIMIT = 200;

export const TEAM_CHAT_MESSAGES = {
  enabled: 'Say whether Relevo posts to this chat',
  appId: 'A Slack app ID is A followed by capital letters and digits, such as A0123ABCD45 (Basic Information)',
  botToken: 'A Slack bot token starts with xoxb- (OAuth & Permissions, Bot User OAuth Token)',
  signingSecret: 'The signing secret is the 32 hexadecimal characters under Basic Information, App Credentials',
  channel: 'A Slack channel ID is C or G followed by capital letters and digits, such as C0123ABCD (channel details)',
  module: 'Choose a module of your organisation',
  moduleTwice: 'Each module has one channel',
  tooManyModules: `At most ${CHAT_MODULE_LIMIT} modules`,
  url: (label: string) => `${label} must be a URL starting with https:// or http://`,
  mattermostToken: 'A Mattermost access token is 26 lowercase letters and digits',
  required: (label: string) => `${label} is required`,
  saved: (provider: ChatProvider) => `${CHAT_PROVIDER_LABELS[provider]} settings saved`,
} as const;

const URL_RULE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const SLACK_APP_ID = /^A[A-Z0-9]{6,14}$/;
const SLACK_BOT_TOKEN = /^xoxb-[A-Za-z0-9-]{10,250}$/;
const SLACK_SIGNING_SECRET = /^[0-9a-f]{32}$/i;
const SLACK_CHANNEL_ID = /^[CG][A-Z0-9]{6,14}$/;
const MATTERMOST_TOKEN = /^[a-z0-9]{26}$/;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters`));
/** A secret: empty keeps the saved one, else it must match its form. */
const secret = (pattern: RegExp, message: string, max = 300) =>
  v.optional(
    v.pipe(
      text(max),
      v.check((value) => value === '' || pattern.test(value), message),
    ),
    '',
  );
const webhookUrl = (label: string) => secret(URL_RULE, TEAM_CHAT_MESSAGES.url(label), 1000);
const enabled = v.boolean(TEAM_CHAT_MESSAGES.enabled);
const moduleId = v.pipe(
  v.number(TEAM_CHAT_MESSAGES.module),
  v.integer(TEAM_CHAT_MESSAGES.module),
  v.minValue(1, TEAM_CHAT_MESSAGES.module),
  v.maxValue(2_147_483_647, TEAM_CHAT_MESSAGES.module),
);

/** The modules a Mattermost or Teams chat posts for, each once. */
const moduleList = v.pipe(
  v.array(moduleId),
  v.maxLength(CHAT_MODULE_LIMIT, TEAM_CHAT_MESSAGES.tooManyModules),
  v.transform((ids) => [...new Set(ids)]),
);

export const SlackChannelSchema = form({
  module_id: moduleId,
  channel_id: v.pipe(text(20), v.regex(SLACK_CHANNEL_ID, TEAM_CHAT_MESSAGES.channel)),
});
export type SlackChannel = v.InferOutput<typeof SlackChannelSchema>;

/** docs/product.md#team-chat: a Slack app's identity and credentials, and the channel of each module that posts. */
export const SlackSettingsBodySchema = form({
  enabled,
  app_id: v.pipe(text(20), v.regex(SLACK_APP_ID, TEAM_CHAT_MESSAGES.appId)),
  bot_token: secret(SLACK_BOT_TOKEN, TEAM_CHAT_MESSAGES.botToken),
  signing_secret: secret(SLACK_SIGNING_SECRET, TEAM_CHAT_MESSAGES.signingSecret),
  channels: v.pipe(
    v.array(SlackChannelSchema),
    v.maxLength(CHAT_MODULE_LIMIT, TEAM_CHAT_MESSAGES.tooManyModules),
    v.check(
      (channels) => new Set(channels.map((c) => c.module_id)).size === channels.length,
      TEAM_CHAT_MESSAGES.moduleTwice,
    ),
  ),
});
export type SlackSettingsBody = v.InferOutput<typeof SlackSettingsBodySchema>;

/** A Mattermost server: its incoming webhook (posts), a bot's token (reads who pressed a button) and the modules that post. */
export const MattermostSettingsBodySchema = form({
  enabled,
  server_url: v.pipe(text(1000), v.regex(URL_RULE, TEAM_CHAT_MESSAGES.url('Server URL'))),
  webhook_url: webhookUrl(CHAT_SECRETS.mattermost.webhook_url),
  bot_token: secret(MATTERMOST_TOKEN, TEAM_CHAT_MESSAGES.mattermostToken),
  modules: moduleList,
});
export type MattermostSettingsBody = v.InferOutput<typeof MattermostSettingsBodySchema>;

/** A Teams channel's incoming webhook (a Workflows webhook) and the modules that post. */
export const TeamsSettingsBodySchema = form({
  enabled,
  webhook_url: webhookUrl(CHAT_SECRETS.teams.webhook_url),
  modules: moduleList,
});
export type TeamsSettingsBody = v.InferOutput<typeof TeamsSettingsBodySchema>;

export interface ChatSettingsBodies {
  slack: SlackSettingsBody;
  mattermost: MattermostSettingsBody;
  teams: TeamsSettingsBody;
}

/**
 * What a save lacks once the saved secrets are known: each secret must be given the first time
 * (an empty one keeps the saved value later). Issues by field name.
 */
export function chatSecretIssues<P extends ChatProvider>(
  provider: P,
  body: Record<string, unknown>,
  saved: readonly string[],
): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const [name, label] of Object.entries(CHAT_SECRETS[provider])) {
    if (!body[name] && !saved.includes(name)) issues[name] = TEAM_CHAT_MESSAGES.required(label);
  }
  return issues;
}

/** A module a chat may post for, as the screen lists them. */
export interface ChatModuleOption {
  module_id: number;
  module_name: string;
  application_name: string;
}

interface ChatViewBase {
  /** saved once: false until the first save */
  configured: boolean;
  enabled: boolean;
  updated_at: string | null;
  updated_by: string | null;
  /** the customer's modules, for the screen's choices */
  module_options: ChatModuleOption[];
}

export interface SlackSettingsView extends ChatViewBase {
  provider: 'slack';
  app_id: string;
  channels: SlackChannel[];
  secrets: Record<ChatSecretName<'slack'>, boolean>;
  /** what the Slack app's Interactivity Request URL must be */
  interactivity_url: string;
}

export interface MattermostSettingsView extends ChatViewBase {
  provider: 'mattermost';
  server_url: string;
  modules: number[];
  secrets: Record<ChatSecretName<'mattermost'>, boolean>;
  /** where the buttons' requests go (the Mattermost server must reach it) */
  actions_url: string;
}

export interface TeamsSettingsView extends ChatViewBase {
  provider: 'teams';
  modules: number[];
  secrets: Record<ChatSecretName<'teams'>, boolean>;
}

export interface ChatSettingsViews {
  slack: SlackSettingsView;
  mattermost: MattermostSettingsView;
  teams: TeamsSettingsView;
}

const BODY_SCHEMAS = {
  slack: SlackSettingsBodySchema,
  mattermost: MattermostSettingsBodySchema,
  teams: TeamsSettingsBodySchema,
} as const;

/**
 * Every problem of a save as the server finds it, for the screen to show before sending: the
 * body's rules and the secrets a first save needs. Each with the path of its field
 * (`['channels', 0, 'channel_id']`).
 */
export function chatSettingsIssues(
  provider: ChatProvider,
  body: unknown,
  savedSecrets: readonly string[],
): { path: (string | number)[]; message: string }[] {
  const result = v.safeParse(BODY_SCHEMAS[provider], body);
  const issues = result.success
    ? []
    : result.issues.map((issue) => ({
        path: (issue.path ?? []).map((item) => item.key as string | number),
        message: issue.message,
      }));
  const secrets = chatSecretIssues(provider, (body ?? {}) as Record<string, unknown>, savedSecrets);
  return [...issues, ...Object.entries(secrets).map(([field, message]) => ({ path: [field], message }))];
}
