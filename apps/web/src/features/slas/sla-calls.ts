import { addSla, deleteSla, listSlas, updateSla } from '@relevo/api';
import type { ListOf, ListQuery, MessageAnswer, Sla, SlaCreate, SlaUpdate } from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the SLA screen */
    slaCalls: SlaCalls;
  }
}

/** The calls of the SLA screen. */
export interface SlaCalls {
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListOf<Sla>>;
  create: (body: SlaCreate) => Promise<Sla>;
  update: (id: number, body: SlaUpdate) => Promise<Sla>;
  remove: (id: number) => Promise<MessageAnswer>;
}

/** docs/product.md#catalogue-calls. */
export const liveSlaCalls: SlaCalls = {
  list: (query, signal) => api.call(listSlas, { query, signal }),
  create: (body) => api.call(addSla, { body }),
  update: (id, body) => api.call(updateSla, { params: { id }, body }),
  remove: (id) => api.call(deleteSla, { params: { id } }),
};
