import type { OnCallNow } from '@relevo/api';
import { Badge, Button, Icon, Widget } from '@relevo/ui';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { currentLanguage, t } from '../../../shell/i18n';
import { schedulePath, untilText } from '../on-call-now';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';
import './OnCallNowWidget.css';

/**
 * docs/product.md#dashboard On call now: each active schedule of the customer with whoever is on call
 * now and until when (docs/product.md#schedules); a schedule nobody covers now says so as a warning.
 * Read when the dashboard opens, and again with Reload after a failed load.
 */
export function OnCallNowWidget({ defaultDisplay }: DashboardWidgetProps) {
  const calls = useDashboardCalls();
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((count) => count + 1), []);
  const { status, value } = useSummary(calls.onCallNow, round);
  return (
    <Widget
      title={t('On call now')}
      status={status}
      defaultDisplay={defaultDisplay}
      controls={
        status === 'failed' ? (
          <Button size="sm" icon={<Icon name="reload" size={14} />} onClick={reload}>
            {t('Reload')}
          </Button>
        ) : null
      }
    >
      {value ? <OnCallList answer={value} /> : null}
    </Widget>
  );
}

function OnCallList({ answer }: { answer: OnCallNow }) {
  if (answer.schedules.length === 0)
    return (
      <p className="on-call-now__empty">
        {t('No schedules yet.')} <Link to="/schedules">{t('Go to Schedules')}</Link>
      </p>
    );
  const now = new Date(answer.at);
  return (
    <ul className="on-call-now" aria-label={t('Who is on call now, per schedule')}>
      {answer.schedules.map((row) => (
        <li key={row.schedule_id} className="on-call-now__item">
          <Link className="on-call-now__schedule" to={schedulePath(row.schedule_id)}>
            {row.schedule_name}
          </Link>{' '}
          <span className="on-call-now__who">
            {row.resource ? (
              <span className="on-call-now__person">{row.resource.resource_fullname}</span>
            ) : (
              <Badge tone="warning">
                <Icon name="warning" size={14} /> {t('Nobody on call')}
              </Badge>
            )}{' '}
            {row.until ? (
              <span className="on-call-now__until">
                {t('until')} <time dateTime={row.until}>{untilText(row.until, now, undefined, currentLanguage())}</time>
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
