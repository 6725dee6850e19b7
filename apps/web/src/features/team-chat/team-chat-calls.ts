import {
  getMattermostSettings,
  getSlackSettings,
  getTeamsSettings,
  saveMattermostSettings,
  saveSlackSettings,
  saveTeamsSettings,
} from '@relevo/api';
import type { ChatProvider, ChatSettingsBodies, ChatSettingsViews } from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Team Chat screen */
    teamChatCalls: TeamChatCalls;
  }
}

/** The calls of the Team Chat screen (docs/product.md#team-chat): each chat's settings, read and saved. */
export interface TeamChatCalls {
  get: <P extends ChatProvider>(provider: P) => Promise<ChatSettingsViews[P]>;
  save: <P extends ChatProvider>(provider: P, body: ChatSettingsBodies[P]) => Promise<ChatSettingsViews[P]>;
}

const GET = { slack: getSlackSettings, mattermost: getMattermostSettings, teams: getTeamsSettings } as const;

export const liveTeamChatCalls: TeamChatCalls = {
  get: (provider) => api.call(GET[provider]) as never,
  save: (provider, body) => {
    switch (provider) {
      case 'slack':
        return api.call(saveSlackSettings, { body: body as ChatSettingsBodies['slack'] }) as never;
      case 'mattermost':
        return api.call(saveMattermostSettings, { body: body as ChatSettingsBodies['mattermost'] }) as never;
      default:
        return api.call(saveTeamsSettings, { body: body as ChatSettingsBodies['teams'] }) as never;
    }
  },
};
