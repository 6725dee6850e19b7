import { fieldMessagesOf } from '@relevo/api';
import {
  API_TOKEN_FORM_FIELDS,
  TOKEN_LIFETIMES,
  TOKEN_SCOPES,
  TOKEN_SCOPE_HINTS,
  TOKEN_SCOPE_LABELS,
  apiTokenCreateBody,
  apiTokenFormInput,
  apiTokenFormMachine,
  emptyApiTokenForm,
  type ApiTokenCreated,
} from '@relevo/domain';
import { CheckboxGroup, FormModal, NativeSelectField, TextField } from '@relevo/ui';
import { fromPromise } from 'xstate';
import { msg, t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { savedOrReported } from '../../shell/save-failure';
import { bindFields } from '../../shell/shown-errors';
import type { ApiTokenCalls } from './api-token-calls';
import { lifetimeText } from './token-words';

/** The form's texts in English; the form shows `t(text)`. */
export const API_TOKEN_FORM_TEXTS = {
  title: msg('Create Token'),
  nameHint: msg('What uses it, e.g. "Terraform" or "Nightly sync"'),
  scopesLegend: msg('What it may do'),
  lifetimeLabel: msg('Expires in'),
} as const;

/** A field's problems (the contract's rules, the server's refusals) in the reader's language. */
const shown = (messages: readonly string[] | undefined) => messages?.map((message) => t(message));

export interface ApiTokenFormModalProps {
  calls: Pick<ApiTokenCalls, 'create'>;
  onClose: () => void;
  onSaved: (saved: ApiTokenCreated) => void;
}

/**
 * Create Token (docs/product.md#api-tokens): a name, the scopes and how long it lives (at most a
 * year). Every input runs the contract's rules; the saved token is handed on to be shown once.
 */
export function ApiTokenFormModal({ calls, onClose, onSaved }: ApiTokenFormModalProps) {
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () =>
      apiTokenFormMachine.provide({
        actors: {
          save: fromPromise(({ input }) =>
            savedOrReported(calls.create(apiTokenCreateBody(input)), API_TOKEN_FORM_FIELDS),
          ),
        },
      }),
    apiTokenFormInput(emptyApiTokenForm(), fieldMessagesOf),
    onSaved,
  );
  const field = bindFields<'name'>(
    values,
    (name) => shown(errors[name]),
    (name, value) => send({ type: 'CHANGE', field: name, value }),
  );

  return (
    <FormModal
      open={!isSaved}
      title={t(API_TOKEN_FORM_TEXTS.title)}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField
        label={t('Name')}
        required
        autoFocus
        autoComplete="off"
        hint={t(API_TOKEN_FORM_TEXTS.nameHint)}
        {...field('name')}
      />
      <CheckboxGroup
        legend={t(API_TOKEN_FORM_TEXTS.scopesLegend)}
        name="scopes"
        options={TOKEN_SCOPES.map((scope) => ({
          value: scope,
          text: t('{scope}: {meaning}', { scope: t(TOKEN_SCOPE_LABELS[scope]), meaning: t(TOKEN_SCOPE_HINTS[scope]) }),
        }))}
        values={values.scopes}
        errors={shown(errors.scopes)}
        onChange={(scopes) => send({ type: 'CHANGE', field: 'scopes', value: scopes })}
      />
      <NativeSelectField
        label={t(API_TOKEN_FORM_TEXTS.lifetimeLabel)}
        name="lifetime_days"
        required
        options={TOKEN_LIFETIMES.map((days) => ({ value: days, text: lifetimeText(days) }))}
        value={values.lifetime_days}
        error={shown(errors.lifetime_days)?.[0]}
        onChange={(days) => send({ type: 'CHANGE', field: 'lifetime_days', value: Number(days) })}
      />
    </FormModal>
  );
}
