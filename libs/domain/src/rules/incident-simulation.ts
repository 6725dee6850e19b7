import { IncidentSimulationSchema, type IncidentSimulation } from '../entities/incident';
import { checkedBody } from './application-form';
import { formErrors, validate } from './validation';

/** The Incident Simulation modal's values as typed (spec 2.12, 5). */
export interface IncidentSimulationValues {
  incident: string;
  description: string;
}
export type IncidentSimulationField = keyof IncidentSimulationValues;

export const emptyIncidentSimulation = (): IncidentSimulationValues => ({ incident: '', description: '' });

/** spec 5: every failed rule per field, with the spec's messages (INCIDENT_MESSAGES). */
export const incidentSimulationErrors = (values: IncidentSimulationValues): Partial<Record<IncidentSimulationField, string[]>> => formErrors(IncidentSimulationSchema, values);

/** spec 5: Send stays disabled until both fields pass. */
export const canSendSimulation = (values: IncidentSimulationValues): boolean => Object.keys(incidentSimulationErrors(values)).length === 0;

export const incidentSimulationBody = (values: IncidentSimulationValues): IncidentSimulation => checkedBody(validate(IncidentSimulationSchema, values));

/** spec 7: the answer is a list whose first item has status ('200' is success) and message. */
export function simulationOutcome(answer: readonly { status: string; message: string }[]): { ok: boolean; message: string } {
  const first = answer[0];
  if (!first) return { ok: false, message: 'The incident was not sent' };
  return { ok: first.status === '200', message: first.message };
}
