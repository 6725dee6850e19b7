import {
  HeartbeatCreateSchema,
  HeartbeatListQuery,
  HeartbeatTokenParams,
  HeartbeatUpdateSchema,
  type BeatAnswer,
  type Heartbeat,
  type ListOf,
  type MessageAnswer,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

// docs/product.md#heartbeat-monitors: a module's monitors, read by both customer roles and changed
// by a Customer Root; their beat addresses are shown only to those who may change them.

const session = { auth: 'session' as const };
const read = { ...session, permissions: ['catalogue.read' as const] };
const write = { ...session, permissions: ['catalogue.write' as const] };

/** A module's monitors by name (a module holds at most HEARTBEAT_LIMITS.perModule). */
export const listHeartbeats = endpoint({
  name: 'listHeartbeats',
  method: 'GET',
  path: '/api/heartbeats',
  query: HeartbeatListQuery,
  response: reply<ListOf<Heartbeat>>(),
  ...read,
});
export const addHeartbeat = endpoint({
  name: 'addHeartbeat',
  method: 'POST',
  path: '/api/heartbeats',
  body: HeartbeatCreateSchema,
  response: reply<Heartbeat>(),
  ...write,
});
export const updateHeartbeat = endpoint({
  name: 'updateHeartbeat',
  method: 'PUT',
  path: '/api/heartbeats/:id',
  params: IdParams,
  body: HeartbeatUpdateSchema,
  response: reply<Heartbeat>(),
  ...write,
});
export const deleteHeartbeat = endpoint({
  name: 'deleteHeartbeat',
  method: 'DELETE',
  path: '/api/heartbeats/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...write,
});
/** A new secret beat address: the old one stops working at once. */
export const rotateHeartbeatToken = endpoint({
  name: 'rotateHeartbeatToken',
  method: 'POST',
  path: '/api/heartbeats/:id/token',
  params: IdParams,
  response: reply<Heartbeat>(),
  ...write,
});
/**
 * Public: the secret in the address is the credential; no body needed. 202 with the monitor's new
 * state; 404 for an address no monitor has; 429 past HEARTBEAT_LIMITS.beatsPerMinute.
 */
export const heartbeatBeat = endpoint({
  name: 'heartbeatBeat',
  method: 'POST',
  path: '/api/v1/heartbeat/:token',
  params: HeartbeatTokenParams,
  response: reply<BeatAnswer>(),
  auth: 'public',
});

export const heartbeatEndpoints = {
  listHeartbeats,
  addHeartbeat,
  updateHeartbeat,
  deleteHeartbeat,
  rotateHeartbeatToken,
  heartbeatBeat,
};
