import type { AppContext } from '../../context';
import type { RouteTable } from '../implement';

/** docs/product.md#calendar-feeds: the schedules' and resources' iCalendar feeds and their secret addresses. */
export function calendarRoutes(_routes: RouteTable, _ctx: AppContext): void {}
