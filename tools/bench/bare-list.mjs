// The floor of the list benchmark (tools/bench/list-floor.ts): a bare Fastify answering a
// customer's users, a page at a time, with one query (`count(*) over ()`) on the same database as
// the product, as its owner (no roles, no row-level security, no session). The answer has the
// product's shape (docs/product.md#user), so the benchmark can check both answer the same list.
//
//   PORT, CUSTOMER_ID, and DATABASE_URL (PostgreSQL) or PGLITE_DIR (a copy of the embedded database)
import Fastify from 'fastify';
import { floorQuery, listenFloor } from './floor-db.mjs';

const CUSTOMER_ID = Number(process.env.CUSTOMER_ID);
const ROLE_NAMES = { 1: 'StaffRoot', 2: 'StaffEdit', 3: 'StaffView', 4: 'CustomerRoot', 5: 'Customer' };
// the Users screen: roles 4 and 5 of one customer, by name (docs/product.md#constants-and-limits), then id
const LIST = `select u.id, u.name, u.last_name, u.email, u.phone, u.status, u.rol_id, u.customer_id, c.customer_name,
                     u.force_change_password, u.created_by, u.updated_by, u.created_at, u.updated_at, count(*) over ()::int as total
              from users u join customers c on c.customer_id = u.customer_id
              where u.rol_id in (4, 5) and u.customer_id = $1
              order by lower(u.name), u.id
              limit $2 offset $3`;

const query = await floorQuery();

const iso = (value) => (value ? new Date(value).toISOString() : null);

const app = Fastify({ logger: false });
app.get('/users', async (request) => {
  const pageSize = Number(request.query.page_size ?? 10);
  const pageNum = Number(request.query.page_num ?? 1);
  const rows = await query(LIST, [CUSTOMER_ID, pageSize, (pageNum - 1) * pageSize]);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map((row) => ({
      id: row.id,
      name: row.name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone,
      status: row.status === 1 ? 1 : 0,
      role: { rol_id: row.rol_id, rol_name: ROLE_NAMES[row.rol_id] },
      customer: { customer_id: row.customer_id, customer_name: row.customer_name },
      is_admin: row.rol_id === 1,
      force_change_password: row.force_change_password,
      created_by: row.created_by,
      updated_by: row.updated_by,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    })),
  };
});
await listenFloor(app);
