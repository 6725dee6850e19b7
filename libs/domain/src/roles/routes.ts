import { ALL_ROLES, CUSTOMER_ROLES, Role, STAFF_ROLES, isStaffRole, type RoleId } from './roles';

/**
 * docs/product.md#routes and #roles-and-permissions: the layout routes and the roles each allows. Paths are relative to the layout
 * ("" children). The guard sends a role outside the set to /403.
 */
export const ROUTE_ROLES = {
  dashboard: CUSTOMER_ROLES,
  users: [Role.CustomerRoot],
  profile: ALL_ROLES,
  'admin/users': [Role.StaffRoot],
  'customer/users': STAFF_ROLES,
  customer: STAFF_ROLES,
  // docs/product.md#delivery-providers: a customer's providers and failover order, from its row on Customers
  'customer/:customer_id/delivery': STAFF_ROLES,
  applications: CUSTOMER_ROLES,
  'application/:application_id/modules': CUSTOMER_ROLES,
  module: CUSTOMER_ROLES,
  events: CUSTOMER_ROLES,
  'events/:case_id/event_logs': CUSTOMER_ROLES,
  escalations: CUSTOMER_ROLES,
  'escalation/:escalation_id/resources': CUSTOMER_ROLES,
  sla: CUSTOMER_ROLES,
  // docs/product.md#schedules: the list and a schedule's timeline
  schedules: CUSTOMER_ROLES,
  'schedules/:schedule_id': CUSTOMER_ROLES,
  // docs/product.md#maintenance-windows: the windows of the customer's modules and applications
  maintenance: CUSTOMER_ROLES,
  resources: CUSTOMER_ROLES,
  user_guide: CUSTOMER_ROLES,
  // docs/product.md#team-chat: the organisation's Slack, Mattermost and Teams, kept by its Customer Root
  team_chat: [Role.CustomerRoot],
  // docs/product.md#outgoing-webhooks: the organisation's webhooks and their delivery logs, kept by its Customer Root
  webhooks: [Role.CustomerRoot],
  // docs/product.md#importers: another on-call tool's export brought in, by the Customer Root
  imports: [Role.CustomerRoot],
  // docs/product.md#audit-trail: who changed what, a Customer Root its customer's, a Staff Root every customer's
  audit: [Role.StaffRoot, Role.CustomerRoot],
  // docs/product.md#api-tokens: a Customer Root's tokens for its customer, a Staff Root's for the staff side
  api_tokens: [Role.StaffRoot, Role.CustomerRoot],
  // the user guide itself, for every signed-in user (it covers the staff screens too); the
  // assistant's answers link to its sections
  guide: ALL_ROLES,
  // docs/product.md#openapi-document: the API's endpoints, read from its OpenAPI document, for every signed-in user
  api_reference: ALL_ROLES,
} as const satisfies Record<string, readonly RoleId[]>;

export type LayoutRoute = keyof typeof ROUTE_ROLES;

export function canOpenRoute(role: RoleId | undefined | null, route: LayoutRoute): boolean {
  if (role == null) return false;
  return (ROUTE_ROLES[route] as readonly RoleId[]).includes(role);
}

/**
 * docs/product.md#verification-code: roles 1, 2 and 3 land on the Customer screen after the code, others on the Dashboard.
 * The catch-all and the layout index use the same home, so a staff user is never sent to a page
 * its role cannot open.
 */
export function homePathFor(role: RoleId): string {
  return isStaffRole(role) ? '/customer' : '/dashboard';
}

export interface SidebarEntry {
  label: string;
  path: string;
  roles: readonly RoleId[];
}

/** docs/product.md#sidebar-by-role, in menu order. */
export const SIDEBAR: readonly SidebarEntry[] = [
  { label: 'Dashboard', path: '/dashboard', roles: CUSTOMER_ROLES },
  { label: 'Users', path: '/users', roles: [Role.CustomerRoot] },
  { label: 'Customers', path: '/customer', roles: STAFF_ROLES },
  { label: 'Customer Users', path: '/customer/users', roles: STAFF_ROLES },
  { label: 'Admin Users', path: '/admin/users', roles: [Role.StaffRoot] },
  { label: 'Audit', path: '/audit', roles: [Role.StaffRoot] },
  { label: 'API Tokens', path: '/api_tokens', roles: [Role.StaffRoot] },
  { label: 'Resources', path: '/resources', roles: CUSTOMER_ROLES },
  { label: 'Service Level Agreement', path: '/sla', roles: CUSTOMER_ROLES },
  { label: 'Schedules', path: '/schedules', roles: CUSTOMER_ROLES },
  { label: 'Escalation', path: '/escalations', roles: CUSTOMER_ROLES },
  { label: 'Applications', path: '/applications', roles: CUSTOMER_ROLES },
  { label: 'Maintenance', path: '/maintenance', roles: CUSTOMER_ROLES },
  { label: 'Events', path: '/events', roles: CUSTOMER_ROLES },
  { label: 'Team Chat', path: '/team_chat', roles: [Role.CustomerRoot] },
  { label: 'Webhooks', path: '/webhooks', roles: [Role.CustomerRoot] },
  { label: 'Import', path: '/imports', roles: [Role.CustomerRoot] },
  { label: 'Audit', path: '/audit', roles: [Role.CustomerRoot] },
  { label: 'API Tokens', path: '/api_tokens', roles: [Role.CustomerRoot] },
  { label: 'User Guide', path: '/user_guide', roles: CUSTOMER_ROLES },
];

export function sidebarFor(role: RoleId): SidebarEntry[] {
  return SIDEBAR.filter((entry) => entry.roles.includes(role));
}
