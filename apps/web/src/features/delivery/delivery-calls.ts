import {
  checkDeliveryProvider,
  getDelivery,
  removeDeliveryProvider,
  saveDeliveryChain,
  saveDeliveryProvider,
} from '@relevo/api';
import type {
  DeliveryChainInput,
  DeliveryProvider,
  DeliverySettingsView,
  MessageAnswer,
  ProviderCheckAnswer,
  ProviderSettingsView,
  ProviderValues,
} from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Delivery screen */
    deliveryCalls: DeliveryCalls;
  }
}

/** The calls of a customer's Delivery screen (docs/product.md#delivery-providers). */
export interface DeliveryCalls {
  get: (customerId: number) => Promise<DeliverySettingsView>;
  saveProvider: (
    customerId: number,
    provider: DeliveryProvider,
    values: ProviderValues,
  ) => Promise<ProviderSettingsView>;
  removeProvider: (customerId: number, provider: DeliveryProvider) => Promise<MessageAnswer>;
  checkProvider: (customerId: number, provider: DeliveryProvider) => Promise<ProviderCheckAnswer>;
  saveChain: (customerId: number, body: DeliveryChainInput) => Promise<DeliverySettingsView>;
}

export const liveDeliveryCalls: DeliveryCalls = {
  get: (id) => api.call(getDelivery, { params: { id } }),
  saveProvider: (id, provider, values) =>
    api.call(saveDeliveryProvider, { params: { id, provider }, body: { values } }),
  removeProvider: (id, provider) => api.call(removeDeliveryProvider, { params: { id, provider } }),
  checkProvider: (id, provider) => api.call(checkDeliveryProvider, { params: { id, provider } }),
  saveChain: (id, body) => api.call(saveDeliveryChain, { params: { id }, body }),
};
