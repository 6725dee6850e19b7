import {
  sql,
  type Insertable,
  type RawBuilder,
  type SelectQueryBuilder,
  type Selectable,
  type Updateable,
} from 'kysely';
import {
  APPLICATION_ORDER_COLUMNS,
  ESCALATION_ORDER_COLUMNS,
  MODULE_ORDER_COLUMNS,
  RESOURCE_ORDER_COLUMNS,
  SLA_ORDER_COLUMNS,
  STEP_ORDER_COLUMNS,
} from '@relevo/api';
import {
  MAX_PAGE_SIZE,
  isEscalationValid,
  lastInLineStep,
  type ListOf,
  type PageQuery,
  type StepForValidity,
  type YesNo,
} from '@relevo/domain';
import type { Database, Scope, Tx } from '../db/database';
import { sameCustomerRow } from '../db/joins';
import { matches, ordering, pageOf, readList, sortKey } from '../db/listing';
import type { ApplicationsTable, DB, EscalationsTable, SlasTable } from '../db/schema';
import { schedulesNaming } from '../schedules/definitions';

// The catalogue's SQL: applications and their modules, escalations and their steps, SLAs and
// resources (docs/product.md#entities), each read and write named for what it does (schedules,
// whose keys the steps name, keep their own SQL in schedules/queries.ts). The services beside it
// validate, check permissions, order the statements of a transaction and answer. Every statement on
// a catalogue record names the caller's customer (`customerId`, the session's) beside row-level
// security; only the shared lookups (channels, participation types, languages) do not.

/** The catalogue's tables and the shared lookups, each with its key column. */
const KEYS = {
  applications: 'application_id',
  modules: 'module_id',
  escalations: 'escalation_id',
  escalation_resources: 'escalation_resource_id',
  slas: 'sla_id',
  resources: 'resource_id',
  schedules: 'schedule_id',
  channels: 'channel_id',
  participation_types: 'participation_type_id',
  languages: 'language_id',
} as const;
type CatalogueTable =
  'applications' | 'modules' | 'escalations' | 'escalation_resources' | 'slas' | 'resources' | 'schedules';
type LookupTable = Exclude<keyof typeof KEYS, CatalogueTable>;

/** One record of the caller's customer by its key, its columns still to choose. */
function byKey<T extends CatalogueTable>(tx: Tx, customerId: number, table: T, id: number) {
  const query = tx
    .selectFrom(table as CatalogueTable)
    .where(sql.ref('customer_id'), '=', customerId)
    .where(sql.ref(KEYS[table]), '=', id);
  // the table is generic here: the caller's own table names the columns it may choose
  return query as unknown as SelectQueryBuilder<DB, T, object>;
}

/** Whether the caller's customer has the record (another customer's looks missing). */
export async function recordExists(tx: Tx, customerId: number, table: CatalogueTable, id: number): Promise<boolean> {
  return (await byKey(tx, customerId, table, id).select(tx.dynamic.ref(KEYS[table])).executeTakeFirst()) !== undefined;
}

/** Whether a shared lookup (channel, participation type, language) has the id. */
export async function lookupExists(tx: Tx, table: LookupTable, id: number | string): Promise<boolean> {
  const key = tx.dynamic.ref(KEYS[table]);
  return (await tx.selectFrom(table).select(key).where(key, '=', id).executeTakeFirst()) !== undefined;
}

/** Inserts a record of the caller's customer; answers its new key. */
export async function insertRecord<T extends CatalogueTable>(
  tx: Tx,
  customerId: number,
  table: T,
  values: Omit<Insertable<DB[T]>, 'customer_id'>,
): Promise<number> {
  // the table is generic here: its row's type is checked at each call, not by Kysely in this body
  const row = await tx
    .insertInto(table)
    .values({ customer_id: customerId, ...values } as never)
    .returning(tx.dynamic.ref(KEYS[table]))
    .executeTakeFirstOrThrow();
  return (row as Record<string, number>)[KEYS[table]]!;
}

