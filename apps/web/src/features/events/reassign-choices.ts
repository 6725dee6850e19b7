import { listResources } from '@relevo/api';
import { OPTION_LIST_SIZE } from '@relevo/domain';
import { api } from '../../shell/api';
import { choices, type FilterChoice } from './event-calls';

/** The customer's active resources, by name: whom an event may be reassigned to (docs/product.md#responding). */
export async function reassignChoices(signal: AbortSignal): Promise<FilterChoice[]> {
  const { list } = await api.call(listResources, {
    query: { page_size: OPTION_LIST_SIZE, order_by_column: 'resource_fullname', resource_active: 'Y' },
    signal,
  });
  return choices(
    list,
    (r) => r.resource_id,
    (r) => r.resource_fullname,
  );
}
