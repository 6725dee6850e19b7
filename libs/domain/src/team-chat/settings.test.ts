import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  MattermostSettingsBodySchema,
  SlackSettingsBodySchema,
  TEAM_CHAT_MESSAGES,
  TeamsSettingsBodySchema,
  chatSecretIssues,
  chatSettingsIssues,
} from './settings';

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success
    ? {}
    : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]));
};

const SLACK = {
  enabled: true,
  app_id: 'A0123ABCD45',
  bot_token: 'xoxb-1234567890-abcdefghij',
  signing_secret: '0123456789abcdef0123456789abcdef',
  channels: [{ module_id: 7, channel_id: 'C0123ABCD' }],
};

describe('the team chat settings (docs/product.md#team-chat)', () => {
  it('takes a Slack app with its bot token, signing secret and a channel per module', () => {
    expect(issuesOf(SlackSettingsBodySchema, SLACK)).toEqual({});
    // an empty secret keeps the saved one
    expect(issuesOf(SlackSettingsBodySchema, { ...SLACK, bot_token: '', signing_secret: '' })).toEqual({});
  });

  it('refuses what is not a Slack bot token, signing secret, app ID or channel ID, naming the field', () => {
    expect(
      issuesOf(SlackSettingsBodySchema, {
        ...SLACK,
        app_id: 'my app',
        bot_token: 'xoxp-1234567890-user-token',
        signing_secret: 'not-hex-0123456789abcdef01234567',
        channels: [{ module_id: 7, channel_id: '#incidents' }],
      }),
    ).toEqual({
      app_id: TEAM_CHAT_MESSAGES.appId,
      bot_token: TEAM_CHAT_MESSAGES.botToken,
      signing_secret: TEAM_CHAT_MESSAGES.signingSecret,
      'channels.0.channel_id': TEAM_CHAT_MESSAGES.channel,
    });
  });

  it('gives each module one Slack channel, and refuses a module that is no id and unknown fields', () => {
    expect(
      issuesOf(SlackSettingsBodySchema, {
        ...SLACK,
        channels: [
          { module_id: 7, channel_id: 'C0123ABCD' },
          { module_id: 7, channel_id: 'G0123ABCD' },
        ],
      }),
    ).toEqual({ channels: TEAM_CHAT_MESSAGES.moduleTwice });
    expect(
      issuesOf(SlackSettingsBodySchema, { ...SLACK, channels: [{ module_id: 0, channel_id: 'C0123ABCD' }] }),
    ).toEqual({
      'channels.0.module_id': TEAM_CHAT_MESSAGES.module,
    });
    expect(issuesOf(SlackSettingsBodySchema, { ...SLACK, token: 'x' })).toEqual({ token: 'Unknown field' });
  });

  it('takes a Mattermost server, webhook and bot token, and the modules that post (each once)', () => {
    const body = {
      enabled: true,
      server_url: 'https://chat.example.test',
      webhook_url: 'https://chat.example.test/hooks/abc',
      bot_token: 'abcdefghijklmnopqrstuvwxyz',
      modules: [3, 3, 4],
    };
    expect(v.parse(MattermostSettingsBodySchema, body).modules).toEqual([3, 4]);
    expect(
      issuesOf(MattermostSettingsBodySchema, { ...body, server_url: 'chat.example.test', bot_token: 'Short' }),
    ).toEqual({
      server_url: TEAM_CHAT_MESSAGES.url('Server URL'),
      bot_token: TEAM_CHAT_MESSAGES.mattermostToken,
    });
  });

  it('takes a Teams webhook URL and refuses one that is not a URL', () => {
    expect(
      issuesOf(TeamsSettingsBodySchema, { enabled: false, webhook_url: 'https://x.example/w', modules: [] }),
    ).toEqual({});
    expect(issuesOf(TeamsSettingsBodySchema, { enabled: true, webhook_url: 'ftp://x', modules: [] })).toEqual({
      webhook_url: TEAM_CHAT_MESSAGES.url('Incoming webhook URL'),
    });
  });

  it('needs each secret the first time and keeps a saved one when left empty', () => {
    expect(chatSecretIssues('slack', { bot_token: '', signing_secret: '' }, [])).toEqual({
      bot_token: TEAM_CHAT_MESSAGES.required('Bot token'),
      signing_secret: TEAM_CHAT_MESSAGES.required('Signing secret'),
    });
    expect(chatSecretIssues('slack', { bot_token: '', signing_secret: '' }, ['bot_token', 'signing_secret'])).toEqual(
      {},
    );
    expect(chatSecretIssues('teams', { webhook_url: 'https://x.example/w' }, [])).toEqual({});
  });

  it('gives the screen every problem of a save with its field’s path, as the server finds them', () => {
    expect(
      chatSettingsIssues('slack', { ...SLACK, bot_token: '', channels: [{ module_id: 7, channel_id: 'general' }] }, [
        'signing_secret',
      ]),
    ).toEqual([
      { path: ['channels', 0, 'channel_id'], message: TEAM_CHAT_MESSAGES.channel },
      { path: ['bot_token'], message: TEAM_CHAT_MESSAGES.required('Bot token') },
    ]);
  });
});
