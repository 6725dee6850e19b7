import {
  CUSTOMER_MESSAGES,
  MESSAGES,
  customerDeleteRefusal,
  customerUpdateRefusal,
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
  type ListOf,
  type MessageAnswer,
  type PageQuery,
} from '@relevo/domain';
import type { Transaction } from 'kysely';
import type { Principal } from '../auth/principals';
import type { DB } from '../db/schema';
import type { AppContext } from '../context';
import { audit } from '../security/audit';
import { revokeCustomerSessions } from '../auth/queries';
import { customerUsage, findCustomer, insertCustomer, listCustomers, listFreeCustomers, toCustomer } from './queries';
import { isUniqueViolation } from '../db/errors';
import { HttpError, ValidationFailure } from '../http/errors';

const actorOf = (principal: Principal) => ({ id: principal.userId, email: principal.email });
const notFound = () => new HttpError(404, CUSTOMER_MESSAGES.notFound);

/** docs/product.md#user-lists Customers (staff), and the own customer of any user. */
export function customerService(ctx: AppContext) {
  // every read and write runs in the caller's tenant scope (row-level security sees it too)
  const inScope = <T>(principal: Principal, work: (tx: Transaction<DB>) => Promise<T>) =>
    ctx.database.scoped(principal.scope, work);

  return {
    list(principal: Principal, query: PageQuery & { not_root: boolean }): Promise<ListOf<Customer>> {
      // a read of its own: count and page in one round trip, in the caller's scope
      return listCustomers(ctx.database, principal.scope, query, { notRoot: query.not_root });
    },

    async free(principal: Principal): Promise<ListOf<Customer>> {
      const list = await inScope(principal, (tx) => listFreeCustomers(tx));
      return { total: list.length, list };
    },

    async get(principal: Principal, id: number): Promise<Customer> {
      const row = await inScope(principal, (tx) => findCustomer(tx, id));
      if (!row) throw notFound();
      return toCustomer(row);
    },

    async current(principal: Principal): Promise<Customer> {
      const row = await inScope(principal, (tx) => findCustomer(tx, principal.customerId));
      if (!row) throw notFound();
      return toCustomer(row);
    },

    async create(principal: Principal, body: CustomerCreate): Promise<Customer> {
      const now = ctx.clock.now();
      return inScope(principal, async (tx) => {
        const id = await insertCustomer(
          tx,
          { name: body.customer_name, qtyResources: body.customer_qty_resources, createdBy: principal.email },
          now,
        );
        if (id === null) throw ValidationFailure.field('customer_name', CUSTOMER_MESSAGES.nameTaken);
        const saved = toCustomer((await findCustomer(tx, id))!);
        await audit(
          tx,
          {
            customerId: id,
            actor: actorOf(principal),
            action: 'create',
            entity: 'customer',
            entityId: id,
            detail: { ...body },
            after: saved,
          },
          now,
        );
        return saved;
      });
    },

    async update(principal: Principal, id: number, body: CustomerUpdate): Promise<Customer> {
      const now = ctx.clock.now();
      const { customer, changed } = await inScope(principal, async (tx) => {
        const current = await findCustomer(tx, id);
        if (!current) throw notFound();
        const refusal = customerUpdateRefusal(current, body);
        if (refusal) throw new HttpError(409, refusal);
        try {
          await tx
            .updateTable('customers')
            .set({
              customer_name: body.customer_name,
              customer_active: body.customer_active,
              customer_qty_resources: body.customer_qty_resources,
              customer_updateby: principal.email,
              customer_updatedt: now,
            })
            .where('customer_id', '=', id)
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw ValidationFailure.field('customer_name', CUSTOMER_MESSAGES.nameTaken);
          throw error;
        }
        const deactivated = current.customer_active === 'Y' && body.customer_active === 'N';
        if (deactivated) {
          // its people can no longer sign in: end their sessions now
          await revokeCustomerSessions(tx, id, now);
        }
        const changes = Object.fromEntries(
          (['customer_name', 'customer_active', 'customer_qty_resources'] as const)
            .filter((key) => current[key] !== body[key])
            .map((key) => [key, body[key]]),
        );
        const saved = toCustomer((await findCustomer(tx, id))!);
        await audit(
          tx,
          {
            customerId: id,
            actor: actorOf(principal),
            action: 'update',
            entity: 'customer',
            entityId: id,
            detail: changes,
            before: toCustomer(current),
            after: saved,
          },
          now,
        );
        return { customer: saved, changed: Object.keys(changes).length > 0 };
      });
      // every session user of the customer carries its name, quota and state (docs/product.md#layout footer,
      // docs/product.md#constants-and-limits resource quota) and an inactive customer's people may not sign in: no cached
      // session may keep the old ones
      if (changed) await ctx.principals.evictAll();
      return customer;
    },

    async remove(principal: Principal, id: number): Promise<MessageAnswer> {
      const now = ctx.clock.now();
      await inScope(principal, async (tx) => {
        const current = await findCustomer(tx, id);
        if (!current) throw notFound();
        // the provider is refused before anything is counted
        const refusal = customerDeleteRefusal(current) ?? customerDeleteRefusal(current, await customerUsage(tx, id));
        if (refusal) throw new HttpError(409, refusal);
        await tx.deleteFrom('customers').where('customer_id', '=', id).execute();
        await audit(
          tx,
          {
            customerId: null,
            actor: actorOf(principal),
            action: 'delete',
            entity: 'customer',
            entityId: id,
            detail: { customer_name: current.customer_name },
            before: toCustomer(current),
          },
          now,
        );
      });
      return { Message: MESSAGES.customerDeleted };
    },
  };
}
