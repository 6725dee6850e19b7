import { ApiError } from '@relevo/api';
import {
  SCHEDULE_MESSAGES,
  firstGap,
  gapsOf,
  onCallUntil,
  shifts,
  type ListQuery,
  type Resource,
  type Rotation,
  type Schedule,
  type ScheduleDefinition,
  type ScheduleOverride,
  type ScheduleShift,
  type ShiftsAnswer,
  type TemporarySchedule,
} from '@relevo/domain';
import type { ScheduleCalls } from '../features/schedules/schedule-calls';
import { never } from './fixtures';

/** The instant the schedule stories see as now: Wednesday 11 March 2026, 15:00 in New York. */
export const SCHEDULE_STORY_NOW = Date.parse('2026-03-11T19:00:00Z');
/** The viewer's own zone in the stories (the schedules' are elsewhere, so both show). */
export const STORY_VIEWER_ZONE = 'Europe/Madrid';

const STAMP = '2026-03-01T15:00:00.000Z';

/** The customer's people; Carlos and Ana are the story users of the two customer roles (their e-mails). */
const PEOPLE: [string, string][] = [
  ['Ana Torres', 'user@democompany.demo'],
  ['Luis Soto', 'luis@democompany.demo'],
  ['Marta Ruiz', 'marta@democompany.demo'],
  ['Pedro Gómez', 'pedro@democompany.demo'],
  ['Carla Núñez', 'carla@democompany.demo'],
  ['Carlos Méndez', 'root@democompany.demo'],
];

export const storyScheduleResources: Resource[] = PEOPLE.map(([name, email], index) => ({
  id: index + 1,
  resource_id: index + 1,
  resource_fullname: name,
  resource_active: 'Y',
  resource_email: email,
  language_id: 'EN',
  language: { language_id: 'EN', language_desc: 'English' },
  resource_phone1: '7875550100',
  resource_country_phone1: 'PR',
  resource_phone2: null,
  resource_country_phone2: null,
  resource_createby: 'root@democompany.demo',
  resource_createdt: STAMP,
  resource_updateby: null,
  resource_updatedt: null,
}));

const person = (id: number) => ({
  resource_id: id,
  resource_fullname: storyScheduleResources[id - 1]!.resource_fullname,
});

const rotation = (id: number, values: Omit<Rotation, 'rotation_id'>): Rotation => ({ rotation_id: id, ...values });

type ScheduleSeed = Pick<Schedule, 'schedule_name' | 'schedule_desc' | 'time_zone' | 'rotations'> &
  Partial<Pick<Schedule, 'schedule_active' | 'handoff_notices'>>;

const SEEDS: ScheduleSeed[] = [
  {
    schedule_name: 'Platform on call',
    schedule_desc: 'Who answers the platform’s incidents',
    time_zone: 'America/New_York',
    handoff_notices: 'Y',
    rotations: [
      rotation(11, {
        rotation_name: 'Weekly',
        participants: [person(1), person(2), person(3)],
        shift_length: 1,
        shift_unit: 'W',
        handoff_time: '09:00',
        start: '2026-03-02',
        restrictions: [],
      }),
      rotation(12, {
        rotation_name: 'Business hours',
        participants: [person(4)],
        shift_length: 1,
        shift_unit: 'D',
        handoff_time: '09:00',
        start: '2026-03-02',
        restrictions: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }],
      }),
    ],
  },
  {
    schedule_name: 'Weekday support',
    schedule_desc: 'Office hours only',
    time_zone: 'America/New_York',
    rotations: [
      rotation(21, {
        rotation_name: 'Days',
        participants: [person(1), person(2)],
        shift_length: 1,
        shift_unit: 'D',
        handoff_time: '08:00',
        start: '2026-03-02',
        restrictions: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '20:00' }],
      }),
    ],
  },
  {
    schedule_name: 'Front desk',
    schedule_desc: 'Starts after the move',
    time_zone: 'America/Puerto_Rico',
    rotations: [
      rotation(31, {
        rotation_name: '',
        participants: [person(5), person(3)],
        shift_length: 12,
        shift_unit: 'H',
        handoff_time: '07:00',
        start: '2026-03-20',
        restrictions: [],
      }),
    ],
  },
  {
    schedule_name: 'Retired rota',
    schedule_desc: '',
    time_zone: 'Europe/Madrid',
    schedule_active: 'N',
    rotations: [],
  },
];

