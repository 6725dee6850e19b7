import { sql, type RawBuilder } from 'kysely';
import type { Database, Tx } from './database';

/**
 * Copies every row of one database into another of the same schema (the embedded database into
 * PostgreSQL: `npm run cli -- copy-to-postgres`). Both have been migrated to the latest schema by
 * opening them. The copy is one transaction on the target: tables in foreign-key order, each row
 * as it is (every column through its text form, so every type survives as it was stored), the
 * tables' own triggers off meanwhile (the dashboard's day counts are copied, not counted again),
 * and every sequence moved past the largest id. A target that already holds data is refused.
 */

/** Tables the migrations fill with reference rows: a target holding only those counts as empty, and the copy replaces them. */
const SEEDED_TABLES = new Set(['roles', 'languages', 'channels', 'participation_types']);

/** The migrator's own tables: the target has its own. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Rows read and written at a time. */
const BATCH = 500;

export class CopyRefused extends Error {}

export interface CopiedTable {
  table: string;
  rows: number;
}

interface TableShape {
  name: string;
  /** columns written (generated columns are computed by the target) */
  columns: string[];
  /** an identity column `generated always`: the insert must override it */
  hasAlwaysIdentity: boolean;
  /** the primary key, to read rows in a stable order (a row referring to an earlier one of its table comes after it) */
  key: string[];
  /** the key's column types, as SQL names */
  keyTypes: string[];
  /** columns fed by a sequence */
  sequenced: string[];
  forcesRowSecurity: boolean;
  hasTriggers: boolean;
}

/** The tables of the current schema, in an order where every table comes after the tables it refers to. */
async function tablesInDependencyOrder(tx: Tx): Promise<TableShape[]> {
  const tables = await sql<{ name: string; forces: boolean; triggers: boolean }>`
    select c.relname as name, c.relforcerowsecurity as forces,
      exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as triggers
    from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
    order by c.relname`.execute(tx);
  const references = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`.execute(tx);
  const columns = await sql<{
    table: string;
    name: string;
    type: string;
    generated: string;
    identity: string;
    sequence: string | null;
    in_key: boolean;
  }>`
    select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attgenerated as generated, a.attidentity as identity,
      pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence,
      exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)) as in_key
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(tx);

  const shapes = new Map<string, TableShape>();
  for (const table of tables.rows) {
    if (MIGRATOR_TABLES.has(table.name)) continue;
    shapes.set(table.name, {
      name: table.name,
      columns: [],
      hasAlwaysIdentity: false,
      key: [],
      keyTypes: [],
      sequenced: [],
      forcesRowSecurity: table.forces,
      hasTriggers: table.triggers,
    });
  }
  for (const column of columns.rows) {
    const shape = shapes.get(column.table);
    if (!shape) continue;
    if (column.generated === '') shape.columns.push(column.name);
    if (column.identity === 'a') shape.hasAlwaysIdentity = true;
    if (column.in_key) {
      shape.key.push(column.name);
      shape.keyTypes.push(column.type);
    }
    if (column.sequence) shape.sequenced.push(column.name);
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references.rows)
    if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));

  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || !shapes.has(name)) return;
    if (visiting.has(name))
      throw new Error(`The tables refer to each other in a cycle through ${name}; they cannot be copied in order`);
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) place(parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(shapes.get(name)!);
  };
  for (const name of shapes.keys()) place(name);
  return ordered;
}

const count = async (tx: Tx, table: string, where: RawBuilder<unknown> = sql`true`) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(tx)).rows[0]!.n,
  );

/** The tables of the target that hold more than the migrations put there (the provider's own customer row). */
async function tablesWithData(tx: Tx, tables: TableShape[]): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of tables) {
    if (SEEDED_TABLES.has(name)) continue;
    const rows = name === 'customers' ? await count(tx, name, sql`not is_provider`) : await count(tx, name);
    if (rows > 0) found.push(name);
  }
  return found;
}

/**
 * A row's place in its table `t`, with each part's type: its primary key (a row referring to an
 * earlier one of its table comes after it), else where it is stored. Qualified: the columns read as
 * text have the same names.
 */
