import {
  MattermostSettingsBodySchema,
  SlackSettingsBodySchema,
  TeamsSettingsBodySchema,
  type MattermostSettingsView,
  type SlackSettingsView,
  type TeamsSettingsView,
} from '@relevo/domain';
import { endpoint, get, named, put, reply } from '../endpoint';

/** docs/product.md#team-chat: the Customer Root of a customer keeps its own chats; nobody else. */
const manage = { auth: 'session' as const, permissions: ['teamChat.manage' as const] };

export const teamChatEndpoints = /* @__PURE__ */ named({
  /** The Slack app of the caller's customer: its settings, whether each secret is set, and its modules. */
  getSlackSettings: get('/api/settings/slack', reply<SlackSettingsView>(), manage),
  /** Saves it; an empty bot token or signing secret keeps the saved one. */
  saveSlackSettings: put('/api/settings/slack', reply<SlackSettingsView>(), {
    body: SlackSettingsBodySchema,
    ...manage,
  }),
  getMattermostSettings: get('/api/settings/mattermost', reply<MattermostSettingsView>(), manage),
  saveMattermostSettings: put('/api/settings/mattermost', reply<MattermostSettingsView>(), {
    body: MattermostSettingsBodySchema,
    ...manage,
  }),
  getTeamsSettings: get('/api/settings/teams', reply<TeamsSettingsView>(), manage),
  saveTeamsSettings: put('/api/settings/teams', reply<TeamsSettingsView>(), {
    body: TeamsSettingsBodySchema,
    ...manage,
  }),
});

export const {
  getSlackSettings,
  saveSlackSettings,
  getMattermostSettings,
  saveMattermostSettings,
  getTeamsSettings,
  saveTeamsSettings,
} = teamChatEndpoints;

/** What a Mattermost button's request is answered with (its post updated, a line for the presser). */
export interface MattermostActionAnswer {
  update?: { message: string; props?: Record<string, unknown> };
  ephemeral_text?: string;
}

/**
 * The chats' buttons (docs/integrations.md, "Team chat"): public, each checked by the handler, Slack's
 * by its signature over the raw form body (X-Slack-Signature with the app's signing secret),
 * Mattermost's by the signed token its button carries.
 */
export const chatInteractionEndpoints = /* @__PURE__ */ named({
  slackInteractions: endpoint({
    name: 'slackInteractions',
    method: 'POST',
    path: '/api/v1/integrations/slack/interactions',
    response: reply<unknown>(),
    auth: 'public',
  }),
  mattermostActions: endpoint({
    name: 'mattermostActions',
    method: 'POST',
    path: '/api/v1/integrations/mattermost/actions',
    response: reply<MattermostActionAnswer>(),
    auth: 'public',
  }),
});

export const { slackInteractions, mattermostActions } = chatInteractionEndpoints;
