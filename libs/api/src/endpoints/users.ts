import * as v from 'valibot';
import {
  AdminPasswordChangeSchema,
  PageQuerySchema,
  UserCreateSchema,
  UserUpdateSchema,
  idField,
  type ListOf,
  type MessageAnswer,
  type Permission,
  type User,
} from '@relevo/domain';
import { endpoint, reply, type Method } from '../endpoint';
import { IdParams } from './common';

export const UserListQuery = /* @__PURE__ */ (() =>
  v.object({
    ...PageQuerySchema.entries,
    customer_id: v.optional(idField()),
  }))();

/**
 * The columns a user list sorts by (`order_by_column`, docs/product.md#tables); any other value sorts by the
 * list's default (docs/product.md#constants-and-limits: Users by name, Admin Users and Customer Users by id). `role` sorts by
 * rol_id, `customer` by the customer's name.
 */
export const USER_ORDER_COLUMNS = [
  'id',
  'name',
  'last_name',
  'email',
  'status',
  'role',
  'customer',
  'created_at',
  'updated_at',
] as const;
export type UserOrderColumn = (typeof USER_ORDER_COLUMNS)[number];

/** The profile counts of docs/product.md#profile. */
export interface UserDashboard {
  completed: number;
  non_compliance: number;
  open: number;
  today: number;
}

/**
 * The three user screens share one shape of endpoints (docs/product.md#people-calls), each under its own path and
 * permission: staff users (Admin Users), customer users seen by staff (Customer Users) and a
 * customer's own users (Users).
 */
/* @__NO_SIDE_EFFECTS__ */
function userEndpoints<TBase extends string, TPassword extends string>(opts: {
  scope: string;
  base: TBase;
  passwordPath: TPassword;
  read: Permission;
  create: Permission;
  write: Permission;
}) {
  const e = <
    M extends Method,
    P extends string,
    R,
    B extends v.GenericSchema | undefined = undefined,
    Q extends v.GenericSchema | undefined = undefined,
    Pa extends v.GenericSchema | undefined = undefined,
  >(
    name: string,
    method: M,
    path: P,
    permission: Permission,
    parts: { response: { readonly reply?: R }; body?: B; query?: Q; params?: Pa },
  ) =>
    endpoint({
      name: `${opts.scope}.${name}`,
      method,
      path,
      auth: 'session' as const,
      permissions: [permission],
      ...parts,
    });
  return {
    list: e('list', 'GET', opts.base, opts.read, { query: UserListQuery, response: reply<ListOf<User>>() }),
    create: e('create', 'POST', opts.base, opts.create, { body: UserCreateSchema, response: reply<User>() }),
    get: e('get', 'GET', `${opts.base}/:id` as `${TBase}/:id`, opts.read, {
      params: IdParams,
      response: reply<User>(),
    }),
    update: e('update', 'PUT', `${opts.base}/:id` as `${TBase}/:id`, opts.write, {
      params: IdParams,
      body: UserUpdateSchema,
      response: reply<User>(),
    }),
    remove: e('remove', 'DELETE', `${opts.base}/:id` as `${TBase}/:id`, opts.write, {
      params: IdParams,
      response: reply<MessageAnswer>(),
    }),
    changePassword: e('changePassword', 'PUT', opts.passwordPath, opts.write, {
      params: IdParams,
      body: AdminPasswordChangeSchema,
      response: reply<MessageAnswer>(),
    }),
  };
}

/** Admin Users: staff users (StaffRoot only). */
export const staffUsers = userEndpoints({
  scope: 'staffUsers',
  base: '/api/user/staff/root',
  passwordPath: '/api/management/password/user/reset/:id',
  read: 'staffUsers.read',
  create: 'staffUsers.write',
  write: 'staffUsers.write',
});

/** Customer Users: every customer's users, seen by staff. */
export const customerUsers = userEndpoints({
  scope: 'customerUsers',
  base: '/api/user/customer/root',
  passwordPath: '/api/user/customer/root/password/:id',
  read: 'customerUsers.read',
  create: 'customerUsers.create',
  write: 'customerUsers.write',
});

/** Users: a Customer Root's own customer's users. */
export const ownUsers = userEndpoints({
  scope: 'ownUsers',
  base: '/api/user/clients/not_root',
  passwordPath: '/api/user/clients/not_root/password/:id',
  read: 'ownUsers.read',
  create: 'ownUsers.write',
  write: 'ownUsers.write',
});

export const userDashboard = endpoint({
  name: 'userDashboard',
  method: 'GET',
  path: '/api/users/user/dashboard/',
  response: reply<UserDashboard>(),
  auth: 'session',
  permissions: ['self'],
});
