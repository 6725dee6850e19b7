import { describe, expect, it } from 'vitest';
import type { Module } from '../entities/module';
import {
  emptyModuleForm,
  moduleCreateBody,
  moduleEscalationOptions,
  moduleFormErrors,
  moduleFormFields,
  moduleFormFromModule,
  moduleFormLayout,
  moduleSlaOptions,
  moduleUpdateBody,
  type ModuleFormSetup,
} from './module-form';

const offered = {
  escalations: [{ escalation_id: 3, escalation_name: 'Demo on-call' }],
  slas: [{ sla_id: 5, sla_name: 'Standard response' }],
};
const create: ModuleFormSetup = { mode: 'create', ...offered };

const checkout: Module = {
  id: 8,
  module_id: 8,
  module_name: 'Checkout',
  module_desc: 'Payments page',
  module_active: 'Y',
  application: { application_id: 2, application_name: 'Demo Store' },
  escalation: {
    escalation_id: 9,
    escalation_name: 'Old rota',
    escalation_active: 'Y',
    escalation_validate: 'Y',
    resources: 'Ana Torres',
  },
  sla: { sla_id: 5, sla_name: 'Standard response' },
  inbound_email: null,
  inbound_email_state: 'needs_credentials',
  module_createby: 'root@democompany.demo',
  module_createdt: '2026-01-05T14:00:00.000Z',
  module_updateby: null,
  module_updatedt: null,
};
const edit: ModuleFormSetup = { mode: 'edit', ...offered, module: checkout };

const filled = { ...emptyModuleForm({ application_id: 2 }), module_name: ' Checkout ', escalation_id: 3, sla_id: 5 };

describe('module modal values and layout (docs/product.md#modules, #entities, #states-and-transitions)', () => {
  it('starts a module of the page application, active, and fills an edit from the module', () => {
    expect(emptyModuleForm({ application_id: 2 })).toEqual({
      module_name: '',
      module_desc: '',
      application_id: 2,
      escalation_id: null,
      sla_id: null,
      module_active: 'Y',
    });
    expect(moduleFormFromModule(checkout)).toEqual({
      module_name: 'Checkout',
      module_desc: 'Payments page',
      application_id: 2,
      escalation_id: 9,
      sla_id: 5,
      module_active: 'Y',
    });
  });

  it('locks the application once set and shows the status only when editing', () => {
    expect(moduleFormLayout('create', { application_id: null })).toEqual({
      hasStatus: false,
      applicationLocked: false,
    });
    expect(moduleFormLayout('create', { application_id: 2 })).toEqual({ hasStatus: false, applicationLocked: true });
    expect(moduleFormLayout('edit', { application_id: 2 })).toEqual({ hasStatus: true, applicationLocked: true });
    expect(moduleFormFields('create')).not.toContain('module_active');
    expect(moduleFormFields('edit')).toContain('module_active');
  });

  it('offers the active validated escalations and active SLAs, placeholder first; a current choice no longer offered is listed disabled', () => {
    expect(moduleEscalationOptions(create)).toEqual([
      { value: null, text: 'Select Escalation' },
      { value: 3, text: 'Demo on-call' },
    ]);
    expect(moduleSlaOptions(create)).toEqual([
      { value: null, text: 'Select SLA' },
      { value: 5, text: 'Standard response' },
    ]);
    expect(moduleEscalationOptions(edit)).toEqual([
      { value: null, text: 'Select Escalation' },
      { value: 3, text: 'Demo on-call' },
      { value: 9, text: 'Old rota', disabled: true },
    ]);
    expect(moduleSlaOptions(edit)).toHaveLength(2);
  });
});

describe('module modal rules (server messages)', () => {
  it('asks for a name, an escalation and an SLA', () => {
    expect(moduleFormErrors(emptyModuleForm({ application_id: 2 }), create)).toEqual({
      module_name: ['Name is required'],
      escalation_id: ['Escalation is required'],
      sla_id: ['SLA is required'],
    });
    expect(moduleFormErrors({ ...filled, application_id: null }, create)).toEqual({
      application_id: ['Application is required'],
    });
    expect(moduleFormErrors(filled, create)).toEqual({});
  });

  it('bounds the name to 100 and the description to 1000 characters', () => {
    expect(
      moduleFormErrors({ ...filled, module_name: 'x'.repeat(101), module_desc: 'd'.repeat(1001) }, create),
    ).toEqual({
      module_name: ['Must be at most 100 characters'],
      module_desc: ['Must be at most 1000 characters'],
    });
    expect(
      moduleFormErrors({ ...filled, module_name: 'x'.repeat(100), module_desc: 'd'.repeat(1000) }, create),
    ).toEqual({});
  });

  it('refuses an escalation or SLA that is not among the usable ones', () => {
    expect(moduleFormErrors({ ...filled, escalation_id: 9, sla_id: 6 }, edit)).toEqual({
      escalation_id: ['Choose an active escalation whose configuration is complete'],
      sla_id: ['Choose an active SLA'],
    });
  });

  it('makes the typed bodies: trimmed name, no status on create', () => {
    expect(moduleCreateBody(filled)).toEqual({
      module_name: 'Checkout',
      module_desc: '',
      application_id: 2,
      escalation_id: 3,
      sla_id: 5,
    });
    expect(moduleUpdateBody({ ...filled, module_active: 'N' })).toEqual({
      module_name: 'Checkout',
      module_desc: '',
      application_id: 2,
      escalation_id: 3,
      sla_id: 5,
      module_active: 'N',
    });
    expect(() => moduleCreateBody(emptyModuleForm())).toThrow();
  });
});
