import { describe, expect, it } from 'vitest';
import {
  canSendSimulation,
  emptyIncidentSimulation,
  incidentSimulationBody,
  incidentSimulationErrors,
  simulationOutcome,
} from './incident-simulation';

const ten = 'x'.repeat(10);

describe('incident simulation form (docs/product.md#validation-rules)', () => {
  it('requires both fields with the spec messages, Send disabled', () => {
    expect(incidentSimulationErrors(emptyIncidentSimulation())).toEqual({
      incident: ['The Incident field is required'],
      description: ['The Description field is required'],
    });
    expect(canSendSimulation(emptyIncidentSimulation())).toBe(false);
  });

  it('bounds the incident to 10-100 and the description to 10-1000 characters (trimmed)', () => {
    expect(incidentSimulationErrors({ incident: 'x'.repeat(9), description: '  ' + 'd'.repeat(9) + '  ' })).toEqual({
      incident: ['The Incident field must be at least 10 characters long'],
      description: ['The Description field must be at least 10 characters long'],
    });
    expect(incidentSimulationErrors({ incident: 'x'.repeat(101), description: 'd'.repeat(1001) })).toEqual({
      incident: ['The Incident field cannot exceed 100 characters'],
      description: ['The Description field cannot exceed 1000 characters'],
    });
    expect(canSendSimulation({ incident: 'x'.repeat(100), description: 'd'.repeat(1000) })).toBe(true);
    expect(canSendSimulation({ incident: ten, description: ten })).toBe(true);
  });

  it('sends the trimmed values', () => {
    expect(incidentSimulationBody({ incident: ` ${ten} `, description: ten })).toEqual({
      incident: ten,
      description: ten,
    });
    expect(() => incidentSimulationBody(emptyIncidentSimulation())).toThrow('The Incident field is required');
  });

  it("reads the answer: status '200' is success, anything else shows its message", () => {
    expect(simulationOutcome([{ status: '200', message: 'The incident was sent' }])).toEqual({
      ok: true,
      message: 'The incident was sent',
    });
    expect(simulationOutcome([{ status: '409', message: 'This module is inactive' }])).toEqual({
      ok: false,
      message: 'This module is inactive',
    });
    expect(simulationOutcome([])).toEqual({ ok: false, message: 'The incident was not sent' });
  });
});
