import { randomBytes } from 'node:crypto';
import {
  chainFor,
  PROVIDER_FIELDS,
  type DeliveryChains,
  type DeliveryProvider,
  type PhoneChannel,
  type ProviderValues,
} from '@relevo/domain';
import type { Config } from '../config';
import type { Database, Tx } from '../db/database';
import { SecretBox } from '../security/secret-box';
import type { Logger } from 'pino';
import type { AdapterFactory, ProviderAdapter } from './providers/provider';
import { ADAPTERS } from './providers';
import { webhookAdapterWith } from './providers/webhook';

// The delivery settings' SQL and their reading for sending (docs/product.md#delivery-providers):
// a customer's own provider accounts (secrets sealed), its order and country chains, falling back
// to the deployment's (the environment) where the customer has none.

const STAFF = { kind: 'staff' } as const;

/** Where a sealed secret lives: its additional data, so it opens nowhere else. */
export const secretPlace = (customerId: number, provider: DeliveryProvider, field: string) =>
  `customer:${customerId}:${provider}:${field}`;

/** The key of sealed secrets: SECRETS_KEY, else one kept by the database owner (docs/security.md). */
export async function secretBoxOf(config: Pick<Config, 'secretsKey'>, database: Database): Promise<SecretBox> {
  if (config.secretsKey) return new SecretBox(config.secretsKey);
  const hex = await database.asOwner(async (tx) => {
    await tx
      .insertInto('app_settings')
      .values({ key: 'secrets_key', value: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await tx
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'secrets_key')
      .executeTakeFirstOrThrow();
    return row.value;
  });
  return new SecretBox(Buffer.from(hex, 'hex'));
}

export interface StoredAccount {
  provider: DeliveryProvider;
  settings: Record<string, string>;
  secrets: Record<string, string>;
  updated_by: string;
  updated_at: Date;
}

export function customerAccounts(tx: Tx, customerId: number): Promise<StoredAccount[]> {
  return tx
    .selectFrom('delivery_accounts')
    .select(['provider', 'settings', 'secrets', 'updated_by', 'updated_at'])
    .where('customer_id', '=', customerId)
    .orderBy('provider')
    .execute();
}

export function customerChains(tx: Tx, customerId: number) {
  return tx
    .selectFrom('delivery_chains')
    .select(['chain', 'country_chains', 'updated_by', 'updated_at'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

interface Stamp {
  updated_by: string;
  updated_at: Date;
}

/** Saves a customer's account at a provider (its secrets already sealed), made or replaced. */
export async function saveAccount(
  tx: Tx,
  customerId: number,
  provider: DeliveryProvider,
  sealed: { settings: Record<string, string>; secrets: Record<string, string> },
  stamp: Stamp,
): Promise<void> {
  const row = { settings: JSON.stringify(sealed.settings), secrets: JSON.stringify(sealed.secrets), ...stamp };
  await tx
    .insertInto('delivery_accounts')
    .values({ customer_id: customerId, provider, ...row })
    .onConflict((oc) => oc.columns(['customer_id', 'provider']).doUpdateSet(row))
    .execute();
}

/** Removes a customer's account at a provider; false when it had none. */
export async function removeAccount(tx: Tx, customerId: number, provider: DeliveryProvider): Promise<boolean> {
  const gone = await tx
    .deleteFrom('delivery_accounts')
    .where('customer_id', '=', customerId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** Saves a customer's failover order and its chains per country code. */
export async function saveChains(
  tx: Tx,
  customerId: number,
  chains: {
    chain: readonly DeliveryProvider[];
    country_chains: readonly { country_code: string; chain: readonly DeliveryProvider[] }[];
  },
  stamp: Stamp,
): Promise<void> {
  const row = { chain: JSON.stringify(chains.chain), country_chains: JSON.stringify(chains.country_chains), ...stamp };
  await tx
    .insertInto('delivery_chains')
    .values({ customer_id: customerId, ...row })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(row))
    .execute();
}

/** A stored account's settings with its secrets opened. */
export function openAccount(box: SecretBox, customerId: number, account: StoredAccount): ProviderValues {
  const values: ProviderValues = { ...account.settings };
  for (const [field, sealed] of Object.entries(account.secrets)) {
    values[field] = box.open(secretPlace(customerId, account.provider, field), sealed);
  }
  return values;
}

/** Splits typed values into plain settings and sealed secrets; an empty secret keeps `before`'s. */
export function sealAccount(
  box: SecretBox,
  customerId: number,
  provider: DeliveryProvider,
  values: ProviderValues,
  before: StoredAccount | undefined,
): { settings: Record<string, string>; secrets: Record<string, string> } {
  const settings: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const f of PROVIDER_FIELDS[provider]) {
    const value = (values[f.name] ?? '').trim();
    if (f.secret) {
      if (value) secrets[f.name] = box.seal(secretPlace(customerId, provider, f.name), value);
      else if (before?.secrets[f.name]) secrets[f.name] = before.secrets[f.name]!;
    } else if (value) settings[f.name] = value;
  }
  return { settings, secrets };
}

/** The deployment's settings of a provider (the environment); the webhook's are SMS_WEBHOOK_URL and INBOUND_WEBHOOK_SECRET. */
export function deploymentSettings(
  config: Pick<Config, 'providerSettings' | 'smsWebhookUrl' | 'inboundWebhookSecret'>,
  provider: DeliveryProvider,
): ProviderValues | null {
  if (provider === 'webhook') {
    return {
      ...(config.smsWebhookUrl ? { url: config.smsWebhookUrl } : {}),
      ...(config.inboundWebhookSecret ? { signing_secret: config.inboundWebhookSecret } : {}),
    };
  }
  return config.providerSettings[provider] ?? null;
}

/** How one customer's messages go: its chains, and the settings of each provider it may use. */
export interface DeliveryRoute {
  chains: DeliveryChains;
  /** the account whose settings a provider uses: `default` (the deployment's) or the customer's id */
  accounts: Partial<Record<DeliveryProvider, { account: string; settings: ProviderValues }>>;
}

const ROUTE_TTL_MS = 30_000;

/**
 * The delivery settings as the sender and the callbacks read them, kept for 30 s per customer
 * (a change made in this process is seen at once; another process's within 30 s).
 */
export class DeliveryDirectory {
  #routes = new Map<string, { at: number; route: Promise<DeliveryRoute> }>();
  /** the adapters made for each loaded route (gone with it) */
  #adapters = new WeakMap<DeliveryRoute, Map<DeliveryProvider, ProviderAdapter | null>>();
  readonly factories: Partial<Record<DeliveryProvider, AdapterFactory>>;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    readonly box: SecretBox,
    log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.factories = { ...ADAPTERS, webhook: webhookAdapterWith(log) };
  }

  invalidate(customerId: number): void {
    this.#routes.delete(String(customerId));
  }

  route(customerId: number | null): Promise<DeliveryRoute> {
    const key = String(customerId ?? 'default');
    const cached = this.#routes.get(key);
    if (cached && this.now() - cached.at < ROUTE_TTL_MS) return cached.route;
    const route = this.#load(customerId);
    this.#routes.set(key, { at: this.now(), route });
    route.catch(() => this.#routes.delete(key));
    return route;
  }

  async #load(customerId: number | null): Promise<DeliveryRoute> {
    const accounts: DeliveryRoute['accounts'] = {};
    const deployment: DeliveryChains = { chain: this.config.deliveryChain, countryChains: [] };
    for (const provider of Object.keys(this.factories) as DeliveryProvider[]) {
      const settings = deploymentSettings(this.config, provider);
      if (settings) accounts[provider] = { account: 'default', settings };
    }
    if (customerId === null) return { chains: deployment, accounts };
    const [own, chains] = await this.database.scoped(STAFF, (tx) =>
      Promise.all([customerAccounts(tx, customerId), customerChains(tx, customerId)]),
    );
    for (const account of own) {
      accounts[account.provider] = {
        account: String(customerId),
        settings: openAccount(this.box, customerId, account),
      };
    }
    const chain = chains && chains.chain.length > 0 ? chains.chain : deployment.chain;
    return {
      chains: {
        chain,
        countryChains: (chains?.country_chains ?? []).map((c) => ({ countryCode: c.country_code, chain: c.chain })),
      },
      accounts,
    };
  }

  /** The providers that may carry a message of `customerId` to `phone`, each with its adapter. */
  async providersFor(
    customerId: number | null,
    phone: string,
    channel: PhoneChannel,
  ): Promise<{ chain: DeliveryProvider[]; adapter(provider: DeliveryProvider): ProviderAdapter | null }> {
    const route = await this.route(customerId);
    const chain = chainFor(route.chains, phone, channel).filter((provider) => route.accounts[provider]);
    return { chain, adapter: (provider) => this.adapterOf(route, provider) };
  }

  /**
   * A provider's adapter on the account `route` uses for it; null when it has none. Made once per
   * loaded route, not per message: the provider's client keeps its connections for the next send.
   */
  adapterOf(route: DeliveryRoute, provider: DeliveryProvider): ProviderAdapter | null {
    let made = this.#adapters.get(route);
    if (!made) this.#adapters.set(route, (made = new Map()));
    if (made.has(provider)) return made.get(provider)!;
    const account = route.accounts[provider];
    const factory = this.factories[provider];
    const adapter =
      account && factory
        ? factory(account.settings, {
            base: `${this.config.publicUrl}/api/v1/channels/${provider}`,
            account: account.account,
          })
        : null;
    made.set(provider, adapter);
    return adapter;
  }

  /** The settings a callback of `account` is verified with; null when there is no such account. */
  async settingsOf(account: string, provider: DeliveryProvider): Promise<ProviderValues | null> {
    if (account === 'default') return deploymentSettings(this.config, provider);
    if (!/^[0-9]{1,10}$/.test(account)) return null;
    const route = await this.route(Number(account));
    const found = route.accounts[provider];
    return found && found.account === account ? found.settings : null;
  }

  /** The accounts whose From number of `provider` is `number` (an inbound SMS is sent to it). */
  async accountsByNumber(provider: DeliveryProvider, number: string): Promise<string[]> {
    const found: string[] = [];
    if (deploymentSettings(this.config, provider)?.from === number) found.push('default');
    const rows = await this.database.scoped(STAFF, (tx) =>
      tx
        .selectFrom('delivery_accounts')
        .select('customer_id')
        .where('provider', '=', provider)
        .where(({ eb, ref }) => eb(eb.fn('jsonb_extract_path_text', [ref('settings'), eb.val('from')]), '=', number))
        .limit(10)
        .execute(),
    );
    return [...found, ...rows.map((r) => String(r.customer_id))];
  }
}
