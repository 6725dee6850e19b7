import {
  CHAT_SECRETS,
  chatSecretIssues,
  TEAM_CHAT_MESSAGES,
  type ChatModuleOption,
  type ChatProvider,
  type ChatSettingsBodies,
  type ChatSettingsViews,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { ValidationFailure } from '../http/errors';
import { audit } from '../security/audit';
import type { SecretBox } from '../security/secret-box';
import { chatOf, customerModules, ownModules, saveChat, type StoredChat } from './queries';

/** Where a chat's sealed secret lives: its additional data, so it opens nowhere else (not in another customer's row, nor as a delivery secret). */
export const chatSecretPlace = (customerId: number, provider: ChatProvider, field: string) =>
  `customer:${customerId}:chat:${provider}:${field}`;

/** A stored chat's secrets, opened. */
export function openChatSecrets(box: SecretBox, chat: Pick<StoredChat, 'customer_id' | 'provider' | 'secrets'>) {
  const opened: Record<string, string> = {};
  for (const [field, sealed] of Object.entries(chat.secrets)) {
    opened[field] = box.open(chatSecretPlace(chat.customer_id, chat.provider, field), sealed);
  }
  return opened;
}

/** The endpoints the chats call back, as the screen shows them to paste into the chat's settings. */
export const chatUrls = (publicUrl: string) => ({
  slack: `${publicUrl}/api/v1/integrations/slack/interactions`,
  mattermost: `${publicUrl}/api/v1/integrations/mattermost/actions`,
});

type Plain<P extends ChatProvider> = Omit<ChatSettingsBodies[P], keyof (typeof CHAT_SECRETS)[P] | 'enabled'>;

/**
 * The Team Chat screen's calls (docs/product.md#team-chat): a Customer Root keeps its own
 * customer's chats, in its customer's unit of work (row-level security keeps it there). Secrets
 * are sealed before they are stored, never answered and never logged; the audit trail names the
 * fields saved, never their values.
 */
export function teamChatSettingsService(ctx: AppContext) {
  const urls = chatUrls(ctx.config.publicUrl);
  const own = <T>(principal: Principal, work: (tx: Tx) => Promise<T>) =>
    ctx.database.scoped({ kind: 'customer', customerId: principal.customerId }, work);

  function viewOf<P extends ChatProvider>(
    provider: P,
    chat: StoredChat | undefined,
    options: ChatModuleOption[],
  ): ChatSettingsViews[P] {
    const secrets = Object.fromEntries(
      Object.keys(CHAT_SECRETS[provider]).map((name) => [name, !!chat?.secrets[name]]),
    );
    const settings = (chat?.settings ?? {}) as Record<string, unknown>;
    const base = {
      provider,
      configured: !!chat,
      enabled: chat?.enabled ?? false,
      updated_at: chat ? new Date(chat.updated_at).toISOString() : null,
      updated_by: chat?.updated_by ?? null,
      module_options: options,
      secrets,
    };
    const views: { [K in ChatProvider]: () => ChatSettingsViews[K] } = {
      slack: () => ({
        ...(base as unknown as ChatSettingsViews['slack']),
        app_id: (settings.app_id as string | undefined) ?? '',
        channels: (settings.channels as ChatSettingsViews['slack']['channels'] | undefined) ?? [],
        interactivity_url: urls.slack,
      }),
      mattermost: () => ({
        ...(base as unknown as ChatSettingsViews['mattermost']),
        server_url: (settings.server_url as string | undefined) ?? '',
        modules: (settings.modules as number[] | undefined) ?? [],
        actions_url: urls.mattermost,
      }),
      teams: () => ({
        ...(base as unknown as ChatSettingsViews['teams']),
        modules: (settings.modules as number[] | undefined) ?? [],
      }),
    };
    return views[provider]();
  }

  /** The body's modules, each one of the customer's (422 on the first that is not). */
  async function checkModules<P extends ChatProvider>(tx: Tx, customerId: number, provider: P, plain: Plain<P>) {
    const named =
      provider === 'slack'
        ? (plain as unknown as Plain<'slack'>).channels.map((c, i) => ({
            id: c.module_id,
            loc: ['channels', i, 'module_id'],
          }))
        : (plain as unknown as Plain<'teams'>).modules.map((id, i) => ({ id, loc: ['modules', i] }));
    const known = await ownModules(
      tx,
      customerId,
      named.map((n) => n.id),
    );
    const unknown = named.filter((n) => !known.has(n.id));
    if (unknown.length > 0)
      throw new ValidationFailure(unknown.map((n) => ({ loc: ['body', ...n.loc], msg: TEAM_CHAT_MESSAGES.module })));
  }

  return {
    get<P extends ChatProvider>(principal: Principal, provider: P): Promise<ChatSettingsViews[P]> {
      return own(principal, async (tx) => {
        const [chat, modules] = await Promise.all([
          chatOf(tx, principal.customerId, provider),
          customerModules(tx, principal.customerId),
        ]);
        return viewOf(provider, chat, modules);
      });
    },

    save<P extends ChatProvider>(
      principal: Principal,
      provider: P,
      body: ChatSettingsBodies[P],
    ): Promise<ChatSettingsViews[P]> {
      const customerId = principal.customerId;
      return own(principal, async (tx) => {
        const before = await chatOf(tx, customerId, provider);
        const values = body as unknown as Record<string, unknown>;
        const missing = chatSecretIssues(provider, values, Object.keys(before?.secrets ?? {}));
        if (Object.keys(missing).length > 0)
          throw new ValidationFailure(Object.entries(missing).map(([field, msg]) => ({ loc: ['body', field], msg })));
        const secretNames = Object.keys(CHAT_SECRETS[provider]);
        const plain = Object.fromEntries(
          Object.entries(values).filter(([name]) => name !== 'enabled' && !secretNames.includes(name)),
        ) as Plain<P>;
        await checkModules(tx, customerId, provider, plain);
        const secrets: Record<string, string> = {};
        for (const name of secretNames) {
          const given = values[name] as string;
          if (given) secrets[name] = ctx.delivery.box.seal(chatSecretPlace(customerId, provider, name), given);
          else if (before?.secrets[name]) secrets[name] = before.secrets[name];
        }
        const stamp = { updated_by: principal.email, updated_at: ctx.clock.now() };
        await saveChat(tx, {
          customer_id: customerId,
          provider,
          enabled: body.enabled,
          settings: plain,
          secrets,
          ...stamp,
        });
        await audit(
          tx,
          {
            customerId,
            actor: { id: principal.userId, email: principal.email },
            action: before ? 'update' : 'create',
            entity: 'team_chat',
            entityId: provider,
            // which secrets were given, never their values
            detail: { enabled: body.enabled, secrets: secretNames.filter((name) => values[name]) },
          },
          ctx.clock.now(),
        );
        const after = await chatOf(tx, customerId, provider);
        return viewOf(provider, after, await customerModules(tx, customerId));
      });
    },
  };
}
