import { fieldMessagesOf } from '@relevo/api';
import {
  WEBHOOK_CHANGES,
  WEBHOOK_CHANGE_LABELS,
  WEBHOOK_LIMITS,
  copiedLabel,
  recordFormErrors,
  type Webhook,
} from '@relevo/domain';
import { Button, CheckboxGroup, FormModal, Icon, TextField } from '@relevo/ui';
import { useState } from 'react';
import { copyToClipboard } from '../../shell/clipboard';
import { savedOrReported } from '../../shell/save-failure';
import type { WebhookCalls } from './webhook-calls';
import {
  WEBHOOK_FORM_FIELDS,
  emptyWebhookForm,
  generateSigningSecret,
  webhookCreateBody,
  webhookFormErrors,
  type WebhookFormField,
  type WebhookFormValues,
} from './webhook-form';
import './WebhookFormModal.css';

export const WEBHOOK_FORM_TEXTS = {
  title: 'Add Webhook',
  urlHint: 'An https:// address that reaches a public address: private, loopback and link-local ones are refused.',
  secretHint: 'Relevo signs each delivery with it. Keep a copy now: it is never shown again after saving.',
  secretLabel: 'Signing secret',
} as const;

export interface WebhookFormModalProps {
  calls: Pick<WebhookCalls, 'add'>;
  onClose: () => void;
  onSaved: (saved: Webhook) => void;
}

/** Where the form is: the record form's states (docs/product.md#validation-rules), kept here. */
interface FormState {
  values: WebhookFormValues;
  edited: Partial<Record<WebhookFormField, true>>;
  attempted: boolean;
  /** the server's messages of the last failed save, per field, until that field changes */
  serverErrors: Record<string, string[]>;
  status: 'editing' | 'saving' | 'saved';
}

/**
 * Add Webhook (docs/product.md#outgoing-webhooks): the URL, what it is for, the signing secret
 * (typed, or generated and copied here: the API never answers it) and the changes it hears of.
 * Every input runs the contract's schema; the server's 422 (an address it refuses after DNS)
 * shows on its field and the window stays open.
 */
export function WebhookFormModal({ calls, onClose, onSaved }: WebhookFormModalProps) {
  const [form, setForm] = useState<FormState>(() => ({
    values: emptyWebhookForm(),
    edited: {},
    attempted: false,
    serverErrors: {},
    status: 'editing',
  }));
  const errors = recordFormErrors({ ...form, validate: webhookFormErrors });

  const change = <F extends WebhookFormField>(field: F, value: WebhookFormValues[F]) =>
    setForm((current) => {
      const { [field]: _dropped, ...serverErrors } = current.serverErrors;
      return {
        ...current,
        values: { ...current.values, [field]: value },
        edited: { ...current.edited, [field]: true },
        serverErrors,
      };
    });

  const submit = async () => {
    if (form.status !== 'editing') return;
    if (Object.keys(webhookFormErrors(form.values)).length > 0) {
      setForm((current) => ({ ...current, attempted: true }));
      return;
    }
    setForm((current) => ({ ...current, attempted: true, serverErrors: {}, status: 'saving' }));
    try {
      const saved = await savedOrReported(calls.add(webhookCreateBody(form.values)), WEBHOOK_FORM_FIELDS);
      setForm((current) => ({ ...current, status: 'saved' }));
      onSaved(saved);
    } catch (error) {
      setForm((current) => ({ ...current, serverErrors: fieldMessagesOf(error), status: 'editing' }));
    }
  };

  const { values } = form;
  const busy = form.status === 'saving';
  return (
    <FormModal
      open={form.status !== 'saved'}
      title={WEBHOOK_FORM_TEXTS.title}
      busy={busy}
      done={form.status === 'saved'}
      onCancel={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label="URL"
        name="webhook_url"
        type="url"
        required
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_LIMITS.urlMax}
        placeholder="https://example.com/relevo"
        hint={WEBHOOK_FORM_TEXTS.urlHint}
        value={values.webhook_url}
        errors={errors.webhook_url}
        onValueChange={(value) => change('webhook_url', value)}
      />
      <TextField
        label="Description"
        name="webhook_desc"
        autoComplete="off"
        value={values.webhook_desc}
        errors={errors.webhook_desc}
        onValueChange={(value) => change('webhook_desc', value)}
      />
      <div className="webhook-secret">
        <TextField
          label={WEBHOOK_FORM_TEXTS.secretLabel}
          name="signing_secret"
          required
          autoComplete="off"
          spellCheck={false}
          className="webhook-secret__field"
          maxLength={WEBHOOK_LIMITS.secretMax}
          hint={WEBHOOK_FORM_TEXTS.secretHint}
          value={values.signing_secret}
          errors={errors.signing_secret}
          onValueChange={(value) => change('signing_secret', value)}
        />
        <div className="webhook-secret__actions">
          <Button
            size="sm"
            icon={<Icon name="key" size={16} />}
            disabled={busy}
            onClick={() => change('signing_secret', generateSigningSecret())}
          >
            Generate
          </Button>
          <Button
            size="sm"
            icon={<Icon name="copy" size={16} />}
            disabled={values.signing_secret === ''}
            onClick={() => void copyToClipboard(values.signing_secret, copiedLabel(WEBHOOK_FORM_TEXTS.secretLabel))}
          >
            Copy secret
          </Button>
        </div>
      </div>
      <CheckboxGroup
        legend="Changes it hears of"
        name="changes"
        options={WEBHOOK_CHANGES.map((change) => ({ value: change, text: WEBHOOK_CHANGE_LABELS[change] }))}
        values={values.changes}
        errors={errors.changes}
        onChange={(changes) => change('changes', changes)}
      />
    </FormModal>
  );
}
