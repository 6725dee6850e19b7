import { createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import Telnyx from 'telnyx';
import type { DeliveryStatus, ProviderValues } from '@relevo/domain';
import { callTwiml } from './twilio';
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
 * Telnyx (docs/integrations.md#telnyx): SMS through the Messaging API with a per-message webhook,
 * and calls through the TeXML application of the settings (its connection id), whose TeXML goes
 * inline: the same one-key `<Gather>` around `<Play>` of Relevo's spoken audio as Twilio's,
 * answering machine detection on. Every callback, JSON (messaging) or form (TeXML), carries
 * Telnyx's Ed25519 signature of `{telnyx-timestamp}|{raw body}`, checked against the account's
 * public key.
 */
const TELNYX_API = 'https://api.telnyx.com/v2';

/** How far a callback's timestamp may be from now, as the official client allows. */
export const TELNYX_TOLERANCE_SECONDS = 300;

/** The API base of the settings: the client's paths are under `/v2`, which may be left out. */
function baseUrlOf(apiUrl: string | undefined): string {
  if (!apiUrl) return TELNYX_API;
  const base = apiUrl.replace(/\/+$/, '');
  return /\/v2$/.test(base) ? base : `${base}/v2`;
}

function clientOf(settings: ProviderValues) {
  return new Telnyx({
    apiKey: settings.api_key ?? '',
    baseURL: baseUrlOf(settings.api_url),
    // the settings name the key: never the environment's
    publicKey: null,
    maxRetries: 0,
    timeout: 10_000,
  });
}

/** The body of a TeXML call: the client's parameters and those the endpoint takes besides (status callback, AMD). */
type TexmlCallBody = Parameters<Telnyx['texml']['calls']['create']>[1] & {
  StatusCallback: string;
  StatusCallbackMethod: 'POST' | 'GET';
  MachineDetection: 'Enable' | 'Disable' | 'DetectMessageEnd';
};

/** The first error Telnyx's answer names (`{"errors":[{"code","title","detail"}]}`). */
function apiDetail(error: unknown): string {
  const body = (error as { error?: { errors?: { code?: string; title?: string; detail?: string }[] } }).error;
  const first = body?.errors?.[0];
  if (first) return [first.code, first.detail ?? first.title].filter(Boolean).join(' ');
  return (error as Error).message ?? '';
}

/** Telnyx's errors: a 4xx (a bad number, a bad key, no such application) is the provider saying no. */
function refusalOf(error: unknown): never {
  const status = error instanceof Telnyx.APIError ? error.status : undefined;
  const message = `Telnyx answered ${status ?? 'an error'}: ${apiDetail(error)}`.slice(0, 300);
  if (status && status >= 400 && status < 500) throw new ProviderRefusal(message, status);
  throw new Error(message);
}

export const telnyxAdapter: AdapterFactory = (settings, callbacks) => {
  const client = clientOf(settings);
  return {
    provider: 'telnyx',
    async send(message: PhoneMessage, signal: AbortSignal) {
      const statusCallback = callbackUrl(callbacks, 'status');
      let messageId: string | undefined;
      try {
        if (message.channel === 'sms') {
          const sent = await client.messages.send(
            { from: settings.from!, to: message.to, text: message.body, webhook_url: statusCallback },
            { signal },
          );
          messageId = sent.data?.id;
        } else {
          const body: TexmlCallBody = {
            From: settings.from!,
            To: message.to,
            Texml: callTwiml(message.audioUrl, message.body, callbackUrl(callbacks, 'voice', { key: message.key })),
            StatusCallback: statusCallback,
            StatusCallbackMethod: 'POST',
            MachineDetection: 'Enable',
          };
          const call = await client.texml.calls.create(settings.connection_id!, body, { signal });
          // the answer is the flat call; older answers wrapped it in `data`
          messageId = call.call_sid ?? (call as { data?: { call_sid?: string } }).data?.call_sid;
        }
      } catch (error) {
        refusalOf(error);
      }
      if (!messageId) throw new Error('Telnyx answered without the id of the message');
      return { messageId };
    },
    async check(signal: AbortSignal) {
      try {
        await client.balance.retrieve({ signal });
      } catch (error) {
        const status = error instanceof Telnyx.APIError ? error.status : undefined;
        throw new Error(
          status === 401 || status === 403
            ? `Telnyx refused the API key (${status}): check it under API Keys in the Mission Control portal`
            : `Telnyx could not be reached: ${apiDetail(error)}`.slice(0, 300),
          { cause: error },
        );
      }
    },
  };
};

/** A messaging recipient's status (`data.payload.to[].status`). */
const MESSAGE_STATUS: Record<string, DeliveryStatus> = {
  queued: 'queued',
  sending: 'sent',
  sent: 'sent',
  // the carrier took it but never said: nothing says it failed either
  delivery_unconfirmed: 'sent',
  delivered: 'delivered',
  sending_failed: 'failed',
  delivery_failed: 'failed',
  expired: 'failed',
};
/** A TeXML call's `CallStatus`. */
const CALL_STATUS: Record<string, DeliveryStatus> = {
  queued: 'queued',
  initiated: 'queued',
  ringing: 'sent',
  'in-progress': 'sent',
  completed: 'delivered',
  busy: 'busy',
  'no-answer': 'no-answer',
  failed: 'failed',
  canceled: 'failed',
};

const form = (request: CallbackRequest): Record<string, string> => {
  const body = request.body;
  if (body && typeof body === 'object') return body as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(request.rawBody));
};

interface MessagingEvent {
  event_type?: string;
  payload?: {
    id?: string;
    text?: string;
    from?: { phone_number?: string };
    to?: { phone_number?: string; status?: string }[];
    errors?: { code?: string; title?: string }[];
  };
}

/** A messaging webhook's event (`{"data":{"event_type",...,"payload"},"meta"}`), or null for a form callback. */
function messagingEvent(request: CallbackRequest): MessagingEvent | null {
  let body = request.body;
  if (!body || typeof body !== 'object') {
    try {
      body = JSON.parse(request.rawBody) as unknown;
    } catch {
      return null;
    }
  }
  const data = (body as { data?: MessagingEvent } | null)?.data;
  return data && typeof data === 'object' && typeof data.event_type === 'string' ? data : null;
}

const header = (request: CallbackRequest, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

/** The account's public key: the base64 of 32 raw Ed25519 bytes, as Mission Control shows it. */
function publicKeyOf(base64: string | undefined): KeyObject | null {
  if (!base64) return null;
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32) return null;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  } catch {
    return null;
  }
}

