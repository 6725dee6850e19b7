import type { EngineChannel } from './escalation-engine';

/**
 * What one contact says (docs/architecture.md, "The escalation engine"): the incident and its case
 * ID in the resource's language, by e-mail, SMS or voice. E-mail and SMS carry the responder link
 * (accept, resolve); a voice call speaks the keys that answer it (4 accept, 6 resolve, as the voice
 * gateway reports them to the inbound webhook), and the server turns its text into the call's audio.
 */
export interface ContactFacts {
  /** the resource's language (ES or EN); any other gets the default, Spanish */
  language: string;
  caseId: string;
  incident: string;
  /** 1 for the first contact of a step, 2.. for its recalls */
  attempt: number;
  /** a follow-up to the person who accepted: the event is in progress, only resolving is left */
  toAccepter: boolean;
  /** a supervisor's notice: told, not asked to act; nobody has accepted yet */
  notice: boolean;
}

/** A voice call's facts: the same as any contact's. */
export type SpokenFacts = ContactFacts;

/** What an e-mail or SMS contact also needs: its channel, the description, its responder page. */
export interface WrittenFacts extends ContactFacts {
  channel: EngineChannel;
  description: string;
  /** the responder page of this contact (accept, resolve), when the server has a public address */
  link: string | null;
}

/** The subject and text of an e-mail or SMS contact (a voice call's text is its audio: `spokenMessage`). */
export interface ContactText {
  subject: string;
  body: string;
}

/** The languages a contact can be in; the synthesizer has a voice for each. */
export type ContactLanguage = 'EN' | 'ES';

/** A resource's language as a contact speaks it: English, or else Spanish (the default language). */
export function contactLanguage(language: string): ContactLanguage {
  return language === 'EN' ? 'EN' : 'ES';
}

/** Which of the four openings a contact has: the accepter's follow-up, a notice, a recall, or the first contact. */
function openingOf(facts: ContactFacts): 'followUp' | 'notice' | 'recall' | 'first' {
  return facts.toAccepter ? 'followUp' : facts.notice ? 'notice' : facts.attempt > 1 ? 'recall' : 'first';
}

const WRITTEN = {
  EN: {
    first: 'New incident',
    recall: 'Reminder, still open',
    followUp: 'Follow-up: you accepted this incident and it is not resolved yet',
    notice: 'For your information: nobody has accepted this incident yet',
    caseWord: 'Case',
    open: 'Accept or resolve',
  },
  ES: {
    first: 'Nuevo incidente',
    recall: 'Recordatorio, sigue abierto',
    followUp: 'Seguimiento: usted aceptó este incidente y aún no está resuelto',
    notice: 'Para su información: nadie ha aceptado este incidente todavía',
    caseWord: 'Caso',
    open: 'Aceptar o resolver',
  },
} as const satisfies Record<ContactLanguage, unknown>;

/** The text of an e-mail or SMS contact. */
export function contactText(facts: WrittenFacts): ContactText {
  const t = WRITTEN[contactLanguage(facts.language)];
  const lead = t[openingOf(facts)];
  const subject = `[Relevo] ${t.caseWord} ${facts.caseId}: ${facts.incident}`;
  // a voice call reads the text aloud and an SMS must stay short: the description goes by e-mail only
  const link = facts.link ? `${t.open}: ${facts.link}` : '';
  const body =
    facts.channel === 'email'
      ? `${lead}.\n\n${t.caseWord} ${facts.caseId}\n${facts.incident}\n\n${facts.description}\n${link ? `\n${link}\n` : ''}`
      : // a voice gateway reads the text; the link is for SMS (a key press answers a call)
        `${lead}. ${t.caseWord} ${facts.caseId}: ${facts.incident}${link && facts.channel === 'sms' ? ` ${link}` : ''}`;
  return { subject, body };
}

const SPOKEN = {
  EN: {
    first: (caseId: string) => `Relevo incident, case ${caseId}.`,
    recall: (caseId: string) => `Reminder: Relevo incident, case ${caseId}, is still open.`,
    followUp: (caseId: string) =>
      `Follow-up: Relevo incident, case ${caseId}, which you accepted, is not resolved yet.`,
    notice: (caseId: string) => `For your information: nobody has accepted Relevo incident, case ${caseId}, yet.`,
    both: 'Press 4 to accept, 6 to resolve.',
    resolveOnly: 'Press 6 to resolve.',
  },
  ES: {
    first: (caseId: string) => `Incidente de Relevo, caso ${caseId}.`,
    recall: (caseId: string) => `Recordatorio: el incidente de Relevo, caso ${caseId}, sigue abierto.`,
    followUp: (caseId: string) =>
      `Seguimiento: el incidente de Relevo, caso ${caseId}, que usted aceptó, aún no está resuelto.`,
    notice: (caseId: string) =>
      `Para su información: nadie ha aceptado todavía el incidente de Relevo, caso ${caseId}.`,
    both: 'Presione 4 para aceptar, 6 para resolver.',
    resolveOnly: 'Presione 6 para resolver.',
  },
} as const satisfies Record<ContactLanguage, unknown>;

