import { fieldMessagesOf } from '@relevo/api';
import {
  resourceRecordForm,
  PREFERRED_COUNTRIES,
  SUPPORTED_COUNTRIES,
  emptyResourceForm,
  languageOptions,
  resourceFormFromResource,
  resourceFormInput,
  resourceFormLayout,
  type Resource,
} from '@relevo/domain';
import { PhoneInput, SelectField, TextField } from '@relevo/ui';
import { useState } from 'react';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { msg, t } from '../../shell/i18n';
import { useLoaded } from '../../shell/loaded';
import { RecordFormModal, useRecordForm, type RecordModalProps } from '../../shell/record-form-modal';
import { bindFields } from '../../shell/shown-errors';
import type { ResourceCalls } from './resource-calls';
import '../../shell/form-grid.css';

/** The screen reloads the quota too after a save. */
export type ResourceModalProps = RecordModalProps<
  'resource',
  Resource,
  Pick<ResourceCalls, 'create' | 'update' | 'languages'>
>;

/** The two phone fields: the main one and the secondary one (docs/product.md#resources), with their labels. */
const PHONES = [
  ['resource_phone1', msg('Main Phone'), msg('Main phone country')],
  ['resource_phone2', msg('Secondary Phone'), msg('Secondary phone country')],
] as const;

/**
 * Create or edit a resource (docs/product.md#resources): name, e-mail, language ('Select Language' first, the
 * languages of GET /api/preferred/language), main and secondary phone with the countries of docs/product.md#constants-and-limits,
 * and the status when editing. Values, layout and rules are the domain's resource form.
 */
export function ResourceModal({ resource, calls, onClose, onSaved }: ResourceModalProps) {
  const mode = resource ? 'edit' : 'create';
  const form = useRecordForm(
    resourceRecordForm,
    resource,
    calls,
    resourceFormInput(mode, resource ? resourceFormFromResource(resource) : emptyResourceForm(), fieldMessagesOf),
    onSaved,
  );
  const { values, errors, send } = form;
  const [loadLanguages] = useState(() => calls.languages);
  const languages = useLoaded(loadLanguages);

  type TextFieldName = 'resource_fullname' | 'resource_email' | 'resource_phone1' | 'resource_phone2';
  const field = bindFields<TextFieldName>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );

  return (
    <RecordFormModal noun="Resource" editing={resource !== null} form={form} onClose={onClose}>
      <div className="form-grid">
        <TextField
          label={t('Name')}
          required
          autoFocus
          autoComplete="off"
          maxLength={100}
          {...field('resource_fullname')}
        />
        <TextField label={t('Email')} type="email" autoComplete="off" {...field('resource_email')} />
      </div>
      <SelectField
        label={t('Language')}
        name="language_id"
        required
        // the placeholder is Relevo's text; the languages are named as the server lists them
        options={languageOptions(languages.state === 'loaded' ? languages.value.list : []).map((option) =>
          option.value === null ? { ...option, text: t(option.text) } : option,
        )}
        value={values.language_id}
        error={
          errors.language_id?.map((message) => t(message)).join(' ') ??
          (languages.state === 'failed' ? t('The languages could not be loaded') : undefined)
        }
        disabled={languages.state === 'loading'}
        onChange={(value) =>
          send({ type: 'CHANGE', field: 'language_id', value: typeof value === 'string' ? value : null })
        }
      />
      <div className="form-grid">
        {PHONES.map(([name, label, countryLabel]) => (
          <PhoneInput
            key={name}
            label={t(label)}
            countryLabel={t(countryLabel)}
            countries={SUPPORTED_COUNTRIES}
            preferredCountries={PREFERRED_COUNTRIES}
            {...field(name)}
          />
        ))}
      </div>
      {resourceFormLayout(mode).hasStatus ? (
        <ActiveStatusField name="resource_active" form={{ values, errors, send }} />
      ) : null}
    </RecordFormModal>
  );
}
