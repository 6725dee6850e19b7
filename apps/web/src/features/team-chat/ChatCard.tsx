import {
  CHAT_PROVIDER_LABELS,
  CHAT_SECRETS,
  TEAM_CHAT_MESSAGES,
  type ChatModuleOption,
  type ChatProvider,
  type ChatSettingsViews,
} from '@relevo/domain';
import { Alert, Button, Card, PasswordField, TextField, toast } from '@relevo/ui';
import { useId, useState } from 'react';
import { msg, t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import { TEXT_FIELDS, bodyOf, formIssues, formOf, serverIssues, type ChatErrors, type ChatForm } from './chat-form';
import type { TeamChatCalls } from './team-chat-calls';

/** What a saved secret's field says instead of its value (the API never answers one); shown as `t(SECRET_KEPT_HINT)`. */
export const SECRET_KEPT_HINT = msg('Saved — leave empty to keep');

/** A Slack channel ID as the field's example (the form of an ID, the same in every language). */
const CHANNEL_EXAMPLE = 'C0123ABCD';

// the labels and hints in English, shown through t (the menus named in them are Slack's and Mattermost's own)
const PLAIN_LABELS: Record<string, string> = { app_id: msg('App ID'), server_url: msg('Server URL') };
const HINTS: Partial<Record<ChatProvider, Record<string, string>>> = {
  slack: {
    app_id: msg('Basic Information, App ID (A0…)'),
    bot_token: msg('OAuth & Permissions, Bot User OAuth Token (xoxb-…)'),
    signing_secret: msg('Basic Information, App Credentials'),
  },
  mattermost: {
    server_url: msg('The address people open Mattermost at'),
    webhook_url: msg('Integrations, Incoming Webhooks: its channel gets the posts'),
    bot_token: msg('Integrations, Bot Accounts: reads who pressed a button'),
  },
  teams: { webhook_url: msg('The channel’s Workflows (or connector) webhook') },
};

/** A field's label in the reader's language (the secrets' labels are the domain's). */
const labelOf = (provider: ChatProvider, name: string) =>
  t((CHAT_SECRETS[provider] as Record<string, string>)[name] ?? PLAIN_LABELS[name] ?? name);

/** A field's problems (the domain's rules, the server's 422) in the reader's language. */
const shownErrors = (messages: readonly string[] | undefined) =>
  messages?.length ? messages.map((message) => t(message)) : undefined;

/** The address a chat calls back, for the person to paste into its settings. */
function CallbackUrl({ label, url, hint }: { label: string; url: string; hint: string }) {
  return (
    <TextField
      label={label}
      value={url}
      onValueChange={() => undefined}
      readOnly
      hint={hint}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}

/** The modules of the organisation: a Slack channel ID each, or a choice of those that post. */
function ModuleChoices({
  provider,
  options,
  form,
  errors,
  onChange,
}: {
  provider: ChatProvider;
  options: ChatModuleOption[];
  form: ChatForm;
  errors: ChatErrors;
  onChange: (form: ChatForm, cleared: string) => void;
}) {
  const legend = useId();
  if (options.length === 0)
    return <p className="team-chat__note">{t('Your organisation has no modules yet: add one under Applications.')}</p>;
  const name = (option: ChatModuleOption) => `${option.application_name} › ${option.module_name}`;
  if (provider === 'slack')
    return (
      <fieldset className="team-chat__modules" aria-labelledby={legend}>
        <legend id={legend}>{t('Channel of each module')}</legend>
        <p className="team-chat__note">{t('The Slack channel ID of the module’s incidents; empty: none posted.')}</p>
        <div className="team-chat__channels">
          {options.map((option) => (
            <TextField
              key={option.module_id}
              label={name(option)}
              value={form.channels[option.module_id] ?? ''}
              placeholder={CHANNEL_EXAMPLE}
              autoComplete="off"
              errors={shownErrors(errors[`channel:${option.module_id}`])}
              onValueChange={(value) =>
                onChange(
                  { ...form, channels: { ...form.channels, [option.module_id]: value } },
                  `channel:${option.module_id}`,
                )
              }
            />
          ))}
        </div>
      </fieldset>
    );
  return (
    <fieldset className="team-chat__modules" aria-labelledby={legend}>
      <legend id={legend}>{t('Modules that post here')}</legend>
      {errors.modules?.length ? (
        <Alert variant="error" className="team-chat__problem">
          {errors.modules.map((message) => t(message)).join(' ')}
        </Alert>
      ) : null}
      <ul className="team-chat__choices">
        {options.map((option) => (
          <li key={option.module_id}>
            <label className="team-chat__choice">
              <input
                type="checkbox"
                checked={form.modules.includes(option.module_id)}
                onChange={(event) =>
                  onChange(
                    {
                      ...form,
                      modules: event.target.checked
                        ? [...form.modules, option.module_id]
                        : form.modules.filter((id) => id !== option.module_id),
                    },
                    'modules',
                  )
                }
              />
              {name(option)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export interface ChatCardProps<P extends ChatProvider> {
  provider: P;
  view: ChatSettingsViews[P];
  calls: TeamChatCalls;
  onSaved: (view: ChatSettingsViews[P]) => void;
}

/**
 * One chat of docs/product.md#team-chat: on or off, its settings (secrets write-only: an empty
 * field keeps the saved one), where it calls back, and its modules; checked by the domain's rules
 * before the save, the server's 422 back on its fields.
 */
export function ChatCard<P extends ChatProvider>({ provider, view, calls, onSaved }: ChatCardProps<P>) {
  const label = CHAT_PROVIDER_LABELS[provider];
  const [form, setForm] = useState(() => formOf(provider, view));
  const [errors, setErrors] = useState<ChatErrors>({});
  const [busy, setBusy] = useState(false);
  const savedSecrets = Object.entries(view.secrets)
    .filter(([, saved]) => saved)
    .map(([name]) => name);

  const change = (next: ChatForm, cleared: string) => {
    setForm(next);
    setErrors((current) => ({ ...current, [cleared]: [] }));
  };

  const save = async () => {
    const { body, channelModules } = bodyOf(provider, form);
    const issues = formIssues(provider, body, channelModules, savedSecrets);
    if (Object.keys(issues).length > 0) {
      setErrors(issues);
      return;
    }
    setBusy(true);
    try {
      const saved = await calls.save(provider, body);
      toast.success(t(TEAM_CHAT_MESSAGES.saved(provider)));
      onSaved(saved);
    } catch (error) {
      const fields = serverIssues(error, channelModules);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else reportError(error);
    } finally {
      setBusy(false);
    }
  };

  const callback =
    provider === 'slack'
      ? {
          label: t('Interactivity Request URL'),
          url: (view as ChatSettingsViews['slack']).interactivity_url,
          hint: t('Paste it under Interactivity & Shortcuts'),
        }
      : provider === 'mattermost'
        ? {
            label: t('Button URL'),
            url: (view as ChatSettingsViews['mattermost']).actions_url,
            hint: t('Your Mattermost server must reach it'),
          }
        : null;

  return (
    <Card
      title={label}
      headingLevel={2}
      className="team-chat__card"
      aria-label={t('{provider} settings', { provider: label })}
      actions={
        <span className="team-chat__saved-note">
          {view.configured
            ? t('{enabled, select, yes {On} other {Off}} · saved by {name}', {
                enabled: view.enabled ? 'yes' : 'no',
                name: view.updated_by,
              })
            : t('Not set up')}
        </span>
      }
    >
      <form
        className="team-chat__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="team-chat__switch">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(event) => change({ ...form, enabled: event.target.checked }, 'enabled')}
          />
          {t('Post incidents to {provider}', { provider: label })}
        </label>
        <div className="team-chat__fields">
          {TEXT_FIELDS[provider].map((name) => {
            const secret = name in view.secrets;
            const kept = secret && savedSecrets.includes(name);
            const hint = HINTS[provider]?.[name];
            const common = {
              label: labelOf(provider, name),
              value: form.text[name] ?? '',
              onValueChange: (value: string) => change({ ...form, text: { ...form.text, [name]: value } }, name),
              errors: shownErrors(errors[name]),
              hint: kept ? t(SECRET_KEPT_HINT) : hint && t(hint),
              required: !kept,
            };
            return secret ? (
              <PasswordField key={name} {...common} autoComplete="new-password" />
            ) : (
              <TextField key={name} {...common} type={name.endsWith('_url') ? 'url' : 'text'} autoComplete="off" />
            );
          })}
          {callback ? <CallbackUrl {...callback} /> : null}
        </div>
        <ModuleChoices
          provider={provider}
          options={view.module_options}
          form={form}
          errors={errors}
          onChange={change}
        />
        <div className="team-chat__actions">
          <Button type="submit" variant="primary" loading={busy} disabled={busy}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
