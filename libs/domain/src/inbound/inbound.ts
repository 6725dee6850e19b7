import * as v from 'valibot';

/**
 * The inbound webhook (docs/product.md#escalation-engine, step 2): what an SMS or voice gateway (or a small bridge to
 * one) reports to Relevo: a person's SMS reply, a key pressed during a call, or the delivery of a
 * message Relevo sent. One JSON body; `kind` decides the rest.
 */
export const INBOUND_LIMITS = { text: 1600, key: 255, detail: 1000, digits: 32 } as const;

export const INBOUND_MESSAGES = {
  notSigned: 'The request is not signed: X-Relevo-Timestamp and X-Relevo-Signature are required',
  badSignature: 'The signature of the request does not match its body',
  stale: 'The timestamp of the request is more than 5 minutes from now: send it again, signed now',
  kind: 'kind must be one of sms, voice, status',
  from: 'from must be a phone number in E.164 form, such as +17875550123',
  text: `text must be a text of at most ${INBOUND_LIMITS.text} characters`,
  digits: 'digits must be the keys pressed (0-9, * and #)',
  key: `idempotency_key must be a text of 1 to ${INBOUND_LIMITS.key} characters`,
  messageId: `message_id must be a text of 1 to ${INBOUND_LIMITS.key} characters`,
  status: 'status must be one of delivered, failed, busy, no-answer',
  detail: `detail must be a text of at most ${INBOUND_LIMITS.detail} characters`,
} as const;

/** How far a signed timestamp may be from the server's clock (replays are refused). */
export const INBOUND_SIGNATURE_WINDOW_SECONDS = 300;

const e164 = () => v.pipe(v.string(INBOUND_MESSAGES.from), v.regex(/^\+[1-9][0-9]{6,14}$/, INBOUND_MESSAGES.from));
const key = (message: string) =>
  v.pipe(v.string(message), v.minLength(1, message), v.maxLength(INBOUND_LIMITS.key, message));

export const InboundSmsSchema = v.object({
  kind: v.literal('sms'),
  from: e164(),
  text: v.pipe(v.string(INBOUND_MESSAGES.text), v.maxLength(INBOUND_LIMITS.text, INBOUND_MESSAGES.text)),
  /** the gateway's id of the message: the same id twice is one reply */
  message_id: v.optional(key(INBOUND_MESSAGES.messageId)),
});

export const InboundVoiceSchema = v.object({
  kind: v.literal('voice'),
  from: e164(),
  digits: v.pipe(v.string(INBOUND_MESSAGES.digits), v.regex(/^[0-9*#]{1,32}$/, INBOUND_MESSAGES.digits)),
  /** the idempotency key of the call Relevo asked for (it names the contact) */
  idempotency_key: key(INBOUND_MESSAGES.key),
});

export const InboundStatusSchema = v.object({
  kind: v.literal('status'),
  idempotency_key: key(INBOUND_MESSAGES.key),
  status: v.picklist(['delivered', 'failed', 'busy', 'no-answer'], INBOUND_MESSAGES.status),
  detail: v.optional(
    v.pipe(v.string(INBOUND_MESSAGES.detail), v.maxLength(INBOUND_LIMITS.detail, INBOUND_MESSAGES.detail)),
  ),
});

export const InboundSchema = v.variant(
  'kind',
  [InboundSmsSchema, InboundVoiceSchema, InboundStatusSchema],
  INBOUND_MESSAGES.kind,
);
export type Inbound = v.InferOutput<typeof InboundSchema>;
export type InboundSms = v.InferOutput<typeof InboundSmsSchema>;
export type InboundVoice = v.InferOutput<typeof InboundVoiceSchema>;
export type InboundStatus = v.InferOutput<typeof InboundStatusSchema>;

/** What the webhook answers: what was done with the message, and the SMS sent back, if any. */
export interface InboundAnswer {
  result: 'accepted' | 'resolved' | 'unchanged' | 'replied' | 'opted-out' | 'opted-in' | 'recorded' | 'ignored';
  case_id?: string;
  /** the text Relevo sends back to the sender by SMS (already queued) */
  reply?: string;
}

/** What a person's SMS reply asks for (carrier keywords as the CTIA handbook lists them). */
export type SmsReply =
  | { kind: 'accept' | 'resolve'; caseId: string | null }
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'help' }
  | { kind: 'unknown' };

const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
  'ALTO',
  'PARAR',
  'BAJA',
]);
const START_WORDS = new Set(['START', 'UNSTOP', 'OPTIN', 'SUBSCRIBE', 'ALTA']);
const HELP_WORDS = new Set(['HELP', 'INFO', 'AYUDA']);
const ACCEPT_WORDS = new Set(['4', 'ACCEPT', 'ACK', 'ACEPTAR', 'ACEPTO']);
const RESOLVE_WORDS = new Set(['6', 'RESOLVE', 'RESOLVED', 'RESOLVER', 'RESUELTO']);

