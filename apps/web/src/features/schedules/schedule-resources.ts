import { listResources } from '@relevo/api';
import { OPTION_LIST_SIZE, type ListOf, type Resource } from '@relevo/domain';
import { api } from '../../shell/api';

/**
 * Who may take part in a rotation or an override: the customer's active resources, by name
 * (docs/product.md#http-calls: option lists ask for up to 1000). A module of its own, loaded when
 * first asked for: the resources' endpoints bring their phone rules, which no schedule screen
 * needs to show itself.
 */
export const activeResources = (): Promise<ListOf<Resource>> =>
  api.call(listResources, {
    query: { page_size: OPTION_LIST_SIZE, order_by_column: 'resource_fullname', resource_active: 'Y' },
  });
