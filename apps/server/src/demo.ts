import type { Clock } from './clock';
import { SYSTEM, type Database } from './db/database';
import { createCustomer, createUser } from './admin';
import { loadDemoCatalogue } from './demo-catalogue';
import type { AppContext } from './context';
import { DEMO_CREATOR, makeDemoHistory } from './demo-history/history';

/** The demo workspace (issue: one StaffRoot, one CustomerRoot and one Customer of a demo customer). */
export const DEMO_CUSTOMER = 'Demo Company';
export const DEMO_USERS = [
  { role: 'StaffRoot', email: 'staff@relevo.demo', password: 'Staff.Demo.2026', name: 'Sofía', lastName: 'Rivera' },
  {
    role: 'CustomerRoot',
    email: 'root@democompany.demo',
    password: 'Root.Demo.2026',
    name: 'Carlos',
    lastName: 'Méndez',
  },
  { role: 'Customer', email: 'user@democompany.demo', password: 'User.Demo.2026', name: 'Ana', lastName: 'Torres' },
] as const;

export async function isEmpty(database: Database): Promise<boolean> {
  const row = await database.scoped(SYSTEM, (tx) =>
    tx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n) === 0;
}

/**
 * Loads the demo workspace, and with `history` its incidents of the last days
 * (docs/product.md#demo-data); answers false when the database already has users.
 */
export async function loadDemoData(
  database: Database,
  clock: Clock,
  history?: { ctx: AppContext; days: number },
): Promise<boolean> {
  if (!(await isEmpty(database))) return false;
  const customerId = await createCustomer(database, clock, { name: DEMO_CUSTOMER, qtyResources: 10 });
  // the mark that lets demo history be made for it, and never for a customer of real people
  await database.scoped(SYSTEM, (tx) =>
    tx
      .updateTable('customers')
      .set({ customer_createby: DEMO_CREATOR })
      .where('customer_id', '=', customerId)
      .execute(),
  );
  for (const user of DEMO_USERS) {
    await createUser(database, clock, {
      ...user,
      customer: user.role === 'StaffRoot' ? undefined : DEMO_CUSTOMER,
      forceChangePassword: false,
    });
  }
  await loadDemoCatalogue(database, clock, customerId);
  if (history) await makeDemoHistory(history.ctx, { customer: DEMO_CUSTOMER, days: history.days });
  return true;
}

export function demoSignInText(url: string, smtpConfigured: boolean): string {
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  return [
    `Demo sign-in at ${url}/login`,
    ...DEMO_USERS.map((u) => `  ${u.role.padEnd(13)} ${u.email.padEnd(width)}  ${u.password}`),
    smtpConfigured
      ? "  The 6-digit code goes to the user's e-mail."
      : '  SMTP_URL is unset: the 6-digit code is printed in this log ("e-mail not sent"); look for "verification code".',
  ].join('\n');
}
