import { addStep, changePriority, deleteStep, updateStep } from '@relevo/api';
import { mayCall, type EscalationStep, type RoleId, type Schedule, type StepFormValues } from '@relevo/domain';
import type { SelectOption } from '@relevo/ui';

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

/**
 * The step modal's "Calls" choice (docs/product.md#escalation-steps): a resource, or whoever is on call in a schedule.
 * The texts are English, like every helper of this file; the modal shows them through `t` (step-texts.ts).
 */
export const STEP_CALLS_CHOICES = [
  { value: 'resource', text: 'Resource' },
  { value: 'schedule', text: 'Schedule' },
] as const satisfies readonly { value: StepFormValues['calls']; text: string }[];

/**
 * The schedules a step may call (the customer's active ones), after the placeholder; an edited
 * step keeps its own schedule choosable even when it is no longer active.
 */
export function scheduleOptions(
  schedules: readonly Pick<Schedule, 'schedule_id' | 'schedule_name'>[],
  current?: EscalationStep['schedule'],
): SelectOption[] {
  const listed = schedules.map((schedule) => ({ value: schedule.schedule_id, text: schedule.schedule_name }));
  const kept =
    current && !listed.some((option) => option.value === current.schedule_id)
      ? [{ value: current.schedule_id, text: current.schedule_name }]
      : [];
  return [{ value: null, text: 'Select Schedule' }, ...kept, ...listed];
}

/** Whom a step calls, as its row and its buttons name it: the resource, or "On call: <schedule>". */
export function stepCallee(step: Pick<EscalationStep, 'resource' | 'schedule'>): string {
  if (step.schedule) return `On call: ${step.schedule.schedule_name}`;
  return step.resource?.resource_fullname ?? '';
}
