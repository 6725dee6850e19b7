import type { DeliveryProvider } from '@relevo/domain';
import type { AdapterFactory, ProviderCallbacks } from './provider';
import { snsAdapter } from './sns';
import { telnyxAdapter, telnyxCallbacks } from './telnyx';
import { twilioAdapter, twilioCallbacks } from './twilio';
import { vonageAdapter, vonageCallbacks } from './vonage';

/** Each provider's adapter (docs/product.md#delivery-providers) but the webhook's, which writes to the server's log (accounts.ts). */
export const ADAPTERS: Partial<Record<DeliveryProvider, AdapterFactory>> = {
  twilio: twilioAdapter,
  vonage: vonageAdapter,
  sns: snsAdapter,
  telnyx: telnyxAdapter,
};

/** Each provider's callbacks, at `/api/v1/channels/{provider}/{kind}`. */
export const CALLBACKS: Partial<Record<DeliveryProvider, ProviderCallbacks>> = {
  twilio: twilioCallbacks,
  vonage: vonageCallbacks,
  telnyx: telnyxCallbacks,
};
