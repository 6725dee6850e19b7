import { sql, type Selectable } from 'kysely';
import { APPLICATION_ORDER_COLUMNS, MODULE_ORDER_COLUMNS } from '@relevo/api';
import {
  APPLICATION_MESSAGES,
  ESCALATION_MESSAGES,
  MESSAGES,
  MODULE_MESSAGES,
  SLA_MESSAGES,
  applicationDeleteRefusal,
  moduleChoiceRefusals,
  type Application,
  type ApplicationCreate,
  type ApplicationUpdate,
  type ListOf,
  type MessageAnswer,
  type Module,
  type ModuleCreate,
  type ModuleUpdate,
  type PageQuery,
  type YesNo,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { sameCustomerRow } from '../db/joins';
import { matches, ordering, pageOf, readList, sortKey } from '../db/listing';
import type { ApplicationsTable } from '../db/schema';
import { ValidationFailure } from '../http/errors';
import { catalogueUnit, conflict, listOfParent, notFound, stampsOf, type CatalogueTx } from './common';

type ApplicationRow = Omit<Selectable<ApplicationsTable>, 'customer_id' | 'search_text'> & { modules: string | null };
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

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.application_id,
    application_id: row.application_id,
    application_name: row.application_name,
    application_active: row.application_active,
    modules: row.modules ?? '',
    ...stampsOf('application', row),
  };
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
] as const;
const escalationResources = sql<string | null>`(
  select string_agg(r.resource_fullname, ', ' order by st.escalation_priority_orden, st.escalation_resource_id)
  from escalation_resources st join resources r on r.customer_id = st.customer_id and r.resource_id = st.resource_id
  where st.escalation_id = m.escalation_id)`.as('escalation_resources');

interface ModuleRow {
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
}

export function toModule(row: ModuleRow): Module {
  return {
    id: row.module_id,
    module_id: row.module_id,
    module_name: row.module_name,
    module_desc: row.module_desc,
    module_active: row.module_active,
    application: { application_id: row.application_id, application_name: row.application_name },
    escalation:
      row.escalation_id === null
        ? null
        : {
            escalation_id: row.escalation_id,
            escalation_name: row.escalation_name ?? '',
            escalation_active: row.escalation_active ?? 'N',
            escalation_validate: row.escalation_validate ?? 'N',
            resources: row.escalation_resources ?? '',
          },
    sla: row.sla_id === null ? null : { sla_id: row.sla_id, sla_name: row.sla_name ?? '' },
    ...stampsOf('module', row),
  };
}

function modulesQuery(db: Pick<CatalogueTx, 'selectFrom'>, customerId: number) {
  return db
    .selectFrom('modules as m')
    .innerJoin('applications as a', (join) => join.on(sameCustomerRow('a', 'm', 'application_id')))
    .leftJoin('escalations as e', (join) => join.on(sameCustomerRow('e', 'm', 'escalation_id')))
    .leftJoin('slas as s', (join) => join.on(sameCustomerRow('s', 'm', 'sla_id')))
    .where('m.customer_id', '=', customerId);
}

const APPLICATION_SORT_TEXT = new Set(['application_name', 'application_updateby']);
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

const findApplication = (tx: CatalogueTx, customerId: number, id: number) =>
  tx
    .selectFrom('applications as a')
    .select([...APPLICATION_COLUMNS, moduleNames])
    .where('a.customer_id', '=', customerId)
    .where('a.application_id', '=', id)
    .executeTakeFirst();
const findModule = (tx: CatalogueTx, customerId: number, id: number) =>
  modulesQuery(tx, customerId)
    .select([...MODULE_COLUMNS, escalationResources])
    .where('m.module_id', '=', id)
    .executeTakeFirst();

