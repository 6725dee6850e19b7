import type { EngineChannel } from '@relevo/domain';

/** What one contact says (service.md 6): the incident and its case ID, in the resource's language. */
export interface ContactText {
  subject: string;
  body: string;
}

export interface ContactFacts {
  channel: EngineChannel;
  language: string;
  caseId: string;
  incident: string;
  description: string;
  /** 1 for the first contact of a step, 2.. for its recalls */
  attempt: number;
  /** a follow-up to the person who accepted, until the event is resolved */
  toAccepter: boolean;
  /** a supervisor's notice: told, not asked to act */
  notice: boolean;
  /** the responder page of this contact (accept, resolve), when the server has a public address */
  link: string | null;
}

const TEXTS = {
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
} as const;

export function contactText(facts: ContactFacts): ContactText {
  const t = facts.language === 'EN' ? TEXTS.EN : TEXTS.ES;
  const lead = facts.toAccepter ? t.followUp : facts.notice ? t.notice : facts.attempt > 1 ? t.recall : t.first;
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
