import * as v from 'valibot';
import { DELIVERY_PROVIDERS, PROVIDER_LABELS, type DeliveryProvider } from './chain';

/**
 * The settings of each provider (docs/product.md#delivery-providers): one table that the Delivery
 * screen draws its fields from, the server checks a save with, and the environment's names follow
 * (`TWILIO_ACCOUNT_SID` is Twilio's `account_sid`). Secret fields are stored encrypted and never
 * answered: the API says only whether one is set.
 */
export interface ProviderField {
  name: string;
  label: string;
  secret: boolean;
  required: boolean;
  kind: 'text' | 'phone' | 'url' | 'multiline';
  /** checked when filled: the provider's own form of the value */
  pattern?: RegExp;
  patternMessage?: string;
  hint?: string;
}

const field = (name: string, label: string, more: Partial<ProviderField> = {}): ProviderField => ({
  name,
  label,
  secret: false,
  required: true,
  kind: 'text',
  ...more,
});
const apiUrl = field('api_url', 'API base URL', {
  required: false,
  kind: 'url',
  hint: 'Leave empty for the provider’s own; set it for a regional endpoint or an on-premise gateway',
});
const from = field('from', 'From number', { kind: 'phone', hint: 'The number the SMS and calls come from, +E.164' });

export const PROVIDER_FIELDS: Record<DeliveryProvider, readonly ProviderField[]> = {
  twilio: [
    field('account_sid', 'Account SID', {
      pattern: /^AC[0-9a-fA-F]{32}$/,
      patternMessage: 'An Account SID is AC followed by 32 hexadecimal characters',
    }),
    field('auth_token', 'Auth token', { secret: true }),
    from,
    apiUrl,
  ],
  telnyx: [
    field('api_key', 'API key', { secret: true }),
    from,
    field('connection_id', 'TeXML application ID', {
      hint: 'The TeXML application (connection) that places the calls',
    }),
    field('public_key', 'Webhook public key', {
      pattern: /^[A-Za-z0-9+/]{43}=$/,
      patternMessage: 'The public key is the base64 text of 32 bytes shown in the Mission Control portal',
    }),
    apiUrl,
  ],
  vonage: [
    field('api_key', 'API key'),
    field('api_secret', 'API secret', { secret: true }),
    field('application_id', 'Application ID', { hint: 'The Voice application whose private key is below' }),
    field('private_key', 'Private key', {
      secret: true,
      kind: 'multiline',
      pattern: /-----BEGIN PRIVATE KEY-----/,
      patternMessage: 'The private key is the PEM text the dashboard gave (BEGIN PRIVATE KEY)',
    }),
    field('signature_secret', 'Signature secret', { secret: true, hint: 'Signs the webhooks Vonage sends' }),
    from,
    apiUrl,
  ],
  sns: [
    field('access_key_id', 'Access key ID'),
    field('secret_access_key', 'Secret access key', { secret: true }),
    field('region', 'Region', { pattern: /^[a-z]{2}(-[a-z]+)+-[0-9]$/, patternMessage: 'A region such as us-east-1' }),
    field('sender_id', 'Sender ID', {
      required: false,
      pattern: /^[A-Za-z0-9]{1,11}$/,
      patternMessage: 'A sender ID is 1 to 11 letters or digits',
    }),
    apiUrl,
  ],
  webhook: [
    field('url', 'Webhook URL', { kind: 'url' }),
    field('signing_secret', 'Signing secret', {
      secret: true,
      required: false,
      hint: 'At least 16 characters; signs each request (X-Relevo-Signature)',
    }),
  ],
};

export const PROVIDER_SETTING_LIMIT = 4000;

