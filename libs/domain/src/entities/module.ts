import type * as v from 'valibot';
import { MAX_LONG_TEXT, MAX_TEXT, form, idField, optionalText, requiredText, ynFlag } from '../rules/fields';
import type { Stamped, YesNo } from './reference';
import type { InboundEmailState } from '../inbound-email/inbound-email';

/** docs/product.md#module: the part of an application that raises incidents, with its escalation and SLA. */
export type Module = {
  id: number;
  module_id: number;
  module_name: string;
  module_desc: string;
  module_active: YesNo;
  application: { application_id: number; application_name: string };
  /** its escalation, with what decides whether the module takes incidents (moduleIntakeRefusal) */
  escalation: {
    escalation_id: number;
    escalation_name: string;
    escalation_active: YesNo;
    escalation_validate: YesNo;
    resources: string;
  } | null;
  sla: { sla_id: number; sla_name: string } | null;
  /** docs/product.md#e-mail-into-incidents: its address, and why it has none (`needs_credentials`, `off`) */
  inbound_email: string | null;
  inbound_email_state: InboundEmailState;
} & Stamped<'module'>;

export const MODULE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTaken: 'This application already has a module with this name',
  applicationRequired: 'Application is required',
  applicationLocked: 'The application of a module cannot be changed',
  escalationRequired: 'Escalation is required',
  escalationUnusable: 'Choose an active escalation whose configuration is complete',
  slaRequired: 'SLA is required',
  slaUnusable: 'Choose an active SLA',
  activeRequired: 'Status must be ACTIVE or INACTIVE',
  notFound: 'Module not found',
} as const;

/* @__NO_SIDE_EFFECTS__ */
const moduleEntries = () => ({
  // docs/product.md#modules: the name is trimmed
  module_name: requiredText(MODULE_MESSAGES.nameRequired, MAX_TEXT),
  module_desc: optionalText(MAX_LONG_TEXT),
  application_id: idField(MODULE_MESSAGES.applicationRequired),
  // a module routes incidents: it needs an escalation and an SLA the engine can run
  escalation_id: idField(MODULE_MESSAGES.escalationRequired),
  sla_id: idField(MODULE_MESSAGES.slaRequired),
});

export const ModuleCreateSchema = /* @__PURE__ */ (() => form(moduleEntries()))();
export type ModuleCreate = v.InferOutput<typeof ModuleCreateSchema>;

/** Edit a module: the status too; the application stays the one it was created in (docs/product.md#modules). */
export const ModuleUpdateSchema = /* @__PURE__ */ (() =>
  form({ ...moduleEntries(), module_active: ynFlag(MODULE_MESSAGES.activeRequired) }))();
export type ModuleUpdate = v.InferOutput<typeof ModuleUpdateSchema>;
