import { addHeartbeat, deleteHeartbeat, listHeartbeats, rotateHeartbeatToken, updateHeartbeat } from '@relevo/api';
import type { Heartbeat, HeartbeatCreate, HeartbeatUpdate, ListOf, MessageAnswer } from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the heartbeats window of the Modules screen */
    heartbeatCalls: HeartbeatCalls;
  }
}

/** docs/product.md#heartbeat-monitors: a module's monitors; stories and tests give fixtures instead. */
export interface HeartbeatCalls {
  /** the module's monitors by name (at most 50) */
  list: (moduleId: number) => Promise<ListOf<Heartbeat>>;
  create: (body: HeartbeatCreate) => Promise<Heartbeat>;
  update: (id: number, body: HeartbeatUpdate) => Promise<Heartbeat>;
  remove: (id: number) => Promise<MessageAnswer>;
  /** a new secret beat address: the old one stops working at once */
  rotate: (id: number) => Promise<Heartbeat>;
  /** the instant that is now (how long ago the last beat came) */
  now: () => number;
  /** the viewer's own time zone (the last beat's time) */
  viewerZone: () => string;
}

/** Loaded with the window, not with the Modules screen. */
export const liveHeartbeatCalls: HeartbeatCalls = {
  list: (moduleId) => api.call(listHeartbeats, { query: { module_id: moduleId } }),
  create: (body) => api.call(addHeartbeat, { body }),
  update: (id, body) => api.call(updateHeartbeat, { params: { id }, body }),
  remove: (id) => api.call(deleteHeartbeat, { params: { id } }),
  rotate: (id) => api.call(rotateHeartbeatToken, { params: { id } }),
  now: () => Date.now(),
  viewerZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
};
