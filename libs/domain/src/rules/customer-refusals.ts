import { CUSTOMER_MESSAGES, customerInUseMessage } from '../entities/customer';
import { homeOf } from './user-refusals';
import type { RoleId } from '../roles/roles';

/**
 * The refusals of the Customers screen (docs/product.md#user-lists), as plain functions answering the message or
 * null. The server refuses with them (409); the screen hides or disables with them.
 */

/** What still belongs to a customer (docs/product.md#tenants-and-roles: a delete says what uses it). */
export interface CustomerUsage {
  users: number;
  events: number;
}

/**
 * A customer delete: never the provider organisation (home of the staff users), never a customer
 * that still has users or events. The screen knows no usage and leaves it out; the server passes it.
 */
export function customerDeleteRefusal(customer: { is_provider: boolean }, usage?: CustomerUsage): string | null {
  if (customer.is_provider) return CUSTOMER_MESSAGES.providerLocked;
  return usage ? customerInUseMessage(usage) : null;
}

/** A customer edit: the provider organisation stays active (its staff must be able to sign in). */
export function customerUpdateRefusal(
  current: { is_provider: boolean },
  next: { customer_active: 'Y' | 'N' },
): string | null {
  return current.is_provider && next.customer_active === 'N' ? CUSTOMER_MESSAGES.providerLocked : null;
}

/**
 * Whether a customer row is the provider organisation, as a staff user's screen can tell: staff
 * users belong to the provider (homeOf), so the provider is a staff viewer's own customer.
 */
export function isProviderCustomer(
  viewer: { role: { rol_id: RoleId }; customer: { customer_id: number } | null },
  customerId: number,
): boolean {
  return homeOf(viewer.role.rol_id) === 'provider' && viewer.customer?.customer_id === customerId;
}
