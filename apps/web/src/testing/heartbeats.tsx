import { ApiError } from '@relevo/api';
import { HEARTBEAT_MESSAGES, Role, type Heartbeat, type RoleId } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { HeartbeatCalls } from '../features/modules/heartbeat-calls';
import { routes } from '../routes';
import { APPLICATION_CALLS } from './applications';
import { never, storyUser } from './fixtures';
import { StoryApp } from './story-app';

/** The stories' now: 13:00 in Madrid, where the viewer is. */
export const HEARTBEAT_NOW = Date.parse('2026-03-10T12:00:00.000Z');
export const HEARTBEAT_VIEWER_ZONE = 'Europe/Madrid';
const ago = (minutes: number) => new Date(HEARTBEAT_NOW - minutes * 60_000).toISOString();

/** A beat address of the fixture server: its secret is 43 characters of base64url. */
export const beatUrlOf = (seed: string) =>
  `https://relevo.example.com/api/v1/heartbeat/${seed.padEnd(43, 'x').slice(0, 43)}`;

const monitor = (
  id: number,
  name: string,
  over: Partial<Heartbeat> & Pick<Heartbeat, 'state' | 'interval_seconds' | 'grace_seconds'>,
): Heartbeat => ({
  id,
  heartbeat_id: id,
  customer_id: 2,
  module_id: 1,
  heartbeat_name: name,
  heartbeat_active: 'Y',
  last_beat_at: null,
  due_at: null,
  open_case_id: null,
  beat_url: beatUrlOf(`beat${id}A9_f-Q2`),
  heartbeat_createby: 'root@democompany.demo',
  heartbeat_createdt: ago(60 * 24 * 7),
  heartbeat_updateby: null,
  heartbeat_updatedt: null,
  ...over,
});

/** Checkout's monitors, by name: one up, one missed with its incident open, one waiting for its first beat. */
export const storyHeartbeats = (): Heartbeat[] => [
  monitor(1, 'Invoice export', {
    state: 'up',
    interval_seconds: 300,
    grace_seconds: 60,
    last_beat_at: ago(3),
    due_at: ago(-3),
  }),
  monitor(2, 'Nightly backup', {
    state: 'missed',
    interval_seconds: 86_400,
    grace_seconds: 1_800,
    last_beat_at: ago(60 * 26),
    open_case_id: 'C-000321',
  }),
  monitor(3, 'Stock sync', { state: 'waiting', interval_seconds: 3_600, grace_seconds: 0 }),
];

const nameTaken = () =>
  Promise.reject(
    new ApiError(422, { detail: [{ loc: ['body', 'heartbeat_name'], msg: HEARTBEAT_MESSAGES.nameTaken }] }),
  );

/** Plays the server over a list of its own: adds, edits, deletes and new addresses change what the next list answers. */
function heartbeatServer(rows: Heartbeat[]): HeartbeatCalls {
  let next = 10;
  let rotations = 0;
  const byName = () => [...rows].sort((a, b) => a.heartbeat_name.localeCompare(b.heartbeat_name));
  const found = (id: number) =>
    rows.find((row) => row.heartbeat_id === id) ??
    Promise.reject(new ApiError(404, { detail: HEARTBEAT_MESSAGES.notFound }));
  return {
    list: async () => ({ total: rows.length, list: byName() }),
    create: async (body) => {
      const made = monitor(next++, body.heartbeat_name, {
        state: 'waiting',
        interval_seconds: body.interval_seconds,
        grace_seconds: body.grace_seconds,
        heartbeat_createdt: new Date(HEARTBEAT_NOW).toISOString(),
      });
      rows.push(made);
      return made;
    },
    update: async (id, body) => {
      const row = await found(id);
      Object.assign(row, body);
      return row;
    },
    remove: async (id) => {
      await found(id);
      rows.splice(
        rows.findIndex((row) => row.heartbeat_id === id),
        1,
      );
      return { Message: HEARTBEAT_MESSAGES.deleted };
    },
    rotate: async (id) => {
      const row = await found(id);
      row.beat_url = beatUrlOf(`new${++rotations}Zr8-k${id}`);
      return row;
    },
    now: () => HEARTBEAT_NOW,
    viewerZone: () => HEARTBEAT_VIEWER_ZONE,
  };
}

/** Fixture calls of the heartbeats window, by state. */
export const HEARTBEAT_CALLS = {
  filled: (): HeartbeatCalls => heartbeatServer(storyHeartbeats()),
  empty: (): HeartbeatCalls => heartbeatServer([]),
  loading: (): HeartbeatCalls => ({ ...heartbeatServer([]), list: never }),
  /** the first load fails; Reload finds the list */
  failedOnce: (): HeartbeatCalls => {
    const server = heartbeatServer(storyHeartbeats());
    let calls = 0;
    return {
      ...server,
      list: (moduleId) => (calls++ === 0 ? Promise.reject(new ApiError(0, null)) : server.list(moduleId)),
    };
  },
  /** as a Customer reads it: no addresses */
  customer: (): HeartbeatCalls => heartbeatServer(storyHeartbeats().map(({ beat_url: _hidden, ...row }) => row)),
  nameTaken: (): HeartbeatCalls => ({ ...heartbeatServer(storyHeartbeats()), create: nameTaken, update: nameTaken }),
  saving: (): HeartbeatCalls => ({ ...heartbeatServer(storyHeartbeats()), create: never, update: never }),
};

export interface HeartbeatScreensProps {
  role?: RoleId;
  calls?: keyof typeof HEARTBEAT_CALLS;
}

/** The real Modules screen of Demo Store, signed in as a customer user, with the heartbeats window's fixture calls. */
export function HeartbeatScreens({ role = Role.CustomerRoot, calls = 'filled' }: HeartbeatScreensProps) {
  // made once: the fixture server keeps what the story changes
  const [services] = useState(() => ({
    applicationCalls: APPLICATION_CALLS.filled(),
    heartbeatCalls: HEARTBEAT_CALLS[calls](),
  }));
  return <StoryApp routes={routes} at="/application/1/modules" user={storyUser(role)} services={services} />;
}

/** The meta of the heartbeats window's story file but its title. */
export const heartbeatScreensMeta = {
  component: HeartbeatScreens,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HeartbeatScreens>;

export type HeartbeatScreensStory = StoryObj<typeof HeartbeatScreens>;
