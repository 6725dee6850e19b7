import * as v from 'valibot';
import {
  EscalationCreateSchema,
  EscalationUpdateSchema,
  PageQuerySchema,
  PrioritySchema,
  StepSchema,
  idField,
  ynFlag,
  type Escalation,
  type EscalationStep,
  type ListOf,
  type MessageAnswer,
  type StepSaveAnswer,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** docs/product.md#escalations: sortable columns; default escalation_name (docs/product.md#constants-and-limits). */
export const ESCALATION_ORDER_COLUMNS = [
  'escalation_name',
  'escalation_desc',
  'escalation_active',
  'escalation_updateby',
  'escalation_updatedt',
  'escalation_id',
] as const;
export type EscalationOrderColumn = (typeof ESCALATION_ORDER_COLUMNS)[number];

/**
 * The list (docs/product.md#http-calls sends escalation_filter=1: its resources' names come with each row, they always
 * do here); `escalation_active=Y&escalation_validate=Y` gives the module form's options (docs/product.md#validation-rules).
 */
export const EscalationListQuery = /* @__PURE__ */ (() =>
  v.object({
    ...PageQuerySchema.entries,
    escalation_filter: v.optional(v.picklist(['0', '1'], 'Must be 0 or 1')),
    escalation_active: v.optional(ynFlag()),
    escalation_validate: v.optional(ynFlag()),
  }))();

/** The steps of one escalation, in priority order (docs/product.md#constants-and-limits); the priority modal asks for all MAX_STEPS in one page. */
export const StepListQuery = /* @__PURE__ */ (() =>
  v.object({
    ...PageQuerySchema.entries,
    escalation_id: idField('Escalation ID is required'),
  }))();
export const STEP_ORDER_COLUMNS = [
  'escalation_priority_orden',
  'participation_type',
  'resource',
  'channel',
  'escalation_active',
] as const;
export type StepOrderColumn = (typeof STEP_ORDER_COLUMNS)[number];

const read = { auth: 'session' as const, permissions: ['catalogue.read' as const] };
const write = { auth: 'session' as const, permissions: ['catalogue.write' as const] };

export const listEscalations = endpoint({
  name: 'listEscalations',
  method: 'GET',
  path: '/api/procedures/get/escalation',
  query: EscalationListQuery,
  response: reply<ListOf<Escalation>>(),
  ...read,
});
export const getEscalation = endpoint({
  name: 'getEscalation',
  method: 'GET',
  path: '/api/procedures/get/escalation/:id',
  params: IdParams,
  response: reply<Escalation>(),
  ...read,
});
export const addEscalation = endpoint({
  name: 'addEscalation',
  method: 'POST',
  path: '/api/procedures/add/escalation',
  body: EscalationCreateSchema,
  response: reply<Escalation>(),
  ...write,
});
export const updateEscalation = endpoint({
  name: 'updateEscalation',
  method: 'PUT',
  path: '/api/procedures/upd/escalation/:id',
  params: IdParams,
  body: EscalationUpdateSchema,
  response: reply<Escalation>(),
  ...write,
});
export const deleteEscalation = endpoint({
  name: 'deleteEscalation',
  method: 'DELETE',
  path: '/api/procedures/del/escalation/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});
/** docs/product.md#http-calls: the new order of an escalation's steps, renumbered 1..n in one transaction. */
export const changePriority = endpoint({
  name: 'changePriority',
  method: 'PUT',
  path: '/api/escalation/priority/:id',
  params: IdParams,
  body: PrioritySchema,
  response: reply<MessageAnswer>(),
  ...write,
});

export const listSteps = endpoint({
  name: 'listSteps',
  method: 'GET',
  path: '/api/escalation/resource',
  query: StepListQuery,
  response: reply<ListOf<EscalationStep>>(),
  ...read,
});
export const getStep = endpoint({
  name: 'getStep',
  method: 'GET',
  path: '/api/escalation/resource/:id',
  params: IdParams,
  response: reply<EscalationStep>(),
  ...read,
});
/** docs/product.md#http-calls: a step save answers feedback and status (1 means success). */
export const addStep = endpoint({
  name: 'addStep',
  method: 'POST',
  path: '/api/escalation/resource',
  body: StepSchema,
  response: reply<StepSaveAnswer>(),
  ...write,
});
export const updateStep = endpoint({
  name: 'updateStep',
  method: 'PUT',
  path: '/api/escalation/resource/:id',
  params: IdParams,
  body: StepSchema,
  response: reply<StepSaveAnswer>(),
  ...write,
});
export const deleteStep = endpoint({
  name: 'deleteStep',
  method: 'DELETE',
  path: '/api/escalation/resource/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});

export const escalationEndpoints = {
  listEscalations,
  getEscalation,
  addEscalation,
  updateEscalation,
  deleteEscalation,
  changePriority,
  listSteps,
  getStep,
  addStep,
  updateStep,
  deleteStep,
};
