import { createHash, createHmac, createPrivateKey, timingSafeEqual } from 'node:crypto';
import { Vonage } from '@vonage/server-sdk';
import type { DeliveryStatus, ProviderValues } from '@relevo/domain';
import {
  callbackUrl,
  EMPTY_OK,
  ProviderRefusal,
  type AdapterFactory,
  type CallbackAnswer,
  type CallbackRequest,
  type KeyOutcome,
  type PhoneMessage,
  type ProviderCallbacks,
  type ProviderReport,
} from './provider';

/**
 * Vonage (docs/integrations.md#vonage): SMS through the SMS API (key and secret) with a delivery
 * receipt callback, and calls through the Voice API (the application's JWT) whose NCCO goes
 * inline: Relevo's spoken audio, then one key awaited; a machine answering hangs up. Voice webhooks
 * carry a JWT signed HS256 with the account's signature secret, whose `payload_hash` is the SHA-256
 * of the body; SMS webhooks carry the `sig` parameter made with the same secret.
 */
type OutboundCall = Parameters<Vonage['voice']['createOutboundCall']>[0];
type SignatureAlgorithm = Parameters<Vonage['sms']['verifySignature']>[3];

/** Vonage wants numbers without the leading `+`. */
const bare = (phone: string) => phone.replace(/^\+/, '');
/** Vonage's numbers back to +E.164. */
const e164 = (number: string) => (number ? `+${bare(number)}` : '');

/** The private key as the dashboard gave it; an environment may carry its newlines as `\n`. */
const pemOf = (key: string | undefined) => (key ?? '').replace(/\\n/g, '\n').trim();

function clientOf(settings: ProviderValues) {
  const apiUrl = settings.api_url?.replace(/\/+$/, '');
  const privateKey = pemOf(settings.private_key);
  return new Vonage(
    {
      apiKey: settings.api_key ?? '',
      apiSecret: settings.api_secret ?? '',
      applicationId: settings.application_id ?? '',
      // only PEM text: the client would read a file by that name otherwise
      privateKey: privateKey.includes('-----BEGIN') ? privateKey : '',
    },
    {
      timeout: 10_000,
      ...(apiUrl ? { restHost: apiUrl, apiHost: apiUrl, videoHost: apiUrl, meetingsHost: apiUrl } : {}),
    },
  );
}

/** Vonage's HTTP errors carry the response: a 4xx (a bad number, bad credentials) is the provider saying no. */
async function refusalOf(error: unknown): Promise<never> {
  if (error instanceof ProviderRefusal) throw error;
  const response = (error as { response?: Response }).response;
  const status = response?.status;
  let detail = (error as Error).message ?? '';
  if (response && !response.bodyUsed) {
    const text = await response.text().catch(() => '');
    if (text) detail = text;
  }
  const message = `Vonage answered ${status ?? 'an error'}: ${detail}`.slice(0, 300);
  if (status && status >= 400 && status < 500) throw new ProviderRefusal(message, status);
  throw new Error(message);
}

/** SMS API statuses that pass (throttled, internal error): the message may go again later. */
const PASSING_SMS_STATUS = new Set(['1', '5']);

interface SmsMessageResult {
  status?: string;
  messageId?: string;
  errorText?: string;
}

/** The NCCO of a call: the message, then one key awaited (its event goes to `keysUrl`). */
export function callNcco(audioUrl: string | null, text: string, keysUrl: string): Record<string, unknown>[] {
  const say = audioUrl
    ? [{ action: 'stream', streamUrl: [audioUrl], bargeIn: true }]
    : text
      ? [{ action: 'talk', text, bargeIn: true }]
      : [];
  return [...say, { action: 'input', type: ['dtmf'], dtmf: { maxDigits: 1, timeOut: 8 }, eventUrl: [keysUrl] }];
}

