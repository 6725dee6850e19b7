import { ApiError } from '@relevo/api';
import {
  applicationDeleteRefusal,
  ingestExamples,
  type Application,
  type ListOf,
  type ListQuery,
  type Module,
} from '@relevo/domain';
import type { ApplicationCalls } from '../calls/application-calls';
import { never } from './fixtures';

const NAMES = [
  'Demo Store',
  'Billing',
  'Customer Portal',
  'Data Warehouse',
  'Mobile App',
  'Payments Gateway',
  'Reporting',
  'Search',
  'Shipping',
  'Support Desk',
  'Warehouse Robots',
  'Website',
];
const MODULES: Record<string, string[]> = {
  'Demo Store': ['Checkout', 'Catalogue', 'Payments'],
  Billing: ['Invoices'],
  'Customer Portal': [],
};

const stamp = (index: number) => new Date(Date.UTC(2026, 0, 5 + index, 15)).toISOString();

export const storyApplications: Application[] = NAMES.map((name, index) => ({
  id: index + 1,
  application_id: index + 1,
  application_name: name,
  application_active: index % 5 === 4 ? 'N' : 'Y',
  modules: (MODULES[name] ?? ['Main']).join(','),
  application_createby: 'root@democompany.demo',
  application_createdt: stamp(index),
  application_updateby: index % 3 ? 'root@democompany.demo' : null,
  application_updatedt: index % 3 ? stamp(index + 30) : null,
}));

export const storyEscalations = [
  { escalation_id: 1, escalation_name: 'Demo on-call' },
  { escalation_id: 2, escalation_name: 'Night shift' },
];
export const storySlas = [
  { sla_id: 1, sla_name: 'Standard response' },
  { sla_id: 2, sla_name: 'Critical within 5 minutes' },
];

const demoStore = storyApplications[0]!;
const MODULE_ROWS: [string, string, number | null, number | null, 'Y' | 'N'][] = [
  ['Checkout', 'Card payments and the order confirmation', 1, 1, 'Y'],
  ['Catalogue', 'Product pages and search', 2, 2, 'Y'],
  ['Payments', 'The payment provider integration', 3, 1, 'N'],
];

/** A module's escalation: one no longer offered is incomplete (it takes no incidents). */
function storyModuleEscalation(escalationId: number): NonNullable<Module['escalation']> {
  const offered = storyEscalations.find((e) => e.escalation_id === escalationId);
  return {
    escalation_id: escalationId,
    escalation_name: offered?.escalation_name ?? 'Old rota',
    escalation_active: 'Y',
    escalation_validate: offered ? 'Y' : 'N',
    resources: 'Carlos Méndez, Ana Torres',
  };
}

/** The fixture server's address domain of e-mail into incidents (docs/product.md#e-mail-into-incidents). */
export const STORY_INBOUND_DOMAIN = 'in.relevo.example.com';
/** Checkout's e-mail address; Catalogue has no credentials yet, so no address. */
export const STORY_INBOUND_EMAIL = `3f1c9a7be20d4c58a6e1f0b2@${STORY_INBOUND_DOMAIN}`;
const STORY_INBOUND_EMAILS: (string | null)[] = [
  STORY_INBOUND_EMAIL,
  null,
  `9d0e4b1c7a2f6e83b5c4d1a0@${STORY_INBOUND_DOMAIN}`,
];

/** The modules of Demo Store; Payments uses an escalation that is no longer offered (incomplete). */
export const storyModules: Module[] = MODULE_ROWS.map(([name, desc, escalationId, slaId, active], index) => ({
  id: index + 1,
  module_id: index + 1,
  module_name: name,
  module_desc: desc,
  module_active: active,
  application: { application_id: demoStore.application_id, application_name: demoStore.application_name },
  escalation: escalationId === null ? null : storyModuleEscalation(escalationId),
  sla: slaId === null ? null : { sla_id: slaId, sla_name: storySlas.find((s) => s.sla_id === slaId)?.sla_name ?? '' },
  inbound_email: STORY_INBOUND_EMAILS[index] ?? null,
  inbound_email_state: STORY_INBOUND_EMAILS[index] ? 'on' : 'needs_credentials',
  module_createby: 'root@democompany.demo',
  module_createdt: stamp(index),
  module_updateby: index === 0 ? null : 'root@democompany.demo',
  module_updatedt: index === 0 ? null : stamp(index + 10),
}));

/** Plays the server: search, sort and pages over fixture rows. */
export function pageOf<Row extends object>(rows: Row[], query: ListQuery, nameOf: (row: Row) => string): ListOf<Row> {
  const term = query.search.toLowerCase();
  const key = query.order_by_column;
  const sign = query.order_by_direction === 'desc' ? -1 : 1;
  const text = (row: Row) => (key && key in row ? String((row as Record<string, unknown>)[key]) : nameOf(row));
  const found = rows
    .filter((row) => !term || nameOf(row).toLowerCase().includes(term))
    .sort((a, b) => text(a).localeCompare(text(b), undefined, { numeric: true }) * sign);
  const start = (query.page_num - 1) * query.page_size;
  return { total: found.length, list: found.slice(start, start + query.page_size) };
}

