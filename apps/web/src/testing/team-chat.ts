import { ApiError } from '@relevo/api';
import type { ChatModuleOption, ChatProvider, ChatSettingsViews } from '@relevo/domain';
import type { TeamChatCalls } from '../features/team-chat/team-chat-calls';
import { never } from './fixtures';

const SAVED_AT = '2026-03-02T15:00:00.000Z';

export const storyChatModules: ChatModuleOption[] = [
  { module_id: 11, module_name: 'Payments API', application_name: 'Billing' },
  { module_id: 12, module_name: 'Invoices', application_name: 'Billing' },
  { module_id: 21, module_name: 'Database', application_name: 'Core' },
];

const NOT_SET = {
  configured: false,
  enabled: false,
  updated_at: null,
  updated_by: null,
  module_options: storyChatModules,
};

/** No chat saved yet: every secret unset, the callback addresses to paste. */
export const storyEmptyChats: ChatSettingsViews = {
  slack: {
    ...NOT_SET,
    provider: 'slack',
    app_id: '',
    channels: [],
    secrets: { bot_token: false, signing_secret: false },
    interactivity_url: 'https://relevo.democompany.demo/api/v1/integrations/slack/interactions',
  },
  mattermost: {
    ...NOT_SET,
    provider: 'mattermost',
    server_url: '',
    modules: [],
    secrets: { webhook_url: false, bot_token: false },
    actions_url: 'https://relevo.democompany.demo/api/v1/integrations/mattermost/actions',
  },
  teams: { ...NOT_SET, provider: 'teams', modules: [], secrets: { webhook_url: false } },
};

const SAVED = { configured: true, enabled: true, updated_at: SAVED_AT, updated_by: 'root@democompany.demo' };

/** Slack and Teams set up (their secrets saved: the API answers only that they are), Mattermost not. */
export const storyChats: ChatSettingsViews = {
  slack: {
    ...storyEmptyChats.slack,
    ...SAVED,
    app_id: 'A0123ABCD45',
    channels: [
      { module_id: 11, channel_id: 'C0PAYMENTS' },
      { module_id: 21, channel_id: 'C0DATABASE' },
    ],
    secrets: { bot_token: true, signing_secret: true },
  },
  mattermost: storyEmptyChats.mattermost,
  teams: { ...storyEmptyChats.teams, ...SAVED, enabled: false, modules: [11, 12], secrets: { webhook_url: true } },
};

export type StoryTeamChatState = 'filled' | 'empty' | 'loading' | 'failed' | 'fieldErrors';

/** The Team Chat screen's calls over the fixtures: a save answers the settings saved, or a 422 by the state. */
export function storyTeamChatCalls(state: StoryTeamChatState = 'filled'): TeamChatCalls {
  const views: ChatSettingsViews = state === 'empty' ? storyEmptyChats : storyChats;
  return {
    get:
      state === 'loading'
        ? never
        : state === 'failed'
          ? () => Promise.reject(new ApiError(0, null))
          : async <P extends ChatProvider>(provider: P) => views[provider],
    save: async <P extends ChatProvider>(provider: P, body: Parameters<TeamChatCalls['save']>[1]) => {
      if (state === 'fieldErrors')
        return Promise.reject(
          new ApiError(422, {
            detail: [{ loc: ['body', 'channels', 0, 'module_id'], msg: 'Choose a module of your organisation' }],
          }),
        );
      const given = body as unknown as Record<string, unknown>;
      const secrets = Object.fromEntries(
        Object.entries(views[provider].secrets).map(([name, saved]) => [name, saved || !!given[name]]),
      );
      const plain = Object.fromEntries(Object.entries(given).filter(([name]) => !(name in secrets)));
      return {
        ...views[provider],
        ...plain,
        ...SAVED,
        updated_at: '2026-03-03T15:00:00.000Z',
        secrets,
      } as ChatSettingsViews[P];
    },
  };
}
