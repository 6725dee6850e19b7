import * as v from 'valibot';

/**
 * Delivery providers and the failover chain (docs/product.md#delivery-providers): which provider
 * carries a phone contact, in which order they are tried, and what their reports mean.
 */
export const DELIVERY_PROVIDERS = ['twilio', 'telnyx', 'vonage', 'sns', 'webhook'] as const;
export type DeliveryProvider = (typeof DELIVERY_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<DeliveryProvider, string> = {
  twilio: 'Twilio',
  telnyx: 'Telnyx',
  vonage: 'Vonage',
  sns: 'Amazon SNS',
  webhook: 'Generic webhook',
};

export type PhoneChannel = 'sms' | 'voice';

/** What each provider carries: Amazon SNS sends SMS only (no key presses; its SMS carries the responder link). */
export const PROVIDER_CHANNELS: Record<DeliveryProvider, readonly PhoneChannel[]> = {
  twilio: ['sms', 'voice'],
  telnyx: ['sms', 'voice'],
  vonage: ['sms', 'voice'],
  sns: ['sms'],
  webhook: ['sms', 'voice'],
};

/** A contact's delivery as the log shows it. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'busy', 'no-answer'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  busy: 'Busy',
  'no-answer': 'No answer',
};

/**
 * A provider's report as a failover note gives it (failoverNote's `why`): its label in lower case,
 * "busy", "no answer"; readFailovers reads it back into its status.
 */
export const reportReason = (status: DeliveryStatus): string => DELIVERY_STATUS_LABELS[status].toLowerCase();

/** A report that the person was not reached: the contact moves to the next provider, once, then the escalation moves on. */
export const isUndelivered = (status: DeliveryStatus): boolean =>
  status === 'failed' || status === 'busy' || status === 'no-answer';

/** Providers one contact may go through: the first, then one failover. */
export const DELIVERY_ATTEMPTS = 2;

export const CHAIN_MESSAGES = {
  empty: 'The chain needs at least one provider',
  unknown: (name: string) => `"${name}" is not a provider: use ${DELIVERY_PROVIDERS.join(', ')}, separated by commas`,
  repeated: (name: string) => `"${name}" appears twice in the chain`,
  countryCode: 'The country code is 1 to 3 digits, without +, such as 1 or 34',
  countryRepeated: (code: string) => `Country code ${code} has two chains`,
  notConfigured: (provider: DeliveryProvider) => `${PROVIDER_LABELS[provider]} is in the chain but has no settings`,
} as const;

/** A chain as the environment writes it (`DELIVERY_CHAIN=twilio,webhook`): the providers, or why not. */
export function parseDeliveryChain(text: string): { chain: DeliveryProvider[] } | { error: string } {
  const names = text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return { error: CHAIN_MESSAGES.empty };
  const chain: DeliveryProvider[] = [];
  for (const name of names) {
    if (!(DELIVERY_PROVIDERS as readonly string[]).includes(name)) return { error: CHAIN_MESSAGES.unknown(name) };
    if (chain.includes(name as DeliveryProvider)) return { error: CHAIN_MESSAGES.repeated(name) };
    chain.push(name as DeliveryProvider);
  }
  return { chain };
}

/** The chains of a customer or of the deployment: the default order and, optionally, one per country calling code. */
export interface DeliveryChains {
  chain: readonly DeliveryProvider[];
  countryChains: readonly { countryCode: string; chain: readonly DeliveryProvider[] }[];
}

/**
 * The providers that may carry a message to `phone` (+E.164) on `channel`, in order: the chain of
 * the longest country calling code the number starts with, else the default chain, without the
 * providers that do not carry the channel.
 */
export function chainFor(chains: DeliveryChains, phone: string, channel: PhoneChannel): DeliveryProvider[] {
  const digits = phone.replace(/^\+/, '');
  let best: { countryCode: string; chain: readonly DeliveryProvider[] } | null = null;
  for (const entry of chains.countryChains) {
    if (digits.startsWith(entry.countryCode) && (!best || entry.countryCode.length > best.countryCode.length))
      best = entry;
  }
  return (best?.chain ?? chains.chain).filter((provider) => PROVIDER_CHANNELS[provider].includes(channel));
}

/** The provider of the `tried + 1`-th attempt, or null when the contact has had its attempts or the chain has no more. */
export function nextProvider(chain: readonly DeliveryProvider[], tried: number): DeliveryProvider | null {
  if (tried >= DELIVERY_ATTEMPTS) return null;
  return chain[tried] ?? null;
}

/** How the log tells a failover: "Twilio: busy; then Vonage". */
export function failoverNote(from: DeliveryProvider, why: string, to: DeliveryProvider): string {
  return `${PROVIDER_LABELS[from]}: ${why}; then ${PROVIDER_LABELS[to]}`;
}

export interface Failover {
  from: DeliveryProvider;
  why: string;
  to: DeliveryProvider;
  /** the provider's report `why` gives (reportReason's words); null for a refusal's own sentence */
  report: DeliveryStatus | null;
}

const reportNamed = new Map(DELIVERY_STATUSES.map((status) => [reportReason(status), status] as const));
const providerNamed = new Map(DELIVERY_PROVIDERS.map((provider) => [PROVIDER_LABELS[provider], provider] as const));
const providerNames = [...providerNamed.keys()].map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** One failover note, then "; " before the next note's provider or the end. */
const FAILOVER_NOTE = new RegExp(
  `(${providerNames}): (.+?); then (${providerNames})(?:; (?=(?:${providerNames}): )|$)`,
  'ys',
);

/**
 * The failovers a delivery's note tells (failoverNote's, joined by "; " when there were several),
 * so a screen can write them in its reader's words; null when the note says something else.
 */
export function readFailovers(detail: string): Failover[] | null {
  const found: Failover[] = [];
  let index = 0;
  while (index < detail.length) {
    FAILOVER_NOTE.lastIndex = index;
    const note = FAILOVER_NOTE.exec(detail);
    if (!note) return null;
    const why = note[2]!;
    found.push({
      from: providerNamed.get(note[1]!)!,
      why,
      to: providerNamed.get(note[3]!)!,
      report: reportNamed.get(why) ?? null,
    });
    index = FAILOVER_NOTE.lastIndex;
  }
  return found.length ? found : null;
}

const chainSchema = v.pipe(
  v.array(v.picklist(DELIVERY_PROVIDERS, CHAIN_MESSAGES.unknown('?')), CHAIN_MESSAGES.empty),
  v.minLength(1, CHAIN_MESSAGES.empty),
  v.maxLength(DELIVERY_PROVIDERS.length, CHAIN_MESSAGES.empty),
  v.check((chain) => new Set(chain).size === chain.length, 'A provider appears twice in the chain'),
);

export const CountryChainSchema = v.object({
  country_code: v.pipe(v.string(CHAIN_MESSAGES.countryCode), v.regex(/^[1-9][0-9]{0,2}$/, CHAIN_MESSAGES.countryCode)),
  chain: chainSchema,
});

/** The chain part of a customer's delivery settings (the Delivery screen's Order section). */
export const DeliveryChainSchema = v.pipe(
  v.object({
    chain: chainSchema,
    country_chains: v.pipe(v.array(CountryChainSchema), v.maxLength(50, 'At most 50 country chains')),
  }),
  v.check(
    (value) => new Set(value.country_chains.map((c) => c.country_code)).size === value.country_chains.length,
    'A country code has two chains',
  ),
);
export type DeliveryChainInput = v.InferOutput<typeof DeliveryChainSchema>;
