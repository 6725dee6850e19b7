import { ApiError, type UserDashboard } from '@relevo/api';
import { ROLE_NAMES, Role, type ListOf, type RoleId, type SessionUser } from '@relevo/domain';

const PEOPLE: Record<RoleId, Pick<SessionUser, 'name' | 'last_name' | 'email'>> = {
  [Role.StaffRoot]: { name: 'Sofía', last_name: 'Rivera', email: 'staff@relevo.demo' },
  [Role.StaffEdit]: { name: 'Elena', last_name: 'Vega', email: 'edit@relevo.demo' },
  [Role.StaffView]: { name: 'Marco', last_name: 'Díaz', email: 'view@relevo.demo' },
  [Role.CustomerRoot]: { name: 'Carlos', last_name: 'Méndez', email: 'root@democompany.demo' },
  [Role.Customer]: { name: 'Ana', last_name: 'Torres', email: 'user@democompany.demo' },
};

/** A session user of each role, as GET /api/users/me answers it. */
export function storyUser(role: RoleId, overrides: Partial<SessionUser> = {}): SessionUser {
  const isStaff = role <= Role.StaffView;
  return {
    id: role,
    ...PEOPLE[role],
    phone: null,
    role: { rol_id: role, rol_name: ROLE_NAMES[role] },
    is_admin: role === Role.StaffRoot,
    force_change_password: false,
    customer: isStaff
      ? { customer_id: 1, customer_name: 'Relevo', customer_qty_resources: 0 }
      : { customer_id: 2, customer_name: 'Demo Company', customer_qty_resources: 10 },
    language: null,
    ...overrides,
  };
}

export const storyCounts: UserDashboard = { completed: 42, non_compliance: 3, open: 5, today: 7 };

/** A promise that never settles: keeps a machine in its busy state (submitting, verifying...). */
export const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/**
 * The load of a story's short list: it never answers (`loading`), fails once then answers
 * (`failedOnce`), or answers the rows the story holds at that moment.
 */
export function storyListLoad<T>(state: string, rows: () => T[]): () => Promise<ListOf<T>> {
  let failures = state === 'failedOnce' ? 1 : 0;
  return async () => {
    if (state === 'loading') return never();
    if (failures > 0) {
      failures -= 1;
      throw new ApiError(0, null);
    }
    const list = rows();
    return { total: list.length, list };
  };
}
