import { customerUsers, ownUsers, staffUsers, type UserOrderColumn } from '@relevo/api';
import {
  adminPasswordRefusal,
  mayCall,
  userDeleteRefusal,
  type Actor,
  type RoleId,
  type UserFacts,
  type UserScreen,
} from '@relevo/domain';

/** The endpoint group of each user screen (docs/product.md#people-calls). */
export const USER_ENDPOINTS = { staffUsers, customerUsers, ownUsers } as const satisfies Record<UserScreen, unknown>;
export type UserEndpoints = (typeof USER_ENDPOINTS)[UserScreen];

/** What differs between the three user screens of docs/product.md#user-lists (their titles are the page's, in UsersPage). */
export interface UserScreenConfig {
  /** the extra column: Admin Users shows the role, Customer Users the customer */
  extraColumn: 'role' | 'customer' | null;
  /** docs/product.md#constants-and-limits: Users by name; Admin Users and Customer Users by id */
  defaultSort: { column: UserOrderColumn; direction: 'asc' | 'desc' };
}

export const USER_SCREEN_CONFIG: Record<UserScreen, UserScreenConfig> = {
  staffUsers: { extraColumn: 'role', defaultSort: { column: 'id', direction: 'asc' } },
  customerUsers: { extraColumn: 'customer', defaultSort: { column: 'id', direction: 'asc' } },
  ownUsers: { extraColumn: null, defaultSort: { column: 'name', direction: 'asc' } },
};

/** The buttons a role sees on a user screen (docs/product.md#roles-and-permissions), read from the permissions the server enforces. */
export interface UserScreenRights {
  canCreate: boolean;
  canEdit: boolean;
  canChangePassword: boolean;
  canDelete: boolean;
  /** the actions column is shown when any row action is allowed */
  hasRowActions: boolean;
}

export function userScreenRights(role: RoleId, screen: UserScreen): UserScreenRights {
  const endpoints: UserEndpoints = USER_ENDPOINTS[screen];
  const rights = {
    canCreate: mayCall(role, endpoints.create),
    canEdit: mayCall(role, endpoints.update),
    canChangePassword: mayCall(role, endpoints.changePassword),
    canDelete: mayCall(role, endpoints.remove),
  };
  return { ...rights, hasRowActions: rights.canEdit || rights.canChangePassword || rights.canDelete };
}

/** The actions of one row: the screen's rights less what the domain refuses for that user. */
export type UserRowActions = Pick<UserScreenRights, 'canEdit' | 'canChangePassword' | 'canDelete'>;

/**
 * One's own row has no Delete and no admin password change (the server refuses both; one's own
 * password changes through Password in the settings menu).
 */
export function userRowActions(me: Actor, rights: UserScreenRights, row: UserFacts): UserRowActions {
  return {
    canEdit: rights.canEdit,
    canChangePassword: rights.canChangePassword && adminPasswordRefusal(me, row) === null,
    canDelete: rights.canDelete && userDeleteRefusal(me, row) === null,
  };
}
