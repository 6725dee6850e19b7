import type { DeliveryProvider, DeliveryStatus, PhoneChannel, ProviderValues } from '@relevo/domain';

/**
 * What every provider adapter is (docs/product.md#delivery-providers): it sends an SMS or places a
 * call through the provider's official client, checks an account's credentials, and reads the
 * provider's own callbacks (verified with the provider's own signature) into reports.
 */

/** One SMS or call to send. */
export interface PhoneMessage {
  channel: PhoneChannel;
  /** +E.164 */
  to: string;
  /** the SMS text, or the text the call speaks */
  body: string;
  /** the outbox's idempotency key: it names the contact */
  key: string;
  /** a call's spoken audio (Relevo's own), when made */
  audioUrl: string | null;
}

/** The provider took the message: its id of it. */
export interface Accepted {
  messageId: string;
}

/**
 * The provider refused the message or the account (its API answered 4xx): the next provider of the
 * chain gets it, and it is not retried on this one. Any other error (network, 5xx, time-out) is a
 * passing fault.
 */
export class ProviderRefusal extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Where the provider sends its callbacks: `{base}/voice`, `{base}/status`, `{base}/sms`, each with `?account=` */
export interface CallbackBase {
  /** `{PUBLIC_URL}/api/v1/channels/{provider}` */
  base: string;
  /** whose account sent the message: `default` (the deployment) or the customer's id */
  account: string;
}

export const callbackUrl = (cb: CallbackBase, kind: string, extra: Record<string, string> = {}): string => {
  const query = new URLSearchParams({ account: cb.account, ...extra });
  return `${cb.base}/${kind}?${query.toString()}`;
};

export interface ProviderAdapter {
  readonly provider: DeliveryProvider;
  send(message: PhoneMessage, signal: AbortSignal): Promise<Accepted>;
  /** reads the account at the provider (the "Check" button): throws an Error whose message says what is wrong */
  check(signal: AbortSignal): Promise<void>;
  /**
   * The message the provider took since `since`, if it did: a worker that died after handing the
   * message over, before recording it, is not followed by a second send. A provider without a
   * way to look sends again (the message carries its idempotency key where the provider takes one).
   */
  find?(message: PhoneMessage, since: Date, signal: AbortSignal): Promise<Accepted | null>;
}

/** A callback as it reached the server. */
export interface CallbackRequest {
  /** the last path segment: voice, status, sms, ... */
  kind: string;
  /** the whole URL the provider called, as it signed it (PUBLIC_URL + path + query) */
  url: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** the body parsed: form fields or JSON */
  body: unknown;
}

/** What a callback reports, in Relevo's terms. */
export type ProviderReport =
  | { kind: 'status'; messageId: string; status: DeliveryStatus; detail?: string }
  /** keys pressed during a call; `to` is the number called */
  | { kind: 'keys'; messageId: string; to: string; digits: string }
  | { kind: 'sms'; from: string; to: string; text: string; messageId: string };

/** The answer to a callback (TwiML, NCCO, an empty 200 ...). */
export interface CallbackAnswer {
  status?: number;
  type: string;
  body: string;
}

/** What a key press is answered with: the voice of the provider needs the audio to repeat, and what the key did. */
export interface KeyOutcome {
  result: 'accepted' | 'resolved' | 'unchanged' | 'ignored' | 'repeat';
  audioUrl: string | null;
}

/**
 * The callback side of a provider: which account a callback belongs to, whether its signature
 * holds for that account, what it reports, and the answer the provider expects.
 */
export interface ProviderCallbacks {
  readonly provider: DeliveryProvider;
  /** `null` when the callback names no account (the server then looks the account up by the number called) */
  accountOf(request: CallbackRequest): string | null;
  /** the number a callback was sent to (an inbound SMS), to find the account by its From number */
  numberOf?(request: CallbackRequest): string | null;
  verify(request: CallbackRequest, settings: ProviderValues): boolean;
  reports(request: CallbackRequest): ProviderReport[];
  /** the answer once the reports were acted on (`keys` gets what the key did) */
  answer(request: CallbackRequest, keys: KeyOutcome | null, settings: ProviderValues): CallbackAnswer;
}

/** Makes a provider's adapter for one account's settings (secrets opened). */
export type AdapterFactory = (settings: ProviderValues, callbacks: CallbackBase) => ProviderAdapter;

/** An error's message for the log and the Delivery screen, without anything the request carried. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 300);
  return 'unknown error';
}

export const EMPTY_OK: CallbackAnswer = { type: 'text/plain', body: '' };