const positionOf = (table: TableShape): { part: RawBuilder<unknown>; type: string }[] =>
  table.key.length > 0
    ? table.key.map((column, i) => ({ part: sql.ref(`t.${column}`), type: table.keyTypes[i]! }))
    : [{ part: sql`t.ctid`, type: 'tid' }];

/**
 * Up to BATCH rows of a table in the order of their place, those after `after` (the place of the
 * last row read, its parts as text): each column as text, and the place's parts as
 * `relevo_position_{i}` (text: a date or an instant goes back exactly as it came).
 */
async function readBatch(
  source: Database,
  table: TableShape,
  position: { part: RawBuilder<unknown>; type: string }[],
  after: (string | null)[] | null,
): Promise<Record<string, string | null>[]> {
  const parts = position.map(({ part }) => part);
  const read = await source.asOwner((from) =>
    sql<Record<string, string | null>>`
      select ${sql.join(table.columns.map((column) => sql`${sql.ref(`t.${column}`)}::text as ${sql.ref(column)}`))}, ${sql.join(parts.map((part, i) => sql`${part}::text as ${sql.ref(`relevo_position_${i}`)}`))}
      from ${sql.table(table.name)} as t
      where ${after === null ? sql`true` : sql`(${sql.join(parts)}) > (${sql.join(after.map((value, i) => sql`${value}::${sql.raw(position[i]!.type)}`))})`}
      order by ${sql.join(parts)} limit ${BATCH}`.execute(from),
  );
  return read.rows;
}

/** Copies every table of `source` into `target` in one transaction; answers each table's row count. */
export async function copyDatabase(source: Database, target: Database): Promise<CopiedTable[]> {
  return target.asOwner(async (to) => {
    const tables = await tablesInDependencyOrder(to);
    const filled = await tablesWithData(to, tables);
    if (filled.length > 0) {
      throw new CopyRefused(
        `The target database is not empty (rows in ${filled.join(', ')}); copy into a new, empty database`,
      );
    }
    // the rows the migrations wrote (reference rows, the provider's customer) give way to the source's
    for (const { name } of [...tables].reverse()) await sql`delete from ${sql.table(name)}`.execute(to);
    for (const table of tables) {
      // the owner writes every row as it is: no policy filters it, no trigger counts it again
      if (table.forcesRowSecurity)
        await sql`alter table ${sql.table(table.name)} no force row level security`.execute(to);
      if (table.hasTriggers) await sql`alter table ${sql.table(table.name)} disable trigger user`.execute(to);
    }

    const copied: CopiedTable[] = [];
    for (const table of tables) {
      const columns = table.columns.map((column) => sql.ref(column));
      let rows = 0;
      // each batch starts after the last row of the one before (not at an offset, which reads every
      // row before it again: a table of a million rows took hours)
      const position = positionOf(table);
      let after: (string | null)[] | null = null;
      for (;;) {
        const batch = await readBatch(source, table, position, after);
        if (batch.length === 0) break;
        const last = batch[batch.length - 1]!;
        after = position.map((_, i) => last[`relevo_position_${i}`] ?? null);
        // each value as text, typed by the target's column
        const values = batch.map((row) => sql`(${sql.join(table.columns.map((column) => sql`${row[column]}`))})`);
        await sql`
          insert into ${sql.table(table.name)} (${sql.join(columns)})
          ${table.hasAlwaysIdentity ? sql`overriding system value` : sql``}
          values ${sql.join(values)}`.execute(to);
        rows += batch.length;
        if (batch.length < BATCH) break;
      }
      for (const column of table.sequenced) {
        await sql`select setval(pg_get_serial_sequence(${table.name}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table.name)}), 0) + 1, false)`.execute(
          to,
        );
      }
      copied.push({ table: table.name, rows });
    }

    for (const table of tables) {
      if (table.forcesRowSecurity) await sql`alter table ${sql.table(table.name)} force row level security`.execute(to);
      if (table.hasTriggers) await sql`alter table ${sql.table(table.name)} enable trigger user`.execute(to);
    }
    return copied;
  });
}
