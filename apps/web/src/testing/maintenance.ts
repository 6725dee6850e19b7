import { ApiError, type MaintenanceWindowList } from '@relevo/api';
import {
  MAINTENANCE_MESSAGES,
  currentOrNextOccurrence,
  maintenanceStatus,
  type ListQuery,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
} from '@relevo/domain';
import type { MaintenanceCalls } from '../features/maintenance/maintenance-calls';
import { never } from './fixtures';

/** The instant the maintenance stories see as now: Wednesday 11 March 2026, 15:00 in New York. */
export const MAINTENANCE_STORY_NOW = Date.parse('2026-03-11T19:00:00Z');
/** The demo customer's zone. */
export const MAINTENANCE_STORY_ZONE = 'America/New_York';

const APPLICATIONS = [
  { id: 1, name: 'Demo Store' },
  { id: 2, name: 'Billing' },
];
const MODULES: Record<number, { id: number; name: string }[]> = {
  1: [
    { id: 11, name: 'Checkout' },
    { id: 12, name: 'Search' },
  ],
  2: [{ id: 21, name: 'Invoices' }],
};

const moduleName = (id: number | null) =>
  Object.values(MODULES)
    .flat()
    .find((module) => module.id === id)?.name ?? null;
const applicationOf = (body: Pick<MaintenanceWindowBody, 'module_id' | 'application_id'>) =>
  body.application_id ??
  Number(Object.entries(MODULES).find(([, modules]) => modules.some((m) => m.id === body.module_id))?.[0]);

/** A window as the server answers it, its status and next occurrence as of the stories' now. */
export function storyWindow(id: number, body: MaintenanceWindowBody): MaintenanceWindow {
  const times = { start: Date.parse(body.start), end: Date.parse(body.end), recurrence: body.recurrence };
  const next = currentOrNextOccurrence(times, MAINTENANCE_STORY_NOW, MAINTENANCE_STORY_ZONE);
  const applicationId = applicationOf(body);
  return {
    id,
    maintenance_window_id: id,
    customer_id: 1,
    window_name: body.window_name,
    module_id: body.module_id,
    module_name: moduleName(body.module_id),
    application_id: applicationId,
    application_name: APPLICATIONS.find((application) => application.id === applicationId)?.name ?? null,
    start: new Date(times.start).toISOString(),
    end: new Date(times.end).toISOString(),
    recurrence: body.recurrence,
    release: body.release,
    status: maintenanceStatus(times, MAINTENANCE_STORY_NOW, MAINTENANCE_STORY_ZONE),
    next_start: next ? new Date(next.start).toISOString() : null,
    next_end: next ? new Date(next.end).toISOString() : null,
    time_zone: MAINTENANCE_STORY_ZONE,
    window_createby: 'root@democompany.demo',
    window_createdt: '2026-03-01T15:00:00.000Z',
    window_updateby: null,
    window_updatedt: null,
  };
}

/** Three windows: one on now (the checkout's upgrade), a weekly one of Billing, one over. */
export const STORY_WINDOWS: MaintenanceWindow[] = [
  storyWindow(1, {
    window_name: 'Checkout database upgrade',
    module_id: 11,
    application_id: null,
    start: '2026-03-11T14:00:00-04:00',
    end: '2026-03-11T17:00:00-04:00',
    recurrence: 'none',
    release: 'escalate',
  }),
  storyWindow(2, {
    window_name: 'Billing nightly batch',
    module_id: null,
    application_id: 2,
    start: '2026-03-01T01:00:00-05:00',
    end: '2026-03-01T03:00:00-05:00',
    recurrence: 'weekly',
    release: 'quiet',
  }),
  storyWindow(3, {
    window_name: 'Search reindex',
    module_id: 12,
    application_id: null,
    start: '2026-02-20T22:00:00-05:00',
    end: '2026-02-21T02:00:00-05:00',
    recurrence: 'none',
    release: 'escalate',
  }),
];

export interface StoryMaintenanceOptions {
  windows?: MaintenanceWindow[];
  list?: 'loading' | 'failed';
  /** how a save answers: saved, never, a 500, or the server's 422 on the end */
  save?: 'ok' | 'saving' | 'failed' | 'refused';
}

/** Fixture calls of the Maintenance screen: an in-memory list that saves and deletes. */
export function storyMaintenanceCalls(options: StoryMaintenanceOptions = {}): MaintenanceCalls {
  let windows = [...(options.windows ?? STORY_WINDOWS)];
  let next = 100;
  const saved = <T>(answer: () => T): Promise<T> => {
    const save = options.save ?? 'ok';
    if (save === 'saving') return never<T>();
    if (save === 'failed') return Promise.reject(new ApiError(500, null));
    if (save === 'refused')
      return Promise.reject(
        new ApiError(422, { detail: [{ loc: ['body', 'end'], msg: MAINTENANCE_MESSAGES.weeklyTooLong }] }),
      );
    return Promise.resolve(answer());
  };
  return {
    list: async (query: ListQuery): Promise<MaintenanceWindowList> => {
      if (options.list === 'loading') return never();
      if (options.list === 'failed') throw new ApiError(0, null);
      const search = (query.search ?? '').toLowerCase();
      const found = windows.filter((window) => window.window_name.toLowerCase().includes(search));
      const from = (query.page_num - 1) * query.page_size;
      return {
        total: found.length,
        list: found.slice(from, from + query.page_size),
        time_zone: MAINTENANCE_STORY_ZONE,
      };
    },
    create: (body) =>
      saved(() => {
        const made = storyWindow(next++, body);
        windows = [...windows, made];
        return made;
      }),
    update: (id, body) =>
      saved(() => {
        const changed = storyWindow(id, body);
        windows = windows.map((window) => (window.maintenance_window_id === id ? changed : window));
        return changed;
      }),
    remove: async (id) => {
      windows = windows.filter((window) => window.maintenance_window_id !== id);
      return { Message: 'Maintenance window was successfully deleted' };
    },
    applications: async () => APPLICATIONS,
    modules: async (applicationId) => MODULES[applicationId] ?? [],
    now: () => MAINTENANCE_STORY_NOW,
  };
}
