import * as v from 'valibot';
import { form, integerField, requiredText, ynFlag } from '../rules/fields';

/** docs/product.md#constants-and-limits: the resource quota when a customer has none of its own. */
export const DEFAULT_RESOURCE_QUOTA = 10;

/** docs/product.md#customer, as listed. */
export interface Customer {
  customer_id: number;
  customer_name: string;
  customer_active: 'Y' | 'N';
  customer_qty_resources: number;
  customer_createby: string | null;
  customer_createdt: string;
  customer_updateby: string | null;
  customer_updatedt: string | null;
}

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Customer name is required',
  activeRequired: 'Customer active state is required',
  quota: 'The resource quota must be a whole number from 0 to 100000',
  nameTaken: 'A customer with this name already exists',
  notFound: 'Customer not found',
  providerLocked: 'The provider organisation cannot be deleted or deactivated',
  customerNotFound: 'This customer does not exist',
} as const;

/** Why a customer cannot be deleted yet (docs/product.md#tenants-and-roles: say what uses it). */
export function customerInUseMessage(usage: { users: number; events: number }): string | null {
  // each count a text of its own, and one sentence per case: the catalogs translate every part
  const users = usage.users === 1 ? '1 user' : `${usage.users} users`;
  const events = usage.events === 1 ? '1 event' : `${usage.events} events`;
  if (usage.users && usage.events) return `This customer still has ${users} and ${events}; remove them first`;
  if (usage.users || usage.events) return `This customer still has ${usage.users ? users : events}; remove them first`;
  return null;
}

const quotaField = integerField({ min: 0, max: 100_000, message: CUSTOMER_MESSAGES.quota });

export const CustomerCreateSchema = form({
  customer_name: requiredText(CUSTOMER_MESSAGES.nameRequired),
  customer_qty_resources: v.optional(quotaField, 10),
});
export type CustomerCreate = v.InferOutput<typeof CustomerCreateSchema>;

export const CustomerUpdateSchema = form({
  customer_name: requiredText(CUSTOMER_MESSAGES.nameRequired),
  customer_active: ynFlag(CUSTOMER_MESSAGES.activeRequired),
  customer_qty_resources: quotaField,
});
export type CustomerUpdate = v.InferOutput<typeof CustomerUpdateSchema>;

/** Option lists: value and text pairs with a first placeholder whose value is null (docs/product.md#entities). */
export interface Option<T = number> {
  value: T | null;
  text: string;
}
