import {
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../machines/record-form/record-form.machine';
import type { StatusBadgeContent } from '../rules/status';
import { checkedOutput, formErrors, validate } from '../rules/validation';
import { formatInZone } from '../schedules/zone';
import {
  WEBHOOK_CHANGES,
  WEBHOOK_CHANGE_LABELS,
  WEBHOOK_DELIVERY_STATE_LABELS,
  WEBHOOK_MESSAGES,
  WebhookCreateSchema,
  type Webhook,
  type WebhookChange,
  type WebhookCreate,
  type WebhookDeliveryState,
} from './webhook';

/**
 * The Webhooks screen and its windows (docs/product.md#outgoing-webhooks): its texts, the words of
 * a webhook's changes and of a delivery's state and times, and the Add Webhook form, whose every
 * rule is the contract's schema (WebhookCreateSchema, the server's), run on every input, so the
 * messages are the server's.
 */

export const WEBHOOK_SCREEN_TEXTS = {
  title: 'Webhooks',
  intro:
    'Relevo sends each change of your events (created, contacted, escalated, accepted, resolved, canceled) to these addresses as signed JSON, and tries again when they fail.',
  listLabel: 'Webhooks',
  empty: 'No webhook yet: add one to have each change of your events sent to your own system.',
  loadFailed: 'The webhooks could not be loaded.',
  add: 'Add webhook',
  added: 'The webhook was added',
  deleted: WEBHOOK_MESSAGES.deleted,
  enabled: WEBHOOK_MESSAGES.enabled,
  confirmDelete:
    'Are you sure you want to delete this webhook? It hears of no more changes, and its log and the deliveries still waiting go with it.',
  deliveriesLoadFailed: 'The deliveries could not be loaded.',
  noDeliveries: 'No delivery yet: the next change of an event is sent here.',
} as const;

/** A delivery state's badge: on its way amber, received green, given up red, dropped grey. */
export const WEBHOOK_DELIVERY_STATE_BADGES: Record<WebhookDeliveryState, StatusBadgeContent> = {
  pending: { tone: 'warning', label: WEBHOOK_DELIVERY_STATE_LABELS.pending },
  sending: { tone: 'warning', label: WEBHOOK_DELIVERY_STATE_LABELS.sending },
  delivered: { tone: 'success', label: WEBHOOK_DELIVERY_STATE_LABELS.delivered },
  failed: { tone: 'danger', label: WEBHOOK_DELIVERY_STATE_LABELS.failed },
  canceled: { tone: 'neutral', label: WEBHOOK_DELIVERY_STATE_LABELS.canceled },
};

/** "All changes", or the ones a webhook hears of in the events' order. */
export function webhookChangesText(changes: readonly WebhookChange[]): string {
  if (WEBHOOK_CHANGES.every((change) => changes.includes(change))) return 'All changes';
  return WEBHOOK_CHANGES.filter((change) => changes.includes(change))
    .map((change) => WEBHOOK_CHANGE_LABELS[change])
    .join(', ');
}

/** An ISO instant of a webhook or a delivery in the viewer's zone, "2026-03-10 12:57 (+01:00)". */
export const webhookInstantText = (zone: string, at: string) => formatInZone(zone, Date.parse(at));

// ——— the Add Webhook form ———

/** The form's values as its inputs hold them. */
export interface WebhookFormValues {
  webhook_url: string;
  webhook_desc: string;
  signing_secret: string;
  changes: WebhookChange[];
}
export type WebhookFormField = keyof WebhookFormValues;

/** The fields the form shows: a 422 on any other goes to the general handler. */
export const WEBHOOK_FORM_FIELDS: readonly WebhookFormField[] = [
  'webhook_url',
  'webhook_desc',
  'signing_secret',
  'changes',
];

/** A new webhook hears of every change. */
export const emptyWebhookForm = (): WebhookFormValues => ({
  webhook_url: '',
  webhook_desc: '',
  signing_secret: '',
  changes: [...WEBHOOK_CHANGES],
});

/** Every failed rule per field (empty when the form may be sent), through the schema the server applies to the body. */
export function webhookFormErrors(values: WebhookFormValues): Partial<Record<WebhookFormField, string[]>> {
  return formErrors(WebhookCreateSchema, values);
}

/** The body of `POST /api/webhooks` from values the rules accepted. */
export const webhookCreateBody = (values: WebhookFormValues): WebhookCreate =>
  checkedOutput(validate(WebhookCreateSchema, values));

/** The form's machine: its save answers the webhook as stored (never its secret). */
export const webhookFormMachine = recordFormMachineFor<WebhookFormValues, Webhook>();

export function webhookFormInput(
  values: WebhookFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<WebhookFormValues> {
  return {
    values: { ...values, changes: [...values.changes] },
    validate: webhookFormErrors,
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}

// ——— the signing secret ———

/** The length of a generated signing secret: well inside WEBHOOK_LIMITS' bounds. */
export const GENERATED_SECRET_LENGTH = 48;

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random signing secret of letters and digits from the platform's cryptographic source (the
 * browser's, or Node's: `globalThis.crypto`); each byte above the alphabet's last whole multiple
 * is drawn again, so every character is as likely.
 */
export function generateSigningSecret(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes),
): string {
  const limit = 256 - (256 % SECRET_ALPHABET.length);
  let secret = '';
  while (secret.length < GENERATED_SECRET_LENGTH) {
    for (const byte of random(new Uint8Array(GENERATED_SECRET_LENGTH))) {
      if (byte < limit && secret.length < GENERATED_SECRET_LENGTH)
        secret += SECRET_ALPHABET[byte % SECRET_ALPHABET.length];
    }
  }
  return secret;
}