/** The overrides of the first schedule: Carla covers Thursday night. */
const OVERRIDES: ScheduleOverride[] = [
  {
    override_id: 501,
    schedule_id: 1,
    resource_id: 5,
    resource_fullname: 'Carla Núñez',
    start: '2026-03-12T22:00:00.000Z',
    end: '2026-03-13T12:00:00.000Z',
    override_createby: 'root@democompany.demo',
    override_createdt: STAMP,
  },
];

/**
 * The first schedule's temporary schedules (with the `temporary` option): one over, the weekend
 * before the rotations started, Marta on call; and the weekend of 20 March, Luis then Carla, and
 * nobody from Sunday 18:00 to Monday 09:00 (New York times).
 */
export const storyTemporarySchedules: TemporarySchedule[] = [
  {
    start: '2026-02-28T14:00:00.000Z',
    end: '2026-03-02T14:00:00.000Z',
    shifts: [{ ...person(3), start: '2026-02-28T14:00:00.000Z', end: '2026-03-02T14:00:00.000Z' }],
  },
  {
    start: '2026-03-20T22:00:00.000Z',
    end: '2026-03-23T13:00:00.000Z',
    shifts: [
      { ...person(2), start: '2026-03-20T22:00:00.000Z', end: '2026-03-21T22:00:00.000Z' },
      { ...person(5), start: '2026-03-21T22:00:00.000Z', end: '2026-03-22T22:00:00.000Z' },
    ],
  },
];

const nameOf = (id: number) =>
  storyScheduleResources.find((resource) => resource.resource_id === id)?.resource_fullname ?? `Resource ${id}`;

/** The domain's definition of a fixture schedule, as the server builds it from its rows. */
function definitionOf(schedule: Schedule, overrides: readonly ScheduleOverride[]): ScheduleDefinition {
  return {
    time_zone: schedule.time_zone,
    rotations: schedule.rotations.map((r) => ({
      rotation_id: r.rotation_id,
      participants: r.participants.map((p) => p.resource_id),
      shift_length: r.shift_length,
      shift_unit: r.shift_unit,
      handoff_time: r.handoff_time,
      start: r.start,
      restrictions: r.restrictions,
    })),
    overrides: overrides
      .filter((o) => o.schedule_id === schedule.schedule_id)
      .map((o) => ({
        override_id: o.override_id,
        resource_id: o.resource_id,
        start: Date.parse(o.start),
        end: Date.parse(o.end),
      })),
    temporary_schedules: schedule.temporary_schedules.map((t) => ({
      start: Date.parse(t.start),
      end: Date.parse(t.end),
      shifts: t.shifts.map((s) => ({ resource_id: s.resource_id, start: Date.parse(s.start), end: Date.parse(s.end) })),
    })),
  };
}

/** Who is on call now and the first gap, as the list and the page read them. */
function withOnCall(schedule: Schedule, overrides: readonly ScheduleOverride[], now: number): Schedule {
  const definition = definitionOf(schedule, overrides);
  const { shift } = onCallUntil(definition, now);
  const gap = firstGap(definition, now);
  return {
    ...schedule,
    on_call_now: shift ? person(shift.resource_id) : null,
    next_gap: gap ? new Date(gap.start).toISOString() : null,
  };
}

function seeded(seed: ScheduleSeed, index: number): Schedule {
  const id = index + 1;
  return {
    id,
    schedule_id: id,
    customer_id: 2,
    schedule_name: seed.schedule_name,
    schedule_desc: seed.schedule_desc,
    time_zone: seed.time_zone,
    schedule_active: seed.schedule_active ?? 'Y',
    handoff_notices: seed.handoff_notices ?? 'N',
    rotations: seed.rotations,
    temporary_schedules: [],
    on_call_now: null,
    next_gap: null,
    calendar_url: `https://relevo.example/api/calendar/${'k'.repeat(36)}${id}.ics`,
    schedule_createby: 'root@democompany.demo',
    schedule_createdt: STAMP,
    schedule_updateby: index % 2 ? 'root@democompany.demo' : null,
    schedule_updatedt: index % 2 ? '2026-03-05T10:00:00.000Z' : null,
  };
}

