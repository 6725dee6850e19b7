import {
  addCustomer,
  currentCustomer,
  customerUsers,
  deleteCustomer,
  freeCustomers,
  getCustomer,
  listCustomers,
  ownUsers,
  staffUsers,
  updateCustomer,
} from '@relevo/api';
import type { AppContext } from '../../context';
import { customerService } from '../../people/customers';
import { CUSTOMER_USERS, OWN_USERS, STAFF_USERS, userService, type UserScreen } from '../../people/users';
import type { RouteTable } from '../implement';

/** spec 7 Customers. */
export function customerRoutes(routes: RouteTable, ctx: AppContext): void {
  const customers = customerService(ctx);
  routes
    .implement(listCustomers, ({ principal, query }) => customers.list(principal, query))
    .implement(freeCustomers, ({ principal }) => customers.free(principal))
    .implement(getCustomer, ({ principal, params }) => customers.get(principal, params.id))
    .implement(addCustomer, ({ principal, body }) => customers.create(principal, body))
    .implement(updateCustomer, ({ principal, params, body }) => customers.update(principal, params.id, body))
    .implement(deleteCustomer, ({ principal, params }) => customers.remove(principal, params.id))
    .implement(currentCustomer, ({ principal }) => customers.current(principal));
}

/** spec 7 Users: the same six calls for each of the three user screens. */
export function userRoutes(routes: RouteTable, ctx: AppContext): void {
  const screens: [typeof staffUsers | typeof customerUsers | typeof ownUsers, UserScreen][] = [
    [staffUsers, STAFF_USERS],
    [customerUsers, CUSTOMER_USERS],
    [ownUsers, OWN_USERS],
  ];
  for (const [endpoints, screen] of screens) {
    const users = userService(ctx, screen);
    routes
      .implement(endpoints.list, ({ principal, query }) => users.list(principal, query))
      .implement(endpoints.create, ({ principal, body }) => users.create(principal, body))
      .implement(endpoints.get, ({ principal, params }) => users.get(principal, params.id))
      .implement(endpoints.update, ({ principal, params, body }) => users.update(principal, params.id, body))
      .implement(endpoints.remove, ({ principal, params }) => users.remove(principal, params.id))
      .implement(endpoints.changePassword, ({ principal, params, body }) => users.changePassword(principal, params.id, body));
  }
}
