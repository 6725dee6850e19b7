import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, forbiddenAddress, webhookUrlIssue } from '@relevo/domain';

/**
 * docs/product.md#outgoing-webhooks, "The address rule": a webhook's request never reaches the
 * server's own network. Its host is resolved at each send and refused when any of its addresses is
 * loopback, private or link-local (unless WEBHOOK_ALLOW_PRIVATE is on); the connection then goes to
 * the address that was checked (the request's `lookup` answers it), so a DNS answer cannot change
 * between the check and the connect. Redirects are not followed; the answer is read up to a few KB.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** How a host name becomes addresses (every address the system's resolver gives; tests give their own). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** A URL whose host may not be reached, or has no address: its message is the domain's. */
export class WebhookAddressError extends Error {}

/** Bytes of an answer read before the connection is closed. */
const ANSWER_READ_BYTES = 4096;

/**
 * The addresses of a URL's host once checked: an address written in the URL as it is, a name
 * through `resolve`. Throws WebhookAddressError when it has none, or when one is forbidden and
 * private targets are not allowed (one bad address refuses the name: any of them may be used).
 */
export async function vetHost(hostname: string, allowPrivate: boolean, resolve: Resolve): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses: ResolvedAddress[] = family !== 0 ? [{ address: host, family }] : await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new WebhookAddressError(WEBHOOK_MESSAGES.unresolvable);
  if (!allowPrivate && addresses.some((entry) => forbiddenAddress(entry.address)))
    throw new WebhookAddressError(WEBHOOK_MESSAGES.privateAddress);
  return addresses;
}

/** Checks a URL as a send does: its form (webhookUrlIssue), then its host's addresses; answers them. */
export async function vetUrl(url: string, allowPrivate: boolean, resolve: Resolve): Promise<ResolvedAddress[]> {
  const issue = webhookUrlIssue(url, allowPrivate);
  if (issue) throw new WebhookAddressError(issue);
  return vetHost(new URL(url).hostname, allowPrivate, resolve);
}

/** A `lookup` that answers the one address checked, whatever is asked. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookAnswer {
  status: number;
  /** the start of the answer's body (WEBHOOK_LIMITS.answerKept characters) */
  answer: string;
}

export interface PostOptions {
  allowPrivate: boolean;
  resolve: Resolve;
  signal: AbortSignal;
  timeoutMs?: number;
}

/** Why a send failed, in words a Customer Root can act on (the URL itself is never in it). */
function failureOf(error: unknown, timedOut: boolean): Error {
  if (error instanceof WebhookAddressError) return error;
  if (timedOut) return new Error(`no answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s`);
  const code = (error as { code?: string }).code;
  return new Error(`could not connect: ${code ?? (error instanceof Error ? error.message : String(error))}`);
}

/**
 * POSTs a webhook's body through the address rule (see above) and answers the status and the start
 * of the body, whatever the status; throws when nothing was answered (refused address, no
 * connection, timeout, the job's signal).
 */
export async function postWebhook(post: WebhookPost, options: PostOptions): Promise<WebhookAnswer> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  const [pinned] = await vetUrl(post.url, options.allowPrivate, options.resolve);
  const url = new URL(post.url);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  try {
    return await new Promise<WebhookAnswer>((resolve, reject) => {
      const request = send(
        url,
        {
          method: 'POST',
          headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
          lookup: pinnedLookup(pinned!),
          // a connection of its own: a kept one could lead to an address checked for an earlier send
          agent: false,
          signal,
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let read = 0;
          const finish = () => {
            const answer = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_LIMITS.answerKept);
            resolve({ status: response.statusCode ?? 0, answer });
          };
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            read += chunk.length;
            if (read >= ANSWER_READ_BYTES) {
              response.destroy();
              finish();
            }
          });
          response.on('end', finish);
          response.on('error', () => finish());
        },
      );
      request.on('error', reject);
      request.end(post.body);
    });
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    throw failureOf(error, timeout.aborted);
  }
}
