import { sql } from 'kysely';
import { isEscalationValid, lastInLineStep, type StepForValidity } from '@relevo/domain';
import type { Tx } from '../db/database';
import { sameCustomerRow } from '../db/joins';

// The catalogue's SQL shared by its services (each service keeps the reads of its own screen).

/**
 * Keeps escalation_last_in_line and escalation_validate true to the steps (docs/product.md#entities), by the domain's
 * rules (libs/domain/src/rules/escalation.ts). Call it in the transaction that changed a step
 * (create, edit, delete, reorder) or a resource some step uses (status, e-mail, phones), with the
 * escalations concerned; it reads their steps once and writes only what changed.
 */
export async function refreshEscalations(tx: Tx, escalationIds: readonly number[]): Promise<void> {
  const ids = [...new Set(escalationIds)];
  if (ids.length === 0) return;
  const rows = await tx
    .selectFrom('escalation_resources as s')
    .innerJoin('resources as r', (join) => join.on(sameCustomerRow('r', 's', 'resource_id')))
    .select([
      's.escalation_id',
      's.escalation_resource_id',
      's.escalation_priority_orden',
      's.escalation_active',
      's.escalation_last_in_line',
      's.channel_id',
      'r.resource_fullname',
      'r.resource_active',
      'r.resource_email',
      'r.resource_phone1',
      'r.resource_phone2',
    ])
    .where('s.escalation_id', 'in', ids)
    .execute();
  const byEscalation = new Map<number, StepForValidity[]>(ids.map((id) => [id, []]));
  for (const row of rows) {
    byEscalation.get(row.escalation_id)!.push({
      escalation_resource_id: row.escalation_resource_id,
      escalation_priority_orden: row.escalation_priority_orden,
      escalation_active: row.escalation_active,
      escalation_last_in_line: row.escalation_last_in_line,
      channel_id: row.channel_id,
      resource: {
        resource_fullname: row.resource_fullname,
        resource_active: row.resource_active,
        resource_email: row.resource_email,
        resource_phone1: row.resource_phone1,
        resource_phone2: row.resource_phone2,
      },
    });
  }
  for (const [escalationId, steps] of byEscalation) {
    const last = lastInLineStep(steps)?.escalation_resource_id ?? null;
    const marked = steps.map((step) => ({
      ...step,
      escalation_last_in_line: step.escalation_resource_id === last ? ('Y' as const) : ('N' as const),
    }));
    if (marked.some((step, index) => step.escalation_last_in_line !== steps[index]!.escalation_last_in_line)) {
      await tx
        .updateTable('escalation_resources')
        .set({
          escalation_last_in_line: sql<'Y' | 'N'>`case when escalation_resource_id = ${last} then 'Y' else 'N' end`,
        })
        .where('escalation_id', '=', escalationId)
        .where(
          sql<boolean>`escalation_last_in_line <> case when escalation_resource_id = ${last} then 'Y' else 'N' end`,
        )
        .execute();
    }
    const valid = isEscalationValid(marked) ? 'Y' : 'N';
    await tx
      .updateTable('escalations')
      .set({ escalation_validate: valid })
      .where('escalation_id', '=', escalationId)
      .where('escalation_validate', '<>', valid)
      .execute();
  }
}

/** The escalations with a step on a resource (a change to the resource may change their validity). */
export async function escalationsUsingResource(tx: Tx, resourceId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('escalation_resources')
    .select('escalation_id')
    .distinct()
    .where('resource_id', '=', resourceId)
    .execute();
  return rows.map((row) => row.escalation_id);
}
