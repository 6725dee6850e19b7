import { ApiError } from '@relevo/api';
import type {
  Channel,
  Escalation,
  EscalationStep,
  ListOf,
  ListQuery,
  ParticipationType,
  Resource,
  Schedule,
} from '@relevo/domain';
import type { EscalationCalls } from '../features/escalations/escalation-calls';
import { never } from './fixtures';

const STAMP = '2026-03-02T15:00:00Z';

export const storyChannels: Channel[] = [
  { channel_id: 1, channel_desc: 'Voice call' },
  { channel_id: 2, channel_desc: 'SMS' },
  { channel_id: 3, channel_desc: 'E-mail' },
  { channel_id: 4, channel_desc: 'Push notification' },
  { channel_id: 5, channel_desc: 'Team chat' },
];
export const storyParticipationTypes: ParticipationType[] = [
  { participation_type_id: 1, participation_type_desc: 'Agent' },
  { participation_type_id: 2, participation_type_desc: 'Supervisor' },
];

const PEOPLE = ['Ana Torres', 'Luis Soto', 'Marta Ruiz', 'Pedro Gómez', 'Carla Núñez'];
export const storyResources: Resource[] = PEOPLE.map((name, index) => ({
  id: index + 1,
  resource_id: index + 1,
  resource_fullname: name,
  resource_active: 'Y',
  resource_email: `${name.split(' ')[0]!.toLowerCase()}@democompany.demo`,
  language_id: 'ES',
  language: { language_id: 'ES', language_desc: 'Spanish' },
  resource_phone1: '7875550100',
  resource_country_phone1: 'PR',
  resource_phone2: null,
  resource_country_phone2: null,
  resource_createby: 'root@democompany.demo',
  resource_createdt: STAMP,
  resource_updateby: null,
  resource_updatedt: null,
}));

const NAMES = [
  'Night shift',
  'Payments outage',
  'Database on call',
  'Front desk',
  'Mobile app',
  'Warehouse',
  'Security desk',
  'Weekend cover',
  'Billing',
  'Data centre',
  'Call centre',
  'Executive',
];

export const storyEscalations: Escalation[] = NAMES.map((name, index) => ({
  id: index + 1,
  escalation_id: index + 1,
  customer_id: 2,
  escalation_name: name,
  escalation_desc: index % 3 ? `Who answers ${name.toLowerCase()} incidents` : '',
  escalation_active: index % 5 === 4 ? 'N' : 'Y',
  escalation_validate: index % 4 === 1 ? 'N' : 'Y',
  resources: index % 4 === 3 ? '' : PEOPLE.slice(0, 1 + (index % 3)).join(','),
  escalation_createby: 'root@democompany.demo',
  escalation_createdt: STAMP,
  escalation_updateby: index % 2 ? 'root@democompany.demo' : null,
  escalation_updatedt: index % 2 ? STAMP : null,
}));

/** `count` steps of escalation 1: agents on voice call, then a supervisor on e-mail. */
export function storySteps(count: number, escalationId = 1): EscalationStep[] {
  return Array.from({ length: count }, (_, index) => {
    const supervisor = index === count - 1 && count > 1;
    const resource = storyResources[index % storyResources.length]!;
    return {
      id: 100 + index,
      escalation_resource_id: 100 + index,
      escalation: { escalation_id: escalationId },
      participation_type: supervisor ? storyParticipationTypes[1]! : storyParticipationTypes[0]!,
      channel: supervisor ? storyChannels[2]! : storyChannels[index % 2]!,
      resource: {
        resource_id: resource.resource_id,
        resource_fullname:
          count > storyResources.length ? `${resource.resource_fullname} ${index + 1}` : resource.resource_fullname,
      },
      schedule: null,
      escalation_priority_orden: index + 1,
      escalation_active: 'Y',
      ind_call_again: index === 0 ? 'Y' : 'N',
      max_attemp_number: index === 0 ? 2 : 0,
      next_followup_time: supervisor ? 0 : index % 2 ? 1 : 15,
      next_followup_time_mult: supervisor || index % 2 === 0 ? 'M' : 'H',
      escalation_last_in_line: index === count - 1 ? 'Y' : 'N',
      escalation_resource_createby: 'root@democompany.demo',
      escalation_resource_createdt: STAMP,
      escalation_resource_updateby: null,
      escalation_resource_updatedt: null,
    };
  });
}

/** Plays the server: search, sort and pages over fixture rows. */
export function pageOf<T extends object>(
  rows: readonly T[],
  query: ListQuery,
  searchIn: (row: T) => string,
): ListOf<T> {
  const term = query.search.toLowerCase();
  const key = query.order_by_column as keyof T;
  const sign = query.order_by_direction === 'desc' ? -1 : 1;
  const found = rows
    .filter((row) => !term || searchIn(row).toLowerCase().includes(term))
    .sort((a, b) => String(a[key]).localeCompare(String(b[key]), undefined, { numeric: true }) * sign);
  const start = (query.page_num - 1) * query.page_size;
  return { total: found.length, list: found.slice(start, start + query.page_size) };
}

const whole = <T>(list: T[]): ListOf<T> => ({ total: list.length, list });

