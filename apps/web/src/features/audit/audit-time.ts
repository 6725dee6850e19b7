import { auditTimeText } from '@relevo/domain';
import { currentLanguage, zonedInstantText } from '../../shell/i18n';

/**
 * When a row was written, on the viewer's clock: "2026-03-08 09:00:05" in English (the CSV's
 * form), the locale's day and time in Spanish.
 */
export function auditTime(instant: string, zone: string): string {
  return currentLanguage() === 'es' ? zonedInstantText(instant, zone, { seconds: true }) : auditTimeText(instant, zone);
}
