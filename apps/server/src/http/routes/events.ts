import {
  acceptEvent,
  addEventNote,
  escalateEvent,
  eventChanges,
  eventTimeline,
  exportEventLog,
  exportEvents,
  listEventLog,
  listEvents,
  reassignEvent,
  resolveEvent,
} from '@relevo/api';
import type { Responder } from '@relevo/domain';
import type { Principal } from '../../auth/principals';
import { eventActionService } from '../../incidents/actions';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { eventChangesOf } from '../../incidents/event-changes';
import { eventExports, type CsvDownload } from '../../incidents/event-export';
import { DownloadSlots } from '../download-slots';
import { eventService } from '../../incidents/events';
import type { RouteTable } from '../implement';

/** A CSV file: downloaded under its name, never cached (it holds a customer's incidents). */
function download(reply: FastifyReply, file: CsvDownload): string {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store');
  // the stream as it is (the contract's string is what a client reads of it)
  return file.body as unknown as string;
}

/** A signed-in person acting from the dashboard, by their name. */
const responderOf = (principal: Principal): Responder => ({
  name: `${principal.user.name} ${principal.user.last_name}`.trim(),
  via: 'dashboard',
  user_id: principal.userId,
});

/** docs/product.md#event-calls; the CSV exports (docs/product.md#constants-and-limits) and the live list's stream of changes. */
export function eventRoutes(routes: RouteTable, ctx: AppContext): void {
  const events = eventService(ctx);
  const exports = eventExports(ctx);
  // a person's answer is what an incident waits on: the actions run on the urgent connections
  // (Database.urgent), which readers of lists and dashboards cannot hold; the timeline is a read
  const actions = eventActionService({ ...ctx, database: ctx.database.urgent });
  const { timeline } = eventActionService(ctx);
  const changes = eventChangesOf(ctx);
  // the routes are made once per process: the count holds across all its requests
  const slots = new DownloadSlots(ctx.config.downloadsPerUser, ctx.config.downloadIdleSeconds * 1000);
  routes
    .implement(listEvents, ({ principal, query }) => events.list(principal, query))
    .implement(listEventLog, ({ principal, params, query }) => events.log(principal, params.id, query))
    .implement(exportEvents, ({ principal, query, reply }) =>
      download(
        reply,
        slots.send(principal.userId, reply, () => exports.events(principal, query)),
      ),
    )
    .implement(exportEventLog, async ({ principal, params, query, reply }) =>
      download(reply, await exports.log(principal, params.id, query)),
    )
    .implement(acceptEvent, ({ principal, params }) =>
      actions.accept(principal.customerId, params.case_id, responderOf(principal)),
    )
    .implement(resolveEvent, ({ principal, params, body }) =>
      actions.resolve(principal.customerId, params.case_id, responderOf(principal), body),
    )
    .implement(reassignEvent, ({ principal, params, body }) =>
      actions.reassign(principal.customerId, params.case_id, responderOf(principal), body),
    )
    .implement(escalateEvent, ({ principal, params }) =>
      actions.escalate(principal.customerId, params.case_id, responderOf(principal)),
    )
    .implement(addEventNote, ({ principal, params, body }) =>
      actions.note(principal.customerId, params.case_id, responderOf(principal), body.text),
    )
    .implement(eventTimeline, ({ principal, params }) => timeline(principal.customerId, params.case_id))
    .implement(eventChanges, async ({ principal, reply }) => {
      const stream = await changes.stream(principal.customerId);
      reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no');
      return stream as unknown as string;
    });
}