/** Writes columns of a record of the caller's customer (none when it is another's). */
export async function updateRecord<T extends CatalogueTable>(
  tx: Tx,
  customerId: number,
  table: T,
  id: number,
  values: Updateable<DB[T]>,
): Promise<void> {
  await tx
    .updateTable(table as CatalogueTable)
    .set(values as never)
    .where(sql.ref('customer_id'), '=', customerId)
    .where(sql.ref(KEYS[table]), '=', id)
    .execute();
}

/** Deletes a record of the caller's customer (none when it is another's). */
export async function deleteRecord(tx: Tx, customerId: number, table: CatalogueTable, id: number): Promise<void> {
  await tx
    .deleteFrom(table)
    .where(sql.ref('customer_id'), '=', customerId)
    .where(sql.ref(KEYS[table]), '=', id)
    .execute();
}

/** The names of the modules that use an application, an escalation or an SLA (a delete is refused while any does). */
export async function moduleNamesUsing(
  tx: Tx,
  customerId: number,
  column: 'application_id' | 'escalation_id' | 'sla_id',
  id: number,
): Promise<string[]> {
  const rows = await tx
    .selectFrom('modules')
    .select('module_name')
    .where('customer_id', '=', customerId)
    .where(column, '=', id)
    .orderBy('module_name')
    .execute();
  return rows.map((row) => row.module_name);
}

/** How a list sorts: the asked column's expression (text without regard to case), then the record's key. */
interface PageOrder {
  /** a column, or an expression of several (a step's resource or schedule name) */
  column: string | RawBuilder<unknown>;
  text: boolean;
  direction: 'asc' | 'desc';
  key: string;
}

/** The sort key of a list's order: text without regard to case. */
const orderKey = (order: Pick<PageOrder, 'column' | 'text'>) =>
  typeof order.column === 'string'
    ? sortKey(order.column, order.text)
    : order.text
      ? sql`lower(${order.column})`
      : order.column;

/**
 * docs/product.md#entities one page of a catalogue list and the count of all its rows, in the caller's scope
 * (`readList`): the rows that match, searched by `searchText` when the query has a search, their
 * page's columns (`columns`), sorted by `order` and ended by the record's key (pages never overlap).
 */
export function readPage<From, Table extends keyof From, PageFrom, PageTable extends keyof PageFrom, Row, Item>(
  database: Pick<Database, 'db' | 'read'>,
  scope: Scope,
  query: PageQuery,
  list: {
    matching: SelectQueryBuilder<From, Table, object>;
    searchText: RawBuilder<string>;
    columns: (matching: SelectQueryBuilder<From, Table, object>) => SelectQueryBuilder<PageFrom, PageTable, Row>;
    order: PageOrder;
  },
  toItem: (row: Row) => Item,
): Promise<ListOf<Item>> {
  const { order } = list;
  const matching = query.search
    ? list.matching.where(matches(list.searchText, query.search.toLowerCase()))
    : list.matching;
  const page = list
    .columns(matching)
    .orderBy(orderKey(order), order.direction)
    .orderBy(sql.ref(order.key), order.direction);
  return readList(database, scope, { matching, page: pageOf(page, query), toItem, searched: Boolean(query.search) });
}

export type ListDatabase = Pick<Database, 'db' | 'read'>;

// Applications and modules (docs/product.md#applications, #modules)

export type ApplicationRow = Omit<Selectable<ApplicationsTable>, 'customer_id' | 'search_text'> & {
  modules: string | null;
};
const APPLICATION_COLUMNS = [
  'a.application_id',
  'a.application_name',
  'a.application_active',
  'a.application_createby',
  'a.application_createdt',
  'a.application_updateby',
  'a.application_updatedt',
] as const;
/** docs/product.md#entities: its modules' names, comma-separated */
const moduleNames = sql<
  string | null
