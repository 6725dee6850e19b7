import { fieldMessagesOf } from '@relevo/api';
import {
  WEBHOOK_CHANGES,
  WEBHOOK_CHANGE_LABELS,
  WEBHOOK_FORM_FIELDS,
  WEBHOOK_LIMITS,
  copiedLabel,
  emptyWebhookForm,
  generateSigningSecret,
  webhookCreateBody,
  webhookFormInput,
  webhookFormMachine,
  type Webhook,
} from '@relevo/domain';
import { Button, CheckboxGroup, FormModal, Icon, TextField } from '@relevo/ui';
import { fromPromise } from 'xstate';
import { copyToClipboard } from '../../shell/clipboard';
import { msg, t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { savedOrReported } from '../../shell/save-failure';
import { bindFields } from '../../shell/shown-errors';
import type { WebhookCalls } from './webhook-calls';
import './WebhookFormModal.css';

export const WEBHOOK_FORM_TEXTS = {
  title: msg('Add Webhook'),
  urlHint: msg('An https:// address that reaches a public address: private, loopback and link-local ones are refused.'),
  secretHint: msg('Relevo signs each delivery with it. Keep a copy now: it is never shown again after saving.'),
  secretLabel: msg('Signing secret'),
} as const;

/** An example address, the same in every language. */
const URL_EXAMPLE = 'https://example.com/relevo';

export interface WebhookFormModalProps {
  calls: Pick<WebhookCalls, 'add'>;
  onClose: () => void;
  onSaved: (saved: Webhook) => void;
}

/**
 * Add Webhook (docs/product.md#outgoing-webhooks): the URL, what it is for, the signing secret
 * (typed, or generated and copied here: the API never answers it) and the changes it hears of.
 * Every input runs the contract's schema; the server's 422 (an address it refuses after DNS)
 * shows on its field and the window stays open.
 */
export function WebhookFormModal({ calls, onClose, onSaved }: WebhookFormModalProps) {
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () =>
      webhookFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) => savedOrReported(calls.add(webhookCreateBody(input)), WEBHOOK_FORM_FIELDS)),
        },
      }),
    webhookFormInput(emptyWebhookForm(), fieldMessagesOf),
    onSaved,
  );
  const bound = bindFields<'webhook_url' | 'webhook_desc' | 'signing_secret'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  const field = (name: Parameters<typeof bound>[0]) => {
    const shown = bound(name);
    return { ...shown, errors: shown.errors?.map((error) => t(error)) };
  };

  return (
    <FormModal
      open={!isSaved}
      title={t(WEBHOOK_FORM_TEXTS.title)}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField
        label="URL"
        type="url"
        required
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_LIMITS.urlMax}
        placeholder={URL_EXAMPLE}
        hint={t(WEBHOOK_FORM_TEXTS.urlHint)}
        {...field('webhook_url')}
      />
      <TextField label={t('Description')} autoComplete="off" {...field('webhook_desc')} />
      <div className="webhook-secret">
        <TextField
          label={t(WEBHOOK_FORM_TEXTS.secretLabel)}
          required
          autoComplete="off"
          spellCheck={false}
          className="webhook-secret__field"
          maxLength={WEBHOOK_LIMITS.secretMax}
          hint={t(WEBHOOK_FORM_TEXTS.secretHint)}
          {...field('signing_secret')}
        />
        <div className="webhook-secret__actions">
          <Button
            size="sm"
            icon={<Icon name="key" size={16} />}
            disabled={isSaving}
            onClick={() => send({ type: 'CHANGE', field: 'signing_secret', value: generateSigningSecret() })}
          >
            {t('Generate')}
          </Button>
          <Button
            size="sm"
            icon={<Icon name="copy" size={16} />}
            disabled={values.signing_secret === ''}
            onClick={() => void copyToClipboard(values.signing_secret, t(copiedLabel(WEBHOOK_FORM_TEXTS.secretLabel)))}
          >
            {t('Copy secret')}
          </Button>
        </div>
      </div>
      <CheckboxGroup
        legend={t('Changes it hears of')}
        name="changes"
        options={WEBHOOK_CHANGES.map((change) => ({ value: change, text: t(WEBHOOK_CHANGE_LABELS[change]) }))}
        values={values.changes}
        errors={errors.changes?.map((error) => t(error))}
        onChange={(changes) => send({ type: 'CHANGE', field: 'changes', value: changes })}
      />
    </FormModal>
  );
}
