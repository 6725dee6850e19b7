import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formErrors } from '../rules/validation';
import { INCIDENT_MESSAGES, IncidentIngestSchema, IncidentSimulationSchema } from './incident';

const ok = { incident: 'Disk almost full', description: 'The disk of db-1 is 95% full' };

describe('incident simulation and ingest rules (docs/product.md#validation-rules, docs/product.md#incidents-in)', () => {
  it('accepts 10 to 100 and 10 to 1000 characters, trimmed', () => {
    expect(
      v.parse(IncidentSimulationSchema, { incident: `  ${'a'.repeat(10)}  `, description: 'b'.repeat(1000) }),
    ).toEqual({ incident: 'a'.repeat(10), description: 'b'.repeat(1000) });
    expect(
      v.parse(IncidentSimulationSchema, { incident: 'a'.repeat(100), description: 'b'.repeat(10) }).incident,
    ).toHaveLength(100);
  });

  it('names each broken rule with the spec message, at the boundaries', () => {
    expect(formErrors(IncidentSimulationSchema, { incident: '', description: '' })).toEqual({
      incident: [INCIDENT_MESSAGES.incidentRequired],
      description: [INCIDENT_MESSAGES.descriptionRequired],
    });
    expect(formErrors(IncidentSimulationSchema, { incident: 'a'.repeat(9), description: 'b'.repeat(9) })).toEqual({
      incident: ['The Incident field must be at least 10 characters long'],
      description: ['The Description field must be at least 10 characters long'],
    });
    expect(formErrors(IncidentSimulationSchema, { incident: 'a'.repeat(101), description: 'b'.repeat(1001) })).toEqual({
      incident: ['The Incident field cannot exceed 100 characters'],
      description: ['The Description field cannot exceed 1000 characters'],
    });
    expect(formErrors(IncidentSimulationSchema, {})).toEqual({
      incident: [INCIDENT_MESSAGES.incidentRequired],
      description: [INCIDENT_MESSAGES.descriptionRequired],
    });
  });

  it('takes an optional dedup_key on the ingest API and refuses unknown fields', () => {
    expect(v.parse(IncidentIngestSchema, ok)).toEqual({ ...ok, dedup_key: '' });
    expect(v.parse(IncidentIngestSchema, { ...ok, dedup_key: ' disk-db-1 ' }).dedup_key).toBe('disk-db-1');
    expect(v.safeParse(IncidentIngestSchema, { ...ok, severity: 'high' }).success).toBe(false);
    expect(v.safeParse(IncidentSimulationSchema, { ...ok, dedup_key: 'x' }).success).toBe(false);
  });
});
