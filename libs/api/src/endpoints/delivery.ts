import * as v from 'valibot';
import {
  DELIVERY_PROVIDERS,
  DeliveryChainSchema,
  PROVIDER_MESSAGES,
  ProviderSettingsBodySchema,
  idField,
  type DeliverySettingsView,
  type MessageAnswer,
  type ProviderCheckAnswer,
  type ProviderSettingsView,
  type TestSendResult,
} from '@relevo/domain';
import { endpoint, get, named, post, put, reply } from '../endpoint';
import { IdParams } from './common';

/** `/:id/.../:provider` path parameters: a customer and one of the providers. */
export const ProviderParams = /* @__PURE__ */ v.object({
  id: idField(),
  provider: v.picklist(DELIVERY_PROVIDERS, PROVIDER_MESSAGES.provider),
});

const readDelivery = { auth: 'session' as const, permissions: ['delivery.read' as const] };
const writeDelivery = { auth: 'session' as const, permissions: ['delivery.write' as const] };

/** A resource's test messages as "Send a test" shows them (docs/product.md#send-a-test). */
export interface TestSendAnswer {
  resource_id: number;
  /** when the latest test was asked for; null when the resource never had one */
  requested_at: string | null;
  results: TestSendResult[];
}

export const deliveryEndpoints = /* @__PURE__ */ named({
  /** docs/product.md#delivery-providers: a customer's providers (secrets masked), order and country chains. */
  getDelivery: get('/api/v1/customers/:id/delivery', reply<DeliverySettingsView>(), {
    params: IdParams,
    ...readDelivery,
  }),
  /** Saves one provider's settings; an empty secret keeps the saved one. */
  saveDeliveryProvider: put('/api/v1/customers/:id/delivery/providers/:provider', reply<ProviderSettingsView>(), {
    params: ProviderParams,
    body: ProviderSettingsBodySchema,
    ...writeDelivery,
  }),
  removeDeliveryProvider: endpoint({
    name: 'removeDeliveryProvider',
    method: 'DELETE',
    path: '/api/v1/customers/:id/delivery/providers/:provider',
    params: ProviderParams,
    response: reply<MessageAnswer>(),
    ...writeDelivery,
  }),
  /** "Check": asks the provider's API for the account with the saved settings. */
  checkDeliveryProvider: post(
    '/api/v1/customers/:id/delivery/providers/:provider/check',
    reply<ProviderCheckAnswer>(),
    {
      params: ProviderParams,
      ...writeDelivery,
    },
  ),
  /** The failover order and the chains per country code; an empty order follows the deployment's. */
  saveDeliveryChain: put('/api/v1/customers/:id/delivery/chain', reply<DeliverySettingsView>(), {
    params: IdParams,
    body: DeliveryChainSchema,
    ...writeDelivery,
  }),
  /** docs/product.md#send-a-test: an SMS and a call to each phone of the resource through its customer's chain. */
  sendResourceTest: post('/api/v1/resources/:id/test', reply<TestSendAnswer>(), {
    params: IdParams,
    auth: 'session',
    permissions: ['resources.test'],
  }),
  resourceTestResults: get('/api/v1/resources/:id/test', reply<TestSendAnswer>(), {
    params: IdParams,
    auth: 'session',
    permissions: ['resources.test'],
  }),
});

export const {
  getDelivery,
  saveDeliveryProvider,
  removeDeliveryProvider,
  checkDeliveryProvider,
  saveDeliveryChain,
  sendResourceTest,
  resourceTestResults,
} = deliveryEndpoints;

/**
 * A provider's callbacks (docs/integrations.md): public, each checked by the handler with the
 * provider's own signature (Twilio's X-Twilio-Signature, Telnyx's Ed25519, Vonage's signed JWT).
 */
export const providerCallback = /* @__PURE__ */ endpoint({
  name: 'providerCallback',
  method: 'POST',
  path: '/api/v1/channels/:provider/:kind',
  response: reply<unknown>(),
  auth: 'public',
});
