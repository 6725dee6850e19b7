import { addStep, changePriority, deleteStep, updateStep } from '@relevo/api';
import { mayCall, type RoleId } from '@relevo/domain';

/**
 * What a role may do on an escalation's steps (docs/product.md#roles-and-permissions): both customer roles read, a Customer Root
 * changes. Decided by the permissions of the calls the server checks, so the two never disagree (the
 * escalations list takes its own from its record-list spec).
 */
export interface EscalationRights {
  canCreateStep: boolean;
  canEditStep: boolean;
  canDeleteStep: boolean;
  canChangePriority: boolean;
}

export function escalationRights(role: RoleId): EscalationRights {
  return {
    canCreateStep: mayCall(role, addStep),
    canEditStep: mayCall(role, updateStep),
    canDeleteStep: mayCall(role, deleteStep),
    canChangePriority: mayCall(role, changePriority),
  };
}

/** The resources of an escalation's row (docs/product.md#entities: names comma-separated, in priority order). */
export const resourceNames = (resources: string): string[] =>
  resources
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The route of an escalation's steps (docs/product.md#routes). */
export const stepsPath = (escalationId: number) => `/escalation/${escalationId}/resources`;