export const telnyxCallbacks: ProviderCallbacks = {
  provider: 'telnyx',
  accountOf: (request) => request.query.account ?? null,
  numberOf(request) {
    const event = messagingEvent(request);
    if (event) return event.payload?.to?.[0]?.phone_number ?? null;
    return form(request).To ?? null;
  },
  /**
   * The official client's check (`TelnyxWebhook.verify`) is asynchronous, so the same one is made
   * here with node:crypto: Ed25519 over `{telnyx-timestamp}|{raw body}`, the timestamp at most
   * five minutes from now.
   */
  verify(request, settings) {
    const signature = header(request, 'telnyx-signature-ed25519');
    const timestamp = header(request, 'telnyx-timestamp');
    const key = publicKeyOf(settings.public_key);
    if (!signature || !timestamp || !key || !/^\d{1,12}$/.test(timestamp)) return false;
    if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > TELNYX_TOLERANCE_SECONDS) return false;
    const bytes = Buffer.from(signature, 'base64');
    if (bytes.length !== 64) return false;
    try {
      return verifySignature(null, Buffer.from(`${timestamp}|${request.rawBody}`), key, bytes);
    } catch {
      return false;
    }
  },
  reports(request): ProviderReport[] {
    const event = messagingEvent(request);
    if (event) {
      const payload = event.payload ?? {};
      if (event.event_type === 'message.received') {
        const from = payload.from?.phone_number;
        if (!from || !payload.id) return [];
        return [
          {
            kind: 'sms',
            from,
            to: payload.to?.[0]?.phone_number ?? '',
            text: payload.text ?? '',
            messageId: payload.id,
          },
        ];
      }
      if (event.event_type === 'message.sent' || event.event_type === 'message.finalized') {
        const recipient = payload.to?.[0]?.status ?? '';
        const status = MESSAGE_STATUS[recipient];
        if (!payload.id || !status) return [];
        const error = payload.errors?.[0];
        return [
          {
            kind: 'status',
            messageId: payload.id,
            status,
            detail: error ? `error ${[error.code, error.title].filter(Boolean).join(' ')}` : recipient,
          },
        ];
      }
      return [];
    }
    const fields = form(request);
    if (request.kind === 'status' && fields.CallSid && fields.CallStatus) {
      let status = CALL_STATUS[fields.CallStatus] ?? 'failed';
      // a machine or a fax answered: nobody was reached
      if ((status === 'delivered' || status === 'sent') && /^(machine|fax)/.test(fields.AnsweredBy ?? '')) {
        status = 'no-answer';
      }
      return [
        {
          kind: 'status',
          messageId: fields.CallSid,
          status,
          detail: status === 'no-answer' && fields.AnsweredBy ? `answered by ${fields.AnsweredBy}` : fields.CallStatus,
        },
      ];
    }
    if (request.kind === 'voice' && fields.CallSid && fields.To) {
      return [{ kind: 'keys', messageId: fields.CallSid, to: fields.To, digits: fields.Digits ?? '' }];
    }
    return [];
  },
  answer(request, keys: KeyOutcome | null): CallbackAnswer {
    if (request.kind !== 'voice') return EMPTY_OK;
    if (keys?.result === 'repeat') {
      return { type: 'text/xml', body: callTwiml(keys.audioUrl, '', request.url) };
    }
    return { type: 'text/xml', body: '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>' };
  },
};
