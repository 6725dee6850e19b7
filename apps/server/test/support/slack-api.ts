import { StandIn, type Recorded } from './stand-in';

/** The form fields of a Web API call (the official client posts them form-encoded). */
export const slackFields = (request: Recorded) => Object.fromEntries(new URLSearchParams(request.body));

export interface SlackApiOptions {
  /** the bot tokens Slack knows: a call with another is `invalid_auth` */
  tokens: readonly string[];
  /** Slack user id → the e-mail of their profile (`users.info`) */
  users: Record<string, string>;
  /** channels the app may not post to: `chat.postMessage` there is `channel_not_found`, every time */
  brokenChannels?: readonly string[];
}

/**
 * Slack's Web API on a local port, as the official `@slack/web-api` client meets it: every method
 * answers 200 with `ok` true or Slack's own error, and checks the bearer token first.
 */
export function slackApi({ tokens, users, brokenChannels = [] }: SlackApiOptions): StandIn {
  const slack: StandIn = new StandIn((request) => {
    if (!tokens.some((token) => request.headers.authorization === `Bearer ${token}`))
      return { status: 200, body: { ok: false, error: 'invalid_auth' } };
    const fields = slackFields(request);
    switch (request.path) {
      case '/api/chat.postMessage':
        if (brokenChannels.includes(fields.channel ?? ''))
          return { status: 200, body: { ok: false, error: 'channel_not_found' } };
        return {
          status: 200,
          body: {
            ok: true,
            channel: fields.channel,
            ts: `1700000000.${String(slack.requests.length).padStart(6, '0')}`,
          },
        };
      case '/api/chat.update':
        return { status: 200, body: { ok: true, channel: fields.channel, ts: fields.ts } };
      case '/api/chat.postEphemeral':
        return { status: 200, body: { ok: true, message_ts: '1700000001.000001' } };
      case '/api/users.info': {
        const email = users[fields.user ?? ''];
        return email
          ? { status: 200, body: { ok: true, user: { id: fields.user, profile: { email } } } }
          : { status: 200, body: { ok: false, error: 'user_not_found' } };
      }
    }
    return { status: 404, body: { ok: false, error: 'unknown_method' } };
  });
  return slack;
}
