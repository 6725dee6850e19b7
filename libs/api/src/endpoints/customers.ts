import * as v from 'valibot';
import {
  CustomerCreateSchema,
  CustomerSsoSaveSchema,
  CustomerUpdateSchema,
  PageQuerySchema,
  mustBeTrueOrFalse,
  type Customer,
  type CustomerSso,
  type ListOf,
  type MessageAnswer,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

/** docs/product.md#people-calls. `not_root` leaves out the provider's own organisation. */
export const CustomerListQuery = /* @__PURE__ */ (() =>
  v.object({
    ...PageQuerySchema.entries,
    not_root: v.optional(
      v.union(
        [
          v.boolean(),
          v.pipe(
            v.picklist(['true', 'false', '1', '0']),
            v.transform((value) => value === 'true' || value === '1'),
          ),
        ],
        mustBeTrueOrFalse,
      ),
      false,
    ),
  }))();

/** The columns the customer list sorts by; any other value sorts by customer_id (docs/product.md#constants-and-limits). */
export const CUSTOMER_ORDER_COLUMNS = [
  'customer_id',
  'customer_name',
  'customer_active',
  'customer_qty_resources',
  'customer_createdt',
  'customer_updatedt',
] as const;
export type CustomerOrderColumn = (typeof CUSTOMER_ORDER_COLUMNS)[number];

export const listCustomers = endpoint({
  name: 'listCustomers',
  method: 'GET',
  path: '/api/procedures/get/customer',
  query: CustomerListQuery,
  response: reply<ListOf<Customer>>(),
  auth: 'session',
  permissions: ['customers.read'],
});

/** Active customers that have no Customer Root yet (free to be given one). */
export const freeCustomers = endpoint({
  name: 'freeCustomers',
  method: 'GET',
  path: '/api/customers/free',
  response: reply<ListOf<Customer>>(),
  auth: 'session',
  permissions: ['customers.read'],
});

export const getCustomer = endpoint({
  name: 'getCustomer',
  method: 'GET',
  path: '/api/procedures/get/customer/:id',
  params: IdParams,
  response: reply<Customer>(),
  auth: 'session',
  permissions: ['customers.read'],
});

export const addCustomer = endpoint({
  name: 'addCustomer',
  method: 'POST',
  path: '/api/procedures/add/customer',
  body: CustomerCreateSchema,
  response: reply<Customer>(),
  auth: 'session',
  permissions: ['customers.write'],
});

export const updateCustomer = endpoint({
  name: 'updateCustomer',
  method: 'PUT',
  path: '/api/procedures/upd/customer/:id',
  params: IdParams,
  body: CustomerUpdateSchema,
  response: reply<Customer>(),
  auth: 'session',
  permissions: ['customers.write'],
});

export const deleteCustomer = endpoint({
  name: 'deleteCustomer',
  method: 'DELETE',
  path: '/api/procedures/del/customer/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  auth: 'session',
  permissions: ['customers.write'],
});

/** The session user's own customer (docs/product.md#http-calls GET /api/procedures/get/current). */
export const currentCustomer = endpoint({
  name: 'currentCustomer',
  method: 'GET',
  path: '/api/procedures/get/current',
  response: reply<Customer>(),
  auth: 'session',
  permissions: ['self'],
});

/** docs/product.md#single-sign-on: a customer's own OpenID provider and its e-mail domains (the secret is never answered). */
export const getCustomerSso = endpoint({
  name: 'getCustomerSso',
  method: 'GET',
  path: '/api/customers/:id/sso',
  params: IdParams,
  response: reply<CustomerSso>(),
  auth: 'session',
  permissions: ['customers.write'],
});

export const saveCustomerSso = endpoint({
  name: 'saveCustomerSso',
  method: 'PUT',
  path: '/api/customers/:id/sso',
  params: IdParams,
  body: CustomerSsoSaveSchema,
  response: reply<CustomerSso>(),
  auth: 'session',
  permissions: ['customers.write'],
});

export const customerEndpoints = {
  listCustomers,
  freeCustomers,
  getCustomer,
  addCustomer,
  updateCustomer,
  deleteCustomer,
  currentCustomer,
  getCustomerSso,
  saveCustomerSso,
};
