import {
  addEscalation,
  addStep,
  changePriority,
  deleteEscalation,
  deleteStep,
  filteredResources,
  getEscalation,
  listChannels,
  listEscalations,
  listParticipationTypes,
  listSchedules,
  listSteps,
  updateEscalation,
  updateStep,
} from '@relevo/api';
import {
  MAX_STEPS,
  OPTION_LIST_SIZE,
  type Channel,
  type Escalation,
  type EscalationCreate,
  type EscalationStep,
  type EscalationUpdate,
  type ListOf,
  type ListQuery,
  type MessageAnswer,
  type ParticipationType,
  type PriorityChange,
  type Resource,
  type Schedule,
  type StepBody,
  type StepSaveAnswer,
} from '@relevo/domain';
import { api } from '../../shell/api';
import type { RecordCalls } from '../../shell/record-list';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Escalations and Escalation Resources screens */
    escalationCalls: EscalationCalls;
  }
}

/** The calls of the escalation screens; stories and tests give fixtures instead (Services `escalationCalls`). */
export interface EscalationCalls extends RecordCalls<Escalation, EscalationCreate, EscalationUpdate> {
  get: (id: number) => Promise<Escalation>;
  /** the steps of one escalation, a page of them (the table) or all of them (the priority modal) */
  listSteps: (escalationId: number, query: ListQuery, signal?: AbortSignal) => Promise<ListOf<EscalationStep>>;
  createStep: (body: StepBody) => Promise<StepSaveAnswer>;
  updateStep: (id: number, body: StepBody) => Promise<StepSaveAnswer>;
  removeStep: (id: number) => Promise<MessageAnswer>;
  changePriority: (escalationId: number, body: PriorityChange) => Promise<MessageAnswer>;
  /** the options of the step modal (docs/product.md#http-calls, page size 1000 for resources) */
  channels: () => Promise<ListOf<Channel>>;
  participationTypes: () => Promise<ListOf<ParticipationType>>;
  resources: (escalationId: number) => Promise<ListOf<Resource>>;
  /** docs/product.md#schedules: the customer's active schedules, which a step may call instead of a resource */
  schedules: () => Promise<ListOf<Schedule>>;
}

/** docs/product.md#catalogue-calls. */
export const liveEscalationCalls: EscalationCalls = {
  // docs/product.md#http-calls: the list asks for each row's resources' names (escalation_filter=1)
  list: (query, signal) => api.call(listEscalations, { query: { ...query, escalation_filter: '1' }, signal }),
  get: (id) => api.call(getEscalation, { params: { id } }),
  create: (body) => api.call(addEscalation, { body }),
  update: (id, body) => api.call(updateEscalation, { params: { id }, body }),
  remove: (id) => api.call(deleteEscalation, { params: { id } }),
  listSteps: (escalationId, query, signal) =>
    api.call(listSteps, { query: { ...query, escalation_id: escalationId }, signal }),
  createStep: (body) => api.call(addStep, { body }),
  updateStep: (id, body) => api.call(updateStep, { params: { id }, body }),
  removeStep: (id) => api.call(deleteStep, { params: { id } }),
  changePriority: (escalationId, body) => api.call(changePriority, { params: { id: escalationId }, body }),
  channels: () => api.call(listChannels),
  participationTypes: () => api.call(listParticipationTypes),
  resources: (escalationId) => api.call(filteredResources, { params: { id: escalationId } }),
  schedules: () =>
    api.call(listSchedules, {
      query: { page_size: OPTION_LIST_SIZE, order_by_column: 'schedule_name', schedule_active: 'Y' },
    }),
};

/** docs/product.md#escalation-steps and #constants-and-limits: the priority modal loads every step, up to 999, in priority order. */
export const allStepsQuery = (): ListQuery => ({
  page_num: 1,
  page_size: MAX_STEPS,
  search: '',
  order_by_column: 'escalation_priority_orden',
  order_by_direction: 'asc',
});
