import { formatInZone, type Heartbeat } from '@relevo/domain';
import { currentLanguage, t, zonedInstantText } from '../../shell/i18n';

/*
 * A heartbeat's times and last beat in the reader's language (docs/product.md#heartbeat-monitors):
 * the words of the domain's durationText, heartbeatTimesText and agoText, each a message of the
 * catalog, so the English stays theirs and the Spanish says the same. The plurals write `{count}`
 * rather than `#`, which would group the digits: 1500 days stays "1500 days", as the domain says it.
 */

const DAY = 86_400;
const HOUR = 3_600;
const MINUTE = 60;

const days = (count: number) => t('{count, plural, one {{count} day} other {{count} days}}', { count });
const hours = (count: number) => t('{count, plural, one {{count} hour} other {{count} hours}}', { count });
const minutes = (count: number) => t('{count, plural, one {{count} minute} other {{count} minutes}}', { count });
const seconds = (count: number) => t('{count, plural, one {{count} second} other {{count} seconds}}', { count });

/** Whole seconds in words, at most their two largest units: "1 hour 30 minutes", "0 seconds". */
export function durationWords(total: number): string {
  let rest = Math.max(0, Math.floor(total));
  const parts: string[] = [];
  for (const [size, words] of [
    [DAY, days],
    [HOUR, hours],
    [MINUTE, minutes],
    [1, seconds],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(words(count));
    rest -= count * size;
  }
  return parts.length > 0 ? parts.slice(0, 2).join(' ') : seconds(0);
}

/** What a seconds field's text means in words, when it is a whole number (the domain's secondsInWords). */
export function secondsWords(text: string): string | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? durationWords(Number(text)) : null;
}

/** "every 5 minutes, 1 minute of grace" (or "no grace"). */
export function heartbeatTimesWords(monitor: Pick<Heartbeat, 'interval_seconds' | 'grace_seconds'>): string {
  const interval = durationWords(monitor.interval_seconds);
  return monitor.grace_seconds > 0
    ? t('every {interval}, {grace} of grace', { interval, grace: durationWords(monitor.grace_seconds) })
    : t('every {interval}, no grace', { interval });
}

/** "Last beat 3 minutes ago": how long ago the last beat came, in the largest whole unit. */
export function lastBeatWords(at: number, now: number): string {
  const elapsed = Math.floor((now - at) / 1000);
  if (elapsed >= DAY)
    return t('Last beat {count, plural, one {{count} day ago} other {{count} days ago}}', {
      count: Math.floor(elapsed / DAY),
    });
  if (elapsed >= HOUR)
    return t('Last beat {count, plural, one {{count} hour ago} other {{count} hours ago}}', {
      count: Math.floor(elapsed / HOUR),
    });
  if (elapsed >= MINUTE)
    return t('Last beat {count, plural, one {{count} minute ago} other {{count} minutes ago}}', {
      count: Math.floor(elapsed / MINUTE),
    });
  return t('Last beat just now');
}

/** When the last beat came, on the viewer's clock: "2026-03-08 09:00 (-04:00)" in English, the locale's date in Spanish. */
export function beatTimeText(zone: string, at: number): string {
  return currentLanguage() === 'es' ? zonedInstantText(at, zone, { offset: true }) : formatInZone(zone, at);
}
