import * as v from 'valibot';
import {
  IMPORT_MESSAGES,
  MODULE_MESSAGES,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  ESCALATION_MESSAGES,
  OverrideSchema,
  RotationSchema,
  StepSchema,
  emptyCounts,
  moduleChoiceRefusals,
  planImport,
  type ImportKind,
  type ImportPlan,
  type ImportReport,
  type ImportSource,
  type Unmapped,
} from '@relevo/domain';
import type { AppContext } from '../context';
import type { Scope } from '../db/database';
import type { StoredScheduleDefinition } from '../db/schema';
import { HttpError } from '../http/errors';
import { audit } from '../security/audit';
import {
  findEscalationState,
  insertRecord,
  lockResourceCreation,
  refreshEscalations,
  resourceCount,
  topStepPriority,
} from '../catalogue/queries';
import type { CatalogueTx } from '../catalogue/common';
import { stepColumns } from '../catalogue/escalations';
import { countOverrides, insertOverride, insertSchedule, replaceMembers } from '../schedules/queries';
import { membersOf } from '../schedules/definitions';
import {
  applicationsByName,
  existingIds,
  firstActiveSla,
  importedRecords,
  lockImports,
  moduleNameTaken,
  rememberImported,
  resourcesByEmail,
  scheduleNames,
} from './queries';

/** Who imports: a Customer Root's session, or the CLI for a customer named on the command line. */
export interface Importer {
  scope: Scope;
  customerId: number;
  /** the stamps' createby */
  by: string;
  actor: { id: number; email: string } | null;
}

/** A malformed file: nothing is written (422 on the API, exit code 1 on the CLI). */
export class ImportFileError extends Error {}

/** Ends a dry run's transaction after its work, so nothing it did stays. */
class DryRunDone extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/**
 * docs/product.md#importers: an export of another tool becomes Relevo records in one transaction
 * of the customer's scope, each made through the rules the screens use; what a previous import
 * made is found through `imported_records` and left as it is. A dry run does all of it and rolls
 * back, so its report is exactly what the import would do.
 */
