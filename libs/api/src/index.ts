import { authEndpoints } from './endpoints/auth';
import { ssoEndpoints } from './endpoints/sso';
import { smsResetStart } from './endpoints/sms-reset';
import { customerEndpoints } from './endpoints/customers';
import { customerUsers, ownUsers, staffUsers, userDashboard } from './endpoints/users';
import {
  clientSettings,
  health,
  listChannels,
  listLanguages,
  listParticipationTypes,
  ready,
} from './endpoints/reference';
import { moduleToolEndpoints } from './endpoints/module-tools';
import { resourceEndpoints } from './endpoints/resources';
import { slaEndpoints } from './endpoints/slas';
import { escalationEndpoints } from './endpoints/escalations';
import { applicationEndpoints, moduleEndpoints } from './endpoints/applications';
import { channelEndpoints, incidentEndpoints, integrationEndpoints, responderEndpoints } from './endpoints/incidents';
import { eventEndpoints } from './endpoints/events';
import { dashboardEndpoints } from './endpoints/dashboard';
import { chatbotEndpoints } from './endpoints/chatbot';
import { deliveryEndpoints, providerCallback } from './endpoints/delivery';
import { pushEndpoints } from './endpoints/push';
import { chatInteractionEndpoints, teamChatEndpoints } from './endpoints/team-chat';
import { scheduleEndpoints } from './endpoints/schedules';
import { maintenanceEndpoints } from './endpoints/maintenance';
import { heartbeatEndpoints } from './endpoints/heartbeats';
import { webhookEndpoints } from './endpoints/webhooks';
import { importEndpoints } from './endpoints/imports';
import { auditEndpoints } from './endpoints/audit';
import { openApiDocument } from './endpoints/openapi';
import { apiTokenEndpoints } from './endpoints/api-tokens';
import type { AnyEndpoint } from './endpoint';

export * from './endpoint';
export * from './errors';
export * from './client';
export * from './endpoints/common';
export * from './endpoints/auth';
export * from './endpoints/sso';
export * from './endpoints/sms-reset';
export * from './endpoints/customers';
export * from './endpoints/users';
export * from './endpoints/reference';
export * from './endpoints/resources';
export * from './endpoints/slas';
export * from './endpoints/escalations';
export * from './endpoints/applications';
export * from './endpoints/module-tools';
export * from './endpoints/incidents';
export * from './endpoints/events';
export * from './endpoints/dashboard';
export * from './endpoints/chatbot';
export * from './endpoints/delivery';
export * from './endpoints/push';
export * from './endpoints/team-chat';
export * from './endpoints/schedules';
export * from './endpoints/maintenance';
export * from './endpoints/heartbeats';
export * from './endpoints/webhooks';
export * from './endpoints/imports';
export * from './endpoints/audit';
export * from './endpoints/openapi';
export * from './endpoints/api-tokens';
export {
  buildOpenApiDocument,
  type EndpointAreas,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiPathItem,
} from './openapi';
import type { EndpointAreas } from './openapi';

/**
 * Every endpoint of the contract by area, in one order: the server registers each one and only
 * these, and the OpenAPI document (docs/product.md#openapi-document) tags each with its area's name.
 * (Marked pure so a bundle that never reads it drops it, and with it the schemas its screens do not use.)
 */
export const ENDPOINT_AREAS: EndpointAreas = /* @__PURE__ */ (() => [
  ['Sign-in and reset', [...Object.values(authEndpoints), smsResetStart, ...Object.values(ssoEndpoints)]],
  ['Customers', Object.values(customerEndpoints)],
  ['Users', [...Object.values(staffUsers), ...Object.values(customerUsers), ...Object.values(ownUsers), userDashboard]],
  [
    'Reference and health',
    [listLanguages, listChannels, listParticipationTypes, clientSettings, health, ready, openApiDocument],
  ],
  ['Resources', Object.values(resourceEndpoints)],
  ['SLAs', Object.values(slaEndpoints)],
  ['Escalations', Object.values(escalationEndpoints)],
  [
    'Applications and modules',
    [...Object.values(applicationEndpoints), ...Object.values(moduleEndpoints), ...Object.values(moduleToolEndpoints)],
  ],
  [
    'Incidents and responders',
    [
      ...Object.values(incidentEndpoints),
      ...Object.values(responderEndpoints),
      ...Object.values(channelEndpoints),
      ...Object.values(integrationEndpoints),
    ],
  ],
  ['Events', Object.values(eventEndpoints)],
  ['Dashboard', Object.values(dashboardEndpoints)],
  ['Assistant', Object.values(chatbotEndpoints)],
  ['Delivery providers', [...Object.values(deliveryEndpoints), providerCallback]],
  ['Push notifications', Object.values(pushEndpoints)],
  ['Team chat', [...Object.values(teamChatEndpoints), ...Object.values(chatInteractionEndpoints)]],
  ['Schedules', Object.values(scheduleEndpoints)],
  ['Maintenance windows', Object.values(maintenanceEndpoints)],
  ['Heartbeat monitors', Object.values(heartbeatEndpoints)],
  ['Outgoing webhooks', Object.values(webhookEndpoints)],
  ['Importers', Object.values(importEndpoints)],
  ['Audit trail', Object.values(auditEndpoints)],
  ['API tokens', Object.values(apiTokenEndpoints)],
])();

/** Every endpoint of the contract, area after area. */
export const ENDPOINTS: readonly AnyEndpoint[] = /* @__PURE__ */ (() => ENDPOINT_AREAS.flatMap(([, rows]) => rows))();
