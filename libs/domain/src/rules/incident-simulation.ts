import { IncidentSimulationSchema, type IncidentSimulation } from '../entities/incident';
import { checkedBody } from './application-form';
import { formErrors, validate } from './validation';

/** The Incident Simulation modal's values as typed (docs/product.md#modules, #validation-rules). */
export interface IncidentSimulationValues {
  incident: string;
  description: string;
}
export type IncidentSimulationField = keyof IncidentSimulationValues;

export const emptyIncidentSimulation = (): IncidentSimulationValues => ({ incident: '', description: '' });

/** docs/product.md#validation-rules: every failed rule per field, with the spec's messages (INCIDENT_MESSAGES). */
export const incidentSimulationErrors = (
  values: IncidentSimulationValues,
): Partial<Record<IncidentSimulationField, string[]>> => formErrors(IncidentSimulationSchema, values);

/** docs/product.md#validation-rules: Send stays disabled until both fields pass. */
export const canSendSimulation = (values: IncidentSimulationValues): boolean =>
  Object.keys(incidentSimulationErrors(values)).length === 0;

export const incidentSimulationBody = (values: IncidentSimulationValues): IncidentSimulation =>
  checkedBody(validate(IncidentSimulationSchema, values));

/** docs/product.md#http-calls: the answer is a list whose first item has status ('200' is success) and message. */
export function simulationOutcome(answer: readonly { status: string; message: string }[]): {
  ok: boolean;
  message: string;
} {
  const first = answer[0];
  if (!first) return { ok: false, message: 'The incident was not sent' };
  return { ok: first.status === '200', message: first.message };
}
