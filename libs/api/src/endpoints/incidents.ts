import * as v from 'valibot';
import {
  AlertmanagerWebhookSchema,
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
import { get, named, post, reply } from '../endpoint';
import { CaseIdParams, IdParams } from './common';

/** docs/product.md#http-calls: the simulation's answer is a list whose first item has status ('200' is success) and message. */
export type SimulationAnswer = [{ status: '200'; message: string; case_id: string; event_id: number }];

/** A monitoring system's calls, by HTTP Basic with a module ID and its credential key. */
const moduleKey = { auth: 'moduleKey' as const };

export const incidentEndpoints = /* @__PURE__ */ named({
  /**
   * POST /api/v1/incidents (docs/product.md#incidents-in): a monitoring system reports an incident to a module, by
   * HTTP Basic with the module ID and its credential key. 201 with the new event; 200 with the open
   * event its dedup_key names.
   */
  ingestIncident: post('/api/v1/incidents', reply<IncidentCreated>(), { body: IncidentIngestSchema, ...moduleKey }),
  /** POST /api/events/module/emulation/{id} (docs/product.md#modules Incident Simulation): a real event through the ingest path. */
  simulateIncident: post('/api/events/module/emulation/:id', reply<SimulationAnswer>(), {
    params: IdParams,
    body: IncidentSimulationSchema,
    auth: 'session',
    permissions: ['catalogue.write'],
  }),
});

export const { ingestIncident, simulateIncident } = incidentEndpoints;

/** `/:token`: a responder link's token (checked by its signature). */
export const ResponderTokenParams = /* @__PURE__ */ (() =>
  v.object({
    token: v.pipe(v.string(RESPONDER_MESSAGES.invalidLink), v.maxLength(200, RESPONDER_MESSAGES.invalidLink)),
  }))();

/** A case's calls, by its case ID, from its module's monitoring system. */
const oneCase = { params: CaseIdParams, ...moduleKey };
const caseState = reply<IncidentState>();
/** The responder page's calls: the link's token is the credential. */
const responder = { params: ResponderTokenParams, auth: 'public' as const };

export const responderEndpoints = /* @__PURE__ */ named({
  /** docs/product.md#incidents-in: the monitoring system says the incident is over (resolved) or was a mistake (canceled). */
  resolveIncident: post('/api/v1/incidents/:case_id/resolve', caseState, { body: IncidentResolveSchema, ...oneCase }),
  cancelIncident: post('/api/v1/incidents/:case_id/cancel', caseState, oneCase),
  /**
   * The responder page's calls (docs/product.md#escalation-engine): the link's token is the credential. Reading changes
   * nothing (mail scanners and link previews fetch links); only the buttons' POSTs act.
   */
  responderView: get('/api/v1/respond/:token', reply<ResponderView>(), responder),
  responderAccept: post('/api/v1/respond/:token/accept', reply<ResponderView>(), responder),
  responderResolve: post('/api/v1/respond/:token/resolve', reply<ResponderView>(), responder),
});

export const { resolveIncident, cancelIncident, responderView, responderAccept, responderResolve } = responderEndpoints;

/** A gateway's calls, signed with INBOUND_WEBHOOK_SECRET. */
const signed = { auth: 'signedWebhook' as const };

export const channelEndpoints = /* @__PURE__ */ named({
  /**
   * The inbound webhook (docs/product.md#answers-by-sms-and-voice): an SMS or voice gateway reports a reply, a key press or a
   * delivery. Signed with INBOUND_WEBHOOK_SECRET over the raw body (X-Relevo-Timestamp,
   * X-Relevo-Signature); absent while the secret is unset.
   */
  channelInbound: post('/api/v1/channels/inbound', reply<InboundAnswer>(), { body: InboundSchema, ...signed }),
});

export const { channelInbound } = channelEndpoints;

export const integrationEndpoints = /* @__PURE__ */ named({
  /**
   * PagerDuty Events API v2 compatibility (monitoring tools configured for PagerDuty, with this
   * server's URL): the routing key in the body is the module's credential key. The handler reads and
   * checks the body itself, so every refusal is answered in PagerDuty's words (400 invalid event).
   */
  eventsV2Enqueue: post('/v2/enqueue', reply<EventsV2Answer>(), { auth: 'public' }),
  eventsV2EnqueueApi: post('/api/v2/enqueue', reply<EventsV2Answer>(), { auth: 'public' }),
  /** Prometheus Alertmanager's webhook receiver (version 4), by HTTP Basic with the module ID and key. */
  alertmanagerWebhook: post('/api/v1/integrations/alertmanager', reply<AlertmanagerAnswer>(), {
    body: AlertmanagerWebhookSchema,
    ...moduleKey,
  }),
});

export const { eventsV2Enqueue, eventsV2EnqueueApi, alertmanagerWebhook } = integrationEndpoints;
