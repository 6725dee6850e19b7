import * as v from 'valibot';
import { MAX_LONG_TEXT, MAX_TEXT, form, optionalText } from '../rules/fields';

/** docs/product.md#validation-rules Incident simulation; docs/product.md#incidents-in: the ingest API keeps the same rules. */
export const INCIDENT_LIMITS = { incident: { min: 10, max: 100 }, description: { min: 10, max: 1000 } } as const;

export const INCIDENT_MESSAGES = {
  incidentRequired: 'The Incident field is required',
  incidentTooShort: 'The Incident field must be at least 10 characters long',
  incidentTooLong: 'The Incident field cannot exceed 100 characters',
  descriptionRequired: 'The Description field is required',
  descriptionTooShort: 'The Description field must be at least 10 characters long',
  descriptionTooLong: 'The Description field cannot exceed 1000 characters',
} as const;

/* @__NO_SIDE_EFFECTS__ */
const boundedText = (required: string, tooShort: string, tooLong: string, limits: { min: number; max: number }) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.minLength(limits.min, tooShort),
    v.maxLength(limits.max, tooLong),
  );

/* @__NO_SIDE_EFFECTS__ */
const incidentEntries = () => ({
  incident: boundedText(
    INCIDENT_MESSAGES.incidentRequired,
    INCIDENT_MESSAGES.incidentTooShort,
    INCIDENT_MESSAGES.incidentTooLong,
    INCIDENT_LIMITS.incident,
  ),
  description: boundedText(
    INCIDENT_MESSAGES.descriptionRequired,
    INCIDENT_MESSAGES.descriptionTooShort,
    INCIDENT_MESSAGES.descriptionTooLong,
    INCIDENT_LIMITS.description,
  ),
});

/** The Incident Simulation form (docs/product.md#modules, #validation-rules): Send stays disabled until both fields pass. */
export const IncidentSimulationSchema = /* @__PURE__ */ (() => form(incidentEntries()))();
export type IncidentSimulation = v.InferOutput<typeof IncidentSimulationSchema>;

/** `POST /api/v1/incidents` (docs/product.md#incidents-in): the form's fields and an optional deduplication key. */
export const IncidentIngestSchema = /* @__PURE__ */ (() =>
  form({ ...incidentEntries(), dedup_key: optionalText(MAX_TEXT) }))();
export type IncidentIngest = v.InferOutput<typeof IncidentIngestSchema>;

/** The ingest API's refusals (docs/product.md#incidents-in). */
export const INGEST_MESSAGES = {
  badCredentials: 'The module ID or credential key is not valid',
  moduleInactive: 'This module is inactive: it accepts no incidents',
  escalationNotReady: "This module's escalation is missing, inactive or incomplete: it accepts no incidents",
  simulated: 'The incident was sent',
} as const;

/** An event as the ingest API answers it: 201 when made, 200 when its dedup_key found an open one. */
export interface IncidentCreated {
  case_id: string;
  event_id: number;
}

/** What the responder page shows (docs/product.md#escalation-engine): the incident and what the person may do now. */
export interface ResponderView {
  case_id: string;
  incident: string;
  description: string;
  event_status: 'open' | 'progress' | 'completed' | 'canceled';
  /** the person the link was sent to */
  resource: string;
  accepted_by: string | null;
  can_accept: boolean;
  can_resolve: boolean;
}

export const RESPONDER_MESSAGES = {
  invalidLink: 'This link is not valid',
  closed: 'This incident is closed: the link no longer works',
  accepted: 'You accepted this incident',
  resolved: 'You resolved this incident',
  caseNotFound: 'No incident of this module has this case ID',
} as const;

/** POST /api/v1/incidents/{case_id}/resolve: an optional note of how it was resolved. */
export const IncidentResolveSchema = /* @__PURE__ */ (() => form({ resolution: optionalText(MAX_LONG_TEXT) }))();
export type IncidentResolve = v.InferOutput<typeof IncidentResolveSchema>;

/** A case ID as the engine makes them (8 characters without look-alikes). */
export const CASE_ID_PATTERN = /^[A-HJKMNP-Z2-9]{8}$/;

/** What the ingest API answers about an event it changed. */
export interface IncidentState {
  case_id: string;
  event_id: number;
  event_status: 'open' | 'progress' | 'completed' | 'canceled';
}
