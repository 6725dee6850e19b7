import { listCustomers, type BodyOf } from '@relevo/api';
import {
  CUSTOMER_DROPDOWN_SIZE,
  type Customer,
  type ListOf,
  type ListQuery,
  type MessageAnswer,
  type User,
  type UserCreateBody,
  type UserScreen,
  type UserUpdateBody,
} from '@relevo/domain';
import { api } from '../../shell/api';
import { USER_ENDPOINTS } from './user-screens';

declare module '../../shell/services' {
  interface Services {
    /** the calls of a user screen (Admin Users, Customer Users, Users) */
    userCalls: (screen: UserScreen) => UserCalls;
  }
}

export interface AdminPasswordBody {
  id: number;
  new_password: string;
  confirm_password: string;
}

/** The calls of one user screen; stories and tests give fixtures instead (Services `userCalls`). */
export interface UserCalls {
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListOf<User>>;
  create: (body: UserCreateBody) => Promise<User>;
  update: (id: number, body: UserUpdateBody) => Promise<User>;
  remove: (id: number) => Promise<MessageAnswer>;
  changePassword: (id: number, body: AdminPasswordBody) => Promise<MessageAnswer>;
  /** docs/product.md#http-calls: the customer dropdown of the Customer Users modal (not_root, page size 100) */
  listCustomers: () => Promise<ListOf<Customer>>;
}

/** The live calls of a user screen, through its endpoint group (docs/product.md#people-calls). */
export function liveUserCalls(screen: UserScreen): UserCalls {
  const endpoints = USER_ENDPOINTS[screen];
  return {
    list: (query, signal) => api.call(endpoints.list, { query, signal }),
    // the modal sends only bodies its rules accept (a role is chosen); the server checks them again
    create: (body) => api.call(endpoints.create, { body: body as BodyOf<typeof endpoints.create> }),
    update: (id, body) => api.call(endpoints.update, { params: { id }, body: body as BodyOf<typeof endpoints.update> }),
    remove: (id) => api.call(endpoints.remove, { params: { id } }),
    changePassword: (id, body) => api.call(endpoints.changePassword, { params: { id }, body }),
    listCustomers: () =>
      api.call(listCustomers, {
        query: {
          not_root: true,
          page_size: CUSTOMER_DROPDOWN_SIZE,
          order_by_column: 'customer_name',
          order_by_direction: 'asc',
        },
      }),
  };
}
