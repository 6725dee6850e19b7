import { customerEndpoints } from '@relevo/api';
import type { AppContext } from '../../context';
import { customerService } from '../../people/customers';
import type { RouteTable } from '../implement';
import { customerSsoService } from '../../auth/oidc-settings';

/** docs/product.md#people-calls. */
export function customerRoutes(routes: RouteTable, ctx: AppContext): void {
  const customers = customerService(ctx);
  const {
    listCustomers,
    freeCustomers,
    getCustomer,
    addCustomer,
    updateCustomer,
    deleteCustomer,
    currentCustomer,
    getCustomerSso,
    saveCustomerSso,
  } = customerEndpoints;
  const sso = customerSsoService(ctx);
  routes
    .implement(listCustomers, ({ principal, query }) => customers.list(principal, query))
    .implement(freeCustomers, ({ principal }) => customers.free(principal))
    .implement(getCustomer, ({ principal, params }) => customers.get(principal, params.id))
    .implement(addCustomer, ({ principal, body }) => customers.create(principal, body))
    .implement(updateCustomer, ({ principal, params, body }) => customers.update(principal, params.id, body))
    .implement(deleteCustomer, ({ principal, params }) => customers.remove(principal, params.id))
    .implement(currentCustomer, ({ principal }) => customers.current(principal))
    // docs/product.md#single-sign-on
    .implement(getCustomerSso, ({ principal, params }) => sso.get(principal, params.id))
    .implement(saveCustomerSso, ({ principal, params, body }) => sso.save(principal, params.id, body));
}
