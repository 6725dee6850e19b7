import { minutesText, percentText } from '@relevo/domain';
import { currentLanguage, msg, numberText, t } from '../../shell/i18n';

/**
 * A share or a change in percent: in English the product's own form ('42.5%', '+12%', '–' for
 * none), in Spanish the locale's ('42,5 %').
 */
export function percentShown(value: number | null, signed = false): string {
  if (value === null || currentLanguage() === 'en') return percentText(value, signed);
  return numberText(value / 100, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: signed ? 'exceptZero' : 'auto',
  });
}

/** Minutes to one decimal ('–' for none), with the reader's decimal sign. */
export function minutesShown(value: number | null): string {
  if (value === null || currentLanguage() === 'en') return minutesText(value);
  return numberText(value, { maximumFractionDigits: 1 });
}

/** The names the server gives the events of no module and of a module removed since; any other name is the customer's own. */
const SERVER_MODULE_NAMES: ReadonlySet<string> = new Set([msg('No module'), msg('Deleted module')]);

/** A module's name as a widget shows it: the server's own names in the reader's language. */
export const moduleNameShown = (name: string): string => (SERVER_MODULE_NAMES.has(name) ? t(name) : name);