/** docs/product.md#applications, #modules: applications and the modules that raise their incidents. */
export function applicationService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);

  async function requireApplication(tx: CatalogueTx, customerId: number, id: number) {
    const row = await findApplication(tx, customerId, id);
    if (!row) throw notFound(APPLICATION_MESSAGES.notFound);
    return row;
  }

  /** A module's escalation and SLA: the caller's (else not found), active and, for the escalation, valid (else 422). */
  async function checkChoices(tx: CatalogueTx, customerId: number, body: ModuleCreate) {
    const escalation = await tx
      .selectFrom('escalations')
      .select(['escalation_active', 'escalation_validate'])
      .where('customer_id', '=', customerId)
      .where('escalation_id', '=', body.escalation_id)
      .executeTakeFirst();
    if (!escalation) throw notFound(ESCALATION_MESSAGES.notFound);
    const sla = await tx
      .selectFrom('slas')
      .select('sla_active')
      .where('customer_id', '=', customerId)
      .where('sla_id', '=', body.sla_id)
      .executeTakeFirst();
    if (!sla) throw notFound(SLA_MESSAGES.notFound);
    const refusals = moduleChoiceRefusals({ escalation, sla });
    const items = [
      ...(refusals.escalation_id ? [{ loc: ['body', 'escalation_id'], msg: MODULE_MESSAGES.escalationUnusable }] : []),
      ...(refusals.sla_id ? [{ loc: ['body', 'sla_id'], msg: MODULE_MESSAGES.slaUnusable }] : []),
    ];
    if (items.length > 0) throw new ValidationFailure(items);
  }

  const nameTaken =
    (field: string, message: string) =>
    (error: unknown): never => {
      if (isUniqueViolation(error)) throw ValidationFailure.field(field, message);
      throw error;
    };

  return {
    list(principal: Principal, query: PageQuery & { application_active?: YesNo }): Promise<ListOf<Application>> {
      let matching = ctx.database.db.selectFrom('applications as a').where('a.customer_id', '=', principal.customerId);
      if (query.application_active) matching = matching.where('a.application_active', '=', query.application_active);
      if (query.search) matching = matching.where(matches(sql`a.search_text`, query.search.toLowerCase()));
      const order = ordering(query, APPLICATION_ORDER_COLUMNS, 'application_name');
      const page = matching
        .select([...APPLICATION_COLUMNS, moduleNames])
        .orderBy(sortKey(`a.${order.column}`, APPLICATION_SORT_TEXT.has(order.column)), order.direction)
        .orderBy('a.application_id', order.direction);
      return readList(ctx.database, principal.scope, {
        matching,
        page: pageOf(page, query),
        toItem: toApplication,
        searched: Boolean(query.search),
      });
    },

    async get(principal: Principal, id: number): Promise<Application> {
      return toApplication(
        await unit.inCustomer(principal, (tx, customerId) => requireApplication(tx, customerId, id)),
      );
    },

    create(principal: Principal, body: ApplicationCreate): Promise<Application> {
      return unit
        .inCustomer(principal, async (tx, customerId) => {
          const made = await tx
            .insertInto('applications')
            .values({
              customer_id: customerId,
              ...body,
              application_createby: principal.email,
              application_createdt: unit.now(),
            })
            .returning('application_id')
            .executeTakeFirstOrThrow();
          await unit.audited(tx, principal, {
            action: 'create',
            entity: 'application',
            entityId: made.application_id,
            detail: { ...body },
          });
          return toApplication(await requireApplication(tx, customerId, made.application_id));
        })
        .catch(nameTaken('application_name', APPLICATION_MESSAGES.nameTaken));
    },

    update(principal: Principal, id: number, body: ApplicationUpdate): Promise<Application> {
      return unit
        .inCustomer(principal, async (tx, customerId) => {
          await requireApplication(tx, customerId, id);
          await tx
            .updateTable('applications')
            .set({ ...body, application_updateby: principal.email, application_updatedt: unit.now() })
            .where('customer_id', '=', customerId)
            .where('application_id', '=', id)
            .execute();
          await unit.audited(tx, principal, {
            action: 'update',
            entity: 'application',
            entityId: id,
            detail: { ...body },
          });
          return toApplication(await requireApplication(tx, customerId, id));
        })
        .catch(nameTaken('application_name', APPLICATION_MESSAGES.nameTaken));
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireApplication(tx, customerId, id);
        const modules = await tx
          .selectFrom('modules')
          .select('module_name')
          .where('customer_id', '=', customerId)
          .where('application_id', '=', id)
          .orderBy('module_name')
          .execute();
        const refusal = applicationDeleteRefusal(modules.map((module) => module.module_name));
        if (refusal) throw conflict(refusal);
        await tx
          .deleteFrom('applications')
          .where('customer_id', '=', customerId)
          .where('application_id', '=', id)
          .execute();
        await unit.audited(tx, principal, { action: 'delete', entity: 'application', entityId: id });
        return { Message: MESSAGES.applicationDeleted };
      });
    },

    listModules(principal: Principal, query: PageQuery & { application_id: number }): Promise<ListOf<Module>> {
      let matching = modulesQuery(ctx.database.db, principal.customerId).where(
        'm.application_id',
        '=',
        query.application_id,
      );
      if (query.search) matching = matching.where(matches(sql`m.search_text`, query.search.toLowerCase()));
      const order = ordering(query, MODULE_ORDER_COLUMNS, 'module_name');
      const sort = MODULE_SORT[order.column];
      const page = matching
        .select([...MODULE_COLUMNS, escalationResources])
        .orderBy(sortKey(sort.column, sort.text), order.direction)
        .orderBy('m.module_id', order.direction);
      return listOfParent(
        readList(ctx.database, principal.scope, {
          matching,
          page: pageOf(page, query),
          toItem: toModule,
          searched: Boolean(query.search),
        }),
        () => unit.inCustomer(principal, (tx, customerId) => requireApplication(tx, customerId, query.application_id)),
      );
    },

    async getModule(principal: Principal, id: number): Promise<Module> {
      const row = await unit.inCustomer(principal, (tx, customerId) => findModule(tx, customerId, id));
      if (!row) throw notFound(MODULE_MESSAGES.notFound);
      return toModule(row);
    },

    createModule(principal: Principal, body: ModuleCreate): Promise<Module> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireApplication(tx, customerId, body.application_id);
        await checkChoices(tx, customerId, body);
        const made = await tx
          .insertInto('modules')
          .values({ customer_id: customerId, ...body, module_createby: principal.email, module_createdt: unit.now() })
          .returning('module_id')
          .executeTakeFirstOrThrow()
          .catch(nameTaken('module_name', MODULE_MESSAGES.nameTaken));
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'module',
          entityId: made.module_id,
          detail: { ...body },
        });
        return toModule((await findModule(tx, customerId, made.module_id))!);
      });
    },

    updateModule(principal: Principal, id: number, body: ModuleUpdate): Promise<Module> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findModule(tx, customerId, id);
        if (!current) throw notFound(MODULE_MESSAGES.notFound);
        // docs/product.md#modules: the application is locked once set
        if (body.application_id !== current.application_id)
          throw ValidationFailure.field('application_id', MODULE_MESSAGES.applicationLocked);
        await checkChoices(tx, customerId, body);
        await tx
          .updateTable('modules')
          .set({ ...body, module_updateby: principal.email, module_updatedt: unit.now() })
          .where('customer_id', '=', customerId)
          .where('module_id', '=', id)
          .execute()
          .catch(nameTaken('module_name', MODULE_MESSAGES.nameTaken));
        await unit.audited(tx, principal, { action: 'update', entity: 'module', entityId: id, detail: { ...body } });
        return toModule((await findModule(tx, customerId, id))!);
      });
    },

    removeModule(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        if (!(await findModule(tx, customerId, id))) throw notFound(MODULE_MESSAGES.notFound);
        // its events stay (their module id names a module that is gone; they keep their texts)
        await tx.deleteFrom('modules').where('customer_id', '=', customerId).where('module_id', '=', id).execute();
        await unit.audited(tx, principal, { action: 'delete', entity: 'module', entityId: id });
        return { Message: MESSAGES.moduleDeleted };
      });
    },
  };
}
