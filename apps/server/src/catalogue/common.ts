import type { Transaction } from 'kysely';
import type { AuditAction, ListOf } from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { audit, byPrincipal, type AuditedRecord } from '../security/audit';
import type { DB } from '../db/schema';
import { iso } from '../db/listing';
import { HttpError } from '../http/errors';

export type CatalogueTx = Transaction<DB>;

/**
 * What every catalogue service shares: the caller's customer (the catalogue belongs to one; every
 * query names it beside row-level security), its unit of work, the audit trail, and the stamps.
 */
export function catalogueUnit(ctx: AppContext) {
  return {
    /** a unit of work in the caller's tenant scope */
    inCustomer: <T>(principal: Principal, work: (tx: CatalogueTx, customerId: number) => Promise<T>) =>
      ctx.database.scoped(principal.scope, (tx) => work(tx, principal.customerId)),
    audited: (
      tx: CatalogueTx,
      principal: Principal,
      entry: {
        action: AuditAction;
        entity: string;
        entityId: number | string;
        detail?: Record<string, unknown>;
        /** the record as the API showed it before the change, and after it (docs/product.md#audit-trail) */
        before?: AuditedRecord | null;
        after?: AuditedRecord | null;
      },
    ) => audit(tx, { ...byPrincipal(principal), ...entry }, ctx.clock.now()),
    now: () => ctx.clock.now(),
  };
}

export const notFound = (message: string) => new HttpError(404, message);

/**
 * The list of one parent's rows (an escalation's steps, an application's modules), read in its one
 * round trip (`readList`, which names the caller's customer): only an empty list then asks whether
 * the parent is the caller's, so a missing or another customer's parent still answers 404 while a
 * filled list costs no second unit of work (docs/perf.md "Catalogue").
 */
export async function listOfParent<T>(
  list: Promise<ListOf<T>>,
  requireParent: () => Promise<unknown>,
): Promise<ListOf<T>> {
  const answer = await list;
  if (answer.total === 0) await requireParent();
  return answer;
}
export const conflict = (message: string) => new HttpError(409, message);

/** docs/product.md#entities stamps on the wire: who and when, dates as ISO text. */
export function stampsOf<P extends string>(prefix: P, stamped: object) {
  const row = stamped as Record<string, unknown>;
  return {
    [`${prefix}_createby`]: (row[`${prefix}_createby`] as string | null) ?? null,
    [`${prefix}_createdt`]: iso(row[`${prefix}_createdt`] as Date)!,
    [`${prefix}_updateby`]: (row[`${prefix}_updateby`] as string | null) ?? null,
    [`${prefix}_updatedt`]: iso(row[`${prefix}_updatedt`] as Date | null),
  } as { [K in `${P}_createby` | `${P}_updateby`]: string | null } & { [K in `${P}_createdt`]: string } & {
    [K in `${P}_updatedt`]: string | null;
  };
}
