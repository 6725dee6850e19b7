import type { Application } from '../../entities/application';
import type { Module } from '../../entities/module';
import {
  applicationCreateBody,
  applicationFormErrors,
  applicationFormFields,
  applicationUpdateBody,
  emptyApplicationForm,
  type ApplicationFormValues,
  type CatalogueFormMode,
} from '../../rules/application-form';
import {
  incidentSimulationErrors,
  emptyIncidentSimulation,
  type IncidentSimulationValues,
} from '../../rules/incident-simulation';
import {
  moduleCreateBody,
  moduleFormErrors,
  moduleFormFields,
  moduleUpdateBody,
  type ModuleFormSetup,
  type ModuleFormValues,
} from '../../rules/module-form';
import {
  recordFormKit,
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../record-form/record-form.machine';

/**
 * The application modal (docs/product.md#applications) on the record-form machine; the `save` actor
 * (`fromPromise<Application, ApplicationFormValues>`) sends `applicationCreateBody` or `applicationUpdateBody`.
 */
export const applicationFormMachine = recordFormMachineFor<ApplicationFormValues, Application>();

/** The application form as its create-or-edit modal saves it (docs/product.md#applications). */
export const applicationRecordForm = recordFormKit(applicationFormMachine, applicationFormFields, {
  id: (application) => application.application_id,
  createBody: applicationCreateBody,
  updateBody: applicationUpdateBody,
});

export function applicationFormInput(
  mode: CatalogueFormMode,
  values: ApplicationFormValues = emptyApplicationForm(),
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<ApplicationFormValues> {
  return {
    values: { ...values },
    validate: (current) => applicationFormErrors(current, mode),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}

/**
 * The module modal (docs/product.md#modules) on the record-form machine; the `save` actor
 * (`fromPromise<Module, ModuleFormValues>`) sends `moduleCreateBody` or `moduleUpdateBody`.
 */
export const moduleFormMachine = recordFormMachineFor<ModuleFormValues, Module>();

/** The module form as its create-or-edit modal saves it (docs/product.md#modules). */
export const moduleRecordForm = recordFormKit(moduleFormMachine, moduleFormFields, {
  id: (module) => module.module_id,
  createBody: moduleCreateBody,
  updateBody: moduleUpdateBody,
});

export function moduleFormInput(
  setup: ModuleFormSetup,
  values: ModuleFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<ModuleFormValues> {
  return {
    values: { ...values },
    validate: (current) => moduleFormErrors(current, setup),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}

/**
 * The Incident Simulation modal (docs/product.md#modules, #validation-rules): Send is disabled until valid; the `save` actor
 * (`fromPromise<Answer, IncidentSimulationValues>`) sends `incidentSimulationBody` and answers the
 * server's `{status, message}` list.
 */
export const incidentSimulationMachine = recordFormMachineFor<
  IncidentSimulationValues,
  readonly { status: string; message: string }[]
>();

export function incidentSimulationInput(
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<IncidentSimulationValues> {
  return {
    values: emptyIncidentSimulation(),
    validate: incidentSimulationErrors,
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
