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
  tokenLifetimeText,
  type ApiTokenCreated,
} from '@relevo/domain';
import { CheckboxGroup, FormModal, NativeSelectField, TextField } from '@relevo/ui';
import { fromPromise } from 'xstate';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { savedOrReported } from '../../shell/save-failure';
import { bindFields } from '../../shell/shown-errors';
import type { ApiTokenCalls } from './api-token-calls';

export const API_TOKEN_FORM_TEXTS = {
  title: 'Create Token',
  nameHint: 'What uses it, e.g. "Terraform" or "Nightly sync"',
  scopesLegend: 'What it may do',
  lifetimeLabel: 'Expires in',
} as const;

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
  const field = bindFields<'name'>(values, errors, (name, value) => send({ type: 'CHANGE', field: name, value }));

  return (
    <FormModal
      open={!isSaved}
      title={API_TOKEN_FORM_TEXTS.title}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField
        label="Name"
        required
        autoFocus
        autoComplete="off"
        hint={API_TOKEN_FORM_TEXTS.nameHint}
        {...field('name')}
      />
      <CheckboxGroup
        legend={API_TOKEN_FORM_TEXTS.scopesLegend}
        name="scopes"
        options={TOKEN_SCOPES.map((scope) => ({
          value: scope,
          text: `${TOKEN_SCOPE_LABELS[scope]}: ${TOKEN_SCOPE_HINTS[scope]}`,
        }))}
        values={values.scopes}
        errors={errors.scopes}
        onChange={(scopes) => send({ type: 'CHANGE', field: 'scopes', value: scopes })}
      />
      <NativeSelectField
        label={API_TOKEN_FORM_TEXTS.lifetimeLabel}
        name="lifetime_days"
        required
        options={TOKEN_LIFETIMES.map((days) => ({ value: days, text: tokenLifetimeText(days) }))}
        value={values.lifetime_days}
        error={errors.lifetime_days?.[0]}
        onChange={(days) => send({ type: 'CHANGE', field: 'lifetime_days', value: Number(days) })}
      />
    </FormModal>
  );
}
