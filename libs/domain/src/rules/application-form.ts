import {
  ApplicationCreateSchema,
  ApplicationUpdateSchema,
  type Application,
  type ApplicationCreate,
  type ApplicationUpdate,
} from '../entities/application';
import type { YesNo } from '../entities/reference';
import { formErrors, validate, type Validated } from './validation';

export type CatalogueFormMode = 'create' | 'edit';

/** A body of values the rules accepted; the record-form machine saves only those. */
export function checkedBody<T>(result: Validated<T>): T {
  if (!result.success) throw new Error(result.issues[0]?.message ?? 'The form is not valid');
  return result.output;
}

/** The values of the application modal (docs/product.md#applications, #entities): a name, and the status on edit. */
export interface ApplicationFormValues {
  application_name: string;
  application_active: YesNo;
}
export type ApplicationFormField = keyof ApplicationFormValues;

/** A new application starts active (its status is not shown on create, docs/product.md#states-and-transitions). */
export const emptyApplicationForm = (): ApplicationFormValues => ({ application_name: '', application_active: 'Y' });

export const applicationFormFromApplication = (application: Application): ApplicationFormValues => ({
  application_name: application.application_name,
  application_active: application.application_active,
});

/** Which fields the modal shows: docs/product.md#states-and-transitions, the status only when editing. */
export const applicationFormLayout = (mode: CatalogueFormMode) => ({ hasStatus: mode === 'edit' });

/** The fields the modal shows, in order (a failed save's message for another field goes to the general handler). */
export function applicationFormFields(mode: CatalogueFormMode): ApplicationFormField[] {
  return applicationFormLayout(mode).hasStatus ? ['application_name', 'application_active'] : ['application_name'];
}

const applicationCreateInput = (values: ApplicationFormValues) => ({ application_name: values.application_name });

/** Every failed rule per field, through the schemas the server applies (APPLICATION_MESSAGES). */
export function applicationFormErrors(
  values: ApplicationFormValues,
  mode: CatalogueFormMode,
): Partial<Record<ApplicationFormField, string[]>> {
  return mode === 'create'
    ? formErrors(ApplicationCreateSchema, applicationCreateInput(values))
    : formErrors(ApplicationUpdateSchema, values);
}

export const applicationCreateBody = (values: ApplicationFormValues): ApplicationCreate =>
  checkedBody(validate(ApplicationCreateSchema, applicationCreateInput(values)));
export const applicationUpdateBody = (values: ApplicationFormValues): ApplicationUpdate =>
  checkedBody(validate(ApplicationUpdateSchema, values));

/** docs/product.md#applications: hovering an application's name lists its modules (docs/product.md#entities: a comma-separated text). */
export function applicationModuleNames(application: Pick<Application, 'modules'>): string[] {
  return application.modules
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
