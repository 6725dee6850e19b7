import type { DeliveryProvider } from '@relevo/domain';
import type { AdapterFactory, ProviderCallbacks } from './provider';
import { telnyxAdapter, telnyxCallbacks } from './telnyx';
import { twilioAdapter, twilioCallbacks } from './twilio';

/** Each provider's adapter (docs/product.md#delivery-providers) but the webhook's, which writes to the server's log (accounts.ts). */
export const ADAPTERS: Partial<Record<DeliveryProvider, AdapterFactory>> = {
  twilio: twilioAdapter,
  telnyx: telnyxAdapter,
};

/** Each provider's callbacks, at `/api/v1/channels/{provider}/{kind}`. */
export const CALLBACKS: Partial<Record<DeliveryProvider, ProviderCallbacks>> = {
  twilio: twilioCallbacks,
  telnyx: telnyxCallbacks,
};

