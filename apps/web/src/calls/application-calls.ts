import {
  addApplication,
  addModule,
  deleteApplication,
  deleteModule,
  createCredential,
  getApplication,
  listApplications,
  listEscalations,
  listModules,
  listSlas,
  moduleExamples,
  simulateIncident,
  updateApplication,
  updateModule,
  type SimulationAnswer,
} from '@relevo/api';
import {
  OPTION_LIST_SIZE,
  type Application,
  type ApplicationCreate,
  type ApplicationUpdate,
  type Escalation,
  type ExampleLanguage,
  type IncidentSimulation,
  type IngestExample,
  type ListOf,
  type ListQuery,
  type MessageAnswer,
  type Module,
  type ModuleCreate,
  type ModuleUpdate,
  type Sla,
} from '@relevo/domain';
import { api } from '../shell/api';
import type { RecordCalls } from '../shell/record-list';

declare module '../shell/services' {
  interface Services {
    /** the calls of the Applications and Modules screens and the module tools */
    applicationCalls: ApplicationCalls;
  }
}

/** The choices of the module modal: active validated escalations and active SLAs (docs/product.md#validation-rules, #http-calls). */
export interface ModuleChoices {
  escalations: Pick<Escalation, 'escalation_id' | 'escalation_name'>[];
  slas: Pick<Sla, 'sla_id' | 'sla_name'>[];
}

/**
 * The calls of the Applications and Modules screens and their tools; stories and tests give
 * fixtures instead (Services `applicationCalls`).
 */
export interface ApplicationCalls extends RecordCalls<Application, ApplicationCreate, ApplicationUpdate> {
  get: (id: number) => Promise<Application>;
  listModules: (applicationId: number, query: ListQuery, signal: AbortSignal) => Promise<ListOf<Module>>;
  createModule: (body: ModuleCreate) => Promise<Module>;
  updateModule: (id: number, body: ModuleUpdate) => Promise<Module>;
  removeModule: (id: number) => Promise<MessageAnswer>;
  moduleChoices: () => Promise<ModuleChoices>;
  /** a new credential key for the module (the old one stops working) */
  generateCredential: (moduleId: number, applicationId: number) => Promise<string>;
  examples: (moduleId: number) => Promise<Record<ExampleLanguage, IngestExample>>;
  simulate: (moduleId: number, body: IncidentSimulation) => Promise<SimulationAnswer>;
}

const options = { page_num: 1, page_size: OPTION_LIST_SIZE } as const;

/** docs/product.md#catalogue-calls and Modules. */
export const liveApplicationCalls: ApplicationCalls = {
  // docs/product.md#http-calls: the list request adds module_filter=1 (the modules' names for the hover)
  list: (query, signal) => api.call(listApplications, { query: { ...query, module_filter: '1' }, signal }),
  get: (id) => api.call(getApplication, { params: { id } }),
  create: (body) => api.call(addApplication, { body }),
  update: (id, body) => api.call(updateApplication, { params: { id }, body }),
  remove: (id) => api.call(deleteApplication, { params: { id } }),
  listModules: (applicationId, query, signal) =>
    api.call(listModules, { query: { ...query, application_id: applicationId }, signal }),
  createModule: (body) => api.call(addModule, { body }),
  updateModule: (id, body) => api.call(updateModule, { params: { id }, body }),
  removeModule: (id) => api.call(deleteModule, { params: { id } }),
  moduleChoices: async () => {
    const [escalations, slas] = await Promise.all([
      api.call(listEscalations, {
        query: {
          ...options,
          order_by_column: 'escalation_name',
          order_by_direction: 'asc',
          escalation_active: 'Y',
          escalation_validate: 'Y',
        },
      }),
      api.call(listSlas, {
        query: { ...options, order_by_column: 'sla_name', order_by_direction: 'asc', sla_active: 'Y' },
      }),
    ]);
    return { escalations: escalations.list, slas: slas.list };
  },
  generateCredential: async (moduleId, applicationId) => {
    const [first] = await api.call(createCredential, { params: { module: moduleId, application: applicationId } });
    return first.body.credentialKey;
  },
  examples: async (moduleId) => {
    const [first] = await api.call(moduleExamples, { params: { id: moduleId } });
    return first.Body;
  },
  simulate: (moduleId, body) => api.call(simulateIncident, { params: { id: moduleId }, body }),
};