/**
 * Reads an SMS reply: `4` or `accept`, `6` or `resolve`, each with or without a case ID (`4 ABC12345`,
 * `accept abc12345`), or a carrier keyword (STOP, START, HELP). Case and extra spaces do not matter.
 */
export function parseSmsReply(text: string): SmsReply {
  const words = text
    .normalize('NFKC')
    .trim()
    .toUpperCase()
    .split(/[\s,.;:!]+/)
    .filter(Boolean);
  const [first, second, ...rest] = words;
  if (!first || rest.length > 0) return { kind: 'unknown' };
  if (second === undefined) {
    if (STOP_WORDS.has(first)) return { kind: 'stop' };
    if (START_WORDS.has(first)) return { kind: 'start' };
    if (HELP_WORDS.has(first)) return { kind: 'help' };
  }
  const kind = ACCEPT_WORDS.has(first) ? 'accept' : RESOLVE_WORDS.has(first) ? 'resolve' : null;
  if (!kind) return { kind: 'unknown' };
  if (second !== undefined && !/^[A-Z0-9]{4,16}$/.test(second)) return { kind: 'unknown' };
  return { kind, caseId: second ?? null };
}

/** An open or in-progress event on which the sender was contacted. */
export interface ReplyCandidate {
  event_id: number;
  case_id: string;
  incident: string;
}

/** Which event a reply acts on: the one its case ID names, the only one, or none (and why). */
export type ReplyTarget<C extends ReplyCandidate> =
  | { kind: 'event'; event: C }
  | { kind: 'none' }
  | { kind: 'ambiguous'; events: C[] }
  | { kind: 'unknown-case'; caseId: string; events: C[] };

export function replyTarget<C extends ReplyCandidate>(caseId: string | null, candidates: readonly C[]): ReplyTarget<C> {
  if (caseId !== null) {
    const named = candidates.find((candidate) => candidate.case_id.toUpperCase() === caseId.toUpperCase());
    return named ? { kind: 'event', event: named } : { kind: 'unknown-case', caseId, events: [...candidates] };
  }
  if (candidates.length === 1) return { kind: 'event', event: candidates[0]! };
  return candidates.length === 0 ? { kind: 'none' } : { kind: 'ambiguous', events: [...candidates] };
}

