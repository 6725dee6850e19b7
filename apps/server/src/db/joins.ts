import { sql, type SqlBool } from 'kysely';

/**
 * The condition joining the row `joined` to the row `from` names by `key`, within one customer: every
 * customer's rows are keyed by (customer_id, id), so a reference matches on both columns.
 */
export function sameCustomerRow(joined: string, from: string, key: string) {
  const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
  return sql<SqlBool>`${ref(joined, key)} = ${ref(from, key)} and ${ref(joined, 'customer_id')} = ${ref(from, 'customer_id')}`;
}
