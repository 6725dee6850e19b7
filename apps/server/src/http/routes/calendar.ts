import { RESOURCE_MESSAGES, SCHEDULE_MESSAGES } from '@relevo/domain';
import { calendarFeed, resourceCalendar, rotateResourceCalendar, rotateScheduleCalendar } from '@relevo/api';
import type { Principal } from '../../auth/principals';
import type { AppContext } from '../../context';
import { recordExists } from '../../catalogue/queries';
import { catalogueUnit, notFound, type CatalogueTx } from '../../catalogue/common';
import { feedOfToken, feedTokenOf, feedUrl, rotateFeed, type FeedOwner } from '../../schedules/calendar-feeds';
import { feedCalendar } from '../../schedules/calendar';
import { HttpError } from '../errors';
import type { RouteTable } from '../implement';

/** The answer to an address no feed has: the same whether it never existed or was rotated away. */
const CALENDAR_NOT_FOUND = 'Calendar not found';

/** docs/product.md#calendar-feeds: the schedules' and resources' iCalendar feeds and their secret addresses. */
export function calendarRoutes(routes: RouteTable, ctx: AppContext): void {
  const unit = catalogueUnit(ctx);

  /** 404 unless the owner is the caller's customer's. */
  async function requireOwner(tx: CatalogueTx, customerId: number, owner: FeedOwner): Promise<void> {
    const found =
      'schedule_id' in owner
        ? await recordExists(tx, customerId, 'schedules', owner.schedule_id)
        : await recordExists(tx, customerId, 'resources', owner.resource_id);
    if (!found) throw notFound('schedule_id' in owner ? SCHEDULE_MESSAGES.notFound : RESOURCE_MESSAGES.notFound);
  }

  const address = (principal: Principal, owner: FeedOwner) =>
    unit.inCustomer(principal, async (tx, customerId) => {
      await requireOwner(tx, customerId, owner);
      return { calendar_url: await feedUrl(tx, ctx, customerId, owner) };
    });

  const rotate = (principal: Principal, owner: FeedOwner) =>
    unit.inCustomer(principal, async (tx, customerId) => {
      await requireOwner(tx, customerId, owner);
      const calendar_url = await rotateFeed(tx, ctx, customerId, owner);
      // the trail says a feed's address changed, never the address
      await unit.audited(tx, principal, {
        action: 'update',
        entity: 'schedule_id' in owner ? 'schedule' : 'resource',
        entityId: 'schedule_id' in owner ? owner.schedule_id : owner.resource_id,
        detail: { calendar_feed: 'rotated' },
      });
      return { calendar_url };
    });

  routes
    .implement(rotateScheduleCalendar, ({ principal, params }) => rotate(principal, { schedule_id: params.id }))
    .implement(resourceCalendar, ({ principal, params }) => address(principal, { resource_id: params.id }))
    .implement(rotateResourceCalendar, ({ principal, params }) => rotate(principal, { resource_id: params.id }))
    .implement(calendarFeed, async ({ params, reply }) => {
      const token = feedTokenOf(params.token);
      const feed = token ? await feedOfToken(ctx.database, token) : null;
      const document = feed ? await feedCalendar(ctx, feed, ctx.clock.now().getTime()) : null;
      if (!document) throw new HttpError(404, CALENDAR_NOT_FOUND);
      // the address is the credential: neither a browser nor a proxy keeps the answer
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="on-call.ics"');
      return document;
    });
}
