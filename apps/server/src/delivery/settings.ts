import {
  CHAIN_MESSAGES,
  PROVIDER_FIELDS,
  PROVIDER_MESSAGES,
  PROVIDER_LABELS,
  providerSettingIssues,
  type DeliveryChainInput,
  type DeliveryProvider,
  type DeliverySettingsView,
  type MessageAnswer,
  type ProviderCheckAnswer,
  type ProviderSettingsView,
  type ProviderValues,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { HttpError, ValidationFailure } from '../http/errors';
import { audit, type AuditEntry } from '../security/audit';
import {
  customerAccounts,
  customerChains,
  deploymentSettings,
  removeAccount,
  saveAccount,
  saveChains,
  sealAccount,
  type StoredAccount,
} from './accounts';
import { describeFailure } from './providers/provider';

const NO_CUSTOMER = 'Customer not found';

/** A stored account as the API shows it: plain values, and for each secret only whether it is set. */
function viewOf(account: StoredAccount): ProviderSettingsView {
  const secrets: Record<string, boolean> = {};
  for (const f of PROVIDER_FIELDS[account.provider]) if (f.secret) secrets[f.name] = !!account.secrets[f.name];
  return {
    provider: account.provider,
    values: { ...account.settings },
    secrets,
    updated_at: account.updated_at.toISOString(),
    updated_by: account.updated_by,
  };
}

/**
 * The Delivery screen's calls (docs/product.md#delivery-providers): staff keep a customer's
 * provider accounts, order and country chains. Secrets are sealed before they are stored, never
 * answered and never logged; the audit trail records which fields changed, not their values.
 */
export function deliverySettingsService(ctx: AppContext) {
  const inStaff = <T>(principal: Principal, work: (tx: Tx) => Promise<T>) => ctx.database.scoped(principal.scope, work);

  /** The customer's name; 404 when there is no such customer. */
  async function mustExist(tx: Tx, customerId: number): Promise<string> {
    const found = await tx
      .selectFrom('customers')
      .select('customer_name')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!found) throw new HttpError(404, NO_CUSTOMER);
    return found.customer_name;
  }

  async function view(tx: Tx, customerId: number): Promise<DeliverySettingsView> {
    const name = await mustExist(tx, customerId);
    const [accounts, chains] = await Promise.all([customerAccounts(tx, customerId), customerChains(tx, customerId)]);
    return {
      customer_id: customerId,
      customer_name: name,
      providers: accounts.map(viewOf),
      chain: chains?.chain ?? [],
      country_chains: chains?.country_chains ?? [],
      default_chain: [...ctx.config.deliveryChain],
    };
  }

  /** A provider the deployment has settings for (the webhook: only with SMS_WEBHOOK_URL). */
  const deploymentHas = (provider: DeliveryProvider) =>
    provider === 'webhook' ? !!ctx.config.smsWebhookUrl : !!deploymentSettings(ctx.config, provider);
  /** A provider the customer's chains may name: its own account, or the deployment's. */
  const usable = (accounts: readonly StoredAccount[], provider: DeliveryProvider) =>
    accounts.some((a) => a.provider === provider) || deploymentHas(provider);

  /**
   * A change of a customer's delivery: in a staff unit of work on a customer that exists, its audit
   * row written beside it by `record`, and the customer's cached route dropped once committed.
   */
  async function change<T>(
    principal: Principal,
    customerId: number,
    work: (tx: Tx, record: (entry: Omit<AuditEntry, 'customerId' | 'actor'>) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const done = await inStaff(principal, async (tx) => {
      await mustExist(tx, customerId);
      const actor = { id: principal.userId, email: principal.email };
      return work(tx, (entry) => audit(tx, { customerId, actor, ...entry }, ctx.clock.now()));
    });
    ctx.delivery.invalidate(customerId);
    return done;
  }

  return {
    get(principal: Principal, customerId: number): Promise<DeliverySettingsView> {
      return inStaff(principal, (tx) => view(tx, customerId));
    },

    async saveProvider(
      principal: Principal,
      customerId: number,
      provider: DeliveryProvider,
      values: ProviderValues,
    ): Promise<ProviderSettingsView> {
      const saved = await change(principal, customerId, async (tx, record) => {
        const before = (await customerAccounts(tx, customerId)).find((a) => a.provider === provider);
        const issues = providerSettingIssues(provider, values, Object.keys(before?.secrets ?? {}));
        if (Object.keys(issues).length > 0) {
          throw new ValidationFailure(
            Object.entries(issues).map(([field, msg]) => ({ loc: ['body', 'values', field], msg })),
          );
        }
        const sealed = sealAccount(ctx.delivery.box, customerId, provider, values, before);
        const stamp = { updated_by: principal.email, updated_at: ctx.clock.now() };
        await saveAccount(tx, customerId, provider, sealed, stamp);
        await record({
          action: before ? 'update' : 'create',
          entity: 'delivery_provider',
          entityId: provider,
          // which fields were given, never their values
          detail: { fields: Object.keys(values).filter((name) => values[name]?.trim()) },
        });
        return { provider, ...sealed, ...stamp };
      });
      return viewOf(saved);
    },

    async removeProvider(principal: Principal, customerId: number, provider: DeliveryProvider): Promise<MessageAnswer> {
      await change(principal, customerId, async (tx, record) => {
        const chains = await customerChains(tx, customerId);
        const named = [...(chains?.chain ?? []), ...(chains?.country_chains ?? []).flatMap((c) => c.chain)];
        if (named.includes(provider) && !deploymentHas(provider))
          throw new HttpError(409, PROVIDER_MESSAGES.inUse(provider));
        if (!(await removeAccount(tx, customerId, provider)))
          throw new HttpError(404, `${PROVIDER_LABELS[provider]} has no settings`);
        await record({ action: 'delete', entity: 'delivery_provider', entityId: provider });
      });
      return { Message: PROVIDER_MESSAGES.removed(provider) };
    },

    saveChain(principal: Principal, customerId: number, input: DeliveryChainInput): Promise<DeliverySettingsView> {
      return change(principal, customerId, async (tx, record) => {
        const accounts = await customerAccounts(tx, customerId);
        const issues = [
          ...input.chain.map((provider, i) => ({ provider, loc: ['body', 'chain', String(i)] })),
          ...input.country_chains.flatMap((c, n) =>
            c.chain.map((provider, i) => ({
              provider,
              loc: ['body', 'country_chains', String(n), 'chain', String(i)],
            })),
          ),
        ].filter(({ provider }) => !usable(accounts, provider));
        if (issues.length > 0) {
          throw new ValidationFailure(
            issues.map(({ provider, loc }) => ({ loc, msg: CHAIN_MESSAGES.notConfigured(provider) })),
          );
        }
        await saveChains(tx, customerId, input, { updated_by: principal.email, updated_at: ctx.clock.now() });
        await record({
          action: 'update',
          entity: 'delivery_chain',
          entityId: customerId,
          detail: { chain: input.chain, country_chains: input.country_chains },
        });
        return view(tx, customerId);
      });
    },

    /** "Check": the provider's API reads the account with the settings in use for the customer. */
    async check(principal: Principal, customerId: number, provider: DeliveryProvider): Promise<ProviderCheckAnswer> {
      await inStaff(principal, (tx) => mustExist(tx, customerId));
      const route = await ctx.delivery.route(customerId);
      const adapter = ctx.delivery.adapterOf(route, provider);
      if (!adapter) throw new HttpError(422, `${PROVIDER_LABELS[provider]} has no settings`);
      let answer: ProviderCheckAnswer;
      try {
        await adapter.check(AbortSignal.timeout(15_000));
        answer = { provider, ok: true, message: PROVIDER_MESSAGES.checked(provider) };
      } catch (error) {
        answer = { provider, ok: false, message: describeFailure(error) };
      }
      // docs/product.md#audit-trail: the check called the provider with the customer's account
      await inStaff(principal, (tx) =>
        audit(
          tx,
          {
            customerId,
            actor: { id: principal.userId, email: principal.email },
            action: 'test',
            entity: 'delivery_provider',
            entityId: provider,
            detail: { ok: answer.ok },
          },
          ctx.clock.now(),
        ),
      );
      return answer;
    },
  };
}