export const vonageAdapter: AdapterFactory = (settings, callbacks) => {
  const client = clientOf(settings);
  return {
    provider: 'vonage',
    async send(message: PhoneMessage) {
      const statusUrl = callbackUrl(callbacks, 'status');
      try {
        if (message.channel === 'sms') {
          let sent: { messages?: SmsMessageResult[] };
          try {
            sent = await client.sms.send({
              to: bare(message.to),
              from: bare(settings.from ?? ''),
              text: message.body,
              callback: statusUrl,
            });
          } catch (error) {
            // the SMS API answers 200 with a status per message: not "0" is a refusal
            const failed = (error as { getFailedMessages?: () => SmsMessageResult[] }).getFailedMessages?.()[0];
            if (!failed) throw error;
            const text = `Vonage answered status ${failed.status}: ${failed.errorText ?? ''}`.slice(0, 300);
            if (PASSING_SMS_STATUS.has(failed.status ?? '')) throw new Error(text, { cause: error });
            throw new ProviderRefusal(text);
          }
          const first = sent.messages?.[0];
          if (!first?.messageId) throw new Error('Vonage answered without a message id');
          return { messageId: first.messageId };
        }
        const call = await client.voice.createOutboundCall({
          to: [{ type: 'phone', number: bare(message.to) }],
          from: { type: 'phone', number: bare(settings.from ?? '') },
          ncco: callNcco(message.audioUrl, message.body, callbackUrl(callbacks, 'voice', { key: message.key })),
          eventUrl: [statusUrl],
          eventMethod: 'POST',
          machineDetection: 'hangup',
        } as unknown as OutboundCall);
        if (!call.uuid) throw new Error('Vonage answered without a call uuid');
        return { messageId: call.uuid };
      } catch (error) {
        return refusalOf(error);
      }
    },
    async check() {
      try {
        await client.accounts.getBalance();
      } catch (error) {
        const status = (error as { response?: Response }).response?.status;
        throw new Error(
          status === 401 || status === 403
            ? `Vonage refused the API key and secret (${status}): check both in the Vonage API Dashboard`
            : `Vonage could not be reached: ${(error as Error).message}`,
          { cause: error },
        );
      }
      try {
        createPrivateKey(pemOf(settings.private_key));
      } catch {
        throw new Error('The private key is not the PEM text of the Voice application’s key');
      }
    },
  };
};

/* ---------------------------------------------------------------------------------------------- */
/* Callbacks                                                                                       */

const base64url = (data: Buffer) => data.toString('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A voice webhook's JWT: HS256 with the signature secret, not expired, and (when the request has a
 * body) a `payload_hash` that is the SHA-256 hex of the body as sent.
 */
export function verifyVonageJwt(token: string, secret: string, rawBody: string, now = Date.now()): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  let claims: { payload_hash?: unknown; exp?: unknown; nbf?: unknown };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return false;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return false;
  }
  const expected = base64url(createHmac('sha256', secret).update(`${header}.${payload}`).digest());
  if (!sameText(signature, expected)) return false;
  const seconds = now / 1000;
  if (typeof claims.exp === 'number' && claims.exp + 300 < seconds) return false;
  if (typeof claims.nbf === 'number' && claims.nbf - 300 > seconds) return false;
  if (rawBody) {
    if (typeof claims.payload_hash !== 'string') return false;
    return sameText(claims.payload_hash.toLowerCase(), createHash('sha256').update(rawBody).digest('hex'));
  }
  return true;
}

/** The SMS `sig`'s algorithm (chosen in the dashboard) by its length: an MD5 sig is a hash or an HMAC. */
function algorithmsOf(sig: string): string[] {
  switch (sig.length) {
    case 32:
      return ['MD5HASH', 'MD5HMAC'];
    case 40:
      return ['SHA1HMAC'];
    case 64:
      return ['SHA256HMAC'];
    case 128:
      return ['SHA512HMAC'];
    default:
      return [];
  }
}