/**
 * A case ID read out one character at a time. Commas, not spaces: a synthesizer reads a lone
 * "A" between spaces as the English article, and the pauses help on a phone line.
 */
export function spelledCaseId(caseId: string): string {
  return [...caseId].join(', ');
}

/** What a voice call says: the opening with the case ID spelled out, the incident, and the keys that answer it. */
export function spokenMessage(facts: SpokenFacts): string {
  const t = SPOKEN[contactLanguage(facts.language)];
  const lead = t[openingOf(facts)](spelledCaseId(facts.caseId));
  // the incident's own closing punctuation would read as a longer pause or a second stop
  const incident = facts.incident.trim().replace(/[\s.!?;:,]+$/u, '');
  const keys = facts.toAccepter ? t.resolveOnly : t.both;
  return incident ? `${lead} ${incident}. ${keys}` : `${lead} ${keys}`;
}

/** An action a push notification offers: the service worker POSTs its address (docs/product.md#push-notifications). */
export interface PushAction {
  action: 'accept' | 'resolve';
  title: string;
  /** the responder API's address of the action, added by the server when it sends (`POST`) */
  url?: string;
}

/**
 * A push notification as the service worker shows it (docs/product.md#push-notifications): a
 * title and a short text in the person's language, the case (the tag: a later one of the same case
 * replaces it), the responder page a plain click opens, and Accept and Resolve, which act without
 * opening the app. Kept well under the 4 KB a push service takes once encrypted.
 */
export interface PushNotification {
  title: string;
  body: string;
  case_id: string;
  lang: 'en' | 'es';
  /** the responder page of the contact; null without a public address */
  url: string | null;
  actions: PushAction[];
}

/** docs/product.md#push-notifications: the longest title and text a notification carries (characters). */
export const PUSH_TEXT_LIMITS = { title: 120, body: 400 } as const;

const PUSH_ACTIONS = {
  EN: { accept: 'Accept', resolve: 'Resolve' },
  ES: { accept: 'Aceptar', resolve: 'Resolver' },
} as const satisfies Record<ContactLanguage, unknown>;

/** Cuts a text to `max` characters (whole code points), with an ellipsis when it was longer. */
export function clipText(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The notification of a push contact; the outbox keeps it as JSON (`JSON.stringify`). */
export function pushNotification(facts: ContactFacts & { description: string; link: string | null }): PushNotification {
  const language = contactLanguage(facts.language);
  const t = WRITTEN[language];
  const actions = PUSH_ACTIONS[language];
  const description = facts.description.trim();
  return {
    title: clipText(`${t.caseWord} ${facts.caseId}: ${facts.incident}`, PUSH_TEXT_LIMITS.title),
    body: clipText(`${t[openingOf(facts)]}.${description ? ` ${description}` : ''}`, PUSH_TEXT_LIMITS.body),
    case_id: facts.caseId,
    lang: language === 'EN' ? 'en' : 'es',
    url: facts.link,
    // the accepter's follow-up: only resolving is left (as the call's keys say)
    actions: [
      ...(facts.toAccepter ? [] : [{ action: 'accept' as const, title: actions.accept }]),
      { action: 'resolve' as const, title: actions.resolve },
    ],
  };
}

/** What a team chat step's post says beside the event (docs/product.md#team-chat, "A chat as a step"). */
export interface ChatStepFacts extends Pick<ContactFacts, 'caseId' | 'attempt' | 'toAccepter' | 'notice'> {
  /** the step's person, whom the post names */
  person: string;
  /** the walk's first contact (the event is new) rather than a later step */
  firstOfWalk: boolean;
}

/**
 * The line of a team chat step's post, in English like every chat message (a channel is shared):
 * who is paged and why, e.g. "K7QW2M9P is still open: paging the channel for Carlos Méndez". The
 * post carries the chat's usual Accept and Resolve buttons, which act as the person who presses them.
 */
export function chatStepText(facts: ChatStepFacts): string {
  const { caseId, person } = facts;
  if (facts.toAccepter) return `${caseId} is not resolved yet: a follow-up for ${person}, who accepted it`;
  if (facts.notice) return `For your information, ${person}: nobody has accepted ${caseId} yet`;
  if (facts.attempt > 1) return `${caseId} is still open: paging the channel for ${person} again`;
  return facts.firstOfWalk
    ? `New incident ${caseId}: paging the channel for ${person}`
    : `${caseId} is still open: paging the channel for ${person}`;
}
