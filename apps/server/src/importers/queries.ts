import { sql } from 'kysely';
import type { ImportKind, ImportSource } from '@relevo/domain';
import type { Tx } from '../db/database';

/** Holds the customer's imports to one at a time until the transaction ends. */
export async function lockImports(tx: Tx, customerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('relevo.imports'), ${customerId})`.execute(tx);
}

/** docs/product.md#importers: the records earlier imports of this tool made, as `kind:external_id` → Relevo id. */
export async function importedRecords(tx: Tx, customerId: number, source: ImportSource): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('imported_records')
    .select(['kind', 'external_id', 'record_id'])
    .where('customer_id', '=', customerId)
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((row) => [`${row.kind}:${row.external_id}`, row.record_id]));
}

/** Records that an import made (or found) this record; a record made again replaces a deleted one. */
export async function rememberImported(
  tx: Tx,
  customerId: number,
  source: ImportSource,
  kind: ImportKind,
  externalId: string,
  recordId: number,
  now: Date,
): Promise<void> {
  await tx
    .insertInto('imported_records')
    .values({ customer_id: customerId, source, kind, external_id: externalId, record_id: recordId, made_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['customer_id', 'source', 'kind', 'external_id'])
        .doUpdateSet({ record_id: recordId, made_at: now }),
    )
    .execute();
}

const TABLES = {
  resource: ['resources', 'resource_id'],
  schedule: ['schedules', 'schedule_id'],
  override: ['schedule_overrides', 'override_id'],
  escalation: ['escalations', 'escalation_id'],
  step: ['escalation_resources', 'escalation_resource_id'],
  application: ['applications', 'application_id'],
  module: ['modules', 'module_id'],
} as const;

/** Which of these ids of a kind are still records of the customer (an imported record may have been deleted since). */
export async function existingIds(
  tx: Tx,
  customerId: number,
  kind: ImportKind,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [table, key] = TABLES[kind];
  const rows = await sql<{ id: number }>`select ${sql.ref(key)} as id from ${sql.table(table)}
    where customer_id = ${customerId} and ${sql.ref(key)} in (${sql.join(ids)})`.execute(tx);
  return new Set(rows.rows.map((row) => Number(row.id)));
}

/** The customer's resources by lower-cased e-mail (a person already in Relevo is not made twice). */
export async function resourcesByEmail(tx: Tx, customerId: number): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('resources')
    .select(['resource_id', 'resource_email'])
    .where('customer_id', '=', customerId)
    .where('resource_email', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.resource_email!.toLowerCase(), row.resource_id]));
}

/** The customer's schedule names, lower-cased (unique per customer). */
export async function scheduleNames(tx: Tx, customerId: number): Promise<Set<string>> {
  const rows = await tx.selectFrom('schedules').select('schedule_name').where('customer_id', '=', customerId).execute();
  return new Set(rows.map((row) => row.schedule_name.toLowerCase()));
}

/** The customer's applications by lower-cased name. */
export async function applicationsByName(tx: Tx, customerId: number): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('applications')
    .select(['application_id', 'application_name'])
    .where('customer_id', '=', customerId)
    .execute();
  return new Map(rows.map((row) => [row.application_name.toLowerCase(), row.application_id]));
}

/** Whether the application has a module of that name. */
export async function moduleNameTaken(
  tx: Tx,
  customerId: number,
  applicationId: number,
  name: string,
): Promise<boolean> {
  const row = await tx
    .selectFrom('modules')
    .select('module_id')
    .where('customer_id', '=', customerId)
    .where('application_id', '=', applicationId)
    .where(sql`lower(module_name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** The SLA imported modules get: the customer's first active SLA. */
export async function firstActiveSla(tx: Tx, customerId: number): Promise<number | null> {
  const row = await tx
    .selectFrom('slas')
    .select('sla_id')
    .where('customer_id', '=', customerId)
    .where('sla_active', '=', 'Y')
    .orderBy('sla_id')
    .executeTakeFirst();
  return row?.sla_id ?? null;
}
