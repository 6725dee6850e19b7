/** docs/product.md#roles-and-permissions: role ids. Staff roles are 1..3, customer roles 4..5. */
export const Role = {
  StaffRoot: 1,
  StaffEdit: 2,
  StaffView: 3,
  CustomerRoot: 4,
  Customer: 5,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ALL_ROLES: readonly RoleId[] = [1, 2, 3, 4, 5];
export const STAFF_ROLES: readonly RoleId[] = [1, 2, 3];
export const CUSTOMER_ROLES: readonly RoleId[] = [4, 5];

/** Names as stored in the roles table and shown in the Role column (docs/product.md#user-lists). */
export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'StaffRoot',
  2: 'StaffEdit',
  3: 'StaffView',
  4: 'CustomerRoot',
  5: 'Customer',
};

/** Labels of the role dropdowns (docs/product.md#user-lists). */
export const ROLE_LABELS: Record<RoleId, string> = {
  1: 'Staff Root',
  2: 'Staff Edit',
  3: 'Staff View',
  4: 'Customer Root',
  5: 'Customer',
};

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ALL_ROLES as readonly number[]).includes(value);
}

export function roleFromName(name: string): RoleId | undefined {
  const entry = Object.entries(ROLE_NAMES).find(([, n]) => n.toLowerCase() === name.toLowerCase());
  return entry ? (Number(entry[0]) as RoleId) : undefined;
}

export const isStaffRole = (role: RoleId): boolean => STAFF_ROLES.includes(role);
/** docs/product.md#roles-and-permissions: only StaffRoot counts as admin. */
export const isAdminRole = (role: RoleId): boolean => role === Role.StaffRoot;
