import { timingSafeEqual } from 'node:crypto';
import type { TokenSigner } from '../auth/tokens';

/** A chat that refused or could not take a request: the job layer tries again, the answer's text is never shown. */
export class ChatRefusal extends Error {}

/**
 * Posts JSON to a chat's incoming webhook (Mattermost, Teams): any 2xx is taken. Redirects are not
 * followed (the URL a Customer Root gave is the only place Relevo posts), and the answer's text is
 * not kept: only its status says what went wrong.
 */
export async function postJson(url: string, body: unknown, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
  });
  await response.body?.cancel();
  if (!response.ok) throw new ChatRefusal(`the chat answered HTTP ${response.status}`);
}

/**
 * A Mattermost user's e-mail address, read with the bot's token (`GET /api/v4/users/{id}`); null
 * when Mattermost does not show it (its privacy settings) or has no such user.
 */
export async function mattermostUserEmail(
  serverUrl: string,
  token: string,
  userId: string,
  signal: AbortSignal,
): Promise<string | null> {
  const response = await fetch(`${serverUrl.replace(/\/+$/, '')}/api/v4/users/${encodeURIComponent(userId)}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    redirect: 'manual',
    signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]),
  });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ChatRefusal(`Mattermost answered HTTP ${response.status}`);
  }
  const user = (await response.json()) as { email?: unknown };
  return typeof user.email === 'string' && user.email.includes('@') ? user.email : null;
}

/** What a Mattermost button signs: its customer, case and action (docs/security.md, "Team chat"). */
const signed = (customerId: number, caseId: string, action: string) => `mattermost:${customerId}:${caseId}:${action}`;

/** The token a Mattermost button carries back in its context, keyed by the server's secret. */
export const mattermostToken = (
  signer: Pick<TokenSigner, 'digest'>,
  customerId: number,
  caseId: string,
  action: string,
) => signer.digest(signed(customerId, caseId, action));

/** Whether a button's token is the server's for that customer, case and action (compared in constant time). */
export function mattermostTokenMatches(
  signer: Pick<TokenSigner, 'digest'>,
  customerId: number,
  caseId: string,
  action: string,
  token: string,
): boolean {
  const expected = Buffer.from(mattermostToken(signer, customerId, caseId, action));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
