import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can, grantableRoles, mayCall, type Permission } from './permissions';
import type { ROUTE_ROLES } from './routes';
import { canOpenRoute, homePathFor, sidebarFor } from './routes';
import { ALL_ROLES, Role, isAdminRole, isStaffRole, roleFromName } from './roles';

describe('roles (docs/product.md#roles-and-permissions)', () => {
  it('numbers the roles 1..5, staff 1-3, only StaffRoot admin', () => {
    expect(Role).toEqual({ StaffRoot: 1, StaffEdit: 2, StaffView: 3, CustomerRoot: 4, Customer: 5 });
    expect(ALL_ROLES.filter(isStaffRole)).toEqual([1, 2, 3]);
    expect(ALL_ROLES.filter(isAdminRole)).toEqual([1]);
    expect(roleFromName('customerroot')).toBe(4);
    expect(roleFromName('Boss')).toBeUndefined();
  });

  it('gives the sidebar entries of docs/product.md#sidebar-by-role to each role', () => {
    const labels = (role: 1 | 2 | 3 | 4 | 5) => sidebarFor(role).map((entry) => entry.label);
    // docs/product.md#audit-trail, #api-tokens: a Staff Root's Audit and API Tokens after Admin Users, a Customer Root's after Webhooks
    expect(labels(1)).toEqual(['Customers', 'Customer Users', 'Admin Users', 'Audit', 'API Tokens']);
    expect(labels(2)).toEqual(['Customers', 'Customer Users']);
    expect(labels(3)).toEqual(['Customers', 'Customer Users']);
    // docs/product.md#schedules: Schedules before Escalation
    const catalogue = [
      'Resources',
      'Service Level Agreement',
      'Schedules',
      'Escalation',
      'Applications',
      // docs/product.md#maintenance-windows: Maintenance after Applications
      'Maintenance',
      'Events',
      'User Guide',
    ];
    // docs/product.md#team-chat, #outgoing-webhooks: the Customer Root's Team Chat and Webhooks, before the User Guide
    expect(labels(4)).toEqual([
      'Dashboard',
      'Users',
      ...catalogue.slice(0, -1),
      'Team Chat',
      'Webhooks',
      'Import',
      'Audit',
      'API Tokens',
      'User Guide',
    ]);
    expect(labels(5)).toEqual(['Dashboard', ...catalogue]);
  });

  it('opens admin/users to StaffRoot only and the catalogue to customer roles only', () => {
    expect(ALL_ROLES.filter((r) => canOpenRoute(r, 'admin/users'))).toEqual([1]);
    for (const route of [
      'applications',
      'events',
      'escalations',
      'sla',
      'resources',
      'user_guide',
      'module',
    ] as const) {
      expect(ALL_ROLES.filter((r) => canOpenRoute(r, route))).toEqual([4, 5]);
    }
    expect(ALL_ROLES.filter((r) => canOpenRoute(r, 'team_chat'))).toEqual([4]);
    expect(ALL_ROLES.filter((r) => canOpenRoute(r, 'audit'))).toEqual([1, 4]);
    expect(ALL_ROLES.filter((r) => canOpenRoute(r, 'profile'))).toEqual([1, 2, 3, 4, 5]);
    expect(canOpenRoute(null, 'profile')).toBe(false);
  });

  it('sends each role to a home it can open (docs/product.md#verification-code)', () => {
    for (const role of ALL_ROLES) {
      const home = homePathFor(role).slice(1) as keyof typeof ROUTE_ROLES;
      expect(canOpenRoute(role, home)).toBe(true);
    }
    expect(homePathFor(1)).toBe('/customer');
    expect(homePathFor(5)).toBe('/dashboard');
  });

  it('makes StaffView read-only and keeps staff users to StaffRoot', () => {
    // written out by hand from docs/product.md#sidebar-by-role and #roles-and-permissions (and architecture.md for Users' Create): not read from PERMISSIONS
    const expected: Record<Permission, number[]> = {
      'customers.read': [1, 2, 3],
      'customers.write': [1, 2],
      'staffUsers.read': [1],
      'staffUsers.write': [1],
      'customerUsers.read': [1, 2, 3],
      'customerUsers.create': [1, 2],
      'customerUsers.write': [1],
      'ownUsers.read': [4],
      'ownUsers.write': [4],
      'catalogue.read': [4, 5],
      'catalogue.write': [4],
      'events.read': [4, 5],
      'schedules.override': [4, 5],
      'events.respond': [4, 5],
      'delivery.read': [1, 2, 3],
      'delivery.write': [1, 2],
      'resources.test': [4, 5],
      'teamChat.manage': [4],
      'dashboard.read': [4, 5],
      'guide.ask': [4, 5],
      // docs/product.md#audit-trail and #api-tokens: a Customer Root its customer's, a Staff Root the staff side's
      'audit.read': [1, 4],
      'tokens.manage': [1, 4],
      self: [1, 2, 3, 4, 5],
    };
    const holders = Object.fromEntries(
      Object.keys(PERMISSIONS).map((permission) => [
        permission,
        ALL_ROLES.filter((r) => can(r, permission as Permission)),
      ]),
    );
    expect(holders).toEqual(expected);
    expect(can(undefined, 'self')).toBe(false);
    expect(can(null, 'self')).toBe(false);
  });

  it('lets nobody but StaffRoot grant staff roles', () => {
    expect(grantableRoles(1, 'staff')).toEqual([1, 2, 3]);
    expect(grantableRoles(2, 'staff')).toEqual([]);
    expect(grantableRoles(4, 'customer')).toEqual([4, 5]);
    expect(grantableRoles(4, 'staff')).toEqual([]);
    expect(grantableRoles(5, 'customer')).toEqual([]);
    expect(grantableRoles(3, 'customer')).toEqual([]);
  });

  it('lets a role make a call when it holds any permission the call lists, as the server checks', () => {
    const createCustomerUser = { permissions: ['customerUsers.create'] as const };
    expect(ALL_ROLES.filter((role) => mayCall(role, createCustomerUser))).toEqual([1, 2]);
    const eitherSide = { permissions: ['staffUsers.write', 'ownUsers.write'] as const };
    expect(ALL_ROLES.filter((role) => mayCall(role, eitherSide))).toEqual([1, 4]);
    expect(mayCall(1, { permissions: [] })).toBe(false);
    expect(mayCall(null, { permissions: ['self'] })).toBe(false);
  });
});