/** The customer's schedules as the list reads them at SCHEDULE_STORY_NOW. */
export const storySchedules: Schedule[] = SEEDS.map(seeded).map((schedule) =>
  withOnCall(schedule, OVERRIDES, SCHEDULE_STORY_NOW),
);

/** A 422 of the schedule's PUT about a rotation's participants (a resource deactivated meanwhile). */
export const rotationRefused = (index: number) =>
  new ApiError(422, {
    detail: [{ loc: ['body', 'rotations', index, 'participants'], msg: SCHEDULE_MESSAGES.participantNotFound }],
  });

/** A 422 of the schedule's PUT about the person of temporary schedule `index`'s first shift (deactivated meanwhile). */
export const temporaryRefused = (index: number) =>
  new ApiError(422, {
    detail: [
      {
        loc: ['body', 'temporary_schedules', index, 'shifts', 0, 'resource_id'],
        msg: SCHEDULE_MESSAGES.participantNotFound,
      },
    ],
  });

export const scheduleInUse = () => new ApiError(409, { detail: SCHEDULE_MESSAGES.inUse('Night shift') });

export interface StoryScheduleOptions {
  schedules?: Schedule[];
  /** the list never answers (loading) or fails */
  list?: 'ok' | 'loading' | 'failed';
  /** the schedule's page: its first read fails (Reload then reads it), or every read of its shifts fails */
  page?: 'ok' | 'failsOnce' | 'shiftsFail';
  /**
   * saves of the schedule never answer, fail with a 500, or answer a 422 on rotation `n`'s
   * participants or on the person of temporary schedule `n`'s first shift
   */
  save?: 'ok' | 'saving' | 'failed' | { refuseRotation: number } | { refuseTemporary: number };
  /** the first schedule has temporary schedules (`storyTemporarySchedules`) */
  temporary?: boolean;
  /** overrides made are refused with a 422 on their end */
  overrideRefused?: boolean;
}

/** Plays the server: search, sort and pages over fixture rows. */
function pageOf(rows: readonly Schedule[], query: ListQuery) {
  const term = query.search.toLowerCase();
  const key = query.order_by_column as keyof Schedule;
  const sign = query.order_by_direction === 'desc' ? -1 : 1;
  const found = rows
    .filter((row) => !term || `${row.schedule_name} ${row.schedule_desc}`.toLowerCase().includes(term))
    .sort((a, b) => String(a[key] ?? '').localeCompare(String(b[key] ?? ''), undefined, { numeric: true }) * sign);
  const start = (query.page_num - 1) * query.page_size;
  return { total: found.length, list: found.slice(start, start + query.page_size) };
}

/**
 * Fixture calls of the schedule screens, over the fixtures and the domain's own computations: the
 * shifts, gaps and who is on call come from `shifts` and `onCallUntil` on the fixture definitions,
 * and an override, a rotation or a temporary schedule saved changes what the next read shows.
 */