>`(select string_agg(m.module_name, ', ' order by lower(m.module_name), m.module_id) from modules m where m.application_id = a.application_id)`.as(
  'modules',
);
const APPLICATION_SORT_TEXT = new Set(['application_name', 'application_updateby']);

export const findApplication = (tx: Tx, customerId: number, id: number) =>
  tx
    .selectFrom('applications as a')
    .select([...APPLICATION_COLUMNS, moduleNames])
    .where('a.customer_id', '=', customerId)
    .where('a.application_id', '=', id)
    .executeTakeFirst();

/** docs/product.md#applications the applications list: by status, searched, sorted and paged. */
export function listApplicationsPage<Item>(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery & { application_active?: YesNo },
  toItem: (row: ApplicationRow) => Item,
): Promise<ListOf<Item>> {
  let matching = database.db.selectFrom('applications as a').where('a.customer_id', '=', customerId);
  if (query.application_active) matching = matching.where('a.application_active', '=', query.application_active);
  const { column, direction } = ordering(query, APPLICATION_ORDER_COLUMNS, 'application_name');
  const order = { column: `a.${column}`, text: APPLICATION_SORT_TEXT.has(column), direction, key: 'a.application_id' };
  const columns = (rows: typeof matching) => rows.select([...APPLICATION_COLUMNS, moduleNames]);
  return readPage(database, scope, query, { matching, searchText: sql`a.search_text`, columns, order }, toItem);
}

export interface ModuleRow {
  module_id: number;
  module_name: string;
  module_desc: string;
  module_active: YesNo;
  application_id: number;
  application_name: string;
  escalation_id: number | null;
  escalation_name: string | null;
  escalation_active: YesNo | null;
  escalation_validate: YesNo | null;
  escalation_resources: string | null;
  sla_id: number | null;
  sla_name: string | null;
  /** docs/product.md#e-mail-into-incidents: the local part of its address (migration 0028) */
  inbound_email_local: string | null;
}
const MODULE_COLUMNS = [
  'm.module_id',
  'm.module_name',
  'm.module_desc',
  'm.module_active',
  'm.application_id',
  'a.application_name',
  'm.escalation_id',
  'e.escalation_name',
  'e.escalation_active',
  'e.escalation_validate',
  'm.sla_id',
  's.sla_name',
  'm.module_createby',
  'm.module_createdt',
  'm.module_updateby',
  'm.module_updatedt',
  'm.inbound_email_local',
] as const;
const escalationResources = sql<string | null>`(
  select string_agg(coalesce(r.resource_fullname, sc.schedule_name), ', ' order by st.escalation_priority_orden, st.escalation_resource_id)
  from escalation_resources st
  left join resources r on r.customer_id = st.customer_id and r.resource_id = st.resource_id
  left join schedules sc on sc.customer_id = st.customer_id and sc.schedule_id = st.schedule_id
  where st.escalation_id = m.escalation_id)`.as('escalation_resources');
const MODULE_SORT: Record<(typeof MODULE_ORDER_COLUMNS)[number], { column: string; text: boolean }> = {
  module_name: { column: 'm.module_name', text: true },
  module_desc: { column: 'm.module_desc', text: true },
  escalation: { column: 'e.escalation_name', text: true },
  sla: { column: 's.sla_name', text: true },
  module_active: { column: 'm.module_active', text: false },
  module_updateby: { column: 'm.module_updateby', text: true },
  module_updatedt: { column: 'm.module_updatedt', text: false },
  module_id: { column: 'm.module_id', text: false },
};

function modulesQuery(db: Tx, customerId: number) {
  return db
    .selectFrom('modules as m')
    .innerJoin('applications as a', (join) => join.on(sameCustomerRow('a', 'm', 'application_id')))
    .leftJoin('escalations as e', (join) => join.on(sameCustomerRow('e', 'm', 'escalation_id')))
    .leftJoin('slas as s', (join) => join.on(sameCustomerRow('s', 'm', 'sla_id')))
    .where('m.customer_id', '=', customerId);
}

