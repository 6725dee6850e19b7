import { ApiError, type NextShift } from '@relevo/api';
import {
  resourceDeleteRefusal,
  slaDeleteRefusal,
  type Language,
  type ListOf,
  type ListQuery,
  type Resource,
  type ResourceLimit,
  type Sla,
} from '@relevo/domain';
import type { ResourceCalls } from '../features/resources/resource-calls';
import type { ResourceOnCallCalls } from '../features/resources/resource-on-call-calls';
import type { SlaCalls } from '../features/slas/sla-calls';
import type { Services } from '../shell/services';
import { never } from './fixtures';

export const storyLanguages: Language[] = [
  { language_id: 'ES', language_desc: 'Spanish' },
  { language_id: 'EN', language_desc: 'English' },
];

const PEOPLE: [string, string | null, string, [string, string] | null, [string, string] | null, 'Y' | 'N'][] = [
  ['Carlos Méndez', null, 'ES', ['7875550142', 'PR'], null, 'Y'],
  ['Ana Torres', 'ana.torres@democompany.demo', 'EN', null, null, 'Y'],
  ['Luis Ortega', 'luis.ortega@democompany.demo', 'ES', ['7875550187', 'PR'], ['2025550123', 'US'], 'Y'],
  ['Rosa Colón', 'rosa.colon@democompany.demo', 'ES', ['3405550110', 'VI'], null, 'N'],
  ['Tomás Ayala', null, 'EN', ['8095550155', 'DO'], ['6125550199', 'US'], 'Y'],
];

export const storyResources: Resource[] = PEOPLE.map(([name, email, language, phone1, phone2, active], index) => ({
  id: index + 1,
  resource_id: index + 1,
  resource_fullname: name,
  resource_active: active,
  resource_email: email,
  language_id: language,
  language: storyLanguages.find((candidate) => candidate.language_id === language)!,
  resource_phone1: phone1?.[0] ?? null,
  resource_country_phone1: phone1?.[1] ?? null,
  resource_phone2: phone2?.[0] ?? null,
  resource_country_phone2: phone2?.[1] ?? null,
  resource_createby: 'root@democompany.demo',
  resource_createdt: `2026-01-0${index + 2}T15:00:00.000Z`,
  resource_updateby: index % 2 ? 'root@democompany.demo' : null,
  resource_updatedt: index % 2 ? `2026-03-1${index}T15:00:00.000Z` : null,
}));

export const storySlas: Sla[] = (
  [
    ['Standard response', 'Accepted within 15 minutes', 15, 'M', 'Y'],
    ['Priority response', 'Critical checkout incidents', 5, 'M', 'Y'],
    ['Next business day', 'Back-office requests', 24, 'H', 'N'],
  ] as const
).map(([name, desc, time, unit, active], index) => ({
  id: index + 1,
  sla_id: index + 1,
  sla_name: name,
  sla_desc: desc,
  sla_active: active,
  sla_response_time: time,
  sla_response_time_mult: unit,
  sla_createby: 'root@democompany.demo',
  sla_createdt: `2026-02-0${index + 1}T15:00:00.000Z`,
  sla_updateby: null,
  sla_updatedt: null,
}));

/** One page as the server answers it: searched by `name`, sorted by the query's column, paged. */
function pageOf<T>(rows: T[], query: ListQuery, name: (row: T) => string): ListOf<T> {
  const search = query.search.toLowerCase();
  const sign = query.order_by_direction === 'desc' ? -1 : 1;
  const key = (row: T) => String((row as Record<string, unknown>)[query.order_by_column] ?? '');
  const found = rows
    .filter((row) => !search || name(row).toLowerCase().includes(search))
    .sort((a, b) => key(a).localeCompare(key(b), undefined, { numeric: true }) * sign);
  const start = (query.page_num - 1) * query.page_size;
  return { total: found.length, list: found.slice(start, start + query.page_size) };
}

/** filled, empty, loading (never answers) or failed lists; at the quota; saves that never answer or fail with a 500. */
export type StoryCatalogueState = 'filled' | 'empty' | 'loading' | 'failed' | 'quotaReached' | 'saving' | 'saveFailed';

const limitOf = (state: StoryCatalogueState): ResourceLimit =>
  state === 'quotaReached'
    ? { limit: true, count: 10, max: 10 }
    : { limit: false, count: storyResources.length, max: 10 };

