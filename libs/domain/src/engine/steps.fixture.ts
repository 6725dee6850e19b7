import type { EngineStep } from './escalation-engine';

/** The engine tests' clock: minutes, and the moment an event is created. */
export const MIN = 60_000;
export const T0 = Date.UTC(2026, 10, 24, 3, 0, 0);

/** An agent's step of a test: reached by SMS in Spanish, 15 minutes, no recalls, unless `patch` says otherwise. */
export const agent = (id: number, patch: Partial<EngineStep> = {}): EngineStep => ({
  escalation_resource_id: id,
  participation: 'agent',
  channel: 'sms',
  resource_id: 100 + id,
  resource_name: `Agent ${id}`,
  address: `+178755500${id}0`,
  language: 'ES',
  recalls: 0,
  follow_up_minutes: 15,
  ...patch,
});
/** A supervisor told by e-mail. */
export const supervisor = (id: number): EngineStep =>
  agent(id, { participation: 'supervisor', follow_up_minutes: 0, channel: 'email', address: `boss${id}@example.test` });
