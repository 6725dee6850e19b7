import { fieldMessagesOf, generalErrorText } from '@relevo/api';
import {
  PROVIDER_FIELDS,
  PROVIDER_LABELS,
  PROVIDER_MESSAGES,
  providerSettingIssues,
  type DeliveryProvider,
  type ProviderCheckAnswer,
  type ProviderField,
  type ProviderSettingsView,
  type ProviderValues,
} from '@relevo/domain';
import { Alert, Button, Card, ConfirmDialog, PasswordField, TextAreaField, TextField, toast } from '@relevo/ui';
import { useState } from 'react';
import { msg, t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { DeliveryCalls } from './delivery-calls';

/** What a saved secret's field says instead of its value (the API never answers one). */
export const SECRET_SAVED_HINT = msg('Saved — leave empty to keep');

type Errors = Record<string, readonly string[]>;

/** The values a provider's form starts from: the saved plain values; secrets always start empty. */
const initialValues = (provider: DeliveryProvider, saved: ProviderSettingsView | undefined): ProviderValues =>
  Object.fromEntries(PROVIDER_FIELDS[provider].map((f) => [f.name, f.secret ? '' : (saved?.values[f.name] ?? '')]));

function SettingField({
  field,
  value,
  onValueChange,
  errors,
  secretSaved,
  readOnly,
}: {
  field: ProviderField;
  value: string;
  onValueChange: (value: string) => void;
  errors?: readonly string[];
  secretSaved: boolean;
  readOnly: boolean;
}) {
  const hint = secretSaved ? t(SECRET_SAVED_HINT) : field.hint && t(field.hint);
  // a saved secret may stay empty: it keeps the saved one
  const required = field.required && !secretSaved;
  const common = {
    label: t(field.label),
    value,
    onValueChange,
    errors: errors?.map((error) => t(error)),
    hint,
    required,
    disabled: readOnly,
  };
  if (field.kind === 'multiline') return <TextAreaField {...common} code spellCheck={false} autoComplete="off" />;
  if (field.secret) return <PasswordField {...common} autoComplete="new-password" />;
  return (
    <TextField
      {...common}
      type={field.kind === 'url' ? 'url' : field.kind === 'phone' ? 'tel' : 'text'}
      autoComplete="off"
    />
  );
}

export interface ProviderCardProps {
  customerId: number;
  provider: DeliveryProvider;
  /** the provider's saved settings, when it has any */
  saved: ProviderSettingsView | undefined;
  calls: DeliveryCalls;
  /** StaffView: the fields show, disabled, with no Save, Remove or Check */
  readOnly: boolean;
  onSaved: (saved: ProviderSettingsView) => void;
  onRemoved: (provider: DeliveryProvider) => void;
}

/**
 * One provider of docs/product.md#delivery-providers: its settings from the domain's table, checked
 * as the server checks them before the save; Save, Remove (confirmed) and Check.
 */
export function ProviderCard({ customerId, provider, saved, calls, readOnly, onSaved, onRemoved }: ProviderCardProps) {
  const label = t(PROVIDER_LABELS[provider]);
  const [values, setValues] = useState(() => initialValues(provider, saved));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'save' | 'remove' | 'check' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [check, setCheck] = useState<Pick<ProviderCheckAnswer, 'ok' | 'message'> | null>(null);
  const savedSecrets = Object.keys(saved?.secrets ?? {}).filter((name) => saved?.secrets[name]);

  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: [] }));
  };

  const save = async () => {
    const issues = providerSettingIssues(provider, values, savedSecrets);
    if (Object.keys(issues).length > 0) {
      setErrors(Object.fromEntries(Object.entries(issues).map(([name, message]) => [name, [message]])));
      return;
    }
    setBusy('save');
    try {
      const answer = await calls.saveProvider(customerId, provider, values);
      toast.success(t(PROVIDER_MESSAGES.saved(provider)));
      onSaved(answer);
    } catch (error) {
      const fields = fieldMessagesOf(error);
      const names = PROVIDER_FIELDS[provider].map((f) => f.name);
      if (Object.keys(fields).length > 0 && Object.keys(fields).every((name) => names.includes(name)))
        setErrors(fields);
      else reportError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      await calls.removeProvider(customerId, provider);
      toast.success(t(PROVIDER_MESSAGES.removed(provider)));
      setConfirming(false);
      onRemoved(provider);
    } catch (error) {
      // 409: the provider is in the order; the detail says so
      setConfirming(false);
      reportError(error);
    } finally {
      setBusy(null);
    }
  };

  const runCheck = async () => {
    setBusy('check');
    setCheck(null);
    try {
      setCheck(await calls.checkProvider(customerId, provider));
    } catch (error) {
      setCheck({ ok: false, message: generalErrorText(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={label}
      headingLevel={3}
      className="delivery__provider"
      aria-label={t('{provider} settings', { provider: label })}
      actions={
        saved ? (
          <span className="delivery__saved-note">{t('Saved by {name}', { name: saved.updated_by })}</span>
        ) : (
          <span className="delivery__saved-note">{t('Not set up')}</span>
        )
      }
    >
      <form
        className="delivery__fields"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) void save();
        }}
      >
        {PROVIDER_FIELDS[provider].map((field) => (
          <SettingField
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            onValueChange={(value) => change(field.name, value)}
            errors={errors[field.name]?.length ? errors[field.name] : undefined}
            secretSaved={field.secret && savedSecrets.includes(field.name)}
            readOnly={readOnly}
          />
        ))}
        {check ? (
          <Alert variant={check.ok ? 'success' : 'error'} className="delivery__check">
            {t(check.message)}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <div className="delivery__actions">
            {saved ? (
              <>
                <Button type="button" variant="danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
                  {t('Remove')}
                </Button>
                <Button
                  type="button"
                  loading={busy === 'check'}
                  disabled={busy !== null}
                  onClick={() => void runCheck()}
                >
                  {t('Check')}
                </Button>
              </>
            ) : null}
            <Button type="submit" variant="primary" loading={busy === 'save'} disabled={busy !== null}>
              {t('Save')}
            </Button>
          </div>
        )}
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && busy !== 'remove') setConfirming(false);
        }}
        message={t('Remove the {provider} settings of this customer?', { provider: label })}
        continueLabel={t('Remove')}
        busy={busy === 'remove'}
        onContinue={() => void remove()}
      />
    </Card>
  );
}
