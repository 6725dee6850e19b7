import * as v from 'valibot';
import { form } from '../rules/fields';

/**
 * A device's push subscription as the browser gives it (`PushSubscription.toJSON()`), the
 * devices a person keeps and what the screens show of them (docs/product.md#push-notifications).
 */

export const PUSH_MESSAGES = {
  endpointRequired: 'The push endpoint is required',
  endpoint: 'The push endpoint must be an https address of at most 2000 characters',
  keysRequired: 'The subscription keys are required',
  p256dh: 'The p256dh key must be a P-256 public key (65 bytes, base64url)',
  auth: 'The auth secret must be 16 bytes, base64url',
  pushService: 'This push service is not one Relevo sends to',
  unsupported: 'This browser cannot show notifications from Relevo.',
  denied:
    'Notifications are blocked for Relevo on this device. Allow them in the browser’s site settings (the lock or settings icon beside the address), then reload this page.',
} as const;

/** docs/product.md#push-notifications: a person or user keeps at most this many devices; a new one replaces the oldest. */
export const PUSH_DEVICES_PER_OWNER = 10;
/** The longest push endpoint taken (characters): push services' addresses are far shorter. */
export const PUSH_ENDPOINT_MAX = 2000;

/** An https address in printable ASCII (a browser's endpoint is one), at most PUSH_ENDPOINT_MAX characters. */
export function isPushEndpoint(value: string): boolean {
  if (value.length > PUSH_ENDPOINT_MAX || !/^https:\/\/[\x21-\x7e]+$/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/* @__NO_SIDE_EFFECTS__ */
const endpointField = () =>
  v.pipe(v.string(PUSH_MESSAGES.endpointRequired), v.check(isPushEndpoint, PUSH_MESSAGES.endpoint));

/**
 * The keys of RFC 8291: p256dh an uncompressed P-256 point (65 bytes starting 0x04: 87 base64url
 * characters, the first two "B" and A-P, the last with its two spare bits clear), auth 16 bytes
 * (22 characters, the last with its four spare bits clear). No padding.
 */
const P256DH = /^B[A-P][A-Za-z0-9_-]{84}[AEIMQUYcgkosw048]$/;
const AUTH = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/** The body that stores a device: the browser's subscription as `toJSON()` gives it. */
export const PushSubscriptionSchema = /* @__PURE__ */ (() =>
  form({
    endpoint: endpointField(),
    expirationTime: v.optional(v.nullable(v.number())),
    keys: v.object(
      {
        p256dh: v.pipe(v.string(PUSH_MESSAGES.p256dh), v.regex(P256DH, PUSH_MESSAGES.p256dh)),
        auth: v.pipe(v.string(PUSH_MESSAGES.auth), v.regex(AUTH, PUSH_MESSAGES.auth)),
      },
      PUSH_MESSAGES.keysRequired,
    ),
  }))();
export type PushSubscriptionBody = v.InferOutput<typeof PushSubscriptionSchema>;

/** The body that names a device to stop: its endpoint. */
export const PushEndpointSchema = /* @__PURE__ */ (() => form({ endpoint: endpointField() }))();
export type PushEndpointBody = v.InferOutput<typeof PushEndpointSchema>;

/** The server's VAPID public key (base64url), which a browser subscribes with. */
export interface PushKeyAnswer {
  public_key: string;
}

/** Whether the device named is subscribed (for the responder's person, or the signed-in user). */
export interface PushState {
  subscribed: boolean;
}

/** A signed-in user's device as the profile lists it. */
export interface PushDevice {
  id: number;
  endpoint: string;
  created_at: string;
  last_used_at: string | null;
}

export interface PushDeviceList {
  list: PushDevice[];
}
