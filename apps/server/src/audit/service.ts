import { sql, type Compilable } from 'kysely';
import {
  AUDIT_MESSAGES,
  Role,
  auditCsvFileName,
  auditCsvHeader,
  auditCsvLine,
  type AuditFilter,
  type AuditListQuery,
  type AuditRow,
  type ListOf,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { pageOf, readList } from '../db/listing';
import { HttpError } from '../http/errors';
import { csvBody, type CsvDownload } from '../incidents/event-export';
import {
  auditConditions,
  auditRows,
  auditSelectionOf,
  toAuditRow,
  type AuditReach,
  type AuditSelected,
} from './queries';

/** rows per read of a CSV download: each page is one read that ends before its text is written */
const CSV_PAGE = 1000;

/**
 * The audit trail (docs/product.md#audit-trail): a Staff Root reads every customer's rows (or one
 * customer's, by `customer_id`), a Customer Root its own customer's; a Customer Root naming another
 * customer is refused (403), never answered an empty list that would look like a quiet customer.
 */
export function auditService(ctx: AppContext) {
  const { database } = ctx;

  function reachOf(principal: Principal, filter: Pick<AuditFilter, 'customer_id'>): AuditReach {
    if (principal.role === Role.StaffRoot) return 'all';
    if (filter.customer_id !== undefined && filter.customer_id !== principal.customerId)
      throw new HttpError(403, AUDIT_MESSAGES.otherCustomer);
    return { customerId: principal.customerId };
  }

  return {
    list(principal: Principal, query: AuditListQuery): Promise<ListOf<AuditRow>> {
      const selection = auditSelectionOf(reachOf(principal, query), query);
      const db = database.db;
      return readList(database, principal.scope, {
        matching: db.selectFrom('audit_log as l').where((eb) => auditConditions(eb, selection)),
        page: pageOf(auditRows(db, selection), query),
        toItem: toAuditRow,
        searched: selection.actor !== null,
      });
    },

    /** The rows of the filters as a CSV file, newest first, read a page at a time after the last row of the one before. */
    export(principal: Principal, filter: AuditFilter): CsvDownload {
      const selection = auditSelectionOf(reachOf(principal, filter), filter);
      const db = database.db;
      const body = csvBody(ctx, async (write) => {
        await write(auditCsvHeader());
        // where a page ends: the instant as the database writes it (to the microsecond) and the id
        let after: { key_created: string; id: number } | null = null;
        for (;;) {
          const boundary = after;
          const page: Compilable<AuditSelected & { key_created: string }> = auditRows(db, selection)
            .select(sql<string>`l.created_at::text`.as('key_created'))
            .$if(boundary !== null, (qb) =>
              qb.where(sql<boolean>`(l.created_at, l.id) < (${boundary!.key_created}::timestamptz, ${boundary!.id})`),
            )
            .limit(CSV_PAGE);
          const [rows] = await database.read(principal.scope, [page], { planForValues: selection.actor !== null });
          let text = '';
          for (const row of rows) text += auditCsvLine(toAuditRow(row), filter.time_zone);
          await write(text);
          if (rows.length < CSV_PAGE) return;
          const last = rows[rows.length - 1]!;
          after = { key_created: last.key_created, id: last.id };
        }
      });
      return { fileName: auditCsvFileName(ctx.clock.now(), filter.time_zone), body };
    },
  };
}