export const findModule = (tx: Tx, customerId: number, id: number) =>
  modulesQuery(tx, customerId)
    .select([...MODULE_COLUMNS, escalationResources])
    .where('m.module_id', '=', id)
    .executeTakeFirst();

/** docs/product.md#modules an application's modules: searched, sorted and paged. */
export function listModulesPage<Item>(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery & { application_id: number },
  toItem: (row: ModuleRow) => Item,
): Promise<ListOf<Item>> {
  const matching = modulesQuery(database.db, customerId).where('m.application_id', '=', query.application_id);
  const { column, direction } = ordering(query, MODULE_ORDER_COLUMNS, 'module_name');
  const order = { ...MODULE_SORT[column], direction, key: 'm.module_id' };
  const columns = (rows: typeof matching) => rows.select([...MODULE_COLUMNS, escalationResources]);
  return readPage(database, scope, query, { matching, searchText: sql`m.search_text`, columns, order }, toItem);
}

/** What a module's choice of escalation needs: its status and validity. */
export const findEscalationState = (tx: Tx, customerId: number, id: number) =>
  byKey(tx, customerId, 'escalations', id).select(['escalation_active', 'escalation_validate']).executeTakeFirst();

/** What a module's choice of SLA needs: its status. */
export const findSlaState = (tx: Tx, customerId: number, id: number) =>
  byKey(tx, customerId, 'slas', id).select('sla_active').executeTakeFirst();

/** A new credential for a module of that application: the old one stops working in the same statement. */
export async function replaceModuleCredential(
  tx: Tx,
  customerId: number,
  module: { moduleId: number; applicationId: number },
  credential: { hash: string; at: Date },
): Promise<boolean> {
  const changed = await tx
    .updateTable('modules')
    .set({ credential_hash: credential.hash, credential_createdt: credential.at })
    .where('customer_id', '=', customerId)
    .where('module_id', '=', module.moduleId)
    .where('application_id', '=', module.applicationId)
    .returning('module_id')
    .executeTakeFirst();
  return changed !== undefined;
}

// Escalations and their steps (docs/product.md#escalations, #escalation-steps)

export type EscalationRow = Omit<Selectable<EscalationsTable>, 'search_text'> & { resources: string | null };
const ESCALATION_COLUMNS = [
  'e.escalation_id',
  'e.customer_id',
  'e.escalation_name',
  'e.escalation_desc',
  'e.escalation_active',
  'e.escalation_validate',
  'e.escalation_createby',
  'e.escalation_createdt',
  'e.escalation_updateby',
  'e.escalation_updatedt',
] as const;
/**
 * docs/product.md#entities: the names of its steps' resources, comma-separated, in priority order (a step that calls a
 * schedule by the schedule's name, docs/product.md#schedules)
 */
const resourceNames = sql<string | null>`(
  select string_agg(coalesce(r.resource_fullname, sc.schedule_name), ', ' order by s.escalation_priority_orden, s.escalation_resource_id)
  from escalation_resources s
  left join resources r on r.customer_id = s.customer_id and r.resource_id = s.resource_id
  left join schedules sc on sc.customer_id = s.customer_id and sc.schedule_id = s.schedule_id
  where s.escalation_id = e.escalation_id)`.as('resources');
const ESCALATION_SORT_TEXT = new Set(['escalation_name', 'escalation_desc', 'escalation_updateby']);

export const findEscalation = (tx: Tx, customerId: number, id: number) =>
  tx
    .selectFrom('escalations as e')
    .select([...ESCALATION_COLUMNS, resourceNames])
    .where('e.customer_id', '=', customerId)
    .where('e.escalation_id', '=', id)
    .executeTakeFirst();

