import * as v from 'valibot';
import {
  AlertmanagerWebhookSchema,
  CASE_ID_PATTERN,
  InboundSchema,
  IncidentIngestSchema,
  IncidentResolveSchema,
  IncidentSimulationSchema,
  RESPONDER_MESSAGES,
  type AlertmanagerAnswer,
  type EventsV2Answer,
  type InboundAnswer,
  type IncidentCreated,
  type IncidentState,
  type ResponderView,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/**
 * POST /api/v1/incidents (docs/product.md#incidents-in): a monitoring system reports an incident to a module, by
 * HTTP Basic with the module ID and its credential key. 201 with the new event; 200 with the open
 * event its dedup_key names.
 */
export const ingestIncident = endpoint({
  name: 'ingestIncident',
  method: 'POST',
  path: '/api/v1/incidents',
  body: IncidentIngestSchema,
  response: reply<IncidentCreated>(),
  auth: 'moduleKey',
});

/** docs/product.md#http-calls: the simulation's answer is a list whose first item has status ('200' is success) and message. */
export type SimulationAnswer = [{ status: '200'; message: string; case_id: string; event_id: number }];

/** POST /api/events/module/emulation/{id} (docs/product.md#modules Incident Simulation): a real event through the ingest path. */
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

/** `/:case_id`: a case ID as the engine makes them. */
export const CaseIdParams = /* @__PURE__ */ (() =>
  v.object({ case_id: v.pipe(v.string('Must be a case ID'), v.regex(CASE_ID_PATTERN, 'Must be a case ID')) }))();
/** `/:token`: a responder link's token (checked by its signature). */
export const ResponderTokenParams = /* @__PURE__ */ (() =>
  v.object({
    token: v.pipe(v.string(RESPONDER_MESSAGES.invalidLink), v.maxLength(200, RESPONDER_MESSAGES.invalidLink)),
  }))();

/** docs/product.md#incidents-in: the monitoring system says the incident is over (resolved) or was a mistake (canceled). */
export const resolveIncident = endpoint({
  name: 'resolveIncident',
  method: 'POST',
  path: '/api/v1/incidents/:case_id/resolve',
  params: CaseIdParams,
  body: IncidentResolveSchema,
  response: reply<IncidentState>(),
  auth: 'moduleKey',
});
export const cancelIncident = endpoint({
  name: 'cancelIncident',
  method: 'POST',
  path: '/api/v1/incidents/:case_id/cancel',
  params: CaseIdParams,
  response: reply<IncidentState>(),
  auth: 'moduleKey',
});

/**
 * The responder page's calls (docs/product.md#escalation-engine): the link's token is the credential. Reading changes
 * nothing (mail scanners and link previews fetch links); only the buttons' POSTs act.
 */
export const responderView = endpoint({
  name: 'responderView',
  method: 'GET',
  path: '/api/v1/respond/:token',
  params: ResponderTokenParams,
  response: reply<ResponderView>(),
  auth: 'public',
});
export const responderAccept = endpoint({
  name: 'responderAccept',
  method: 'POST',
  path: '/api/v1/respond/:token/accept',
  params: ResponderTokenParams,
  response: reply<ResponderView>(),
  auth: 'public',
});
export const responderResolve = endpoint({
  name: 'responderResolve',
  method: 'POST',
  path: '/api/v1/respond/:token/resolve',
  params: ResponderTokenParams,
  response: reply<ResponderView>(),
  auth: 'public',
});

export const responderEndpoints = { resolveIncident, cancelIncident, responderView, responderAccept, responderResolve };

/**
 * The inbound webhook (docs/product.md#answers-by-sms-and-voice): an SMS or voice gateway reports a reply, a key press or a
 * delivery. Signed with INBOUND_WEBHOOK_SECRET over the raw body (X-Relevo-Timestamp,
 * X-Relevo-Signature); absent while the secret is unset.
 */
export const channelInbound = endpoint({
  name: 'channelInbound',
  method: 'POST',
  path: '/api/v1/channels/inbound',
  body: InboundSchema,
  response: reply<InboundAnswer>(),
  auth: 'signedWebhook',
});

export const channelEndpoints = { channelInbound };

/**
 * PagerDuty Events API v2 compatibility (monitoring tools configured for PagerDuty, with this
 * server's URL): the routing key in the body is the module's credential key. The handler reads and
 * checks the body itself, so every refusal is answered in PagerDuty's words (400 invalid event).
 */
export const eventsV2Enqueue = endpoint({
  name: 'eventsV2Enqueue',
  method: 'POST',
  path: '/v2/enqueue',
  response: reply<EventsV2Answer>(),
  auth: 'public',
});
export const eventsV2EnqueueApi = endpoint({
  name: 'eventsV2EnqueueApi',
  method: 'POST',
  path: '/api/v2/enqueue',
  response: reply<EventsV2Answer>(),
  auth: 'public',
});
/** Prometheus Alertmanager's webhook receiver (version 4), by HTTP Basic with the module ID and key. */
export const alertmanagerWebhook = endpoint({
  name: 'alertmanagerWebhook',
  method: 'POST',
  path: '/api/v1/integrations/alertmanager',
  body: AlertmanagerWebhookSchema,
  response: reply<AlertmanagerAnswer>(),
  auth: 'moduleKey',
});

export const integrationEndpoints = { eventsV2Enqueue, eventsV2EnqueueApi, alertmanagerWebhook };
