import * as v from 'valibot';
import { GoAlertFileSchema, planGoAlert } from './goalert';
import { GrafanaOnCallFileSchema, planGrafanaOnCall } from './grafana-oncall';
import { OpsgenieFileSchema, planOpsgenie } from './opsgenie';
import { PagerDutyFileSchema, planPagerDuty } from './pagerduty';
import { IMPORT_MESSAGES, IMPORT_SOURCE_LABELS, fileIssue, type ImportPlan, type ImportSource } from './plan';

export * from './plan';
export * from '../machines/import/import.machine';
export { planPagerDuty, PagerDutyFileSchema } from './pagerduty';
export { planOpsgenie, OpsgenieFileSchema } from './opsgenie';
export { planGoAlert, GoAlertFileSchema } from './goalert';
export { planGrafanaOnCall, GrafanaOnCallFileSchema } from './grafana-oncall';

/** The lists each tool's file is keyed by (docs/product.md#importers). */
export const IMPORT_LISTS: Record<ImportSource, readonly string[]> = {
  pagerduty: ['users', 'escalation_policies', 'schedules', 'services'],
  opsgenie: ['users', 'teams', 'escalations', 'schedules'],
  goalert: ['users', 'escalationPolicies', 'rotations', 'schedules', 'userOverrides', 'services'],
  'grafana-oncall': [
    'users',
    'escalation_chains',
    'escalation_policies',
    'schedules',
    'on_call_shifts',
    'integrations',
  ],
};

/**
 * docs/product.md#importers: the file's text read as the tool's export and mapped to the plan, or
 * the reason it cannot be (not JSON, not the tool's shapes: where and what).
 */
export function planImport(source: ImportSource, text: string, now: number): { plan: ImportPlan } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `${IMPORT_MESSAGES.notJson}: ${(error as Error).message}` };
  }
  const tool = IMPORT_SOURCE_LABELS[source];
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { error: IMPORT_MESSAGES.notExport(tool, 'it must be one JSON object keyed by list') };
  const lists = IMPORT_LISTS[source];
  if (!lists.some((list) => list in json))
    return { error: IMPORT_MESSAGES.notExport(tool, `it holds none of the lists ${lists.join(', ')}`) };
  const parse = <S extends v.GenericSchema>(schema: S) => v.safeParse(schema, json);
  switch (source) {
    case 'pagerduty': {
      const file = parse(PagerDutyFileSchema);
      return file.success
        ? { plan: planPagerDuty(file.output, now) }
        : { error: IMPORT_MESSAGES.notExport(tool, fileIssue(file.issues)) };
    }
    case 'opsgenie': {
      const file = parse(OpsgenieFileSchema);
      return file.success
        ? { plan: planOpsgenie(file.output, now) }
        : { error: IMPORT_MESSAGES.notExport(tool, fileIssue(file.issues)) };
    }
    case 'goalert': {
      const file = parse(GoAlertFileSchema);
      return file.success
        ? { plan: planGoAlert(file.output) }
        : { error: IMPORT_MESSAGES.notExport(tool, fileIssue(file.issues)) };
    }
    case 'grafana-oncall': {
      const file = parse(GrafanaOnCallFileSchema);
      return file.success
        ? { plan: planGrafanaOnCall(file.output) }
        : { error: IMPORT_MESSAGES.notExport(tool, fileIssue(file.issues)) };
    }
  }
}