/** docs/product.md#escalations the escalations list: by status and validity, searched, sorted and paged. */
export function listEscalationsPage<Item>(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery & { escalation_active?: YesNo; escalation_validate?: YesNo },
  toItem: (row: EscalationRow) => Item,
): Promise<ListOf<Item>> {
  let matching = database.db.selectFrom('escalations as e').where('e.customer_id', '=', customerId);
  if (query.escalation_active) matching = matching.where('e.escalation_active', '=', query.escalation_active);
  if (query.escalation_validate) matching = matching.where('e.escalation_validate', '=', query.escalation_validate);
  const { column, direction } = ordering(query, ESCALATION_ORDER_COLUMNS, 'escalation_name');
  const order = { column: `e.${column}`, text: ESCALATION_SORT_TEXT.has(column), direction, key: 'e.escalation_id' };
  const columns = (rows: typeof matching) => rows.select([...ESCALATION_COLUMNS, resourceNames]);
  return readPage(database, scope, query, { matching, searchText: sql`e.search_text`, columns, order }, toItem);
}

export interface StepRow {
  escalation_resource_id: number;
  escalation_id: number;
  participation_type_id: number;
  participation_type_desc: string;
  channel_id: number;
  channel_desc: string;
  /** docs/product.md#schedules: a step calls a resource or a schedule, the other null */
  resource_id: number | null;
  resource_fullname: string | null;
  schedule_id: number | null;
  schedule_name: string | null;
  escalation_priority_orden: number;
  escalation_active: YesNo;
  ind_call_again: YesNo;
  max_attemp_number: number;
  next_followup_time: number;
  next_followup_time_mult: 'M' | 'H' | 'D';
  escalation_last_in_line: YesNo;
}
const STEP_COLUMNS = [
  's.escalation_resource_id',
  's.escalation_id',
  's.participation_type_id',
  'p.participation_type_desc',
  's.channel_id',
  'c.channel_desc',
  's.resource_id',
  'r.resource_fullname',
  's.schedule_id',
  'sc.schedule_name',
  's.escalation_priority_orden',
  's.escalation_active',
  's.ind_call_again',
  's.max_attemp_number',
  's.next_followup_time',
  's.next_followup_time_mult',
  's.escalation_last_in_line',
  's.escalation_resource_createby',
  's.escalation_resource_createdt',
  's.escalation_resource_updateby',
  's.escalation_resource_updatedt',
] as const;
/** whom a step calls: its resource's name, or its schedule's */
const stepTarget = sql<string>`coalesce(r.resource_fullname, sc.schedule_name)`;
const STEP_SORT: Record<(typeof STEP_ORDER_COLUMNS)[number], Pick<PageOrder, 'column' | 'text'>> = {
  escalation_priority_orden: { column: 's.escalation_priority_orden', text: false },
  participation_type: { column: 'p.participation_type_desc', text: true },
  resource: { column: stepTarget, text: true },
  channel: { column: 'c.channel_desc', text: true },
  escalation_active: { column: 's.escalation_active', text: false },
};

function stepsQuery(tx: Tx, customerId: number) {
  return tx
    .selectFrom('escalation_resources as s')
    .innerJoin('participation_types as p', 'p.participation_type_id', 's.participation_type_id')
    .innerJoin('channels as c', 'c.channel_id', 's.channel_id')
    .leftJoin('resources as r', (join) => join.on(sameCustomerRow('r', 's', 'resource_id')))
    .leftJoin('schedules as sc', (join) => join.on(sameCustomerRow('sc', 's', 'schedule_id')))
    .where('s.customer_id', '=', customerId);
}

export const findEscalationStep = (tx: Tx, customerId: number, id: number) =>
  stepsQuery(tx, customerId).select(STEP_COLUMNS).where('s.escalation_resource_id', '=', id).executeTakeFirst();

