import type * as v from 'valibot';
import type { Option } from '../entities/customer';
import { DEFAULT_LANGUAGE, LANGUAGE_PLACEHOLDER, type Language } from '../entities/reference';
import {
  RESOURCE_MESSAGES,
  ResourceCreateSchema,
  ResourceUpdateSchema,
  nationalPhone,
  resourcePhoneE164,
  type Resource,
} from '../entities/resource';
import type { CatalogueFormMode } from './application-form';
import { formErrors } from './validation';

export type ResourceFormMode = CatalogueFormMode;

/** The values of the resource modal as typed (docs/product.md#resources). */
export interface ResourceFormValues {
  resource_fullname: string;
  resource_email: string;
  /** null while 'Select Language' is chosen */
  language_id: string | null;
  /** the main phone as the phone field gives it: E.164, or '' when empty */
  resource_phone1: string;
  /** the secondary phone, the same way */
  resource_phone2: string;
  /** docs/product.md#states-and-transitions: Y (ACTIVE) or N (INACTIVE); shown only on edit */
  resource_active: 'Y' | 'N';
}
export type ResourceFormField = keyof ResourceFormValues;

/** The wire bodies (what the schemas read): each phone as its national number and ISO country (docs/product.md#entities). */
export type ResourceCreateBody = v.InferInput<typeof ResourceCreateSchema>;
export type ResourceUpdateBody = v.InferInput<typeof ResourceUpdateSchema>;

/** docs/product.md#entities and #constants-and-limits: a new resource speaks the default language ('ES') and is active. */
export function emptyResourceForm(): ResourceFormValues {
  return {
    resource_fullname: '',
    resource_email: '',
    language_id: DEFAULT_LANGUAGE,
    resource_phone1: '',
    resource_phone2: '',
    resource_active: 'Y',
  };
}

/** The modal's values for editing a stored resource: its phones back in E.164. */
export function resourceFormFromResource(resource: Resource): ResourceFormValues {
  return {
    resource_fullname: resource.resource_fullname,
    resource_email: resource.resource_email ?? '',
    language_id: resource.language_id,
    resource_phone1: resourcePhoneE164(resource.resource_phone1, resource.resource_country_phone1) ?? '',
    resource_phone2: resourcePhoneE164(resource.resource_phone2, resource.resource_country_phone2) ?? '',
    resource_active: resource.resource_active,
  };
}

/** docs/product.md#states-and-transitions: the status field is hidden on create. */
export const resourceFormLayout = (mode: ResourceFormMode) => ({ hasStatus: mode === 'edit' });

/** The fields the modal shows, in order: a failed save's message for any other field is not shown on the form. */
export function resourceFormFields(mode: ResourceFormMode): ResourceFormField[] {
  return [
    'resource_fullname',
    'resource_email',
    'language_id',
    'resource_phone1',
    'resource_phone2',
    ...(resourceFormLayout(mode).hasStatus ? (['resource_active'] as const) : []),
  ];
}

/** docs/product.md#resources: the language dropdown, 'Select Language' first (value null), then the languages as listed. */
export function languageOptions(languages: readonly Language[]): Option<string>[] {
  return [
    { value: null, text: LANGUAGE_PLACEHOLDER },
    ...languages.map((language) => ({ value: language.language_id, text: language.language_desc })),
  ];
}

type PhoneParts = { number: string | null; country: string | null } | { error: string };

/** A phone field's E.164 as the body's national number and country ('' is no phone). */
function phoneParts(e164: string): PhoneParts {
  if (!e164.trim()) return { number: null, country: null };
  const phone = nationalPhone(e164);
  return 'error' in phone ? phone : { number: phone.national, country: phone.country };
}

const partsOf = (parts: PhoneParts) => ('error' in parts ? { number: null, country: null } : parts);

function bodyOf(values: ResourceFormValues) {
  const phone1 = partsOf(phoneParts(values.resource_phone1));
  const phone2 = partsOf(phoneParts(values.resource_phone2));
  return {
    resource_fullname: values.resource_fullname,
    resource_email: values.resource_email.trim() ? values.resource_email : null,
    language_id: values.language_id,
    resource_phone1: phone1.number,
    resource_country_phone1: phone1.country,
    resource_phone2: phone2.number,
    resource_country_phone2: phone2.country,
  };
}

/**
 * Every failed rule per field, checked on every input: the schema the server applies to the body
 * (RESOURCE_MESSAGES), with a phone the body cannot carry (not a real number, or of a country
 * outside docs/product.md#constants-and-limits's list) failing on its own phone field.
 */
export function resourceFormErrors(
  values: ResourceFormValues,
  mode: ResourceFormMode,
): Partial<Record<ResourceFormField, string[]>> {
  const body = bodyOf(values);
  const errors: Partial<Record<ResourceFormField, string[]>> =
    mode === 'create'
      ? formErrors(ResourceCreateSchema, body)
      : formErrors(ResourceUpdateSchema, { ...body, resource_active: values.resource_active });
  for (const field of ['resource_phone1', 'resource_phone2'] as const) {
    const parts = phoneParts(values[field]);
    if ('error' in parts) errors[field] = [parts.error];
  }
  return errors;
}

/** The body of values the rules accepted (the record-form machine saves only those). */
function accepted(values: ResourceFormValues, mode: ResourceFormMode): ResourceCreateBody & { language_id: string } {
  const first = Object.values(resourceFormErrors(values, mode))[0]?.[0];
  if (first) throw new Error(first);
  const body = bodyOf(values);
  if (body.language_id === null) throw new Error(RESOURCE_MESSAGES.languageRequired);
  return { ...body, language_id: body.language_id };
}

/** The create body of values the rules accepted. */
export const resourceCreateBody = (values: ResourceFormValues): ResourceCreateBody => accepted(values, 'create');

/** The edit body of values the rules accepted: the status too. */
export const resourceUpdateBody = (values: ResourceFormValues): ResourceUpdateBody => ({
  ...accepted(values, 'edit'),
  resource_active: values.resource_active,
});
