import { fieldMessagesOf } from '@relevo/api';
import {
  ACTIVE_FLAG_OPTIONS,
  PREFERRED_COUNTRIES,
  SUPPORTED_COUNTRIES,
  activeFlagOf,
  emptyResourceForm,
  languageOptions,
  recordFormErrors,
  resourceCreateBody,
  resourceFormFields,
  resourceFormFromResource,
  resourceFormInput,
  resourceFormLayout,
  resourceFormMachine,
  resourceUpdateBody,
  type Language,
  type Resource,
  type ResourceFormValues,
} from '@relevo/domain';
import { FormModal, PhoneInput, SelectField, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { reportError } from '../../shell/report-error';
import { savedOrReported } from '../../shell/save-failure';
import { bindFields } from '../../shell/shown-errors';
import type { ResourceCalls } from './resource-calls';
import '../users/UserModal.css';

export interface ResourceModalProps {
  /** the resource to edit; null creates one */
  resource: Resource | null;
  calls: Pick<ResourceCalls, 'create' | 'update' | 'languages'>;
  onClose: () => void;
  /** the save succeeded (the screen shows the toast, reloads the list and the quota, and closes the modal) */
  onSaved: (resource: Resource) => void;
}

/** The form's machine: the domain's resource form, saved through the screen's calls. */
export function resourceFormMachineFor(resource: Resource | null, calls: ResourceModalProps['calls']) {
  const mode = resource ? 'edit' : 'create';
  return resourceFormMachine.provide({
    actors: {
      save: fromPromise<Resource, ResourceFormValues>(({ input }) =>
        savedOrReported(resource ? calls.update(resource.resource_id, resourceUpdateBody(input)) : calls.create(resourceCreateBody(input)), resourceFormFields(mode)),
      ),
    },
  });
}

/** The language dropdown's languages, loaded once (spec 7: GET /api/preferred/language). */
function useLanguages(load: ResourceCalls['languages']): Language[] | null {
  const [languages, setLanguages] = useState<Language[] | null>(null);
  useEffect(() => {
    let active = true;
    load().then(
      (answer) => active && setLanguages(answer.list),
      (error: unknown) => {
        if (!active) return;
        setLanguages([]);
        reportError(error);
      },
    );
    return () => {
      active = false;
    };
  }, [load]);
  return languages;
}

/**
 * Create or edit a resource (spec 2.15): name, e-mail, language ('Select Language' first), main
 * and secondary phone with the countries of spec 9, and the status when editing. Values, layout and
 * rules are the domain's resource form; this binds them to the fields.
 */
export function ResourceModal({ resource, calls, onClose, onSaved }: ResourceModalProps) {
  const mode = resource ? 'edit' : 'create';
  const [machine] = useState(() => resourceFormMachineFor(resource, calls));
  const [state, send] = useMachine(machine, { input: resourceFormInput(mode, resource ? resourceFormFromResource(resource) : emptyResourceForm(), fieldMessagesOf) });
  const { context } = state;
  const { values } = context;
  const layout = resourceFormLayout(mode);
  const isSaving = state.matches('saving');
  const isSaved = state.matches('saved');
  const errors = recordFormErrors(context);
  const languages = useLanguages(calls.languages);

  useEffect(() => {
    if (isSaved && context.saved) onSaved(context.saved);
  }, [isSaved, context.saved, onSaved]);

  type TextFieldName = 'resource_fullname' | 'resource_email' | 'resource_phone1' | 'resource_phone2';
  const field = bindFields<TextFieldName>(values, errors, (name, value) => send({ type: 'CHANGE', field: name, value }));

  return (
    <FormModal title={resource ? 'Edit Resource' : 'Create Resource'} busy={isSaving} done={isSaved} onCancel={onClose} onSubmit={() => send({ type: 'SUBMIT' })}>
      <div className="user-modal__grid">
        <TextField label="Name" required autoFocus autoComplete="off" maxLength={100} {...field('resource_fullname')} />
        <TextField label="Email" type="email" autoComplete="off" {...field('resource_email')} />
      </div>
      <SelectField
        label="Language"
        name="language_id"
        required
        options={languageOptions(languages ?? [])}
        value={values.language_id}
        error={errors.language_id?.join(' ')}
        disabled={languages === null}
        onChange={(value) => send({ type: 'CHANGE', field: 'language_id', value: typeof value === 'string' ? value : null })}
      />
      <div className="user-modal__grid">
        <PhoneInput label="Main Phone" countryLabel="Main phone country" countries={SUPPORTED_COUNTRIES} preferredCountries={PREFERRED_COUNTRIES} {...field('resource_phone1')} />
        <PhoneInput
          label="Secondary Phone"
          countryLabel="Secondary phone country"
          countries={SUPPORTED_COUNTRIES}
          preferredCountries={PREFERRED_COUNTRIES}
          {...field('resource_phone2')}
        />
      </div>
      {layout.hasStatus ? (
        <SelectField
          label="Status"
          name="resource_active"
          required
          options={[...ACTIVE_FLAG_OPTIONS]}
          value={values.resource_active}
          error={errors.resource_active?.join(' ')}
          onChange={(value) => send({ type: 'CHANGE', field: 'resource_active', value: activeFlagOf(value) })}
        />
      ) : null}
    </FormModal>
  );
}
