import type { Application } from '../entities/application';
import type { Escalation } from '../entities/escalation';
import {
  MODULE_MESSAGES,
  ModuleCreateSchema,
  ModuleUpdateSchema,
  type Module,
  type ModuleCreate,
  type ModuleUpdate,
} from '../entities/module';
import type { YesNo } from '../entities/reference';
import type { Sla } from '../entities/sla';
import { checkedBody, type CatalogueFormMode } from './application-form';
import { moduleChoiceRefusals } from './catalogue-refusals';
import { formErrors, validate } from './validation';

/** The values of the module modal (docs/product.md#modules, #entities); the ids are null until chosen. */
export interface ModuleFormValues {
  module_name: string;
  module_desc: string;
  application_id: number | null;
  escalation_id: number | null;
  sla_id: number | null;
  module_active: YesNo;
}
export type ModuleFormField = keyof ModuleFormValues;

/** docs/product.md#entities: option lists start with a placeholder whose value is null. */
export const ESCALATION_PLACEHOLDER = 'Select Escalation';
export const SLA_PLACEHOLDER = 'Select SLA';

export interface ModuleChoiceOption {
  value: number | null;
  text: string;
  disabled?: boolean;
}

/**
 * What the modal offers: the escalations the server listed with escalation_active=Y and
 * escalation_validate=Y, and the SLAs listed with sla_active=Y (docs/product.md#validation-rules, #http-calls).
 */
export interface ModuleFormSetup {
  mode: CatalogueFormMode;
  escalations: readonly Pick<Escalation, 'escalation_id' | 'escalation_name'>[];
  slas: readonly Pick<Sla, 'sla_id' | 'sla_name'>[];
  /** the module being edited: its current escalation and SLA are listed even when no longer offered */
  module?: Pick<Module, 'escalation' | 'sla'> | null;
}

/** A new module of one application (its application is set and locked, docs/product.md#modules); it starts active. */
export function emptyModuleForm(application: Pick<Application, 'application_id'> | null = null): ModuleFormValues {
  return {
    module_name: '',
    module_desc: '',
    application_id: application?.application_id ?? null,
    escalation_id: null,
    sla_id: null,
    module_active: 'Y',
  };
}

export function moduleFormFromModule(module: Module): ModuleFormValues {
  return {
    module_name: module.module_name,
    module_desc: module.module_desc,
    application_id: module.application.application_id,
    escalation_id: module.escalation?.escalation_id ?? null,
    sla_id: module.sla?.sla_id ?? null,
    module_active: module.module_active,
  };
}

/** Which fields the modal shows and how (docs/product.md#modules, #states-and-transitions). */
export interface ModuleFormLayout {
  /** the status only when editing */
  hasStatus: boolean;
  /** the application cannot be changed once set */
  applicationLocked: boolean;
}

export const moduleFormLayout = (
  mode: CatalogueFormMode,
  values: Pick<ModuleFormValues, 'application_id'>,
): ModuleFormLayout => ({
  hasStatus: mode === 'edit',
  applicationLocked: mode === 'edit' || values.application_id !== null,
});

/** The fields the modal shows, in order. */
export function moduleFormFields(mode: CatalogueFormMode): ModuleFormField[] {
  const fields: ModuleFormField[] = ['module_name', 'module_desc', 'application_id', 'escalation_id', 'sla_id'];
  return mode === 'edit' ? [...fields, 'module_active'] : fields;
}

/** Options with the placeholder first; a current choice that is no longer offered is listed, disabled. */
function choiceOptions(
  placeholder: string,
  offered: { value: number; text: string }[],
  current: { value: number; text: string } | null,
): ModuleChoiceOption[] {
  const missing =
    current && !offered.some((option) => option.value === current.value) ? [{ ...current, disabled: true }] : [];
  return [{ value: null, text: placeholder }, ...offered, ...missing];
}

export function moduleEscalationOptions(setup: ModuleFormSetup): ModuleChoiceOption[] {
  const current = setup.module?.escalation;
  return choiceOptions(
    ESCALATION_PLACEHOLDER,
    setup.escalations.map((escalation) => ({ value: escalation.escalation_id, text: escalation.escalation_name })),
    current ? { value: current.escalation_id, text: current.escalation_name } : null,
  );
}

export function moduleSlaOptions(setup: ModuleFormSetup): ModuleChoiceOption[] {
  const current = setup.module?.sla;
  return choiceOptions(
    SLA_PLACEHOLDER,
    setup.slas.map((sla) => ({ value: sla.sla_id, text: sla.sla_name })),
    current ? { value: current.sla_id, text: current.sla_name } : null,
  );
}

const createInput = ({ module_active: _status, ...values }: ModuleFormValues) => values;

/**
 * Every failed rule per field: the schemas the server applies (MODULE_MESSAGES), and a chosen
 * escalation or SLA the server would refuse (not among the active, validated ones offered).
 */
export function moduleFormErrors(
  values: ModuleFormValues,
  setup: ModuleFormSetup,
): Partial<Record<ModuleFormField, string[]>> {
  const errors: Partial<Record<ModuleFormField, string[]>> =
    setup.mode === 'create'
      ? formErrors(ModuleCreateSchema, createInput(values))
      : formErrors(ModuleUpdateSchema, values);
  const refusals = moduleChoiceRefusals({
    escalation:
      values.escalation_id === null
        ? null
        : setup.escalations.some((escalation) => escalation.escalation_id === values.escalation_id)
          ? { escalation_active: 'Y', escalation_validate: 'Y' }
          : { escalation_active: 'N', escalation_validate: 'N' },
    sla:
      values.sla_id === null
        ? null
        : { sla_active: setup.slas.some((sla) => sla.sla_id === values.sla_id) ? 'Y' : 'N' },
  });
  if (refusals.escalation_id && !errors.escalation_id) errors.escalation_id = [MODULE_MESSAGES.escalationUnusable];
  if (refusals.sla_id && !errors.sla_id) errors.sla_id = [MODULE_MESSAGES.slaUnusable];
  return errors;
}

export const moduleCreateBody = (values: ModuleFormValues): ModuleCreate =>
  checkedBody(validate(ModuleCreateSchema, createInput(values)));
export const moduleUpdateBody = (values: ModuleFormValues): ModuleUpdate =>
  checkedBody(validate(ModuleUpdateSchema, values));