export function importService(ctx: AppContext) {
  async function apply(tx: CatalogueTx, importer: Importer, plan: ImportPlan, dryRun: boolean): Promise<ImportReport> {
    const customerId = importer.customerId;
    // one import at a time per customer: two at once would both find a record missing and make it twice
    await lockImports(tx, customerId);
    const now = ctx.clock.now();
    const counts = emptyCounts();
    const unmapped: Unmapped[] = [...plan.unmapped];
    const source: ImportSource = plan.source;
    const known = await importedRecords(tx, customerId, source);
    const made = (kind: ImportKind) => counts[kind].to_create++;
    const kept = (kind: ImportKind) => counts[kind].unchanged++;
    const remember = (kind: ImportKind, key: string, id: number) =>
      rememberImported(tx, customerId, source, kind, key, id, now);

    /** The ids of earlier imports of a kind that still exist, by key. */
    async function stillThere(kind: ImportKind, keys: readonly string[]): Promise<Map<string, number>> {
      const pairs = keys.flatMap((key) => {
        const id = known.get(`${kind}:${key}`);
        return id === undefined ? [] : [[key, id] as const];
      });
      const alive = await existingIds(
        tx,
        customerId,
        kind,
        pairs.map(([, id]) => id),
      );
      return new Map(pairs.filter(([, id]) => alive.has(id)));
    }

    // resources: an imported person is found again; a person already here (same e-mail) is taken as is
    const resourceIds = await stillThere(
      'resource',
      plan.resources.map((resource) => resource.key),
    );
    const byEmail = await resourcesByEmail(tx, customerId);
    const newResources = plan.resources.filter((resource) => {
      if (resourceIds.has(resource.key)) return false;
      const same = resource.resource_email ? byEmail.get(resource.resource_email.toLowerCase()) : undefined;
      if (same === undefined) return true;
      resourceIds.set(resource.key, same);
      return false;
    });
    for (const resource of plan.resources) {
      if (newResources.includes(resource)) continue;
      kept('resource');
      await remember('resource', resource.key, resourceIds.get(resource.key)!);
    }
    if (newResources.length > 0) {
      // docs/product.md#resources: the same quota the Resources screen counts against, one creation at a time
      await lockResourceCreation(tx, customerId);
      const { count, quota } = await resourceCount(tx, customerId);
      if (count + newResources.length > quota)
        throw new HttpError(409, IMPORT_MESSAGES.quota(newResources.length, Math.max(0, quota - count), quota));
    }
    for (const resource of newResources) {
      const id = await insertRecord(tx, customerId, 'resources', {
        resource_fullname: resource.resource_fullname,
        resource_email: resource.resource_email,
        language_id: resource.language_id,
        resource_phone1: resource.phone1?.national ?? null,
        resource_country_phone1: resource.phone1?.country ?? null,
        resource_phone1_e164: resource.phone1?.e164 ?? null,
        resource_phone2: resource.phone2?.national ?? null,
        resource_country_phone2: resource.phone2?.country ?? null,
        resource_phone2_e164: resource.phone2?.e164 ?? null,
        resource_createby: importer.by,
        resource_createdt: now,
      });
      resourceIds.set(resource.key, id);
      await remember('resource', resource.key, id);
      made('resource');
    }

    // schedules, their rotations' people resolved to the resources just found or made
    const scheduleIds = await stillThere(
      'schedule',
      plan.schedules.map((schedule) => schedule.key),
    );
    const takenNames = await scheduleNames(tx, customerId);
    const overrideIds = await stillThere(
      'override',
      plan.schedules.flatMap((schedule) => schedule.overrides.map((override) => override.key)),
    );
    for (const schedule of plan.schedules) {
      let id = scheduleIds.get(schedule.key);
      if (id !== undefined) kept('schedule');
      else if (takenNames.has(schedule.schedule_name.toLowerCase())) {
        unmapped.push({ what: `Schedule ${schedule.schedule_name}`, why: SCHEDULE_MESSAGES.nameTaken });
        continue;
      } else {
        const rotations = schedule.rotations.map((rotation, index) => ({
          ...v.parse(RotationSchema, {
            ...rotation,
            participants: rotation.participants.map((key) => resourceIds.get(key)),
          }),
          rotation_id: index + 1,
        }));
        const definition: StoredScheduleDefinition = { rotations, temporary_schedules: [] };
        id = await insertSchedule(tx, customerId, {
          schedule_name: schedule.schedule_name,
          schedule_desc: schedule.schedule_desc,
          time_zone: schedule.time_zone,
          handoff_notices: 'N',
          definition,
          schedule_createby: importer.by,
          schedule_createdt: now,
        });
        await replaceMembers(tx, customerId, id, membersOf(definition));
        takenNames.add(schedule.schedule_name.toLowerCase());
        scheduleIds.set(schedule.key, id);
        await remember('schedule', schedule.key, id);
        made('schedule');
      }
      let room = SCHEDULE_LIMITS.overrides - (await countOverrides(tx, customerId, id));
      for (const override of schedule.overrides) {
        if (overrideIds.has(override.key)) {
          kept('override');
          continue;
        }
        if (room <= 0) {
          unmapped.push({
            what: `Schedule ${schedule.schedule_name}: override ${override.start}`,
            why: SCHEDULE_MESSAGES.overridesTooMany,
          });
          continue;
        }
        const body = v.parse(OverrideSchema, {
          resource_id: resourceIds.get(override.resource),
          start: override.start,
          end: override.end,
        });
        const overrideId = await insertOverride(tx, customerId, {
          schedule_id: id,
          resource_id: body.resource_id,
          start_at: new Date(body.start),
          end_at: new Date(body.end),
          override_createby: importer.by,
          override_createdt: now,
        });
        room--;
        await remember('override', override.key, overrideId);
        made('override');
      }
    }

    // escalations and their steps, in the file's order, after the steps already there
    const escalationIds = await stillThere(
      'escalation',
      plan.escalations.map((escalation) => escalation.key),
    );
    const stepIds = await stillThere(
      'step',
      plan.escalations.flatMap((escalation) => escalation.steps.map((step) => step.key)),
    );
    const touched: number[] = [];
    for (const escalation of plan.escalations) {
      let id = escalationIds.get(escalation.key);
      if (id !== undefined) kept('escalation');
      else {
        id = await insertRecord(tx, customerId, 'escalations', {
          escalation_name: escalation.escalation_name,
          escalation_desc: escalation.escalation_desc,
          escalation_createby: importer.by,
          escalation_createdt: now,
        });
        escalationIds.set(escalation.key, id);
        await remember('escalation', escalation.key, id);
        made('escalation');
      }
      let priority = await topStepPriority(tx, customerId, id);
      for (const [index, step] of escalation.steps.entries()) {
        if (stepIds.has(step.key)) {
          kept('step');
          continue;
        }
        const resourceId = 'resource' in step.target ? resourceIds.get(step.target.resource) : undefined;
        const scheduleId = 'schedule' in step.target ? scheduleIds.get(step.target.schedule) : undefined;
        if (resourceId === undefined && scheduleId === undefined) {
          unmapped.push({
            what: `Escalation ${escalation.escalation_name}: step ${index + 1}`,
            why: 'Its schedule was not imported',
          });
          continue;
        }
        if (priority >= 999) {
          unmapped.push({
            what: `Escalation ${escalation.escalation_name}: step ${index + 1}`,
            why: ESCALATION_MESSAGES.priorityTooMany,
          });
          continue;
        }
        const body = v.parse(StepSchema, {
          escalation_id: id,
          participation_type_id: step.participation_type_id,
          channel_id: step.channel_id,
          resource_id: resourceId ?? null,
          schedule_id: scheduleId ?? null,
          next_followup_time: step.next_followup_time,
          next_followup_time_mult: step.next_followup_time_mult,
        });
        priority++;
        const stepId = await insertRecord(tx, customerId, 'escalation_resources', {
          escalation_id: id,
          ...stepColumns(body),
          escalation_priority_orden: priority,
          escalation_resource_createby: importer.by,
          escalation_resource_createdt: now,
        });
        await remember('step', step.key, stepId);
        made('step');
        touched.push(id);
      }
    }
    // docs/product.md#escalations: validity kept from the steps, in the same transaction
    if (touched.length > 0) await refreshEscalations(tx, [...new Set(touched)]);

    // applications and their modules, routed to the imported escalations with the customer's SLA
    const applicationIds = await stillThere(
      'application',
      plan.applications.map((application) => application.key),
    );
    const moduleIds = await stillThere(
      'module',
      plan.applications.flatMap((application) => application.modules.map((module) => module.key)),
    );
    const applicationNames = await applicationsByName(tx, customerId);
    const slaId = await firstActiveSla(tx, customerId);
    for (const application of plan.applications) {
      let id = applicationIds.get(application.key) ?? applicationNames.get(application.application_name.toLowerCase());
      if (id !== undefined) {
        kept('application');
        await remember('application', application.key, id);
      } else {
        id = await insertRecord(tx, customerId, 'applications', {
          application_name: application.application_name,
          application_createby: importer.by,
          application_createdt: now,
        });
        applicationNames.set(application.application_name.toLowerCase(), id);
        await remember('application', application.key, id);
        made('application');
      }
      for (const module of application.modules) {
        const what = `Module ${module.module_name}`;
        if (moduleIds.has(module.key)) {
          kept('module');
          continue;
        }
        const escalationId = escalationIds.get(module.escalation);
        if (escalationId === undefined) {
          unmapped.push({ what, why: 'Its escalation policy was not imported' });
          continue;
        }
        if (slaId === null) {
          unmapped.push({ what, why: IMPORT_MESSAGES.noSla });
          continue;
        }
        const escalation = await findEscalationState(tx, customerId, escalationId);
        if (moduleChoiceRefusals({ escalation: escalation ?? null, sla: { sla_active: 'Y' } }).escalation_id) {
          unmapped.push({ what, why: MODULE_MESSAGES.escalationUnusable });
          continue;
        }
        if (await moduleNameTaken(tx, customerId, id, module.module_name)) {
          unmapped.push({ what, why: MODULE_MESSAGES.nameTaken });
          continue;
        }
        const moduleId = await insertRecord(tx, customerId, 'modules', {
          module_name: module.module_name,
          module_desc: module.module_desc,
          application_id: id,
          escalation_id: escalationId,
          sla_id: slaId,
          module_createby: importer.by,
          module_createdt: now,
        });
        await remember('module', module.key, moduleId);
        made('module');
      }
    }

    const report: ImportReport = {
      source,
      dry_run: dryRun,
      counts: Object.fromEntries(
        Object.entries(counts).map(([kind, count]) => [kind, { ...count, created: dryRun ? 0 : count.to_create }]),
      ) as ImportReport['counts'],
      unmapped,
    };
    if (dryRun) throw new DryRunDone(report);
    await audit(
      tx,
      {
        customerId,
        actor: importer.actor,
        action: 'create',
        entity: 'import',
        entityId: null,
        detail: {
          source,
          created: Object.fromEntries(Object.entries(report.counts).map(([kind, count]) => [kind, count.created])),
        },
      },
      now,
    );
    return report;
  }

  return {
    /** Reads the file as the tool's export (ImportFileError when it is not) and applies it, or only reports on a dry run. */
    async run(importer: Importer, source: ImportSource, file: string, dryRun: boolean): Promise<ImportReport> {
      const planned = planImport(source, file, ctx.clock.now().getTime());
      if ('error' in planned) throw new ImportFileError(planned.error);
      try {
        return await ctx.database.scoped(importer.scope, (tx) => apply(tx, importer, planned.plan, dryRun));
      } catch (error) {
        if (error instanceof DryRunDone) return error.report;
        throw error;
      }
    },
  };
}
