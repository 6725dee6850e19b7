import { getCustomerSso, saveCustomerSso } from '@relevo/api';
import type { CustomerSso, customerSsoBody } from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of a customer's single sign-on window */
    customerSsoCalls: CustomerSsoCalls;
  }
}

/** docs/product.md#single-sign-on: a customer's own provider and domains (the secret is never answered). */
export interface CustomerSsoCalls {
  get: (customerId: number) => Promise<CustomerSso>;
  save: (customerId: number, body: ReturnType<typeof customerSsoBody>) => Promise<CustomerSso>;
}

export const liveCustomerSsoCalls: CustomerSsoCalls = {
  get: (customerId) => api.call(getCustomerSso, { params: { id: customerId } }),
  save: (customerId, body) => api.call(saveCustomerSso, { params: { id: customerId }, body }),
};
