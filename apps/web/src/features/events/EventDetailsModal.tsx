import {
  DETAIL_LOG_DELAY_MS,
  DETAIL_LOG_PAGE_SIZE,
  audioState,
  eventStatus,
  resolvedStatus,
  slaComplianceStatus,
  type EventActionAnswer,
  type EventLogEntry,
  type IncidentEvent,
  type ListOf,
} from '@relevo/domain';
import { Button, Icon, Modal, Spinner, StatusBadge } from '@relevo/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { EventCalls } from './event-calls';
import { eventTime, minutesText } from './event-dates';
import { badgeText, channelText, followupStatusText } from './event-texts';
import { EventResponse, type ActionWindow } from './EventResponse';
import { EventTimeline } from './EventTimeline';
import { printInFrame } from './print-frame';

export interface EventDetailsModalProps {
  event: IncidentEvent;
  calls: Pick<EventCalls, 'log' | 'timeline' | 'respond' | 'resources'>;
  onClose: () => void;
  /** how many times the customer's events changed: a change reads the timeline again */
  version?: number;
  /** an action was taken here (docs/product.md#responding) */
  onActed?: (answer: EventActionAnswer) => void;
  /** a window of the actions to open at once (the list's Resolve) */
  initialWindow?: ActionWindow | null;
  /** the viewer's role may respond (`mayCall(role, acceptEvent)`): the actions show */
  mayRespond?: boolean;
  /** now, for the audio's 7 days (stories pass a fixed time) */
  now?: Date;
}

/** One field of the details: its name and value (nothing shown as a dash). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="events-details__field">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}

type LogState =
  | { status: 'waiting' }
  | { status: 'loading'; page: number }
  | { status: 'ready'; page: number; log: ListOf<EventLogEntry> }
  | { status: 'failed' };

/**
 * docs/product.md#events event details: the fields of docs/product.md#entities, the audio, and the event's log, which loads 500
 * ms after the window opens (docs/product.md#constants-and-limits), a page of rows at a time. Print sends the details to a
 * hidden frame without the log's last column, the buttons, the pager or the audio.
 */
