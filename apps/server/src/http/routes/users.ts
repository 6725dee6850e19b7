import { customerUsers, ownUsers, staffUsers } from '@relevo/api';
import type { AppContext } from '../../context';
import { CUSTOMER_USERS, OWN_USERS, STAFF_USERS, userService, type UserScreen } from '../../people/users';
import type { RouteTable } from '../implement';

/** docs/product.md#people-calls: the same six calls for each of the three user screens of docs/product.md#user-lists. */
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
      .implement(endpoints.changePassword, ({ principal, params, body }) =>
        users.changePassword(principal, params.id, body),
      );
  }
}