export function storyScheduleCalls(options: StoryScheduleOptions = {}): ScheduleCalls {
  const schedules = (options.schedules ?? storySchedules).map((schedule) =>
    options.temporary && schedule.schedule_id === 1
      ? withOnCall({ ...schedule, temporary_schedules: storyTemporarySchedules }, OVERRIDES, SCHEDULE_STORY_NOW)
      : { ...schedule },
  );
  const overrides = OVERRIDES.map((override) => ({ ...override }));
  let nextOverride = 600;
  let failuresLeft = options.page === 'failsOnce' ? 1 : 0;
  const now = () => SCHEDULE_STORY_NOW;
  const find = (id: number) => {
    const found = schedules.find((schedule) => schedule.schedule_id === id);
    if (!found) throw new ApiError(404, { detail: SCHEDULE_MESSAGES.notFound });
    return withOnCall(found, overrides, now());
  };
  const saving = <T>(answer: () => T): Promise<T> => {
    const save = options.save ?? 'ok';
    if (save === 'saving') return never<T>();
    if (save === 'failed') return Promise.reject(new ApiError(500, null));
    if (typeof save === 'object')
      return Promise.reject(
        'refuseRotation' in save ? rotationRefused(save.refuseRotation) : temporaryRefused(save.refuseTemporary),
      );
    return Promise.resolve().then(answer);
  };

  return {
    list: async (query) => {
      if (options.list === 'loading') return never();
      if (options.list === 'failed') throw new ApiError(0, null);
      return pageOf(schedules, query);
    },
    get: async (id) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new ApiError(0, null);
      }
      return find(id);
    },
    create: (body) =>
      saving(() => {
        const created = seeded({ ...body, rotations: [] }, schedules.length);
        schedules.push(created);
        return created;
      }),
    update: (id, body) =>
      saving(() => {
        const at = schedules.findIndex((schedule) => schedule.schedule_id === id);
        const current = schedules[at]!;
        const changed: Schedule = {
          ...current,
          ...body,
          rotations: body.rotations.map((r, index) => ({
            rotation_id: current.rotations[index]?.rotation_id ?? 900 + index,
            rotation_name: r.rotation_name,
            participants: r.participants.map(person),
            shift_length: r.shift_length,
            shift_unit: r.shift_unit,
            handoff_time: r.handoff_time,
            start: r.start,
            restrictions: r.restrictions,
          })),
          temporary_schedules: body.temporary_schedules.map((temporary) => ({
            start: temporary.start,
            end: temporary.end,
            shifts: temporary.shifts.map((shift) => ({ ...shift, resource_fullname: nameOf(shift.resource_id) })),
          })),
        };
        schedules[at] = changed;
        return withOnCall(changed, overrides, now());
      }),
    remove: async () => {
      throw scheduleInUse();
    },
    onCall: async (id) => {
      const schedule = find(id);
      const { shift, until } = onCallUntil(definitionOf(schedule, overrides), now());
      return {
        at: new Date(now()).toISOString(),
        resource: shift ? person(shift.resource_id) : null,
        source: shift?.source ?? null,
        until: until === null ? null : new Date(until).toISOString(),
      };
    },
    shifts: async (id, range) => {
      if (options.page === 'shiftsFail') throw new ApiError(500, null);
      const schedule = find(id);
      const from = Date.parse(range.from);
      const to = Date.parse(range.to);
      const final = shifts(definitionOf(schedule, overrides), from, to);
      const answer: ShiftsAnswer = {
        schedule_id: id,
        time_zone: schedule.time_zone,
        from: range.from,
        to: range.to,
        shifts: final.map((shift): ScheduleShift => ({
          resource_id: shift.resource_id,
          resource_fullname: nameOf(shift.resource_id),
          start: new Date(shift.start).toISOString(),
          end: new Date(shift.end).toISOString(),
          source: shift.source,
          rotation_id:
            shift.rotation_index === null ? null : (schedule.rotations[shift.rotation_index]?.rotation_id ?? null),
          override_id: shift.override_id,
        })),
        gaps: gapsOf(final, from, to).map((gap) => ({
          start: new Date(gap.start).toISOString(),
          end: new Date(gap.end).toISOString(),
        })),
      };
      return answer;
    },
    overrides: async (id, range) => {
      const from = Date.parse(range.from);
      const to = Date.parse(range.to);
      const list = overrides.filter(
        (o) => o.schedule_id === id && Date.parse(o.end) > from && Date.parse(o.start) < to,
      );
      return { total: list.length, list };
    },
    addOverride: async (id, body) => {
      if (options.overrideRefused)
        throw new ApiError(422, { detail: [{ loc: ['body', 'end'], msg: SCHEDULE_MESSAGES.rangeTooLong }] });
      nextOverride += 1;
      const made: ScheduleOverride = {
        override_id: nextOverride,
        schedule_id: id,
        resource_id: body.resource_id,
        resource_fullname: nameOf(body.resource_id),
        start: new Date(body.start).toISOString(),
        end: new Date(body.end).toISOString(),
        override_createby: 'root@democompany.demo',
        override_createdt: new Date(now()).toISOString(),
      };
      overrides.push(made);
      return made;
    },
    removeOverride: async (_id, overrideId) => {
      const at = overrides.findIndex((o) => o.override_id === overrideId);
      if (at >= 0) overrides.splice(at, 1);
      return { Message: 'Override was successfully removed' };
    },
    rotateCalendar: async (id) => ({ calendar_url: `https://relevo.example/api/calendar/${'n'.repeat(36)}${id}.ics` }),
    resources: async () => ({ total: storyScheduleResources.length, list: storyScheduleResources }),
    now,
    viewerZone: () => STORY_VIEWER_ZONE,
  };
}