/** docs/product.md#escalation-steps an escalation's steps: searched (resource, channel, participation), sorted and paged. */
export function listEscalationStepsPage<Item>(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery & { escalation_id: number },
  toItem: (row: StepRow) => Item,
): Promise<ListOf<Item>> {
  const matching = stepsQuery(database.db, customerId).where('s.escalation_id', '=', query.escalation_id);
  const { column, direction } = ordering(query, STEP_ORDER_COLUMNS, 'escalation_priority_orden');
  const order = { ...STEP_SORT[column], direction, key: 's.escalation_resource_id' };
  const searchText = sql<string>`lower(${stepTarget} || ' ' || c.channel_desc || ' ' || p.participation_type_desc)`;
  return readPage(
    database,
    scope,
    query,
    { matching, searchText, columns: (rows) => rows.select(STEP_COLUMNS), order },
    toItem,
  );
}

/** The highest priority among an escalation's steps (0 when it has none). */
export async function topStepPriority(tx: Tx, customerId: number, escalationId: number): Promise<number> {
  const last = await tx
    .selectFrom('escalation_resources')
    .select((eb) => eb.fn.max('escalation_priority_orden').as('top'))
    .where('customer_id', '=', customerId)
    .where('escalation_id', '=', escalationId)
    .executeTakeFirst();
  return Number(last?.top ?? 0);
}

/**
 * docs/product.md#http-calls PUT /api/escalation/priority/{id}: renumbers an escalation's steps 1..n in the order
 * given, in one statement, only when the list holds every step of the escalation once; answers
 * how many steps it renumbered (the list's length when it did, else 0).
 */
export async function renumberEscalationSteps(
  tx: Tx,
  customerId: number,
  id: number,
  ordered: number[],
  stamp: { by: string; at: Date },
): Promise<number> {
  const changed = await sql<{ n: number }>`
    with wanted as (select step_id, position from unnest(${ordered}::integer[]) with ordinality as w(step_id, position)),
    held as (select count(*) as n from escalation_resources where customer_id = ${customerId} and escalation_id = ${id}),
    matched as (
      select count(*) as n from wanted w
      join escalation_resources s on s.escalation_resource_id = w.step_id and s.customer_id = ${customerId} and s.escalation_id = ${id}
    ),
    renumbered as (
      update escalation_resources s set escalation_priority_orden = w.position,
        escalation_resource_updateby = ${stamp.by}, escalation_resource_updatedt = ${stamp.at}
      from wanted w, held, matched
      where s.escalation_resource_id = w.step_id and s.customer_id = ${customerId} and s.escalation_id = ${id}
        and held.n = ${ordered.length} and matched.n = ${ordered.length}
      returning 1
    )
    select count(*)::integer as n from renumbered`.execute(tx);
  return Number(changed.rows[0]?.n ?? 0);
}

// SLAs (docs/product.md#slas)

export type SlaRow = Omit<Selectable<SlasTable>, 'customer_id' | 'search_text'>;
const SLA_COLUMNS = [
  'sla_id',
  'sla_name',
  'sla_desc',
  'sla_active',
  'sla_response_time',
  'sla_response_time_mult',
  'sla_createby',
  'sla_createdt',
  'sla_updateby',
  'sla_updatedt',
] as const;
const SLA_SORT_TEXT = new Set(['sla_name', 'sla_desc', 'sla_updateby']);

export const findSla = (tx: Tx, customerId: number, id: number) =>
  byKey(tx, customerId, 'slas', id).select(SLA_COLUMNS).executeTakeFirst();

/** docs/product.md#slas the SLAs list: by status, searched, sorted and paged. */
export function listSlasPage<Item>(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery & { sla_active?: YesNo },
  toItem: (row: SlaRow) => Item,
): Promise<ListOf<Item>> {
  let matching = database.db.selectFrom('slas').where('customer_id', '=', customerId);
  if (query.sla_active) matching = matching.where('sla_active', '=', query.sla_active);
  const { column, direction } = ordering(query, SLA_ORDER_COLUMNS, 'sla_id');
  const order = { column, text: SLA_SORT_TEXT.has(column), direction, key: 'sla_id' };
  const columns = (rows: typeof matching) => rows.select(SLA_COLUMNS);
  return readPage(database, scope, query, { matching, searchText: sql`search_text`, columns, order }, toItem);
}

