import { msg } from './i18n';

/**
 * The words of the breadcrumb (docs/product.md#layout): each layout route's path segment as
 * `capitalizeSegment` writes it, marked for the catalogs. The layout shows them through `t`;
 * navigation.test.ts keeps this list whole.
 */
export const BREADCRUMB_WORDS: Readonly<Record<string, string>> = {
  admin: msg('Admin'),
  api_reference: msg('Api Reference'),
  api_tokens: msg('Api Tokens'),
  application: msg('Application'),
  applications: msg('Applications'),
  audit: msg('Audit'),
  customer: msg('Customer'),
  dashboard: msg('Dashboard'),
  delivery: msg('Delivery'),
  escalation: msg('Escalation'),
  escalations: msg('Escalations'),
  event_logs: msg('Event Logs'),
  events: msg('Events'),
  guide: msg('Guide'),
  imports: msg('Imports'),
  maintenance: msg('Maintenance'),
  module: msg('Module'),
  modules: msg('Modules'),
  profile: msg('Profile'),
  resources: msg('Resources'),
  schedules: msg('Schedules'),
  sla: msg('Sla'),
  team_chat: msg('Team Chat'),
  user_guide: msg('User Guide'),
  users: msg('Users'),
  webhooks: msg('Webhooks'),
};