/** The fields Vonage sent: the body (JSON or form), else the query (a GET webhook) without Relevo's own `account`. */
function fieldsOf(request: CallbackRequest): Record<string, unknown> {
  const body = request.body;
  if (body && typeof body === 'object' && Object.keys(body).length > 0) return body as Record<string, unknown>;
  const { account: _account, ...query } = request.query;
  return query;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The SMS API's own signature check (it reads no credentials). */
const smsSignatures = new Vonage({ apiKey: '', apiSecret: '', privateKey: '' }).sms;

/** An SMS webhook's `sig` over its sorted parameters with the signature secret. */
function verifySmsSignature(fields: Record<string, unknown>, secret: string): boolean {
  const sig = text(fields.sig);
  if (!/^[0-9a-fA-F]+$/.test(sig)) return false;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      params[name] = String(value);
  }
  return algorithmsOf(sig).some((algorithm) =>
    smsSignatures.verifySignature(sig, params, secret, algorithm as unknown as SignatureAlgorithm),
  );
}

const MESSAGE_STATUS: Record<string, DeliveryStatus> = {
  accepted: 'sent',
  buffered: 'sent',
  delivered: 'delivered',
  expired: 'failed',
  failed: 'failed',
  rejected: 'failed',
};
const CALL_STATUS: Record<string, DeliveryStatus> = {
  started: 'queued',
  ringing: 'sent',
  // answered is not yet reached: the machine detection has not spoken
  answered: 'sent',
  completed: 'delivered',
  busy: 'busy',
  timeout: 'no-answer',
  unanswered: 'no-answer',
  machine: 'no-answer',
  rejected: 'failed',
  failed: 'failed',
  cancelled: 'failed',
};

const bodyOf = (request: CallbackRequest) => fieldsOf(request);

export const vonageCallbacks: ProviderCallbacks = {
  provider: 'vonage',
  accountOf: (request) => request.query.account ?? null,
  numberOf: (request) => {
    const to = text(bodyOf(request).to);
    return to ? e164(to) : null;
  },
  verify(request, settings) {
    const secret = settings.signature_secret;
    if (!secret) return false;
    const authorization = request.headers.authorization;
    if (typeof authorization === 'string' && /^Bearer\s+/i.test(authorization)) {
      return verifyVonageJwt(authorization.replace(/^Bearer\s+/i, '').trim(), secret, request.rawBody);
    }
    const fields = bodyOf(request);
    if (fields.sig !== undefined && verifySmsSignature(fields, secret)) return true;
    // a GET webhook whose signed query carries Relevo's account too
    if (request.query.sig !== undefined) return verifySmsSignature(request.query, secret);
    return false;
  },
  reports(request): ProviderReport[] {
    const fields = bodyOf(request);
    if (request.kind === 'status') {
      const uuid = text(fields.uuid);
      if (uuid && fields.status !== undefined) {
        const callStatus = text(fields.status);
        const status = CALL_STATUS[callStatus];
        if (!status) return [];
        const detail = callStatus === 'machine' ? 'answered by a machine' : callStatus;
        return [{ kind: 'status', messageId: uuid, status, detail }];
      }
      const messageId = text(fields.messageId ?? fields['message-id']);
      const status = MESSAGE_STATUS[text(fields.status)];
      if (!messageId || !status) return [];
      const errorCode = text(fields['err-code']);
      return [
        {
          kind: 'status',
          messageId,
          status,
          detail: errorCode && errorCode !== '0' ? `error ${errorCode}` : text(fields.status),
        },
      ];
    }
    if (request.kind === 'voice') {
      const uuid = text(fields.uuid);
      const to = text(fields.to);
      if (!uuid || !to) return [];
      const dtmf = (fields.dtmf ?? {}) as Record<string, unknown>;
      return [{ kind: 'keys', messageId: uuid, to: e164(to), digits: text(dtmf.digits) }];
    }
    if (request.kind === 'sms') {
      const from = text(fields.msisdn);
      const messageId = text(fields.messageId ?? fields['message-id']);
      if (!from || !messageId) return [];
      return [{ kind: 'sms', from: e164(from), to: e164(text(fields.to)), text: text(fields.text), messageId }];
    }
    return [];
  },
  answer(request, keys: KeyOutcome | null): CallbackAnswer {
    if (request.kind !== 'voice') return EMPTY_OK;
    // an empty NCCO: nothing more to do, the call ends
    const ncco = keys?.result === 'repeat' ? callNcco(keys.audioUrl, '', request.url) : [];
    return { type: 'application/json', body: JSON.stringify(ncco) };
  },
};
