import { Role, type RoleId } from './roles';

/**
 * The one role matrix (docs/product.md#roles-and-permissions). The server checks it on every call; the dashboard uses the same
 * table to hide what a role may not do.
 */
export const PERMISSIONS = {
  // Customers screen: StaffView reads only (Create and actions hidden for StaffView).
  'customers.read': [Role.StaffRoot, Role.StaffEdit, Role.StaffView],
  'customers.write': [Role.StaffRoot, Role.StaffEdit],
  // Admin Users (staff users): StaffRoot only; StaffEdit cannot touch staff users.
  'staffUsers.read': [Role.StaffRoot],
  'staffUsers.write': [Role.StaffRoot],
  // Customer Users (staff side): Create hidden for StaffView; row actions only for StaffRoot.
  'customerUsers.read': [Role.StaffRoot, Role.StaffEdit, Role.StaffView],
  'customerUsers.create': [Role.StaffRoot, Role.StaffEdit],
  'customerUsers.write': [Role.StaffRoot],
  // Users (customer side): a CustomerRoot manages its own customer's users.
  'ownUsers.read': [Role.CustomerRoot],
  'ownUsers.write': [Role.CustomerRoot],
  // The catalogue (resources, SLAs, escalations and steps, applications, modules): both customer
  // roles read it; a Customer Root changes it (docs/roles.md).
  'catalogue.read': [Role.CustomerRoot, Role.Customer],
  'catalogue.write': [Role.CustomerRoot],
  'events.read': [Role.CustomerRoot, Role.Customer],
  // docs/product.md#schedules: both customer roles take a shift or set an override; a Customer Root
  // changes the schedules themselves (catalogue.write)
  'schedules.override': [Role.CustomerRoot, Role.Customer],
  // docs/product.md#responding: both customer roles accept, resolve, reassign, escalate and add notes
  'events.respond': [Role.CustomerRoot, Role.Customer],
  // docs/product.md#delivery-providers: a customer's providers are staff's; StaffView reads them
  'delivery.read': [Role.StaffRoot, Role.StaffEdit, Role.StaffView],
  'delivery.write': [Role.StaffRoot, Role.StaffEdit],
  // docs/product.md#send-a-test: both customer roles may test a resource's phones
  'resources.test': [Role.CustomerRoot, Role.Customer],
  // docs/product.md#team-chat: a Customer Root connects its organisation's Slack, Mattermost and Teams
  'teamChat.manage': [Role.CustomerRoot],
  // docs/product.md#sidebar-by-role: the Dashboard entry is for CustomerRoot and Customer; its summaries are their own customer's
  'dashboard.read': [Role.CustomerRoot, Role.Customer],
  // docs/product.md#roles-and-permissions: user_guide allows CustomerRoot and Customer; its assistant answers them (docs/product.md#user-guide-and-assistant)
  'guide.ask': [Role.CustomerRoot, Role.Customer],
  // docs/product.md#audit-trail: a Customer Root reads its customer's trail, a Staff Root every customer's
  'audit.read': [Role.StaffRoot, Role.CustomerRoot],
  // docs/product.md#api-tokens: a Customer Root keeps its customer's API tokens, a Staff Root the staff side's
  'tokens.manage': [Role.StaffRoot, Role.CustomerRoot],
  // Every signed-in user: own profile, own password, own dashboard counts.
  self: [Role.StaffRoot, Role.StaffEdit, Role.StaffView, Role.CustomerRoot, Role.Customer],
} as const satisfies Record<string, readonly RoleId[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: RoleId | undefined | null, permission: Permission): boolean {
  if (role == null) return false;
  return (PERMISSIONS[permission] as readonly RoleId[]).includes(role);
}

/**
 * Whether a role may make a call: an endpoint of the libs/api table lists the permissions that
 * grant it, and any one of them does. The server checks every call with this function and the
 * screens show a button only when it answers true, so the two cannot disagree.
 */
export function mayCall(
  role: RoleId | undefined | null,
  endpoint: { readonly permissions: readonly Permission[] },
): boolean {
  return endpoint.permissions.some((permission) => can(role, permission));
}

/** Roles a user of `actor` role may give to the users it manages (docs/product.md#user-lists, issue: no staff grant by customers). */
export function grantableRoles(actor: RoleId, target: 'staff' | 'customer'): RoleId[] {
  if (target === 'staff') return actor === Role.StaffRoot ? [Role.StaffRoot, Role.StaffEdit, Role.StaffView] : [];
  if (actor === Role.StaffRoot || actor === Role.StaffEdit || actor === Role.CustomerRoot)
    return [Role.CustomerRoot, Role.Customer];
  return [];
}
