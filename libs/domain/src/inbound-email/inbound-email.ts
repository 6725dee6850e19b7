import { INCIDENT_LIMITS, type IncidentIngest } from '../entities/incident';

/**
 * E-mail into incidents (docs/product.md#e-mail-into-incidents): each module with credentials has
 * an address `{local part}@{INBOUND_DOMAIN}`; a mail to it opens an incident on the module, its
 * subject the incident and its text the description, and a second mail with the same subject while
 * that incident is open adds nothing. These are the rules every side applies: the address's shape,
 * what the screen says of it, the incident's texts and its dedup key, and the SMTP answers.
 */

/** docs/product.md#e-mail-into-incidents: a local part is 24 lowercase hex characters, derived one-way from the credential. */
export const INBOUND_LOCAL_PART = /^[0-9a-f]{24}$/;

/**
 * What the module's address is: there, there but shown to a Customer Root only (it opens incidents,
 * which a Customer may not do), waiting for credentials, or off on this server.
 */
export const INBOUND_EMAIL_STATES = ['on', 'root_only', 'needs_credentials', 'off'] as const;
export type InboundEmailState = (typeof INBOUND_EMAIL_STATES)[number];

/** The SMTP receiver's answers and the fixed texts of a mail's incident. */
export const INBOUND_EMAIL_MESSAGES = {
  /** an address no active module has (never says whether it ever existed) */
  noSuchMailbox: 'No such mailbox',
  tooBig: 'Message too big for this mailbox',
  tryLater: 'Try again later',
  tooMany: 'Too many incidents for this module; try again later',
  accepted: 'Incident received',
  /** the incident of a mail without a subject */
  noSubject: '(no subject)',
} as const;

/** What the module screen says of the address (docs/product.md#e-mail-into-incidents). */
export const INBOUND_EMAIL_TEXTS = {
  title: (moduleName: string) => `E-mail address of ${moduleName}`,
  addressLabel: 'E-mail address',
  copy: 'Copy address',
  how: 'An e-mail to this address opens an incident on the module: its subject becomes the incident and its text the description. Another e-mail with the same subject while that incident is open or in progress adds nothing. Attachments are ignored.',
  secret:
    'Anyone who knows the address can open incidents: give it only to the systems that report. Create New Credentials gives the module a new address; the old one stops working at once.',
  needsCredentials:
    'This module has no e-mail address yet: create its credentials first (Generate Credentials). The address comes with them.',
  off: 'E-mail into incidents is off on this server: your administrator has not set it up.',
  rootOnly:
    'This module has an e-mail address. Only a Customer Root sees it, since anyone who has it can open incidents.',
  inactive: 'This module is inactive: its address refuses mail until the module is active again.',
} as const;

/**
 * The address of a module, and what the screen says of it, from its stored local part, the server's
 * domain, and whether the reader may see it (those who may make the module's credentials).
 */
export function inboundEmailOf(
  localPart: string | null,
  domain: string | null,
  readable: boolean,
): { inbound_email: string | null; inbound_email_state: InboundEmailState } {
  if (domain === null) return { inbound_email: null, inbound_email_state: 'off' };
  if (localPart === null) return { inbound_email: null, inbound_email_state: 'needs_credentials' };
  if (!readable) return { inbound_email: null, inbound_email_state: 'root_only' };
  return { inbound_email: `${localPart}@${domain}`, inbound_email_state: 'on' };
}

/**
 * The local part of a recipient when it is an address of this server's domain in the derived
 * shape, else null (refused at RCPT time). Case does not matter in either part.
 */
export function inboundLocalPart(recipient: string, domain: string): string | null {
  const address = recipient.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const local = address.slice(0, at);
  if (address.slice(at + 1) !== domain.toLowerCase()) return null;
  return INBOUND_LOCAL_PART.test(local) ? local : null;
}

const LONE_SURROGATE = /\p{Cs}/gu;

/** Text PostgreSQL can store: no NUL, no lone surrogate, line ends as `\n`. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD').replace(/\r\n?/g, '\n');
}

/** The first `max` characters, never ending in half of a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** docs/product.md#e-mail-into-incidents: the subject on one line, its spaces collapsed, cut to the incident's length. */
export function emailSubject(subject: string | null | undefined): string {
  const line = storable(subject ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return line ? cut(line, INCIDENT_LIMITS.incident.max) : INBOUND_EMAIL_MESSAGES.noSubject;
}

/**
 * docs/product.md#e-mail-into-incidents: one open incident per subject and module. The key is the
 * incident's subject as shown, in lower case: mails whose subjects differ only in case or spacing
 * are one incident.
 */
export function emailDedupKey(subject: string): string {
  return `email:${subject.toLowerCase()}`;
}

/**
 * The incident of a mail (docs/product.md#e-mail-into-incidents): the subject cut to 100 characters
 * (none: "(no subject)"), the text body cut to 1,000 (none: the subject), and the subject's dedup key.
 */
export function emailIncident(mail: { subject?: string | null; text?: string | null }): IncidentIngest {
  const incident = emailSubject(mail.subject);
  const text = storable(mail.text ?? '').trim();
  return {
    incident,
    description: text ? cut(text, INCIDENT_LIMITS.description.max).trimEnd() : incident,
    dedup_key: emailDedupKey(incident),
  };
}

/** docs/product.md#e-mail-into-incidents: `INBOUND_MAX_BYTES` when unset, 1 MB. */
export const INBOUND_DEFAULT_MAX_BYTES = 1024 * 1024;