export function EventDetailsModal({
  event,
  calls,
  onClose,
  now,
  version = 0,
  onActed,
  initialWindow = null,
  mayRespond = false,
}: EventDetailsModalProps) {
  // an action here reads the timeline at once, before the stream says the event changed
  const [acted, setActed] = useState(0);
  const content = useRef<HTMLDivElement>(null);
  const [log, setLog] = useState<LogState>({ status: 'waiting' });
  const page = log.status === 'loading' || log.status === 'ready' ? log.page : 1;

  useEffect(() => {
    const timer = setTimeout(() => setLog({ status: 'loading', page: 1 }), DETAIL_LOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const loadingPage = log.status === 'loading' ? log.page : null;
  useEffect(() => {
    if (loadingPage === null) return;
    const controller = new AbortController();
    calls
      .log(
        event.event_id,
        {
          page_num: loadingPage,
          page_size: DETAIL_LOG_PAGE_SIZE,
          search: '',
          order_by_column: 'event_log_id',
          order_by_direction: 'asc',
        },
        controller.signal,
      )
      .then(
        (answer) => setLog({ status: 'ready', page: loadingPage, log: answer }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          reportError(error);
          setLog({ status: 'failed' });
        },
      );
    return () => controller.abort();
  }, [calls, event.event_id, loadingPage]);

  const audio = audioState(event, now ?? new Date());
  const pages = log.status === 'ready' ? Math.max(1, Math.ceil(log.log.total / DETAIL_LOG_PAGE_SIZE)) : 1;
  const title = t('Event {caseId}', { caseId: event.case_id });

  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>{t('Close')}</Button>
          <Button
            variant="primary"
            icon={<Icon name="printer" size={16} />}
            onClick={() => content.current && printInFrame(content.current, title)}
          >
            {t('Print')}
          </Button>
        </>
      }
    >
      <div ref={content} className="events-details">
        <h2 className="events-details__print-title">{title}</h2>
        {mayRespond ? (
          <div data-print="hide">
            <EventResponse
              event={{ case_id: event.case_id, event_status: event.event_status, accepted_by: event.accepted_by }}
              calls={calls}
              initialWindow={initialWindow}
              onActed={(answer) => {
                setActed((n) => n + 1);
                onActed?.(answer);
              }}
            />
          </div>
        ) : null}
        <dl className="events-details__fields">
          <Field label={t('Case ID')}>{event.case_id}</Field>
          <Field label={t('Status')}>
            <StatusBadge {...badgeText(eventStatus(event.event_status))} />
          </Field>
          <Field label={t('Incident')}>{event.short_event_subject}</Field>
          <Field label={t('Description')}>{event.short_event_body}</Field>
          <Field label={t('Application')}>{event.application_name}</Field>
          <Field label={t('Module')}>{event.module_name}</Field>
          <Field label={t('Created')}>{eventTime(event.event_createdt)}</Field>
          <Field label={t('Accepted')}>{eventTime(event.accepteddt)}</Field>
          <Field label={t('Accepted by')}>{event.accepted_by}</Field>
          <Field label={t('Closed')}>{eventTime(event.event_closedt)}</Field>
          <Field label={t('Last resource assigned')}>{event.last_resource_assigned}</Field>
          <Field label={t('Response time')}>{minutesText(event.time_response)}</Field>
          <Field label={t('Resolution time')}>{minutesText(event.minutes_elapsed)}</Field>
          <Field label={t('SLA response')}>{minutesText(event.sla_response)}</Field>
          <Field label={t('SLA compliance')}>
            {event.sla_compliance ? <StatusBadge {...badgeText(slaComplianceStatus(event.sla_compliance))} /> : null}
          </Field>
          <Field label={t('Cause')}>{event.event_cause}</Field>
          <Field label={t('Resolution')}>{event.event_resolution}</Field>
          <Field label={t('Other comments')}>{event.resolution}</Field>
          <Field label={t('Audio')}>
            {audio.kind === 'playable' ? (
              <audio
                controls
                preload="none"
                src={audio.url}
                aria-label={t('Audio of {caseId}', { caseId: event.case_id })}
              />
            ) : (
              <span data-print="hide">{t(audio.message)}</span>
            )}
          </Field>
        </dl>

        <h3 className="events-details__log-title">{t('Timeline')}</h3>
        <EventTimeline caseId={event.case_id} calls={calls} version={version + acted} />

        <h3 className="events-details__log-title">{t('Event log')}</h3>
        {log.status === 'waiting' || log.status === 'loading' ? (
          <Spinner label={t('Loading the event log')} />
        ) : log.status === 'failed' ? (
          <p>{t('The event log could not be loaded.')}</p>
        ) : log.log.total === 0 ? (
          <p>{t('No contacts yet.')}</p>
        ) : (
          <>
            <div className="events-details__log" role="region" aria-label={t('Event log')} tabIndex={0}>
              <table className="events-table">
                <thead>
                  <tr>
                    <th scope="col">{t('Call date')}</th>
                    <th scope="col">{t('Channel')}</th>
                    <th scope="col">{t('Called')}</th>
                    <th scope="col">{t('Resource')}</th>
                    <th scope="col">{t('Follow-up status')}</th>
                    <th scope="col">{t('Resolved')}</th>
                    <th scope="col">{t('Actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {log.log.list.map((row) => (
                    <tr key={row.event_log_id}>
                      <td>{eventTime(row.call_date)}</td>
                      <td>{channelText(row.channel)}</td>
                      <td>{row.called_number}</td>
                      <td>{row.resource}</td>
                      <td>{followupStatusText(row.followup_status)}</td>
                      <td>
                        <StatusBadge {...badgeText(resolvedStatus(row.resolved))} />
                      </td>
                      <td>
                        <Link to={`/events/${event.case_id}/event_logs`}>{t('Open log')}</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="rl-pager events-details__pager" aria-label={t('Event log pages')}>
              <Button size="sm" disabled={page <= 1} onClick={() => setLog({ status: 'loading', page: page - 1 })}>
                {t('Previous')}
              </Button>
              <span className="rl-tabular">{t('Page {page} of {pages}', { page, pages })}</span>
              <Button size="sm" disabled={page >= pages} onClick={() => setLog({ status: 'loading', page: page + 1 })}>
                {t('Next')}
              </Button>
            </nav>
          </>
        )}
      </div>
    </Modal>
  );
}
