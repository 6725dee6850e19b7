// The floor of the catalogue list benchmark (tools/bench/catalogue-lists.ts): a bare Fastify
// answering each catalogue list of one customer, a page at a time, with one query each
// (`count(*) over ()`) on the same database as the product, as its owner (no roles, no row-level
// security, no session). The answers have the product's shape (docs/product.md#entities), so the benchmark can check
// both answer the same list.
//
//   GET /resources, /slas, /escalations, /applications, /modules?application_id=, /steps?escalation_id=
//   PORT, CUSTOMER_ID, and DATABASE_URL (PostgreSQL) or PGLITE_DIR (a copy of the embedded database)
import Fastify from 'fastify';
import { floorQuery, listenFloor } from './floor-db.mjs';

const CUSTOMER_ID = Number(process.env.CUSTOMER_ID);
const iso = (value) => (value ? new Date(value).toISOString() : null);
/** docs/product.md#entities stamps: who and when */
const stamps = (prefix, row) => ({
  [`${prefix}_createby`]: row[`${prefix}_createby`] ?? null,
  [`${prefix}_createdt`]: iso(row[`${prefix}_createdt`]),
  [`${prefix}_updateby`]: row[`${prefix}_updateby`] ?? null,
  [`${prefix}_updatedt`]: iso(row[`${prefix}_updatedt`]),
});

/**
 * A row on the wire (docs/product.md#entities): `id`, the row's columns with dates as ISO text, then `shape` groups
 * some columns into objects the way the product answers them.
 */
const wire =
  (prefix, shape = () => undefined) =>
  (row) => {
    const { total: _total, ...columns } = row;
    const item = { id: row[`${prefix}_id`], ...columns, ...stamps(prefix, row) };
    shape(item);
    return item;
  };

/** Moves `fields` of `item` into `item[name]` (renamed as `rename` says); null when the first is null. */
const nest = (item, name, fields, rename = {}) => {
  const present = item[fields[0]] !== null;
  const nested = Object.fromEntries(fields.map((field) => [rename[field] ?? field, item[field]]));
  for (const field of fields) delete item[field];
  item[name] = present ? nested : null;
};

/**
 * A list of the customer's escalations or applications: `columns` of the table (aliased by its
 * first letter), the names `names` gathers from their rows as `as` ('' when none), in the
 * product's order (by name without regard to case, then id).
 */
const namedList = ({ prefix, columns, names, as }) => {
  const table = `${prefix}s ${prefix[0]}`;
  const alias = prefix[0];
  return {
    sql: `select ${columns},
                 (${names}) as ${as},
                 count(*) over ()::int as total
          from ${table}
          where ${alias}.customer_id = $1
          order by lower(${alias}.${prefix}_name), ${alias}.${prefix}_id
          limit $2 offset $3`,
    item: wire(prefix, (item) => {
      item[as] ??= '';
    }),
  };
};

/**
 * Each list: its query ($1 the customer, $2 the parent's id when it has one, then limit and
 * offset), in the product's default order, and a row on the wire.
 */
