import {
  WEBHOOK_CHANGES,
  WebhookCreateSchema,
  checkedOutput,
  validate,
  type FormErrors,
  type WebhookChange,
  type WebhookCreate,
} from '@relevo/domain';

/**
 * The Add Webhook form (docs/product.md#outgoing-webhooks): its values as the inputs hold them,
 * and every rule through the contract's own schema (WebhookCreateSchema, the server's), so the
 * messages are the server's.
 */
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

/** Every failed rule per field (empty when the form may be sent). */
export function webhookFormErrors(values: WebhookFormValues): FormErrors<WebhookFormValues> {
  const result = validate(WebhookCreateSchema, values);
  const errors: Partial<Record<WebhookFormField, string[]>> = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const field = String(issue.path[0] ?? '') as WebhookFormField;
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** The body of `POST /api/webhooks` from values the rules accepted. */
export const webhookCreateBody = (values: WebhookFormValues): WebhookCreate =>
  checkedOutput(validate(WebhookCreateSchema, values));

/** The length of a generated signing secret: well inside WEBHOOK_LIMITS' bounds. */
export const GENERATED_SECRET_LENGTH = 48;

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random signing secret of letters and digits from the browser's cryptographic source (each
 * byte above the alphabet's last whole multiple is drawn again, so every character is as likely).
 */
export function generateSigningSecret(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
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
