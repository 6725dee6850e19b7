import { IncidentIngestSchema, IncidentSimulationSchema, type IncidentCreated } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/**
 * POST /api/v1/incidents (service.md 5): a monitoring system reports an incident to a module, by
 * HTTP Basic with the module ID and its credential key. 201 with the new event; 200 with the open
 * event its dedup_key names.
 */
export const ingestIncident = endpoint({ name: 'ingestIncident', method: 'POST', path: '/api/v1/incidents', body: IncidentIngestSchema, response: reply<IncidentCreated>(), auth: 'moduleKey' });

/** spec 7: the simulation's answer is a list whose first item has status ('200' is success) and message. */
export type SimulationAnswer = [{ status: '200'; message: string; case_id: string; event_id: number }];

/** POST /api/events/module/emulation/{id} (spec 2.12 Incident Simulation): a real event through the ingest path. */
export const simulateIncident = endpoint({
  name: 'simulateIncident',
  method: 'POST',
  path: '/api/events/module/emulation/:id',
  params: IdParams,
  body: IncidentSimulationSchema,
  response: reply<SimulationAnswer>(),
  auth: 'session',
  permissions: ['catalogue.write'],
});

export const incidentEndpoints = { ingestIncident, simulateIncident };