export const PROVIDER_MESSAGES = {
  required: (label: string) => `${label} is required`,
  url: (label: string) => `${label} must be a URL starting with https:// or http://`,
  phone: (label: string) => `${label} must be a phone number in E.164 form, such as +17875550123`,
  long: (label: string) => `${label} must be at most ${PROVIDER_SETTING_LIMIT} characters`,
  unknownField: (name: string) => `${name} is not a setting of this provider`,
  provider: `provider must be one of ${DELIVERY_PROVIDERS.join(', ')}`,
  secretShort: 'The signing secret must be at least 16 characters',
  saved: (provider: DeliveryProvider) => `${PROVIDER_LABELS[provider]} settings saved`,
  removed: (provider: DeliveryProvider) => `${PROVIDER_LABELS[provider]} settings removed`,
  chainSaved: 'Delivery order saved',
  checked: (provider: DeliveryProvider) => `${PROVIDER_LABELS[provider]} accepted the credentials`,
  inUse: (provider: DeliveryProvider) =>
    `${PROVIDER_LABELS[provider]} is in the delivery order: take it out of the order before removing it`,
} as const;

export const isProvider = (name: string): name is DeliveryProvider =>
  (DELIVERY_PROVIDERS as readonly string[]).includes(name);

/** The value of a setting as saved: `keep` leaves a saved secret as it is (the screen never has it). */
export type ProviderValues = Record<string, string>;

/**
 * Checks a provider's settings as typed: each field's issue by name. A secret left empty keeps
 * the saved one when `saved` says one is set.
 */
export function providerSettingIssues(
  provider: DeliveryProvider,
  values: ProviderValues,
  savedSecrets: readonly string[] = [],
): Record<string, string> {
  const issues: Record<string, string> = {};
  const fields = PROVIDER_FIELDS[provider];
  for (const name of Object.keys(values)) {
    if (!fields.some((f) => f.name === name)) issues[name] = PROVIDER_MESSAGES.unknownField(name);
  }
  for (const f of fields) {
    const value = (values[f.name] ?? '').trim();
    if (!value) {
      if (f.required && !(f.secret && savedSecrets.includes(f.name)))
        issues[f.name] = PROVIDER_MESSAGES.required(f.label);
      continue;
    }
    if (value.length > PROVIDER_SETTING_LIMIT) issues[f.name] = PROVIDER_MESSAGES.long(f.label);
    else if (f.kind === 'url' && !/^https?:\/\/[^\s/]+/i.test(value)) issues[f.name] = PROVIDER_MESSAGES.url(f.label);
    else if (f.kind === 'phone' && !/^\+[1-9][0-9]{6,14}$/.test(value))
      issues[f.name] = PROVIDER_MESSAGES.phone(f.label);
    else if (f.pattern && !f.pattern.test(value))
      issues[f.name] = f.patternMessage ?? PROVIDER_MESSAGES.required(f.label);
    else if (provider === 'webhook' && f.name === 'signing_secret' && value.length < 16)
      issues[f.name] = PROVIDER_MESSAGES.secretShort;
  }
  return issues;
}

/** The body of a provider's save: its values by field name (empty secret: keep the saved one). */
export const ProviderSettingsBodySchema = v.object({
  values: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(64)), v.pipe(v.string(), v.maxLength(PROVIDER_SETTING_LIMIT))),
    v.check((values) => Object.keys(values).length <= 12, 'At most 12 settings'),
  ),
});

/** A provider's settings as the API answers them: plain values, and for each secret only whether it is set. */
export interface ProviderSettingsView {
  provider: DeliveryProvider;
  values: Record<string, string>;
  secrets: Record<string, boolean>;
  updated_at: string;
  updated_by: string;
}

/** A customer's delivery as the Delivery screen shows it. */
export interface DeliverySettingsView {
  customer_id: number;
  customer_name: string;
  providers: ProviderSettingsView[];
  /** empty: the deployment's chain applies */
  chain: DeliveryProvider[];
  country_chains: { country_code: string; chain: DeliveryProvider[] }[];
  /** the deployment's chain, for the screen to show what applies when the customer has none */
  default_chain: DeliveryProvider[];
}

/** What "Check" and "Send a test" answer for one provider or one message. */
export interface ProviderCheckAnswer {
  provider: DeliveryProvider;
  ok: boolean;
  message: string;
}

export interface TestSendResult {
  channel: 'sms' | 'voice';
  phone: string;
  provider: DeliveryProvider | null;
  message_id: string | null;
  status: 'sent' | 'delivered' | 'failed' | 'busy' | 'no-answer' | 'queued';
  detail: string | null;
}
