import { addSla, deleteSla, listSlas, updateSla } from '@relevo/api';
import type { Sla, SlaCreate, SlaUpdate } from '@relevo/domain';
import { api } from '../../shell/api';
import type { RecordCalls } from '../../shell/record-list';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the SLA screen */
    slaCalls: SlaCalls;
  }
}

/** The calls of the SLA screen. */
export type SlaCalls = RecordCalls<Sla, SlaCreate, SlaUpdate>;

/** docs/product.md#catalogue-calls. */
export const liveSlaCalls: SlaCalls = {
  list: (query, signal) => api.call(listSlas, { query, signal }),
  create: (body) => api.call(addSla, { body }),
  update: (id, body) => api.call(updateSla, { params: { id }, body }),
  remove: (id) => api.call(deleteSla, { params: { id } }),
};
