import {
  mayCall,
  APPLICATION_MESSAGES,
  ESCALATION_MESSAGES,
  MESSAGES,
  MODULE_MESSAGES,
  SLA_MESSAGES,
  applicationDeleteRefusal,
  inboundEmailOf,
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
import { createCredential } from '@relevo/api';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { ValidationFailure } from '../http/errors';
import {
  deleteRecord,
  findApplication,
  findEscalationState,
  findModule,
  findSlaState,
  insertRecord,
  listApplicationsPage,
  listModulesPage,
  moduleNamesUsing,
  updateRecord,
  type ApplicationRow,
  type ModuleRow,
} from './queries';
import { catalogueUnit, conflict, listOfParent, notFound, stampsOf, type CatalogueTx } from './common';

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

/** A module as answered; its e-mail address at `inboundDomain` (docs/product.md#e-mail-into-incidents; null: e-mail in is off). */
export function toModule(row: ModuleRow, inboundDomain: string | null, addressReadable: boolean): Module {
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
    ...inboundEmailOf(row.inbound_email_local, inboundDomain, addressReadable),
    ...stampsOf('module', row),
  };
}

/** docs/product.md#applications, #modules: applications and the modules that raise their incidents. */
export function applicationService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);
  // docs/product.md#e-mail-into-incidents: addresses only where a receiver takes their mail
  const inboundDomain = ctx.config.inboundEmail?.domain ?? null;
  // the address opens incidents: shown to those who may make the module's credentials only
  const moduleOf = (principal: Principal) => (row: ModuleRow) =>
    toModule(row, inboundDomain, mayCall(principal.role, createCredential));

  async function requireApplication(tx: CatalogueTx, customerId: number, id: number) {
    const row = await findApplication(tx, customerId, id);
    if (!row) throw notFound(APPLICATION_MESSAGES.notFound);
    return row;
  }

  /** A module's escalation and SLA: the caller's (else not found), active and, for the escalation, valid (else 422). */
  async function checkChoices(tx: CatalogueTx, customerId: number, body: ModuleCreate) {
    const escalation = await findEscalationState(tx, customerId, body.escalation_id);
    if (!escalation) throw notFound(ESCALATION_MESSAGES.notFound);
    const sla = await findSlaState(tx, customerId, body.sla_id);
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
      return listApplicationsPage(ctx.database, principal.scope, principal.customerId, query, toApplication);
    },

    async get(principal: Principal, id: number): Promise<Application> {
      return toApplication(
        await unit.inCustomer(principal, (tx, customerId) => requireApplication(tx, customerId, id)),
      );
    },

    create(principal: Principal, body: ApplicationCreate): Promise<Application> {
      return unit
        .inCustomer(principal, async (tx, customerId) => {
          const made = await insertRecord(tx, customerId, 'applications', {
            ...body,
            application_createby: principal.email,
            application_createdt: unit.now(),
          });
          const saved = toApplication(await requireApplication(tx, customerId, made));
          await unit.audited(tx, principal, {
            action: 'create',
            entity: 'application',
            entityId: made,
            detail: { ...body },
            after: saved,
          });
          return saved;
        })
        .catch(nameTaken('application_name', APPLICATION_MESSAGES.nameTaken));
    },

    update(principal: Principal, id: number, body: ApplicationUpdate): Promise<Application> {
      return unit
        .inCustomer(principal, async (tx, customerId) => {
          const before = toApplication(await requireApplication(tx, customerId, id));
          await updateRecord(tx, customerId, 'applications', id, {
            ...body,
            application_updateby: principal.email,
            application_updatedt: unit.now(),
          });
          const saved = toApplication(await requireApplication(tx, customerId, id));
          await unit.audited(tx, principal, {
            action: 'update',
            entity: 'application',
            entityId: id,
            detail: { ...body },
            before,
            after: saved,
          });
          return saved;
        })
        .catch(nameTaken('application_name', APPLICATION_MESSAGES.nameTaken));
    },

    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const before = toApplication(await requireApplication(tx, customerId, id));
        const refusal = applicationDeleteRefusal(await moduleNamesUsing(tx, customerId, 'application_id', id));
        if (refusal) throw conflict(refusal);
        await deleteRecord(tx, customerId, 'applications', id);
        await unit.audited(tx, principal, { action: 'delete', entity: 'application', entityId: id, before });
        return { Message: MESSAGES.applicationDeleted };
      });
    },

    listModules(principal: Principal, query: PageQuery & { application_id: number }): Promise<ListOf<Module>> {
      return listOfParent(
        listModulesPage(ctx.database, principal.scope, principal.customerId, query, moduleOf(principal)),
        () => unit.inCustomer(principal, (tx, customerId) => requireApplication(tx, customerId, query.application_id)),
      );
    },

    async getModule(principal: Principal, id: number): Promise<Module> {
      const row = await unit.inCustomer(principal, (tx, customerId) => findModule(tx, customerId, id));
      if (!row) throw notFound(MODULE_MESSAGES.notFound);
      return moduleOf(principal)(row);
    },

    createModule(principal: Principal, body: ModuleCreate): Promise<Module> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireApplication(tx, customerId, body.application_id);
        await checkChoices(tx, customerId, body);
        const made = await insertRecord(tx, customerId, 'modules', {
          ...body,
          module_createby: principal.email,
          module_createdt: unit.now(),
        }).catch(nameTaken('module_name', MODULE_MESSAGES.nameTaken));
        const saved = moduleOf(principal)((await findModule(tx, customerId, made))!);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'module',
          entityId: made,
          detail: { ...body },
          after: saved,
        });
        return saved;
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
        await updateRecord(tx, customerId, 'modules', id, {
          ...body,
          module_updateby: principal.email,
          module_updatedt: unit.now(),
        }).catch(nameTaken('module_name', MODULE_MESSAGES.nameTaken));
        const saved = moduleOf(principal)((await findModule(tx, customerId, id))!);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'module',
          entityId: id,
          detail: { ...body },
          before: moduleOf(principal)(current),
          after: saved,
        });
        return saved;
      });
    },

    removeModule(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const current = await findModule(tx, customerId, id);
        if (!current) throw notFound(MODULE_MESSAGES.notFound);
        // its events stay (their module id names a module that is gone; they keep their texts)
        await deleteRecord(tx, customerId, 'modules', id);
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'module',
          entityId: id,
          before: moduleOf(principal)(current),
        });
        return { Message: MESSAGES.moduleDeleted };
      });
    },
  };
}
