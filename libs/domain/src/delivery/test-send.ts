import type { ContactLanguage } from '../engine/contact-message';

/**
 * "Send a test" (docs/product.md#send-a-test): its limits, its refusals and the texts it sends.
 * The server applies them; the dialog shows the server's words.
 */
/** One test per resource within this long: a test is a real SMS and a real call. */
export const TEST_INTERVAL_MS = 60_000;
/** An organisation's test messages in an hour, whatever its resources: each one costs it money. */
export const TEST_MESSAGES_PER_HOUR = 40;

export const TEST_SEND_MESSAGES = {
  notFound: 'Resource not found',
  noPhone: 'The resource has no phone to test',
  tooSoon: 'A test was sent less than a minute ago: wait for its result',
  tooMany: `Your organisation sent ${TEST_MESSAGES_PER_HOUR} test messages in the last hour: try again later`,
} as const;

const TEXTS: Record<'sms' | 'voice', Record<ContactLanguage, (name: string) => string>> = {
  sms: {
    EN: (name) => `Relevo test for ${name}: this number receives incident alerts by SMS. No reply is needed.`,
    ES: (name) =>
      `Prueba de Relevo para ${name}: este número recibe alertas de incidentes por SMS. No hace falta responder.`,
  },
  voice: {
    EN: (name) => `This is a Relevo test call for ${name}. This number receives incident alerts by phone. Goodbye.`,
    ES: (name) =>
      `Esta es una llamada de prueba de Relevo para ${name}. Este número recibe alertas de incidentes por teléfono. Adiós.`,
  },
};

/** What a test SMS says, or a test call speaks, in the resource's language. */
export const testSendText = (channel: 'sms' | 'voice', language: ContactLanguage, name: string): string =>
  TEXTS[channel][language](name);