export const STORY_KEY = '3f9c2a7d41b86e05c1d2e3f4a5b6c7d8';

const nameTaken = () =>
  Promise.reject(
    new ApiError(422, {
      detail: [{ loc: ['body', 'application_name'], msg: 'An application with this name already exists' }],
    }),
  );

/** Fixture calls of the Applications and Modules screens, by state. */
export const APPLICATION_CALLS = {
  filled: (): ApplicationCalls => ({
    list: async (query) => pageOf(storyApplications, query, (row) => row.application_name),
    get: async (id) =>
      storyApplications.find((row) => row.application_id === id) ??
      Promise.reject(new ApiError(404, { detail: 'Application not found' })),
    create: async (body) => ({ ...storyApplications[1]!, ...body, application_id: 99, modules: '' }),
    update: async (id, body) => ({ ...storyApplications.find((row) => row.application_id === id)!, ...body }),
    remove: () =>
      Promise.reject(new ApiError(409, { detail: applicationDeleteRefusal(['Checkout', 'Catalogue', 'Payments'])! })),
    listModules: async (applicationId, query) =>
      pageOf(applicationId === demoStore.application_id ? storyModules : [], query, (row) => row.module_name),
    createModule: async (body) => ({ ...storyModules[0]!, module_id: 99, module_name: body.module_name }),
    updateModule: async (id) => storyModules.find((row) => row.module_id === id)!,
    removeModule: async () => ({ Message: 'Module has been successfully deleted' }),
    moduleChoices: async () => ({ escalations: storyEscalations, slas: storySlas }),
    generateCredential: async () => STORY_KEY,
    examples: async (moduleId) => ingestExamples(moduleId, 'https://relevo.example.com'),
    simulate: async () => [{ status: '200', message: 'The incident was sent', case_id: 'C-000123', event_id: 123 }],
  }),
  empty: (): ApplicationCalls => ({
    ...APPLICATION_CALLS.filled(),
    list: async () => ({ total: 0, list: [] }),
    listModules: async () => ({ total: 0, list: [] }),
  }),
  loading: (): ApplicationCalls => ({ ...APPLICATION_CALLS.filled(), list: never, listModules: never }),
  failed: (): ApplicationCalls => ({
    ...APPLICATION_CALLS.filled(),
    list: () => Promise.reject(new ApiError(0, null)),
    listModules: () => Promise.reject(new ApiError(0, null)),
  }),
  nameTaken: (): ApplicationCalls => ({ ...APPLICATION_CALLS.filled(), create: nameTaken, update: nameTaken }),
  saving: (): ApplicationCalls => ({
    ...APPLICATION_CALLS.filled(),
    create: never,
    update: never,
    createModule: never,
    updateModule: never,
  }),
  saveFailed: (): ApplicationCalls => {
    const fail = () => Promise.reject(new ApiError(500, null));
    return { ...APPLICATION_CALLS.filled(), create: fail, update: fail, createModule: fail, updateModule: fail };
  },
  pendingTools: (): ApplicationCalls => ({
    ...APPLICATION_CALLS.filled(),
    moduleChoices: never,
    generateCredential: never,
    examples: never,
    simulate: never,
  }),
  /** a server where e-mail into incidents is off: no module has an address */
  emailOff: (): ApplicationCalls => ({
    ...APPLICATION_CALLS.filled(),
    listModules: async (_applicationId, query) =>
      pageOf(
        storyModules.map((module) => ({ ...module, inbound_email: null, inbound_email_state: 'off' as const })),
        query,
        (row) => row.module_name,
      ),
  }),
  /** as a Customer reads them: an address exists, kept for the Customer Roots */
  emailRootOnly: (): ApplicationCalls => ({
    ...APPLICATION_CALLS.filled(),
    listModules: async (_applicationId, query) =>
      pageOf(
        storyModules.map((module) =>
          module.inbound_email ? { ...module, inbound_email: null, inbound_email_state: 'root_only' as const } : module,
        ),
        query,
        (row) => row.module_name,
      ),
  }),
  failingTools: (): ApplicationCalls => ({
    ...APPLICATION_CALLS.filled(),
    generateCredential: () => Promise.reject(new ApiError(0, null)),
    examples: () => Promise.reject(new ApiError(0, null)),
    simulate: () =>
      Promise.reject(
        new ApiError(409, {
          detail: "This module's escalation is missing, inactive or incomplete: it accepts no incidents",
        }),
      ),
  }),
};
