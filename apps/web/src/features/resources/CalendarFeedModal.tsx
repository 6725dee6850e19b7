import { generalErrorText } from '@relevo/api';
import { copiedLabel, type Resource } from '@relevo/domain';
import { Alert, Button, ConfirmDialog, Icon, IconButton, Modal, Spinner, TextField, toast } from '@relevo/ui';
import { useEffect, useState } from 'react';
import { copyToClipboard } from '../../shell/clipboard';
import { msg, t } from '../../shell/i18n';
import type { ResourceOnCallCalls } from './resource-on-call-calls';

/** docs/product.md#calendar-feeds: what the window says. */
export const CALENDAR_FEED_TEXTS = {
  label: msg('Calendar feed address'),
  hint: msg(
    'Subscribe to it in a calendar app to see this person’s shifts in every schedule, six months ahead. Anyone with the address can read them.',
  ),
  confirm: msg(
    'The current address stops working at once: calendars subscribed to it stop updating until they subscribe to the new one.',
  ),
  rotated: msg('The calendar feed has a new address'),
} as const;

export interface CalendarFeedModalProps {
  resource: Pick<Resource, 'resource_id' | 'resource_fullname'>;
  calls: Pick<ResourceOnCallCalls, 'calendar' | 'rotateCalendar'>;
  /** a Customer Root may give the feed a new address */
  mayRotate: boolean;
  onClose: () => void;
}

/**
 * docs/product.md#calendar-feeds: a resource's own feed (its shifts in every schedule) at a secret
 * address, shown read-only with Copy; "New address" (Customer Root) replaces it after a
 * confirmation, and the old one stops working.
 */
export function CalendarFeedModal({ resource, calls, mayRotate, onClose }: CalendarFeedModalProps) {
  const id = resource.resource_id;
  /** the address; null while it loads or when it could not be read */
  const [url, setUrl] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  /** why the last read or new address failed, in the server's words */
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);

  useEffect(() => {
    let current = true;
    calls
      .calendar(id)
      .then(
        (answer) => current && setUrl(answer.calendar_url),
        (failure: unknown) => current && setError(generalErrorText(failure)),
      )
      .finally(() => current && setIsLoading(false));
    return () => {
      current = false;
    };
  }, [calls, id]);

  const rotate = async () => {
    setRotating(true);
    setError(null);
    try {
      const answer = await calls.rotateCalendar(id);
      setUrl(answer.calendar_url);
      toast.success(t(CALENDAR_FEED_TEXTS.rotated));
    } catch (failure) {
      // the address shown is still the one that works
      setError(generalErrorText(failure));
    } finally {
      setRotating(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => {
          if (!open && !rotating) onClose();
        }}
        title={t('Calendar feed of {name}', { name: resource.resource_fullname })}
        footer={
          <>
            <Button onClick={onClose} disabled={rotating}>
              {t('Close')}
            </Button>
            {mayRotate ? (
              <Button
                variant="primary"
                icon={<Icon name="key" size={16} />}
                loading={rotating}
                disabled={isLoading}
                onClick={() => setConfirming(true)}
              >
                {t('New address')}
              </Button>
            ) : null}
          </>
        }
      >
        {isLoading ? <Spinner label={t('Loading the calendar feed')} /> : null}
        {error ? <Alert variant="error">{t(error)}</Alert> : null}
        {url ? (
          <>
            <div className="resources__feed">
              <TextField
                label={t(CALENDAR_FEED_TEXTS.label)}
                name="calendar_url"
                readOnly
                className="resources__feed-field"
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                onValueChange={() => undefined}
              />
              <IconButton
                size="sm"
                label={t('Copy the calendar feed address')}
                icon={<Icon name="copy" size={16} />}
                onClick={() => void copyToClipboard(url, t(copiedLabel(CALENDAR_FEED_TEXTS.label)))}
              />
            </div>
            <p className="resources__feed-note">{t(CALENDAR_FEED_TEXTS.hint)}</p>
          </>
        ) : null}
      </Modal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !rotating) setConfirming(false);
        }}
        message={t(CALENDAR_FEED_TEXTS.confirm)}
        continueLabel={t('New address')}
        busy={rotating}
        onContinue={() => void rotate()}
      />
    </>
  );
}
