import { addCustomer, deleteCustomer, listCustomers, updateCustomer } from '@relevo/api';
import type { Customer, CustomerCreate, CustomerUpdate } from '@relevo/domain';
import { api } from '../../shell/api';
import type { RecordCalls } from '../../shell/record-list';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Customers screen */
    customerCalls: CustomerCalls;
  }
}

/** The calls of the Customers screen; stories and tests give fixtures instead (Services `customerCalls`). */
export type CustomerCalls = RecordCalls<Customer, CustomerCreate, CustomerUpdate>;

/** docs/product.md#people-calls. */
export const liveCustomerCalls: CustomerCalls = {
  list: (query, signal) => api.call(listCustomers, { query, signal }),
  create: (body) => api.call(addCustomer, { body }),
  update: (id, body) => api.call(updateCustomer, { params: { id }, body }),
  remove: (id) => api.call(deleteCustomer, { params: { id } }),
};
