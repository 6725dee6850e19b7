import { ApiError, generalErrorText, type TestSendAnswer } from '@relevo/api';
import { DELIVERY_STATUS_LABELS, PROVIDER_LABELS, type Resource, type TestSendResult } from '@relevo/domain';
import { Alert, Button, Icon, Modal, Spinner } from '@relevo/ui';
import { useEffect, useState } from 'react';
import { dateTimeText, listDateText, msg, t } from '../../shell/i18n';
import type { ResourceTestCalls } from './resource-test-calls';

/** How often the results are read again while a message waits for its report, and for how long at most. */
export const TEST_POLL_MS = 3000;
export const TEST_POLL_LIMIT_MS = 2 * 60 * 1000;

const CHANNEL_LABELS: Record<TestSendResult['channel'], string> = { sms: 'SMS', voice: msg('Call') };

/** When the test was asked for: its day and time, in the viewer's language. */
const sentAt = (iso: string) => `${listDateText(iso)} ${dateTimeText(iso, { hour: '2-digit', minute: '2-digit' })}`;

/** Still waiting for the provider's report. */
const isPending = (result: TestSendResult) => result.status === 'queued' || result.status === 'sent';

/** A refusal in the server's words: "sent less than a minute ago" (429), "no phone" (422), else the general text. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = error.body?.detail;
    if (typeof detail === 'string' && detail) return detail;
    if (Array.isArray(detail) && detail[0]?.msg) return detail[0].msg;
  }
  return generalErrorText(error);
}

export interface TestSendModalProps {
  resource: Pick<Resource, 'resource_id' | 'resource_fullname'>;
  calls: ResourceTestCalls;
  onClose: () => void;
}

/**
 * docs/product.md#send-a-test: an SMS and a call to each phone of the resource through its
 * customer's delivery order. Opens on the latest results; after a send, reads them again every
 * 3 seconds while one still waits for its report, for two minutes at most.
 */
export function TestSendModal({ resource, calls, onClose }: TestSendModalProps) {
  const id = resource.resource_id;
  const [answer, setAnswer] = useState<TestSendAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // when the current polling started: a new answer from a send starts it again
  const [pollingSince, setPollingSince] = useState(() => Date.now());

  useEffect(() => {
    let current = true;
    calls.results(id).then(
      (found) => {
        if (!current) return;
        setAnswer(found);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(generalErrorText(failure));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [calls, id]);

  const waiting = answer?.results.some(isPending) ?? false;
  useEffect(() => {
    if (!waiting || Date.now() - pollingSince > TEST_POLL_LIMIT_MS) return;
    let current = true;
    const timer = setTimeout(() => {
      calls.results(id).then(
        (found) => current && setAnswer(found),
        // a failed read is tried again at the next tick; the last results stay
        () => current && setAnswer((shown) => (shown ? { ...shown } : shown)),
      );
    }, TEST_POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [answer, waiting, pollingSince, calls, id]);

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const sent = await calls.send(id);
      setPollingSince(Date.now());
      setAnswer(sent);
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setSending(false);
    }
  };

  const results = answer?.results ?? [];
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('Send a test to {name}', { name: resource.resource_fullname })}
      description={t('An SMS and a call to each of the resource’s phones, through the customer’s delivery order.')}
      footer={
        <>
          <Button onClick={onClose}>{t('Close')}</Button>
          <Button
            variant="primary"
            icon={<Icon name="send" size={16} />}
            loading={sending}
            disabled={loading}
            onClick={() => void send()}
          >
            {t('Send a test')}
          </Button>
        </>
      }
    >
      {error ? <Alert variant="error">{t(error)}</Alert> : null}
      {loading ? <Spinner label={t('Loading the latest test')} /> : null}
      {!loading && results.length === 0 && !error ? <p>{t('No test has been sent to this resource yet.')}</p> : null}
      {results.length > 0 ? (
        <>
          <p className="test-send__when" role="status">
            {answer?.requested_at ? `${t('Test sent {when}.', { when: sentAt(answer.requested_at) })} ` : ''}
            {waiting ? t('Waiting for the delivery reports…') : t('All reports are in.')}
          </p>
          <div className="test-send__scroll">
            <table className="test-send__table">
              <caption className="rl-visually-hidden">{t('Test results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Channel')}</th>
                  <th scope="col">{t('Phone')}</th>
                  <th scope="col">{t('Provider')}</th>
                  <th scope="col">{t('Message ID')}</th>
                  <th scope="col">{t('Status')}</th>
                  <th scope="col">{t('Detail')}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((result) => (
                  <tr key={`${result.channel}:${result.phone}`}>
                    <td>{t(CHANNEL_LABELS[result.channel])}</td>
                    <td>{result.phone}</td>
                    <td>{result.provider ? t(PROVIDER_LABELS[result.provider]) : '—'}</td>
                    <td className="test-send__id">{result.message_id ?? '—'}</td>
                    <td>
                      <span className={`test-send__status test-send__status--${result.status}`}>
                        {t(DELIVERY_STATUS_LABELS[result.status])}
                      </span>
                    </td>
                    <td>{result.detail ? t(result.detail) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
