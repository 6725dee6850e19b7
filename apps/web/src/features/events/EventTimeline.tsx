import { TIMELINE_LIMIT, type Timeline, type TimelineEntry } from '@relevo/domain';
import { Button, Spinner } from '@relevo/ui';
import { useEffect, useState } from 'react';
import { numberText, t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { EventCalls } from './event-calls';
import { eventTime } from './event-dates';
import { timelineEntryText } from './event-texts';

type Loaded = { status: 'loading' } | { status: 'ready'; timeline: Timeline } | { status: 'failed' };

export interface EventTimelineProps {
  caseId: string;
  calls: Pick<EventCalls, 'timeline'>;
  /** a new value reads the timeline again (the event changed) */
  version: number;
}

const KIND_CLASS: Partial<Record<TimelineEntry['kind'], string>> = {
  accepted: 'events-timeline__entry--good',
  resolved: 'events-timeline__entry--good',
  'not reached': 'events-timeline__entry--bad',
  'nobody on call': 'events-timeline__entry--bad',
  canceled: 'events-timeline__entry--muted',
  note: 'events-timeline__entry--note',
};

/**
 * docs/product.md#timeline: what happened to the event, oldest first, with who and when: its contacts
 * and their delivery, the replies and key presses, what people did and their notes. It reads again
 * whenever `version` changes, keeping what it shows meanwhile.
 */
export function EventTimeline({ caseId, calls, version }: EventTimelineProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    calls.timeline(caseId, controller.signal).then(
      (timeline) => setLoaded({ status: 'ready', timeline }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [calls, caseId, version, attempt]);

  if (loaded.status === 'loading') return <Spinner label={t('Loading the timeline')} />;
  if (loaded.status === 'failed')
    return (
      <p>
        {t('The timeline could not be loaded.')}{' '}
        <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
          {t('Reload')}
        </Button>
      </p>
    );
  const { entries, truncated } = loaded.timeline;
  return (
    <div className="events-timeline" role="region" aria-label={t('Timeline of {caseId}', { caseId })} tabIndex={0}>
      {truncated ? (
        <p className="events-timeline__truncated">
          {t('Showing the latest {count} entries.', { count: numberText(TIMELINE_LIMIT) })}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p>{t('Nothing has happened yet.')}</p>
      ) : (
        <ol className="events-timeline__list">
          {entries.map((entry, index) => (
            <li key={index} className={['events-timeline__entry', KIND_CLASS[entry.kind]].filter(Boolean).join(' ')}>
              <time dateTime={entry.at}>{eventTime(entry.at)}</time>
              <span className="events-timeline__text">{timelineEntryText(entry)}</span>
              {entry.kind === 'note' && entry.text ? <p className="events-timeline__note">{entry.text}</p> : null}
              {entry.kind === 'contact' && entry.detail ? (
                <span className="events-timeline__detail">{entry.detail}</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
