/**
 * What a voice call says (issue 13, spec 3 Event.audio, service.md 6): the incident and its case
 * ID in the resource's language, and the keys that answer it (4 accept, 6 resolve, as the voice
 * gateway reports them to the inbound webhook). The server turns this text into the call's audio.
 */
export interface SpokenFacts {
  /** the resource's language (spec 3: ES or EN); any other speaks the default, Spanish */
  language: string;
  caseId: string;
  incident: string;
  /** 1 for the first call of a step, 2.. for its recalls */
  attempt: number;
  /** a follow-up to the person who accepted: the event is in progress, only resolving is left */
  toAccepter: boolean;
  /** a supervisor's notice: nobody has accepted yet */
  notice: boolean;
}

const SPOKEN = {
  EN: {
    first: (caseId: string) => `Relevo incident, case ${caseId}.`,
    recall: (caseId: string) => `Reminder: Relevo incident, case ${caseId}, is still open.`,
    followUp: (caseId: string) => `Follow-up: Relevo incident, case ${caseId}, which you accepted, is not resolved yet.`,
    notice: (caseId: string) => `For your information: nobody has accepted Relevo incident, case ${caseId}, yet.`,
    both: 'Press 4 to accept, 6 to resolve.',
    resolveOnly: 'Press 6 to resolve.',
  },
  ES: {
    first: (caseId: string) => `Incidente de Relevo, caso ${caseId}.`,
    recall: (caseId: string) => `Recordatorio: el incidente de Relevo, caso ${caseId}, sigue abierto.`,
    followUp: (caseId: string) => `Seguimiento: el incidente de Relevo, caso ${caseId}, que usted aceptó, aún no está resuelto.`,
    notice: (caseId: string) => `Para su información: nadie ha aceptado todavía el incidente de Relevo, caso ${caseId}.`,
    both: 'Presione 4 para aceptar, 6 para resolver.',
    resolveOnly: 'Presione 6 para resolver.',
  },
} as const;

/** The languages a call can speak; the synthesizer has a voice for each. */
export type SpokenLanguage = keyof typeof SPOKEN;

export function spokenLanguage(language: string): SpokenLanguage {
  return language === 'EN' ? 'EN' : 'ES';
}

/**
 * A case ID read out one character at a time. Commas, not spaces: a synthesizer reads a lone
 * "A" between spaces as the English article, and the pauses help on a phone line.
 */
export function spelledCaseId(caseId: string): string {
  return [...caseId].join(', ');
}

export function spokenMessage(facts: SpokenFacts): string {
  const t = SPOKEN[spokenLanguage(facts.language)];
  const caseId = spelledCaseId(facts.caseId);
  const lead = facts.toAccepter ? t.followUp(caseId) : facts.notice ? t.notice(caseId) : facts.attempt > 1 ? t.recall(caseId) : t.first(caseId);
  // the incident's own closing punctuation would read as a longer pause or a second stop
  const incident = facts.incident.trim().replace(/[\s.!?;:,]+$/u, '');
  const keys = facts.toAccepter ? t.resolveOnly : t.both;
  return incident ? `${lead} ${incident}. ${keys}` : `${lead} ${keys}`;
}