const LISTS = {
  resources: {
    sql: `select r.resource_id, r.resource_fullname, r.resource_active, r.resource_email, r.language_id, l.language_desc,
                 r.resource_phone1, r.resource_country_phone1, r.resource_phone2, r.resource_country_phone2,
                 r.resource_createby, r.resource_createdt, r.resource_updateby, r.resource_updatedt, count(*) over ()::int as total
          from resources r join languages l on l.language_id = r.language_id
          where r.customer_id = $1
          order by lower(r.resource_fullname), r.resource_id
          limit $2 offset $3`,
    item: wire('resource', (item) => {
      item.language = { language_id: item.language_id, language_desc: item.language_desc };
      delete item.language_desc;
    }),
  },
  slas: {
    sql: `select sla_id, sla_name, sla_desc, sla_active, sla_response_time, sla_response_time_mult,
                 sla_createby, sla_createdt, sla_updateby, sla_updatedt, count(*) over ()::int as total
          from slas
          where customer_id = $1
          order by sla_id
          limit $2 offset $3`,
    item: wire('sla'),
  },
  escalations: namedList({
    prefix: 'escalation',
    columns: `e.escalation_id, e.customer_id, e.escalation_name, e.escalation_desc, e.escalation_active, e.escalation_validate,
                 e.escalation_createby, e.escalation_createdt, e.escalation_updateby, e.escalation_updatedt`,
    names: `select string_agg(r.resource_fullname, ', ' order by s.escalation_priority_orden, s.escalation_resource_id)
                  from escalation_resources s join resources r on r.customer_id = s.customer_id and r.resource_id = s.resource_id
                  where s.escalation_id = e.escalation_id`,
    as: 'resources',
  }),
  applications: namedList({
    prefix: 'application',
    columns: `a.application_id, a.application_name, a.application_active,
                 a.application_createby, a.application_createdt, a.application_updateby, a.application_updatedt`,
    names: `select string_agg(m.module_name, ', ' order by lower(m.module_name), m.module_id) from modules m where m.application_id = a.application_id`,
    as: 'modules',
  }),
  modules: {
    parent: 'application_id',
    sql: `select m.module_id, m.module_name, m.module_desc, m.module_active, m.application_id, a.application_name,
                 m.escalation_id, e.escalation_name, m.sla_id, s.sla_name,
                 m.module_createby, m.module_createdt, m.module_updateby, m.module_updatedt,
                 (select string_agg(r.resource_fullname, ', ' order by st.escalation_priority_orden, st.escalation_resource_id)
                  from escalation_resources st join resources r on r.customer_id = st.customer_id and r.resource_id = st.resource_id
                  where st.escalation_id = m.escalation_id) as escalation_resources,
                 count(*) over ()::int as total
          from modules m
          join applications a on a.customer_id = m.customer_id and a.application_id = m.application_id
          left join escalations e on e.customer_id = m.customer_id and e.escalation_id = m.escalation_id
          left join slas s on s.customer_id = m.customer_id and s.sla_id = m.sla_id
          where m.customer_id = $1 and m.application_id = $2
          order by lower(m.module_name), m.module_id
          limit $3 offset $4`,
    item: wire('module', (item) => {
      nest(item, 'application', ['application_id', 'application_name']);
      item.escalation_name ??= '';
      item.escalation_resources ??= '';
      nest(item, 'escalation', ['escalation_id', 'escalation_name', 'escalation_resources'], {
        escalation_resources: 'resources',
      });
      item.sla_name ??= '';
      nest(item, 'sla', ['sla_id', 'sla_name']);
    }),
  },
  steps: {
    parent: 'escalation_id',
    sql: `select s.escalation_resource_id, s.escalation_id, s.participation_type_id, p.participation_type_desc, s.channel_id, c.channel_desc,
                 s.resource_id, r.resource_fullname, s.escalation_priority_orden, s.escalation_active, s.ind_call_again, s.max_attemp_number,
                 s.next_followup_time, s.next_followup_time_mult, s.escalation_last_in_line,
                 s.escalation_resource_createby, s.escalation_resource_createdt, s.escalation_resource_updateby, s.escalation_resource_updatedt,
                 count(*) over ()::int as total
          from escalation_resources s
          join participation_types p on p.participation_type_id = s.participation_type_id
          join channels c on c.channel_id = s.channel_id
          join resources r on r.customer_id = s.customer_id and r.resource_id = s.resource_id
          where s.customer_id = $1 and s.escalation_id = $2
          order by s.escalation_priority_orden, s.escalation_resource_id
          limit $3 offset $4`,
    item: wire('escalation_resource', (item) => {
      nest(item, 'escalation', ['escalation_id']);
      nest(item, 'participation_type', ['participation_type_id', 'participation_type_desc']);
      nest(item, 'channel', ['channel_id', 'channel_desc']);
      nest(item, 'resource', ['resource_id', 'resource_fullname']);
    }),
  },
};

const query = await floorQuery();

const app = Fastify({ logger: false });
for (const [name, list] of Object.entries(LISTS)) {
  app.get(`/${name}`, async (request) => {
    const pageSize = Number(request.query.page_size ?? 10);
    const pageNum = Number(request.query.page_num ?? 1);
    const parent = list.parent ? [Number(request.query[list.parent])] : [];
    const rows = await query(list.sql, [CUSTOMER_ID, ...parent, pageSize, (pageNum - 1) * pageSize]);
    return { total: rows[0]?.total ?? 0, list: rows.map(list.item) };
  });
}
await listenFloor(app);
