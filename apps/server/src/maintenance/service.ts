import type { MaintenanceWindowList } from '@relevo/api';
import {
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_SCREEN_TEXTS,
  currentOrNextOccurrence,
  maintenanceStatus,
  windowEnd,
  type MaintenanceTimes,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
  type MessageAnswer,
  type PageQuery,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { iso } from '../db/listing';
import { wakeAfterCommit } from '../db/wake';
import { ENGINE_CHANNEL } from '../engine/advance';
import { catalogueUnit, conflict, notFound, stampsOf, type CatalogueTx } from '../catalogue/common';
import {
  countWindows,
  customerZoneQuery,
  deleteWindow,
  findWindow,
  heldEvents,
  insertWindow,
  listWindowsPage,
  lockCustomerWindows,
  ownsTarget,
  retimeHeld,
  updateWindow,
  type MaintenanceWindowRow,
} from './queries';

/** A customer without a zone of its own reads its days in UTC, as the dashboard does. */
const UTC = 'UTC';

/** A window row as the rules read it (instants in ms). */
const timesOf = (
  row: Pick<
    MaintenanceWindowRow,
    'maintenance_window_id' | 'module_id' | 'application_id' | 'start_at' | 'end_at' | 'recurrence' | 'release'
  >,
): MaintenanceTimes => ({
  maintenance_window_id: row.maintenance_window_id,
  module_id: row.module_id,
  application_id: row.application_id,
  start: new Date(row.start_at).getTime(),
  end: new Date(row.end_at).getTime(),
  recurrence: row.recurrence,
  release: row.release,
});

/** docs/product.md#maintenance-windows: a window as listed and saved, with where it stands `now`. */
function toMaintenanceWindow(row: MaintenanceWindowRow, timeZone: string, now: Date): MaintenanceWindow {
  const times = timesOf(row);
  const next = currentOrNextOccurrence(times, now.getTime(), timeZone);
  return {
    id: row.maintenance_window_id,
    maintenance_window_id: row.maintenance_window_id,
    customer_id: row.customer_id,
    window_name: row.window_name,
    module_id: row.module_id,
    module_name: row.module_name,
    application_id: row.shown_application_id,
    application_name: row.application_name,
    start: iso(row.start_at)!,
    end: iso(row.end_at)!,
    recurrence: row.recurrence,
    release: row.release,
    status: maintenanceStatus(times, now.getTime(), timeZone),
    next_start: next ? new Date(next.start).toISOString() : null,
    next_end: next ? new Date(next.end).toISOString() : null,
    time_zone: timeZone,
    ...stampsOf('window', row),
  };
}

const valuesOf = (body: MaintenanceWindowBody) => ({
  window_name: body.window_name,
  module_id: body.module_id,
  application_id: body.application_id,
  start_at: new Date(body.start),
  end_at: new Date(body.end),
  recurrence: body.recurrence,
  release: body.release,
});

/** docs/product.md#maintenance-windows: a customer's windows, and the incidents they hold when they change. */
export function maintenanceService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);

  async function zoneOf(tx: CatalogueTx, customerId: number): Promise<string> {
    return (await customerZoneQuery(tx, customerId).executeTakeFirst())?.customer_time_zone ?? UTC;
  }

  async function requireWindow(tx: CatalogueTx, customerId: number, id: number): Promise<MaintenanceWindowRow> {
    const row = await findWindow(tx, customerId, id);
    if (!row) throw notFound(MAINTENANCE_MESSAGES.notFound);
    return row;
  }

  /** Another customer's (or no) module or application: 404, as for its ids anywhere. */
  async function requireTarget(tx: CatalogueTx, customerId: number, body: MaintenanceWindowBody) {
    if (!(await ownsTarget(tx, customerId, body)))
      throw notFound(
        body.module_id !== null ? MAINTENANCE_MESSAGES.moduleNotFound : MAINTENANCE_MESSAGES.applicationNotFound,
      );
  }

  /**
   * docs/product.md#maintenance-windows ("Changing or deleting a window"): the incidents the window
   * holds wait for the end of its occurrence on now (`after`: the window as changed), released as it
   * says; those it no longer covers, or all of them when it is not on now or was deleted, go now.
   */
  async function releaseHeld(
    tx: CatalogueTx,
    customerId: number,
    windowId: number,
    after: MaintenanceTimes | null,
    fallbackRelease: 'escalate' | 'quiet',
  ) {
    const held = await heldEvents(tx, customerId, windowId);
    if (held.length === 0) return;
    const now = unit.now();
    const zone = await zoneOf(tx, customerId);
    const until = after ? windowEnd(after, now.getTime(), zone) : null;
    const covered = (event: (typeof held)[number]) =>
      after !== null && (event.module_id === after.module_id || event.application_id === after.application_id);
    const waiting = held.filter((event) => until !== null && covered(event)).map((event) => event.event_id);
    const going = held.filter((event) => !waiting.includes(event.event_id)).map((event) => event.event_id);
    const release = after?.release ?? fallbackRelease;
    if (waiting.length > 0) await retimeHeld(tx, customerId, waiting, new Date(until!), release);
    if (going.length > 0) {
      await retimeHeld(tx, customerId, going, now, release);
      wakeAfterCommit(tx, ENGINE_CHANNEL);
    }
  }

  return {
    /** The page, with the customer's zone (two reads). */
    async list(principal: Principal, query: PageQuery): Promise<MaintenanceWindowList> {
      const [page, [zones]] = await Promise.all([
        listWindowsPage(ctx.database, principal.scope, principal.customerId, query),
        ctx.database.read(principal.scope, [customerZoneQuery(ctx.database.db, principal.customerId)]),
      ]);
      const zone = zones[0]?.customer_time_zone ?? UTC;
      const now = unit.now();
      return {
        total: page.total,
        list: page.list.map((row) => toMaintenanceWindow(row, zone, now)),
        time_zone: zone,
      };
    },

    create(principal: Principal, body: MaintenanceWindowBody): Promise<MaintenanceWindow> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireTarget(tx, customerId, body);
        await lockCustomerWindows(tx, customerId);
        if ((await countWindows(tx, customerId)) >= MAINTENANCE_LIMITS.windows)
          throw conflict(MAINTENANCE_MESSAGES.tooMany);
        const made = await insertWindow(tx, customerId, {
          ...valuesOf(body),
          window_createby: principal.email,
          window_createdt: unit.now(),
        });
        const saved = toMaintenanceWindow(
          await requireWindow(tx, customerId, made),
          await zoneOf(tx, customerId),
          unit.now(),
        );
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'maintenance_window',
          entityId: made,
          detail: { ...body },
          after: saved,
        });
        return saved;
      });
    },

    update(principal: Principal, id: number, body: MaintenanceWindowBody): Promise<MaintenanceWindow> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const zone = await zoneOf(tx, customerId);
        const before = toMaintenanceWindow(await requireWindow(tx, customerId, id), zone, unit.now());
        await requireTarget(tx, customerId, body);
        const values = valuesOf(body);
        await updateWindow(tx, customerId, id, {
          ...values,
          window_updateby: principal.email,
          window_updatedt: unit.now(),
        });
        await releaseHeld(tx, customerId, id, timesOf({ maintenance_window_id: id, ...values }), body.release);
        const saved = toMaintenanceWindow(await requireWindow(tx, customerId, id), zone, unit.now());
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'maintenance_window',
          entityId: id,
          detail: { ...body },
          before,
          after: saved,
        });
        return saved;
      });
    },

    /** The incidents it holds go now, as its release says; the events keep their mark. */
    remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const row = await requireWindow(tx, customerId, id);
        await releaseHeld(tx, customerId, id, null, row.release);
        await deleteWindow(tx, customerId, id);
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'maintenance_window',
          entityId: id,
          before: toMaintenanceWindow(row, await zoneOf(tx, customerId), unit.now()),
        });
        return { Message: MAINTENANCE_SCREEN_TEXTS.deleted };
      });
    },
  };
}
