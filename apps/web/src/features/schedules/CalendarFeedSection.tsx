import { SCHEDULE_SCREEN_TEXTS } from '@relevo/domain';
import { Button, Card, LazyConfirmDialog, Icon, TextField, toast } from '@relevo/ui';
import { useState } from 'react';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { ScheduleCalls } from './schedule-calls';

export interface CalendarFeedSectionProps {
  scheduleId: number;
  /** the feed's secret address as read with the schedule */
  address: string;
  calls: Pick<ScheduleCalls, 'rotateCalendar'>;
}

/**
 * docs/product.md#calendar-feeds: the schedule's shifts for six months as an iCalendar feed at a
 * secret address, for a Customer Root: copy it, or make a new one (the old one stops working).
 */
export function CalendarFeedSection({ scheduleId, address, calls }: CalendarFeedSectionProps) {
  const [shown, setShown] = useState(address);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const rotate = async () => {
    setBusy(true);
    try {
      const feed = await calls.rotateCalendar(scheduleId);
      setShown(feed.calendar_url);
      toast.success(t(SCHEDULE_SCREEN_TEXTS.calendarRotated));
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <Card title={t('Calendar feed')} className="schedule-page__section">
      <p className="schedule-page__note">
        {t(
          'Subscribe to this address in a calendar app to see the shifts of the next six months. Whoever has it can read them: share it only with the team.',
        )}
      </p>
      <div className="calendar-feed">
        <TextField
          label={t('Calendar address')}
          name="calendar_url"
          value={shown}
          readOnly
          onValueChange={() => undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="calendar-feed__address"
        />
        <div className="calendar-feed__actions">
          <Button
            icon={<Icon name="copy" size={16} />}
            onClick={() => void copyToClipboard(shown, t(SCHEDULE_SCREEN_TEXTS.calendarCopied))}
          >
            {t('Copy address')}
          </Button>
          <Button icon={<Icon name="reload" size={16} />} onClick={() => setAsking(true)}>
            {t('New address')}
          </Button>
        </div>
      </div>
      <LazyConfirmDialog
        open={asking}
        busy={busy}
        title={t('Make a new address?')}
        message={t(SCHEDULE_SCREEN_TEXTS.confirmNewCalendar)}
        continueLabel={t('Make a new address')}
        onOpenChange={(open) => {
          if (!open && !busy) setAsking(false);
        }}
        onContinue={() => void rotate()}
      />
    </Card>
  );
}
