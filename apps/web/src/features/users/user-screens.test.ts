import { ALL_ROLES, Role, USER_SCREENS, canOpenRoute, type RoleId, type UserScreen } from '@relevo/domain';
import { describe, expect, it } from 'vitest';
import { USER_SCREEN_CONFIG, userRowActions, userScreenRights } from './user-screens';

const ROUTE_OF: Record<UserScreen, 'admin/users' | 'customer/users' | 'users'> = {
  staffUsers: 'admin/users',
  customerUsers: 'customer/users',
  ownUsers: 'users',
};

/** The roles that can open the screen and see a button. */
const holders = (
  screen: UserScreen,
  right: 'canCreate' | 'hasRowActions' | 'canEdit' | 'canDelete' | 'canChangePassword',
): RoleId[] =>
  ALL_ROLES.filter((role) => canOpenRoute(role, ROUTE_OF[screen]) && userScreenRights(role, screen)[right]);

describe('user screen buttons (docs/product.md#roles-and-permissions, as the server enforces them)', () => {
  it('Admin Users: StaffRoot only, with Create and row actions', () => {
    expect(holders('staffUsers', 'canCreate')).toEqual([Role.StaffRoot]);
    expect(holders('staffUsers', 'hasRowActions')).toEqual([Role.StaffRoot]);
    expect(userScreenRights(Role.CustomerRoot, 'staffUsers').canCreate).toBe(false);
  });

  it('Customer Users: Create hidden for StaffView (and CustomerRoot), actions only for StaffRoot', () => {
    expect(holders('customerUsers', 'canCreate')).toEqual([Role.StaffRoot, Role.StaffEdit]);
    expect(userScreenRights(Role.CustomerRoot, 'customerUsers').canCreate).toBe(false);
    for (const right of ['hasRowActions', 'canEdit', 'canDelete', 'canChangePassword'] as const) {
      expect(holders('customerUsers', right)).toEqual([Role.StaffRoot]);
    }
  });

  it('Users: the Customer Root manages its own users; StaffView never gets row actions', () => {
    expect(holders('ownUsers', 'canCreate')).toEqual([Role.CustomerRoot]);
    expect(holders('ownUsers', 'hasRowActions')).toEqual([Role.CustomerRoot]);
    expect(userScreenRights(Role.StaffView, 'ownUsers').hasRowActions).toBe(false);
  });

  it('sorts Users by name and the staff and customer-user lists by id (docs/product.md#constants-and-limits)', () => {
    expect(USER_SCREENS.map((screen) => USER_SCREEN_CONFIG[screen].defaultSort.column)).toEqual(['id', 'id', 'name']);
    expect(USER_SCREENS.map((screen) => USER_SCREEN_CONFIG[screen].extraColumn)).toEqual(['role', 'customer', null]);
  });

  it("offers no Delete and no admin password change on one's own row, and both on the others", () => {
    const me = { id: 1, role: Role.StaffRoot } as const;
    const rights = userScreenRights(Role.StaffRoot, 'staffUsers');
    const row = (id: number) => ({ id, status: 1 as const, role: { rol_id: Role.StaffRoot } });
    expect(userRowActions(me, rights, row(1))).toEqual({ canEdit: true, canChangePassword: false, canDelete: false });
    expect(userRowActions(me, rights, row(2))).toEqual({ canEdit: true, canChangePassword: true, canDelete: true });
    // a role without the rights gets nothing on any row
    expect(
      userRowActions({ id: 3, role: Role.StaffView }, userScreenRights(Role.StaffView, 'customerUsers'), row(2)),
    ).toEqual({
      canEdit: false,
      canChangePassword: false,
      canDelete: false,
    });
  });
});
