import type { Migration } from '../migration';

/**
 * The events list in every order of docs/product.md#constants-and-limits over years of history (issue "Following incidents",
 * speed; docs/perf.md "Events list and CSV"): an index per sortable column, in the list's order
 * (the column, then the event's id), so a page is read by walking the index and stopping when the
 * page is full instead of sorting every event of the customer. The orders by the module's and by
 * the application's name need none: they walk the events of each module or application on the
 * indexes of those filters (migrations 0008 and 0013) and merge the groups by name.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
export const eventOrders: Migration = {
  up: [
    `create index events_case_order on events (customer_id, case_id)`,
    `create index events_status_order on events (customer_id, event_status, event_id)`,
    `create index events_sla_order on events (customer_id, sla_compliance, event_id)`,
    `create index events_accepted_order on events (customer_id, accepteddt, event_id)`,
    `create index events_closed_order on events (customer_id, event_closedt, event_id)`,
    `create index events_subject_order on events (customer_id, lower(short_event_subject), event_id)`,
  ],
};
