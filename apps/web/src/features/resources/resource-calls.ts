import { addResource, deleteResource, listLanguages, listResources, resourceLimit, updateResource } from '@relevo/api';
import type { Language, ListOf, Resource, ResourceCreateBody, ResourceLimit, ResourceUpdateBody } from '@relevo/domain';
import { api } from '../../shell/api';
import type { RecordCalls } from '../../shell/record-list';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Resources screen */
    resourceCalls: ResourceCalls;
  }
}

/** The calls of the Resources screen. */
export interface ResourceCalls extends RecordCalls<Resource, ResourceCreateBody, ResourceUpdateBody> {
  /** docs/product.md#resources: the quota check */
  limit: () => Promise<ResourceLimit>;
  /** the modal's language dropdown */
  languages: () => Promise<ListOf<Language>>;
}

/** docs/product.md#catalogue-calls. */
export const liveResourceCalls: ResourceCalls = {
  list: (query, signal) => api.call(listResources, { query, signal }),
  limit: () => api.call(resourceLimit, {}),
  languages: () => api.call(listLanguages, {}),
  create: (body) => api.call(addResource, { body }),
  update: (id, body) => api.call(updateResource, { params: { id }, body }),
  remove: (id) => api.call(deleteResource, { params: { id } }),
};
