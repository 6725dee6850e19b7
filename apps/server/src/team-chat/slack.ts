import { createHmac, timingSafeEqual } from 'node:crypto';
import { LogLevel, WebClient, type Logger as SlackLogger } from '@slack/web-api';
import type { Logger } from 'pino';

/** How far a Slack request's timestamp may be from the server's clock (Slack's own advice: 5 minutes). */
export const SLACK_SIGNATURE_WINDOW_SECONDS = 300;

/** Slack's signature of a request: `v0=` and the hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the app's signing secret. */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

/** Whether a request carries its app's signature (compared in constant time). */
export function slackSignatureMatches(
  signingSecret: string,
  timestamp: string,
  rawBody: string,
  given: string,
): boolean {
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, rawBody));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The client's own log lines go to ours at warn and above, without the request bodies it never logs anyway. */
function quietLogger(log: Logger): SlackLogger {
  let level = LogLevel.WARN;
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (...messages) => log.warn({ client: 'slack' }, messages.map(String).join(' ')),
    error: (...messages) => log.error({ client: 'slack' }, messages.map(String).join(' ')),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}

/**
 * Slack's official Web API client for one customer's bot token, at SLACK_API_URL. It does not
 * retry by itself: a notice that failed is tried again by the job layer, a button's work is not
 * retried at all (Slack wants its answer within 3 seconds).
 */
export function slackClient(token: string, apiUrl: string, log: Logger, timeoutMs = 10_000): WebClient {
  return new WebClient(token, {
    slackApiUrl: apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: timeoutMs,
    logger: quietLogger(log),
    // a method name is never a URL: every call goes to SLACK_API_URL
    allowAbsoluteUrls: false,
  });
}

/** A Slack user's e-mail address (users.info, with the users:read.email scope), or null when Slack shows none. */
export async function slackUserEmail(client: WebClient, userId: string): Promise<string | null> {
  const answer = await client.users.info({ user: userId });
  const email = answer.user?.profile?.email;
  return typeof email === 'string' && email.includes('@') ? email : null;
}
