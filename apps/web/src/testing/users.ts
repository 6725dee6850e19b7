import { ApiError } from '@relevo/api';
import {
  ROLE_NAMES,
  USER_MESSAGES,
  type Customer,
  type ListOf,
  type ListQuery,
  type RoleId,
  type User,
  type UserScreen,
} from '@relevo/domain';
import type { UserCalls } from '../features/users/user-calls';
import { never } from './fixtures';

const STAFF: [string, string, RoleId, 0 | 1][] = [
  ['Sofía', 'Rivera', 1, 1],
  ['Elena', 'Vega', 2, 1],
  ['Marco', 'Díaz', 3, 1],
  ['Julia', 'Ortiz', 2, 0],
];
const CUSTOMER_PEOPLE: [string, string, RoleId, 0 | 1, number][] = [
  ['Carlos', 'Méndez', 4, 1, 2],
  ['Ana', 'Torres', 5, 1, 2],
  ['Nora', 'Quiles', 5, 0, 2],
  ['Luis', 'Ortega', 4, 1, 3],
  ['Rosa', 'Colón', 5, 1, 3],
  ['Tomás', 'Ayala', 5, 1, 4],
];

export const storyCustomers: Customer[] = [
  { customer_id: 2, customer_name: 'Demo Company' },
  { customer_id: 3, customer_name: 'Harbor Logistics' },
  { customer_id: 4, customer_name: 'Isla Health' },
].map((customer) => ({
  ...customer,
  customer_active: 'Y' as const,
  customer_qty_resources: 10,
  customer_createby: 'staff@relevo.demo',
  customer_createdt: '2026-01-05T14:00:00.000Z',
  customer_updateby: null,
  customer_updatedt: null,
}));

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

function person(
  id: number,
  name: string,
  lastName: string,
  role: RoleId,
  status: 0 | 1,
  customer: Customer | null,
  domain: string,
): User {
  return {
    id,
    name,
    last_name: lastName,
    email: `${slug(name)}.${slug(lastName)}@${domain}`,
    phone: id % 3 === 0 ? '+17875550100' : null,
    status,
    role: { rol_id: role, rol_name: ROLE_NAMES[role] },
    customer: customer
      ? { customer_id: customer.customer_id, customer_name: customer.customer_name }
      : { customer_id: 1, customer_name: 'Relevo' },
    is_admin: role === 1,
    force_change_password: false,
    created_by: 'staff@relevo.demo',
    updated_by: id % 2 === 0 ? 'staff@relevo.demo' : null,
    created_at: `2026-0${1 + (id % 3)}-1${id % 9}T15:00:00.000Z`,
    updated_at: id % 2 === 0 ? `2026-04-0${1 + (id % 8)}T15:00:00.000Z` : null,
  };
}

/** The people each user screen lists in the stories. */
export function storyUsers(screen: UserScreen): User[] {
  if (screen === 'staffUsers')
    return STAFF.map(([name, lastName, role, status], index) =>
      person(index + 1, name, lastName, role, status, null, 'relevo.demo'),
    );
  const people = CUSTOMER_PEOPLE.map(([name, lastName, role, status, customerId], index) => {
    const customer = storyCustomers.find((candidate) => candidate.customer_id === customerId) ?? null;
    return person(
      index + 10,
      name,
      lastName,
      role,
      status,
      customer,
      `${slug(customer?.customer_name ?? 'demo')}.demo`,
    );
  });
  // Users: only the signed-in Customer Root's own customer (Demo Company)
  return screen === 'ownUsers' ? people.filter((user) => user.customer?.customer_id === 2) : people;
}

/** One page of `users` as the server answers it: searched, sorted and paged. */
export function pageOf(users: User[], query: ListQuery): ListOf<User> {
  const search = query.search.toLowerCase();
  const found = users.filter(
    (user) => !search || [user.name, user.last_name, user.email].some((text) => text.toLowerCase().includes(search)),
  );
  const key = (user: User): string | number => {
    switch (query.order_by_column) {
      case 'role':
        return user.role.rol_id;
      case 'customer':
        return user.customer?.customer_name ?? '';
      case 'name':
      case 'last_name':
      case 'email':
        return user[query.order_by_column].toLowerCase();
      case 'status':
        return user.status;
      case 'updated_at':
        return user.updated_at ?? '';
      default:
        return user.id;
    }
  };
  const sorted = [...found].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return query.order_by_direction === 'desc' ? -order : order;
  });
  const start = (query.page_num - 1) * query.page_size;
  return { total: sorted.length, list: sorted.slice(start, start + query.page_size) };
}

export type StoryListState = 'filled' | 'empty' | 'loading' | 'error';

/** A 422 as the server answers a duplicate e-mail. */
export const duplicateEmail = () =>
  new ApiError(422, { detail: [{ loc: ['body', 'email'], msg: USER_MESSAGES.emailTaken }] });

/** Fixture calls of a user screen: the list in the given state, saves that succeed after a moment. */
export function storyUserCalls(
  state: StoryListState = 'filled',
  overrides: Partial<UserCalls> = {},
): (screen: UserScreen) => UserCalls {
  return (screen) => {
    const users = storyUsers(screen);
    const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 300));
    return {
      list: async (query) => {
        if (state === 'loading') return never();
        if (state === 'error') throw new ApiError(0, null);
        return pageOf(state === 'empty' ? [] : users, query);
      },
      create: (body) => later({ ...users[0]!, id: 99, ...body, email: body.email, status: 1 } as User),
      update: (id, body) => later({ ...(users.find((user) => user.id === id) ?? users[0]!), ...body } as User),
      remove: () => later({ Message: 'User has been successfully Deleted' }),
      changePassword: () => later({ Message: 'User password has been updated' }),
      listCustomers: async () => ({ total: storyCustomers.length, list: storyCustomers }),
      ...overrides,
    };
  };
}
