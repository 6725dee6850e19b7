import { INGEST_MESSAGES } from '../entities/incident';
import type { ResourceLimit } from '../entities/resource';
import { resourceQuotaWarning } from './messages';

/**
 * Deletions the catalogue refuses while something still uses the record (issue: 409 naming what
 * uses it). The server answers with these texts; the screens show them as the warning toast.
 * Each answers the refusal, or null when the deletion may go on. One whole sentence per case (one
 * record or several), so the catalogs translate each (libs/domain/src/i18n/es.json).
 */
const listed = (names: readonly string[]) => {
  const shown = names.slice(0, 5).map((name) => `"${name}"`);
  return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
};

/** `schedules`: those whose rotations, temporary shifts or overrides name the resource (docs/product.md#schedules). */
export function resourceDeleteRefusal(
  escalations: readonly string[],
  schedules: readonly string[] = [],
): string | null {
  if (escalations.length > 1)
    return `This resource cannot be deleted: it is a step of the escalations ${listed(escalations)}. Remove it from them first.`;
  if (escalations.length === 1)
    return `This resource cannot be deleted: it is a step of the escalation ${listed(escalations)}. Remove it from it first.`;
  if (schedules.length > 1)
    return `This resource cannot be deleted: it is on call in the schedules ${listed(schedules)}. Remove it from them first.`;
  if (schedules.length === 1)
    return `This resource cannot be deleted: it is on call in the schedule ${listed(schedules)}. Remove it from it first.`;
  return null;
}

export function slaDeleteRefusal(modules: readonly string[]): string | null {
  if (modules.length === 0) return null;
  return modules.length > 1
    ? `This SLA cannot be deleted: the modules ${listed(modules)} use it. Choose another SLA there first.`
    : `This SLA cannot be deleted: the module ${listed(modules)} uses it. Choose another SLA there first.`;
}

export function escalationDeleteRefusal(modules: readonly string[]): string | null {
  if (modules.length === 0) return null;
  return modules.length > 1
    ? `This escalation cannot be deleted: the modules ${listed(modules)} use it. Choose another escalation there first.`
    : `This escalation cannot be deleted: the module ${listed(modules)} uses it. Choose another escalation there first.`;
}

export function applicationDeleteRefusal(modules: readonly string[]): string | null {
  if (modules.length === 0) return null;
  return modules.length > 1
    ? `This application cannot be deleted: it still has the modules ${listed(modules)}. Delete them first.`
    : `This application cannot be deleted: it still has the module ${listed(modules)}. Delete it first.`;
}

/** A module may route incidents only through an active, valid escalation and an active SLA. */
export function moduleChoiceRefusals(choice: {
  escalation: { escalation_active: 'Y' | 'N'; escalation_validate: 'Y' | 'N' } | null;
  sla: { sla_active: 'Y' | 'N' } | null;
}): { escalation_id?: 'unusable'; sla_id?: 'unusable' } {
  const refusals: { escalation_id?: 'unusable'; sla_id?: 'unusable' } = {};
  if (
    choice.escalation &&
    (choice.escalation.escalation_active !== 'Y' || choice.escalation.escalation_validate !== 'Y')
  )
    refusals.escalation_id = 'unusable';
  if (choice.sla && choice.sla.sla_active !== 'Y') refusals.sla_id = 'unusable';
  return refusals;
}

/**
 * Whether a module takes incidents now (docs/product.md#ingest-api): the ingest API and the
 * Incident Simulation refuse with this text, and the simulation form shows it before any call.
 * `steps` is the escalation's runnable steps when known (the server counts them; a validated
 * escalation has at least one). Answers the refusal, or null when the module takes incidents.
 */
export function moduleIntakeRefusal(module: {
  module_active: 'Y' | 'N';
  escalation: { escalation_active: 'Y' | 'N'; escalation_validate: 'Y' | 'N' } | null;
  steps?: number;
}): string | null {
  if (module.module_active !== 'Y') return INGEST_MESSAGES.moduleInactive;
  const escalation = module.escalation;
  if (
    !escalation ||
    escalation.escalation_active !== 'Y' ||
    escalation.escalation_validate !== 'Y' ||
    module.steps === 0
  )
    return INGEST_MESSAGES.escalationNotReady;
  return null;
}

/** A customer's resources against its quota (customer_qty_resources, docs/product.md#resources). */
export function resourceQuota(count: number, max: number): ResourceLimit {
  return { limit: count >= max, count, max };
}

/** The refusal of one more resource at the quota, or null while there is room. */
export function resourceQuotaRefusal(quota: Pick<ResourceLimit, 'count' | 'max'>): string | null {
  return quota.count >= quota.max ? resourceQuotaWarning(quota.max) : null;
}
