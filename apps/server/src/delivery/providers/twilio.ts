import twilio from 'twilio';
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
 * Twilio (docs/integrations.md#twilio): SMS through the Messaging API with a status callback, and
 * calls whose TwiML goes inline: a one-key `<Gather>` around `<Play>` of Relevo's spoken audio,
 * answering machine detection on. Every callback is checked with the official package's
 * X-Twilio-Signature check against the account's auth token.
 */
const TWILIO_API = 'https://api.twilio.com';

/** The official client's HTTP with the API base URL of the settings (a regional edge, a test server). */
class BaseUrlClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super({ timeout: 10_000 });
  }
  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { uri: string; data?: TData }) {
    return super.request({ ...opts, uri: opts.uri.replace(TWILIO_API, this.apiUrl.replace(/\/+$/, '')) });
  }
}

function clientOf(settings: ProviderValues) {
  const apiUrl = settings.api_url;
  return twilio(settings.account_sid, settings.auth_token, {
    ...(apiUrl ? { httpClient: new BaseUrlClient(apiUrl) } : {}),
    autoRetry: false,
  });
}

/** Twilio's errors: a 4xx (a bad number, bad credentials) is the provider saying no. */
function refusalOf(error: unknown): never {
  const status = (error as { status?: number }).status;
  const message = `Twilio answered ${status ?? 'an error'}: ${(error as Error).message ?? ''}`.slice(0, 300);
  if (status && status >= 400 && status < 500) throw new ProviderRefusal(message, status);
  throw new Error(message);
}

/** The TwiML of a call: the message, one key awaited; no key after two rounds ends the call. */
export function callTwiml(audioUrl: string | null, text: string, keysUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  for (let round = 0; round < 2; round++) {
    const gather = response.gather({ numDigits: 1, action: keysUrl, method: 'POST', timeout: 8 });
    if (audioUrl) gather.play(audioUrl);
    else gather.say(text);
  }
  response.hangup();
  return response.toString();
}

export const twilioAdapter: AdapterFactory = (settings, callbacks) => {
  const client = clientOf(settings);
  return {
    provider: 'twilio',
    async send(message: PhoneMessage) {
      const statusCallback = callbackUrl(callbacks, 'status');
      try {
        if (message.channel === 'sms') {
          const sent = await client.messages.create({
            to: message.to,
            from: settings.from!,
            body: message.body,
            statusCallback,
          });
          return { messageId: sent.sid };
        }
        const call = await client.calls.create({
          to: message.to,
          from: settings.from!,
          twiml: callTwiml(message.audioUrl, message.body, callbackUrl(callbacks, 'voice', { key: message.key })),
          machineDetection: 'Enable',
          statusCallback,
          statusCallbackEvent: ['completed'],
          statusCallbackMethod: 'POST',
        });
        return { messageId: call.sid };
      } catch (error) {
        refusalOf(error);
      }
    },
    async find(message: PhoneMessage, since: Date) {
      // the newest first; a message's DateSent is empty while it is queued, so its creation is
      // compared, with 15 s for the clocks' difference (one person gets one message per channel a
      // minute: an earlier call to the number is older than that)
      const after = since.getTime() - 15_000;
      try {
        if (message.channel === 'sms') {
          const sent = await client.messages.list({ to: message.to, from: settings.from!, limit: 20 });
          const hit = sent.find((m) => m.body === message.body && m.dateCreated.getTime() >= after);
          return hit ? { messageId: hit.sid } : null;
        }
        const calls = await client.calls.list({ to: message.to, from: settings.from!, limit: 20 });
        const hit = calls.find((c) => c.dateCreated.getTime() >= after);
        return hit ? { messageId: hit.sid } : null;
      } catch (error) {
        refusalOf(error);
      }
    },
    async check() {
      try {
        await client.api.v2010.accounts(settings.account_sid!).fetch();
      } catch (error) {
        const status = (error as { status?: number }).status;
        throw new Error(
          status === 401 || status === 404
            ? 'Twilio refused the Account SID and auth token (401): check both in the Twilio Console'
            : `Twilio could not be reached: ${(error as Error).message}`,
          { cause: error },
        );
      }
    },
  };
};

const MESSAGE_STATUS: Record<string, DeliveryStatus> = {
  queued: 'queued',
  accepted: 'queued',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};
const CALL_STATUS: Record<string, DeliveryStatus> = {
  queued: 'queued',
  ringing: 'sent',
  'in-progress': 'sent',
  completed: 'delivered',
  busy: 'busy',
  'no-answer': 'no-answer',
  failed: 'failed',
  canceled: 'failed',
};

const form = (request: CallbackRequest) => (request.body ?? {}) as Record<string, string>;

export const twilioCallbacks: ProviderCallbacks = {
  provider: 'twilio',
  accountOf: (request) => request.query.account ?? null,
  numberOf: (request) => form(request).To ?? null,
  verify(request, settings) {
    const signature = request.headers['x-twilio-signature'];
    if (typeof signature !== 'string' || !settings.auth_token) return false;
    return twilio.validateRequest(settings.auth_token, signature, request.url, form(request));
  },
  reports(request): ProviderReport[] {
    const fields = form(request);
    if (request.kind === 'status') {
      if (fields.CallSid && fields.CallStatus) {
        let status = CALL_STATUS[fields.CallStatus] ?? 'failed';
        // a machine or a fax answered: nobody was reached
        if (status === 'delivered' && /^(machine|fax)/.test(fields.AnsweredBy ?? '')) status = 'no-answer';
        return [
          {
            kind: 'status',
            messageId: fields.CallSid,
            status,
            detail:
              status === 'no-answer' && fields.AnsweredBy ? `answered by ${fields.AnsweredBy}` : fields.CallStatus,
          },
        ];
      }
      const sid = fields.MessageSid ?? fields.SmsSid;
      const status = MESSAGE_STATUS[fields.MessageStatus ?? fields.SmsStatus ?? ''];
      if (!sid || !status) return [];
      return [
        {
          kind: 'status',
          messageId: sid,
          status,
          detail: fields.ErrorCode ? `error ${fields.ErrorCode}` : (fields.MessageStatus ?? ''),
        },
      ];
    }
    if (request.kind === 'voice' && fields.CallSid && fields.To) {
      return [{ kind: 'keys', messageId: fields.CallSid, to: fields.To, digits: fields.Digits ?? '' }];
    }
    if (request.kind === 'sms' && fields.From && fields.MessageSid) {
      return [
        { kind: 'sms', from: fields.From, to: fields.To ?? '', text: fields.Body ?? '', messageId: fields.MessageSid },
      ];
    }
    return [];
  },
  answer(request, keys: KeyOutcome | null): CallbackAnswer {
    if (request.kind === 'sms') return { type: 'text/xml', body: new twilio.twiml.MessagingResponse().toString() };
    if (request.kind !== 'voice') return EMPTY_OK;
    if (keys?.result === 'repeat') {
      return { type: 'text/xml', body: callTwiml(keys.audioUrl, '', request.url) };
    }
    const response = new twilio.twiml.VoiceResponse();
    response.hangup();
    return { type: 'text/xml', body: response.toString() };
  },
};
