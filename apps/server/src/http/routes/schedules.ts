import { scheduleEndpoints } from '@relevo/api';
import type { AppContext } from '../../context';
import { scheduleService } from '../../schedules/service';
import type { RouteTable } from '../implement';

/** docs/product.md#schedules: a customer's schedules, their shifts, who is on call, overrides. */
export function scheduleRoutes(routes: RouteTable, ctx: AppContext): void {
  const schedules = scheduleService(ctx);
  const { listSchedules, getSchedule, addSchedule, updateSchedule, deleteSchedule } = scheduleEndpoints;
  const { scheduleShifts, scheduleOnCall, listOverrides, addOverride, deleteOverride } = scheduleEndpoints;
  const { onCallNow, nextShifts } = scheduleEndpoints;
  routes
    .implement(listSchedules, ({ principal, query }) => schedules.list(principal, query))
    .implement(getSchedule, ({ principal, params }) => schedules.get(principal, params.id))
    .implement(addSchedule, ({ principal, body }) => schedules.create(principal, body))
    .implement(updateSchedule, ({ principal, params, body }) => schedules.update(principal, params.id, body))
    .implement(deleteSchedule, ({ principal, params }) => schedules.remove(principal, params.id))
    .implement(scheduleShifts, ({ principal, params, query }) => schedules.shifts(principal, params.id, query))
    .implement(scheduleOnCall, ({ principal, params, query }) => schedules.onCall(principal, params.id, query))
    .implement(listOverrides, ({ principal, params, query }) => schedules.listOverrides(principal, params.id, query))
    .implement(addOverride, ({ principal, params, body }) => schedules.addOverride(principal, params.id, body))
    .implement(deleteOverride, ({ principal, params }) =>
      schedules.removeOverride(principal, params.id, params.override_id),
    )
    .implement(onCallNow, ({ principal }) => schedules.onCallNow(principal))
    .implement(nextShifts, ({ principal, query }) => schedules.nextShifts(principal, query.ids));
}
