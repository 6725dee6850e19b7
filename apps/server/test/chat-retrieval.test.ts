import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@relevo/domain';
import { readFileSync } from 'node:fs';
import { GuideIndex, stem } from '../src/guide/guide-index';
import { userGuideIndex } from '../src/guide/user-guide';

/**
 * The assistant's retrieval on the real docs/user-guide.md (service.md 7): questions a customer
 * would ask, each written from one section of the guide, must be answered by quoting and linking
 * that section; questions the guide does not cover get spec 8's refusal.
 */
const QUESTIONS: [question: string, anchor: string][] = [
  ['how do I reset my password by SMS', 'by-sms-3-steps'],
  ['why is my escalation marked incomplete', 'when-an-escalation-is-incomplete'],
  ['I did not get the verification code, can it be resent?', 'verification-code'],
  ['How long is the password reset e-mail link valid?', 'by-e-mail-4-steps'],
  ['What special characters can a new password contain?', 'changing-your-password'],
  ['how do I change the priority order of escalation steps', 'changing-the-order-priority'],
  ['How do I create new credentials for a module?', 'credentials'],
  ['Where are the code examples in Python or curl?', 'code-examples'],
  ['How can I send a test incident with the incident simulation?', 'incident-simulation'],
  ['How does an escalation run when an incident arrives?', 'how-an-escalation-runs'],
  ['Can I accept an incident by replying to the SMS?', 'answering-from-your-phone'],
  ['I have reached the maximum limit of subscribed resources', 'the-resource-quota'],
  ['How do I add an SLA with a response time in hours?', 'adding-an-sla'],
  ['Why can a customer with users not be removed?', 'removing-a-customer'],
  ['What does Acceso denegado mean?', 'access-denied-403'],
  ['How do I sort a table by a column?', 'tables'],
  ['What does the footer show?', 'footer'],
  ['How do I narrow the sidebar to icons?', 'sidebar'],
  ['What does the responder page do when I open the link?', 'the-responder-page'],
  ['How do monitoring systems report incidents with HTTP Basic?', 'monitoring-systems-the-ingest-api'],
  ['What does the follow-up status not reached mean in the event log?', 'event-logs'],
];

const OFF_TOPIC = ['What is the weather in Paris today?', 'Write me a poem about cats', 'What is the capital of France?', 'How do I bake sourdough bread?', 'Who won the football world cup in 2022?'];

describe('the user guide index', () => {
  const index = userGuideIndex();

  it('is built from docs/user-guide.md, one document per section', () => {
    const guide = readFileSync(new URL('../../../docs/user-guide.md', import.meta.url), 'utf8');
    expect(index.sections.length).toBe(guide.split('\n').filter((line) => /^#{2,6}\s/.test(line)).length);
    expect(index.sections.length).toBeGreaterThan(50);
  });

  it.each(QUESTIONS)('answers "%s" by quoting and linking #%s', (question, anchor) => {
    const answer = index.answer(question);
    const section = index.sections.find((s) => s.anchor === anchor)!;
    expect(section, anchor).toBeDefined();
    expect(answer.sources[0]).toEqual({ title: expect.stringContaining(section.title), href: `/guide#${anchor}` });
    expect(answer.response).toContain(`(/guide#${anchor}):\n“`);
    // the quote is the guide's own words
    const quoted = /“([^”]+)”/.exec(answer.response.slice(answer.response.indexOf(`/guide#${anchor}`)))![1]!.replace(/ …$/, '');
    const guideWords = section.body.replace(/[*`]|\[|\]\([^)]*\)/g, '').replace(/\s+/g, ' ');
    expect(guideWords).toContain(quoted.split(/\s+/).slice(0, 6).join(' '));
  });

  it.each(OFF_TOPIC)('refuses "%s", which the guide does not cover', (question) => {
    expect(index.answer(question)).toEqual({ response: CHAT_MESSAGES.unableToAssist, sources: [] });
  });

  it('refuses a question of common words only, and an empty one', () => {
    expect(index.answer('how do I do it?').response).toBe('Sorry, I am unable to assist you with this request.');
    expect(index.find('   ')).toEqual([]);
  });

  it('finds nothing the guide lacks, even with a feature word it has elsewhere', () => {
    const small = new GuideIndex('# Guide\n\n## Signing in\n\nType your e-mail and password, then the code.\n');
    expect(small.find('how do I sign in with Google single sign-on')).toEqual([]);
    expect(small.find('sign in password')[0]?.section.anchor).toBe('signing-in');
  });

  it('meets the forms of a word', () => {
    expect(stem('resetting')).toBe(stem('reset'));
    expect(stem('escalations')).toBe(stem('escalation'));
    expect(stem('replies')).toBe(stem('reply'));
    expect(stem('changed')).toBe(stem('change'));
    expect(stem('someone’s')).toBe(stem('someone'));
  });
});