export const escalationInUse = () =>
  new ApiError(409, { detail: 'The escalation is used by the module Checkout of the application Web shop' });
export const stepResourceInUse = () =>
  new ApiError(409, {
    detail: 'The escalation resource cannot be deleted: it is the last step of an escalation used by a module',
  });

export interface StoryEscalationOptions {
  escalations?: Escalation[];
  steps?: EscalationStep[];
  /** the list never answers (loading) or fails */
  list?: 'ok' | 'loading' | 'failed';
  /** the steps list of an escalation never answers (loading) or fails */
  stepsList?: 'ok' | 'loading' | 'failed';
  /** deletes answer 409 */
  inUse?: boolean;
  /** saves never answer */
  saving?: boolean;
  /** saves fail with a 500 */
  saveFailed?: boolean;
  /** a step save answers status 0 with this feedback */
  refusedStep?: string;
  /** the active schedules a step may call (storyStepSchedules by default) */
  schedules?: Schedule[];
}

/** Fixture calls of the escalation screens. */
export function storyEscalationCalls(options: StoryEscalationOptions = {}): EscalationCalls {
  const escalations = options.escalations ?? storyEscalations;
  const steps = options.steps ?? storySteps(3);
  const find = (id: number) => escalations.find((escalation) => escalation.escalation_id === id) ?? escalations[0]!;
  const saving = <T>(answer: () => Promise<T>) =>
    options.saving ? never<T>() : options.saveFailed ? Promise.reject<T>(new ApiError(500, null)) : answer();
  return {
    list: async (query) => {
      if (options.list === 'loading') return never();
      if (options.list === 'failed') throw new ApiError(0, null);
      return pageOf(escalations, query, (row) => `${row.escalation_name} ${row.escalation_desc}`);
    },
    get: async (id) => find(id),
    create: (body) =>
      saving(async () => ({
        ...escalations[0]!,
        ...body,
        escalation_id: 99,
        id: 99,
        escalation_validate: 'N',
        resources: '',
      })),
    update: (id, body) => saving(async () => ({ ...find(id), ...body })),
    remove: async () => {
      if (options.inUse) throw escalationInUse();
      return { Message: 'Escalation was successfully deleted' };
    },
    listSteps: async (_id, query) => {
      if (options.stepsList === 'loading') return never();
      if (options.stepsList === 'failed') throw new ApiError(0, null);
      return pageOf(steps, query, (row) => row.resource?.resource_fullname ?? row.schedule?.schedule_name ?? '');
    },
    createStep: (body) =>
      saving(async () =>
        options.refusedStep
          ? { feedback: options.refusedStep, status: 0, escalation_resource: steps[0]! }
          : {
              feedback: 'EscalationResource was successfully created',
              status: 1,
              escalation_resource: { ...steps[0]!, ...body },
            },
      ),
    updateStep: (id) =>
      saving(async () =>
        options.refusedStep
          ? { feedback: options.refusedStep, status: 0, escalation_resource: steps[0]! }
          : {
              feedback: 'EscalationResource was successfully updated',
              status: 1,
              escalation_resource: steps.find((step) => step.escalation_resource_id === id) ?? steps[0]!,
            },
      ),
    removeStep: async () => {
      if (options.inUse) throw stepResourceInUse();
      return { Message: 'EscalationResource was successfully deleted' };
    },
    changePriority: (_id) =>
      saving(async () => ({ Message: 'Priority Order of Escalation resource was changed successfully' })),
    channels: async () => whole(storyChannels),
    participationTypes: async () => whole(storyParticipationTypes),
    resources: async () => whole(storyResources),
    schedules: async () => whole(options.schedules ?? storyStepSchedules),
  };
}

/** A schedule as the list answers it, with no rotation (the step modal needs its id and name). */
export function storySchedule(id: number, name: string, active: 'Y' | 'N' = 'Y'): Schedule {
  return {
    id,
    schedule_id: id,
    customer_id: 2,
    schedule_name: name,
    schedule_desc: '',
    time_zone: 'America/Puerto_Rico',
    schedule_active: active,
    handoff_notices: 'N',
    rotations: [],
    temporary_schedules: [],
    on_call_now: null,
    next_gap: null,
    schedule_createby: 'root@democompany.demo',
    schedule_createdt: STAMP,
    schedule_updateby: null,
    schedule_updatedt: null,
  };
}

/** The customer's active schedules, the Schedule select's options. */
export const storyStepSchedules: Schedule[] = [storySchedule(21, 'Database on call'), storySchedule(22, 'Front desk')];

/**
 * The `count` steps of storySteps with the second one calling the schedule `schedule` instead of a
 * resource (docs/product.md#schedules: its wire resource is null).
 */
export function storyStepsWithSchedule(
  count = 3,
  schedule: Pick<Schedule, 'schedule_id' | 'schedule_name'> = storyStepSchedules[0]!,
): EscalationStep[] {
  return storySteps(count).map((step, index) =>
    index === 1
      ? {
          ...step,
          resource: null,
          schedule: { schedule_id: schedule.schedule_id, schedule_name: schedule.schedule_name },
        }
      : step,
  );
}
