import { listEventLog, listEvents } from '@relevo/api';
import type { AppContext } from '../../context';
import { eventService } from '../../incidents/events';
import type { RouteTable } from '../implement';

/** spec 7 Events. */
export function eventRoutes(routes: RouteTable, ctx: AppContext): void {
  const events = eventService(ctx);
  routes.implement(listEvents, ({ principal, query }) => events.list(principal, query)).implement(listEventLog, ({ principal, params, query }) => events.log(principal, params.id, query));
}
