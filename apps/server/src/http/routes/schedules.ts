import type { AppContext } from '../../context';
import type { RouteTable } from '../implement';

/** docs/product.md#schedules: a customer's schedules, their shifts, who is on call, overrides. */
export function scheduleRoutes(_routes: RouteTable, _ctx: AppContext): void {}