/** The calls of the Resources and SLA screens over the fixtures; deletes answer the in-use refusal (409). */
export function storyCatalogueCalls(
  state: StoryCatalogueState = 'filled',
  overrides: { resources?: Partial<ResourceCalls>; slas?: Partial<SlaCalls> } = {},
): Pick<Services, 'resourceCalls' | 'slaCalls'> {
  const list = <T>(rows: T[], name: (row: T) => string) =>
    state === 'loading'
      ? never
      : state === 'failed'
        ? () => Promise.reject(new ApiError(0, null))
        : async (query: ListQuery) => (state === 'empty' ? { total: 0, list: [] } : pageOf(rows, query, name));
  // a save that never answers (the modal's busy state) or that the server fails
  const save = <T>(answer: T): Promise<T> =>
    state === 'saving'
      ? never()
      : state === 'saveFailed'
        ? Promise.reject(new ApiError(500, null))
        : Promise.resolve(answer);
  const resources: ResourceCalls = {
    list: list(storyResources, (row) => row.resource_fullname),
    limit: async () => limitOf(state),
    languages: async () => ({ total: storyLanguages.length, list: storyLanguages }),
    create: (body) => save({ ...storyResources[1]!, ...body, resource_id: 99, id: 99, resource_active: 'Y' as const }),
    update: (id, body) => save({ ...storyResources.find((row) => row.resource_id === id)!, ...body }),
    remove: () => Promise.reject(new ApiError(409, { detail: resourceDeleteRefusal(['Demo on-call']) ?? '' })),
    ...overrides.resources,
  };
  const slas: SlaCalls = {
    list: list(storySlas, (row) => row.sla_name),
    create: (body) => save({ ...storySlas[0]!, ...body, sla_id: 99, id: 99, sla_active: 'N' as const }),
    update: (id, body) => save({ ...storySlas.find((row) => row.sla_id === id)!, ...body }),
    remove: () => Promise.reject(new ApiError(409, { detail: slaDeleteRefusal(['Checkout']) ?? '' })),
    ...overrides.slas,
  };
  return { resourceCalls: resources, slaCalls: slas };
}

/** docs/product.md#schedules: the next shifts of the story resources (Ana Torres and Rosa Colón have none). */
export const storyNextShifts: NextShift[] = [
  {
    resource_id: 1,
    schedule_id: 21,
    schedule_name: 'Database on call',
    start: '2026-03-09T13:00:00Z',
    end: '2026-03-09T21:00:00Z',
  },
  {
    resource_id: 3,
    schedule_id: 22,
    schedule_name: 'Front desk',
    start: '2026-03-10T13:00:00Z',
    end: '2026-03-17T13:00:00Z',
  },
  {
    resource_id: 5,
    schedule_id: 21,
    schedule_name: 'Database on call',
    start: '2026-03-09T21:00:00Z',
    end: '2026-03-10T05:00:00Z',
  },
];

/** docs/product.md#calendar-feeds: a resource's secret feed address, and the one a rotation gives. */
export const storyCalendarUrl = (resourceId: number, round = 0) =>
  `https://relevo.democompany.demo/api/calendar/r${resourceId}${round ? 'N3w' : 'Fd8'}q2ZkP7vLx4TbWc9YhJm5sQa1eRgU0.ics`;

export interface StoryOnCallOptions {
  /** the next shifts answer, never answer (loading) or fail */
  nextShifts?: 'filled' | 'loading' | 'failed';
  /** the feed's address cannot be read */
  calendarFailed?: boolean;
  /** a new address never comes (busy) or is refused */
  rotate?: 'ok' | 'busy' | 'failed';
}

/** The Resources screen's schedule calls over the fixtures; `asked` keeps the ids of each next-shifts call. */
export function storyResourceOnCallCalls(options: StoryOnCallOptions = {}): ResourceOnCallCalls & {
  asked: number[][];
} {
  const asked: number[][] = [];
  let rounds = 0;
  return {
    asked,
    nextShifts: async (ids) => {
      asked.push([...ids]);
      if (options.nextShifts === 'loading') return never();
      if (options.nextShifts === 'failed') throw new ApiError(0, null);
      return { next_shifts: storyNextShifts.filter((shift) => ids.includes(shift.resource_id)) };
    },
    calendar: async (id) => {
      if (options.calendarFailed) throw new ApiError(500, null);
      return { calendar_url: storyCalendarUrl(id) };
    },
    rotateCalendar: async (id) => {
      if (options.rotate === 'busy') return never();
      if (options.rotate === 'failed') throw new ApiError(500, null);
      rounds += 1;
      return { calendar_url: storyCalendarUrl(id, rounds) };
    },
  };
}