/** Writes an SLA of the caller's customer; false when it has none of that id. */
export async function updateSla(
  tx: Tx,
  customerId: number,
  id: number,
  values: Updateable<SlasTable>,
): Promise<boolean> {
  const changed = await tx
    .updateTable('slas')
    .set(values)
    .where('customer_id', '=', customerId)
    .where('sla_id', '=', id)
    .returning('sla_id')
    .executeTakeFirst();
  return changed !== undefined;
}

// Resources (docs/product.md#resources)

export interface ResourceRow {
  resource_id: number;
  resource_fullname: string;
  resource_active: YesNo;
  resource_email: string | null;
  language_id: string;
  language_desc: string;
  resource_phone1: string | null;
  resource_country_phone1: string | null;
  resource_phone2: string | null;
  resource_country_phone2: string | null;
  resource_createby: string | null;
  resource_createdt: Date;
  resource_updateby: string | null;
  resource_updatedt: Date | null;
}
const RESOURCE_COLUMNS = [
  'r.resource_id',
  'r.resource_fullname',
  'r.resource_active',
  'r.resource_email',
  'r.language_id',
  'l.language_desc',
  'r.resource_phone1',
  'r.resource_country_phone1',
  'r.resource_phone2',
  'r.resource_country_phone2',
  'r.resource_createby',
  'r.resource_createdt',
  'r.resource_updateby',
  'r.resource_updatedt',
] as const;
/** docs/product.md#resources sort columns to their database expressions (text without regard to case). */
const RESOURCE_SORT: Record<(typeof RESOURCE_ORDER_COLUMNS)[number], { column: string; text: boolean }> = {
  resource_fullname: { column: 'r.resource_fullname', text: true },
  resource_email: { column: 'r.resource_email', text: true },
  language: { column: 'l.language_desc', text: true },
  resource_phone1: { column: 'r.resource_phone1', text: false },
  resource_phone2: { column: 'r.resource_phone2', text: false },
  resource_active: { column: 'r.resource_active', text: false },
  resource_updateby: { column: 'r.resource_updateby', text: true },
  resource_updatedt: { column: 'r.resource_updatedt', text: false },
  resource_id: { column: 'r.resource_id', text: false },
};

/** The customer's resources with their language. */
const resourcesOf = (tx: Tx, customerId: number) =>
  tx
    .selectFrom('resources as r')
    .innerJoin('languages as l', 'l.language_id', 'r.language_id')
    .select(RESOURCE_COLUMNS)
    .where('r.customer_id', '=', customerId);

export const findResource = (tx: Tx, customerId: number, id: number) =>
  resourcesOf(tx, customerId).where('r.resource_id', '=', id).executeTakeFirst();

/** docs/product.md#http-calls filtered/{id}: the active resources, by name, at most one page's worth. */
export const listActiveResources = (tx: Tx, customerId: number) =>
  resourcesOf(tx, customerId)
    .where('r.resource_active', '=', 'Y')
    .orderBy(sql`lower(r.resource_fullname)`)
    .orderBy('r.resource_id')
    .limit(MAX_PAGE_SIZE)
    .execute();

/** docs/product.md#resources the resources list: by status, searched, sorted and paged. */
export function listResourcesPage<Item>(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery & { resource_active?: YesNo },
  toItem: (row: ResourceRow) => Item,
): Promise<ListOf<Item>> {
  let matching = database.db.selectFrom('resources as r').where('r.customer_id', '=', customerId);
  if (query.resource_active) matching = matching.where('r.resource_active', '=', query.resource_active);
  const { column, direction } = ordering(query, RESOURCE_ORDER_COLUMNS, 'resource_fullname');
  const order = { ...RESOURCE_SORT[column], direction, key: 'r.resource_id' };
  const columns = (rows: typeof matching) =>
    rows.innerJoin('languages as l', 'l.language_id', 'r.language_id').select(RESOURCE_COLUMNS);
  return readPage(database, scope, query, { matching, searchText: sql`r.search_text`, columns, order }, toItem);
}