/** What a key pressed during a call asks for: 4 accepts, 6 resolves; anything else nothing. */
export function voiceKeyAction(digits: string): 'accept' | 'resolve' | null {
  const last = digits.replace(/[*#]/g, '').slice(-1);
  return last === '4' ? 'accept' : last === '6' ? 'resolve' : null;
}

/** The SMS Relevo answers a reply with, in the person's language (EN or ES; ES otherwise, as the engine's messages). */
export type ReplyNote =
  | { kind: 'accepted' | 'resolved'; caseId: string; incident: string }
  | { kind: 'already'; caseId: string; status: 'progress' | 'completed' | 'canceled' }
  | { kind: 'none' }
  | { kind: 'ambiguous'; events: readonly ReplyCandidate[] }
  | { kind: 'unknown-case'; caseId: string; events: readonly ReplyCandidate[] }
  | { kind: 'unknown' | 'help' | 'stop' | 'start' };

/** At most this many open incidents are listed in one SMS; the count says how many there are. */
const LISTED = 3;

const REPLY_TEXTS = {
  EN: {
    how: 'Reply 4 <case> to accept or 6 <case> to resolve',
    accepted: (c: string, i: string) => `Relevo: you accepted case ${c} (${i}). Reply 6 ${c} when it is resolved.`,
    resolved: (c: string, i: string) => `Relevo: you resolved case ${c} (${i}). Thank you.`,
    already: { progress: 'is already accepted', completed: 'is already resolved', canceled: 'was canceled' },
    alreadyText: (c: string, what: string) => `Relevo: case ${c} ${what}; nothing was changed.`,
    none: 'Relevo: you have no open incident to answer; nothing was changed.',
    open: (n: number) => (n === 1 ? 'You have 1 open incident' : `You have ${n} open incidents`),
    unknownCase: (c: string) => `Relevo: case ${c} is not one of your open incidents; nothing was changed.`,
    unknown: 'Relevo did not understand your reply; nothing was changed.',
    help: 'Relevo incident alerts. Reply 4 <case> to accept, 6 <case> to resolve, STOP to stop SMS. Msg&data rates may apply.',
    stop: 'Relevo: you will receive no more SMS from Relevo. Reply START to receive them again.',
    start: 'Relevo: you will receive SMS from Relevo again. Reply HELP for help, STOP to stop.',
    example: (c: string) => `, e.g. 4 ${c}.`,
  },
  ES: {
    how: 'Responda 4 <caso> para aceptar o 6 <caso> para resolver',
    accepted: (c: string, i: string) =>
      `Relevo: usted aceptó el caso ${c} (${i}). Responda 6 ${c} cuando esté resuelto.`,
    resolved: (c: string, i: string) => `Relevo: usted resolvió el caso ${c} (${i}). Gracias.`,
    already: { progress: 'ya fue aceptado', completed: 'ya fue resuelto', canceled: 'fue cancelado' },
    alreadyText: (c: string, what: string) => `Relevo: el caso ${c} ${what}; no se cambió nada.`,
    none: 'Relevo: no tiene incidentes abiertos que responder; no se cambió nada.',
    open: (n: number) => (n === 1 ? 'Tiene 1 incidente abierto' : `Tiene ${n} incidentes abiertos`),
    unknownCase: (c: string) => `Relevo: el caso ${c} no es uno de sus incidentes abiertos; no se cambió nada.`,
    unknown: 'Relevo no entendió su respuesta; no se cambió nada.',
    help: 'Alertas de incidentes de Relevo. Responda 4 <caso> para aceptar, 6 <caso> para resolver, STOP para no recibir SMS. Pueden aplicar cargos.',
    stop: 'Relevo: no recibirá más SMS de Relevo. Responda START para recibirlos de nuevo.',
    start: 'Relevo: recibirá de nuevo SMS de Relevo. Responda HELP para ayuda, STOP para detenerlos.',
    example: (c: string) => `, p. ej. 4 ${c}.`,
  },
} as const;

/** The list of open incidents an SMS names, shortened to what fits. */
function listed(events: readonly ReplyCandidate[]): string {
  return events
    .slice(0, LISTED)
    .map(
      (event) => `${event.case_id} ${event.incident.length > 40 ? `${event.incident.slice(0, 39)}…` : event.incident}`,
    )
    .join('; ');
}

export function replyText(note: ReplyNote, language: string): string {
  const t = language === 'EN' ? REPLY_TEXTS.EN : REPLY_TEXTS.ES;
  switch (note.kind) {
    case 'accepted':
      return t.accepted(note.caseId, note.incident);
    case 'resolved':
      return t.resolved(note.caseId, note.incident);
    case 'already':
      return t.alreadyText(note.caseId, t.already[note.status]);
    case 'none':
      return t.none;
    case 'ambiguous':
      return `Relevo: ${t.open(note.events.length)}: ${listed(note.events)}. ${t.how}${t.example(note.events[0]!.case_id)}`;
    case 'unknown-case':
      return note.events.length > 0
        ? `${t.unknownCase(note.caseId)} ${t.open(note.events.length)}: ${listed(note.events)}. ${t.how}.`
        : t.unknownCase(note.caseId);
    case 'unknown':
      return `${t.unknown} ${t.how}.`;
    case 'help':
      return t.help;
    case 'stop':
      return t.stop;
    case 'start':
      return t.start;
  }
}
