import { followUpText, type EscalationStep } from '@relevo/domain';
import { msg, t } from '../../shell/i18n';
import { stepCallee } from './escalation-screens';

/*
 * The words of a step in the reader's language (docs/product.md#escalation-steps). The helpers of
 * escalation-screens.ts keep the product's English; the screens show these.
 */

/**
 * The participation types the server lists (docs/product.md#entities, fixed by its first migration),
 * marked for the catalog: a screen shows one through `t`, as it does a channel (the domain's CHANNEL_LABELS).
 */
const PARTICIPATION_TYPE_NAMES: Readonly<Record<string, string>> = {
  Agent: msg('Agent'),
  Supervisor: msg('Supervisor'),
};

/** A name of the server's reference lists (a participation type, a channel) in the reader's language. */
export const referenceName = (name: string): string => t(PARTICIPATION_TYPE_NAMES[name] ?? name);

/** Whom a step calls: the resource, or "On call: <schedule>" (stepCallee in the reader's language). */
export function calleeText(step: Pick<EscalationStep, 'resource' | 'schedule'>): string {
  if (step.schedule) return t('On call: {schedule}', { schedule: step.schedule.schedule_name });
  return stepCallee(step);
}

/** The follow-up column: a number plus Minute(s), Hour(s) or Day(s); a supervisor's notice has none. */
export function followUpWords(
  step: Pick<EscalationStep, 'next_followup_time' | 'next_followup_time_mult' | 'participation_type'>,
): string {
  if (followUpText(step) === '') return '';
  return t('{time} {unit, select, H {Hour(s)} D {Day(s)} other {Minute(s)}}', {
    time: step.next_followup_time,
    unit: step.next_followup_time_mult,
  });
}

/** A choice list whose every text is a text of the product or a reference name (a channel, a unit, their placeholder). */
export const translatedOptions = <Option extends { text: string }>(options: readonly Option[]): Option[] =>
  options.map((option) => ({ ...option, text: t(option.text) }));

/** A choice list whose placeholder (the option with no value) is a text of the product; the others are names. */
export const withPlaceholder = <Option extends { value: unknown; text: string }>(
  options: readonly Option[],
): Option[] => options.map((option) => (option.value === null ? { ...option, text: t(option.text) } : option));