/** The customer's count of resources and its quota (customer_qty_resources, docs/product.md#constants-and-limits). */
export async function resourceCount(tx: Tx, customerId: number): Promise<{ count: number; quota: number }> {
  const row = await tx
    .selectFrom('customers as c')
    .select([
      'c.customer_qty_resources',
      (eb) =>
        eb
          .selectFrom('resources')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('customer_id', '=', customerId)
          .as('count'),
    ])
    .where('c.customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count ?? 0), quota: row.customer_qty_resources };
}

/** Holds the customer's resource creations to one at a time until the transaction ends. */
export async function lockResourceCreation(tx: Tx, customerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('relevo.resources'), ${customerId})`.execute(tx);
}

/** The names of the escalations with a step on a resource (a delete is refused while any has). */
export async function escalationNamesUsingResource(tx: Tx, customerId: number, resourceId: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('escalations as e')
    .select('e.escalation_name')
    .where('e.customer_id', '=', customerId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('escalation_resources as s')
          .select('s.escalation_resource_id')
          .whereRef('s.escalation_id', '=', 'e.escalation_id')
          .where('s.resource_id', '=', resourceId),
      ),
    )
    .orderBy('e.escalation_name')
    .execute();
  return rows.map((row) => row.escalation_name);
}

/**
 * The names of the schedules that name a resource: in a rotation or a temporary shift (their
 * members) or in an override (docs/product.md#schedules); a delete is refused while any does.
 */
export async function scheduleNamesUsingResource(tx: Tx, customerId: number, resourceId: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('schedules as sc')
    .select('sc.schedule_name')
    .where('sc.customer_id', '=', customerId)
    .where('sc.schedule_id', 'in', schedulesNaming(tx, customerId, [resourceId]))
    .orderBy('sc.schedule_name')
    .execute();
  return rows.map((row) => row.schedule_name);
}

// Escalation validity (docs/product.md#entities)

/**
 * Keeps escalation_last_in_line and escalation_validate true to the steps (docs/product.md#entities), by the domain's
 * rules (libs/domain/src/rules/escalation.ts). Call it in the transaction that changed a step
 * (create, edit, delete, reorder), a resource some step uses (status, e-mail, phones) or the status
 * of a schedule some step calls, with the escalations concerned; it reads their steps once and
 * writes only what changed.
 */
export async function refreshEscalations(tx: Tx, escalationIds: readonly number[]): Promise<void> {
  const ids = [...new Set(escalationIds)];
  if (ids.length === 0) return;
  const rows = await tx
    .selectFrom('escalation_resources as s')
    .leftJoin('resources as r', (join) => join.on(sameCustomerRow('r', 's', 'resource_id')))
    .leftJoin('schedules as sc', (join) => join.on(sameCustomerRow('sc', 's', 'schedule_id')))
    .select([
      's.escalation_id',
      's.escalation_resource_id',
      's.escalation_priority_orden',
      's.escalation_active',
      's.escalation_last_in_line',
      's.channel_id',
      'r.resource_id',
      'r.resource_fullname',
      'r.resource_active',
      'r.resource_email',
      'r.resource_phone1',
      'r.resource_phone2',
      'sc.schedule_id',
      'sc.schedule_name',
      'sc.schedule_active',
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
      resource:
        row.resource_id === null
          ? null
          : {
              resource_fullname: row.resource_fullname!,
              resource_active: row.resource_active!,
              resource_email: row.resource_email,
              resource_phone1: row.resource_phone1,
              resource_phone2: row.resource_phone2,
            },
      // docs/product.md#schedules: a schedule step counts while its schedule is active
      schedule:
        row.schedule_id === null ? null : { schedule_name: row.schedule_name!, schedule_active: row.schedule_active! },
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
