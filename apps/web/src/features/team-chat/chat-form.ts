import { ApiError } from '@relevo/api';
import { chatSettingsIssues, type ChatProvider, type ChatSettingsBodies, type ChatSettingsViews } from '@relevo/domain';

/** A form's problems by field: `app_id`, `channel:12` (a module's Slack channel), `modules`. */
export type ChatErrors = Record<string, readonly string[]>;

/** What a chat's form holds: the text fields, the switch, and a channel (Slack) or a choice (the others) per module. */
export interface ChatForm {
  enabled: boolean;
  text: Record<string, string>;
  /** Slack: the channel ID typed for each module (empty: the module does not post) */
  channels: Record<number, string>;
  /** Mattermost, Teams: the modules that post */
  modules: number[];
}

/** The text fields of each chat's form, in the order shown (secrets start empty: the API never answers them). */
export const TEXT_FIELDS: Record<ChatProvider, readonly string[]> = {
  slack: ['app_id', 'bot_token', 'signing_secret'],
  mattermost: ['server_url', 'webhook_url', 'bot_token'],
  teams: ['webhook_url'],
};

/** The form a saved view starts: its plain values, empty secrets. */
export function formOf<P extends ChatProvider>(provider: P, view: ChatSettingsViews[P]): ChatForm {
  const plain = view as unknown as Record<string, unknown>;
  const text = Object.fromEntries(
    TEXT_FIELDS[provider].map((name) => [name, name in view.secrets ? '' : String(plain[name] ?? '')]),
  );
  const slack = provider === 'slack' ? (view as ChatSettingsViews['slack']) : null;
  return {
    enabled: view.configured ? view.enabled : true,
    text,
    channels: Object.fromEntries((slack?.channels ?? []).map((c) => [c.module_id, c.channel_id])),
    modules: slack ? [] : [...(view as ChatSettingsViews['teams']).modules],
  };
}

/** The body of a save, and for each of its Slack channels the module it belongs to (to put a 422 back on its field). */
export function bodyOf<P extends ChatProvider>(
  provider: P,
  form: ChatForm,
): { body: ChatSettingsBodies[P]; channelModules: number[] } {
  const channels = Object.entries(form.channels)
    .filter(([, channel]) => channel.trim() !== '')
    .map(([module, channel]) => ({ module_id: Number(module), channel_id: channel.trim() }));
  const body = {
    enabled: form.enabled,
    ...form.text,
    ...(provider === 'slack' ? { channels } : { modules: form.modules }),
  };
  return { body: body as unknown as ChatSettingsBodies[P], channelModules: channels.map((c) => c.module_id) };
}

/** The form's field of an issue's path: `channels.0.channel_id` is the channel of that module. */
function fieldOf(path: readonly (string | number)[], channelModules: readonly number[]): string {
  if (path[0] === 'channels' && typeof path[1] !== 'undefined') return `channel:${channelModules[Number(path[1])]}`;
  return String(path[0] ?? '');
}

function add(errors: Record<string, string[]>, key: string, message: string) {
  (errors[key] ??= []).push(message);
}

/** The domain's checks before the save, the server's own: each problem on its field. */
export function formIssues<P extends ChatProvider>(
  provider: P,
  body: ChatSettingsBodies[P],
  channelModules: readonly number[],
  savedSecrets: readonly string[],
): ChatErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of chatSettingsIssues(provider, body, savedSecrets))
    add(errors, fieldOf(issue.path, channelModules), issue.message);
  return errors;
}

/** A 422's problems on the form's fields; empty for any other failure. */
export function serverIssues(error: unknown, channelModules: readonly number[]): ChatErrors {
  const errors: Record<string, string[]> = {};
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.body?.detail)) return errors;
  for (const item of error.body.detail) add(errors, fieldOf(item.loc.slice(1), channelModules), item.msg);
  return errors;
}
