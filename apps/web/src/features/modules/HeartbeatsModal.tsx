import { addHeartbeat } from '@relevo/api';
import {
  HEARTBEAT_LIMITS,
  HEARTBEAT_MESSAGES,
  HEARTBEAT_SCREEN_TEXTS,
  HEARTBEAT_STATE_BADGES,
  activeFlagStatus,
  copiedLabel,
  mayCall,
  type Heartbeat,
  type Module,
} from '@relevo/domain';
import { Alert, Button, ConfirmDialog, Icon, Modal, Spinner, StatusBadge, TextField, toast } from '@relevo/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import { useRemoval } from '../../shell/removal';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { HeartbeatFormModal } from './HeartbeatFormModal';
import { liveHeartbeatCalls, type HeartbeatCalls } from './heartbeat-calls';
import { beatTimeText, heartbeatTimesWords, lastBeatWords } from './heartbeat-words';
import { heartbeatsTitle } from './heartbeats-row-action';
import './HeartbeatsModal.css';

export interface HeartbeatsModalProps {
  module: Pick<Module, 'module_id' | 'module_name'>;
  onClose: () => void;
}

type Listed = { state: 'loading' } | { state: 'loaded'; list: Heartbeat[] } | { state: 'failed' };

/** How often "3 minutes ago" is said again while the window is open. */
const TICK_MS = 30_000;

/** The module's monitors, loaded again whenever `round` changes; the last list stays shown meanwhile. */
function useHeartbeats(calls: HeartbeatCalls, moduleId: number, round: number): Listed {
  const [listed, setListed] = useState<Listed>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    calls.list(moduleId).then(
      (answer) => current && setListed({ state: 'loaded', list: answer.list }),
      () => current && setListed({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [calls, moduleId, round]);
  return listed;
}

/** The instant that is now, said again every TICK_MS. */
function useNow(calls: HeartbeatCalls): number {
  const [now, setNow] = useState(() => calls.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(calls.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [calls]);
  return now;
}

/**
 * "Heartbeats of {module}" (docs/product.md#heartbeat-monitors): each monitor with its times in
 * words, its last beat (how long ago, and when in the viewer's zone) and its state. A Customer
 * Root also sees each beat address with Copy and New address (after a confirmation that the old
 * one stops working), Edit, Delete, and adds monitors; a Customer reads the list only.
 */
export function HeartbeatsModal({ module, onClose }: HeartbeatsModalProps) {
  const calls = useService('heartbeatCalls', liveHeartbeatCalls);
  const mayChange = mayCall(useSignedInUser().role.rol_id, addHeartbeat);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((count) => count + 1), []);
  const listed = useHeartbeats(calls, module.module_id, round);
  const now = useNow(calls);
  const [zone] = useState(() => calls.viewerZone());

  /** the form open: null adds a monitor, a monitor edits it */
  const [editing, setEditing] = useState<{ heartbeat: Heartbeat | null } | null>(null);
  const [rotating, setRotating] = useState<Heartbeat | null>(null);
  const [isRotating, setIsRotating] = useState(false);
  const removal = useRemoval(
    (monitor: Heartbeat) => calls.remove(monitor.heartbeat_id),
    t(HEARTBEAT_SCREEN_TEXTS.deleted),
    reload,
  );

  const saved = useCallback(
    (monitor: Heartbeat | null) => {
      toast.success(t(monitor ? HEARTBEAT_SCREEN_TEXTS.updated : HEARTBEAT_SCREEN_TEXTS.added));
      setEditing(null);
      reload();
    },
    [reload],
  );

  const rotate = async (monitor: Heartbeat) => {
    setIsRotating(true);
    try {
      await calls.rotate(monitor.heartbeat_id);
      toast.success(t(HEARTBEAT_SCREEN_TEXTS.rotated));
      reload();
    } catch (error) {
      // the address shown is still the one that works
      reportError(error);
    } finally {
      setIsRotating(false);
      setRotating(null);
    }
  };

  const count = listed.state === 'loaded' ? listed.list.length : 0;
  const isFull = count >= HEARTBEAT_LIMITS.perModule;
  const busy = isRotating || editing !== null;

  return (
    <>
      <Modal
        open
        size="lg"
        onOpenChange={(open) => {
          if (!open && !busy) onClose();
        }}
        title={t(heartbeatsTitle(module.module_name))}
        footer={
          <>
            <Button onClick={onClose}>{t('Close')}</Button>
            {mayChange ? (
              <Button
                variant="primary"
                icon={<Icon name="plus" size={16} />}
                disabled={listed.state !== 'loaded' || isFull}
                onClick={() => setEditing({ heartbeat: null })}
              >
                {t('Add heartbeat')}
              </Button>
            ) : null}
          </>
        }
      >
        {listed.state === 'loading' ? <Spinner label={t('Loading the heartbeats')} /> : null}
        {listed.state === 'failed' ? (
          <Alert variant="error" className="heartbeats__failed">
            {t(HEARTBEAT_SCREEN_TEXTS.loadFailed)}{' '}
            <Button size="sm" onClick={reload}>
              {t('Reload')}
            </Button>
          </Alert>
        ) : null}
        {listed.state === 'loaded' && listed.list.length === 0 ? (
          <p className="heartbeats__empty">{t(HEARTBEAT_SCREEN_TEXTS.empty)}</p>
        ) : null}
        {listed.state === 'loaded' && listed.list.length > 0 ? (
          <ul className="heartbeats">
            {listed.list.map((monitor) => (
              <HeartbeatItem
                key={monitor.heartbeat_id}
                monitor={monitor}
                now={now}
                zone={zone}
                mayChange={mayChange}
                onRotate={() => setRotating(monitor)}
                onEdit={() => setEditing({ heartbeat: monitor })}
                onDelete={() => removal.ask(monitor)}
              />
            ))}
          </ul>
        ) : null}
        {mayChange && isFull ? <Alert variant="warning">{t(HEARTBEAT_MESSAGES.tooMany)}</Alert> : null}
      </Modal>
      {editing ? (
        <HeartbeatFormModal
          moduleId={module.module_id}
          heartbeat={editing.heartbeat}
          calls={calls}
          onClose={() => setEditing(null)}
          onSaved={() => saved(editing.heartbeat)}
        />
      ) : null}
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => {
          if (!open && !isRotating) setRotating(null);
        }}
        message={t(HEARTBEAT_SCREEN_TEXTS.confirmNewAddress)}
        continueLabel={t('New address')}
        busy={isRotating}
        onContinue={() => {
          if (rotating) void rotate(rotating);
        }}
      />
      <ConfirmDialog
        message={t(HEARTBEAT_SCREEN_TEXTS.confirmDelete)}
        continueLabel={t('Delete')}
        {...removal.dialog}
      />
    </>
  );
}

interface HeartbeatItemProps {
  monitor: Heartbeat;
  now: number;
  zone: string;
  mayChange: boolean;
  onRotate: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One monitor of the list, named by its heading. */
function HeartbeatItem({ monitor, now, zone, mayChange, onRotate, onEdit, onDelete }: HeartbeatItemProps) {
  const nameId = useId();
  const badge = HEARTBEAT_STATE_BADGES[monitor.state];
  const inactive = activeFlagStatus('N');
  const lastBeat = monitor.last_beat_at === null ? null : Date.parse(monitor.last_beat_at);
  const url = mayChange ? monitor.beat_url : undefined;
  return (
    <li className="heartbeats__item" aria-labelledby={nameId}>
      <div className="heartbeats__head">
        <h3 id={nameId} className="heartbeats__name">
          {monitor.heartbeat_name}
        </h3>
        <StatusBadge tone={badge.tone} label={t(badge.label)} />
        {monitor.heartbeat_active === 'N' ? <StatusBadge tone={inactive.tone} label={t(inactive.label)} /> : null}
      </div>
      <p className="heartbeats__line">{heartbeatTimesWords(monitor)}</p>
      <p className="heartbeats__line">
        {lastBeat === null ? (
          t('No beat yet')
        ) : (
          <>
            {lastBeatWords(lastBeat, now)} (<time dateTime={monitor.last_beat_at!}>{beatTimeText(zone, lastBeat)}</time>
            )
          </>
        )}
      </p>
      {monitor.state === 'missed' && monitor.open_case_id ? (
        <p className="heartbeats__line heartbeats__incident">
          {t('Incident {caseId} is open on the module.', { caseId: monitor.open_case_id })}
        </p>
      ) : null}
      {url ? (
        <div className="heartbeats__address">
          <TextField
            label={t(HEARTBEAT_SCREEN_TEXTS.addressLabel)}
            name="beat_url"
            readOnly
            className="heartbeats__address-field"
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            onValueChange={() => undefined}
          />
          <Button
            size="sm"
            icon={<Icon name="copy" size={16} />}
            onClick={() => void copyToClipboard(url, t(copiedLabel(HEARTBEAT_SCREEN_TEXTS.addressLabel)))}
          >
            {t('Copy address')}
          </Button>
        </div>
      ) : null}
      {mayChange ? (
        <div className="heartbeats__actions">
          <Button size="sm" icon={<Icon name="key" size={16} />} onClick={onRotate}>
            {t('New address')}
          </Button>
          <Button size="sm" icon={<Icon name="edit" size={16} />} onClick={onEdit}>
            {t('Edit')}
          </Button>
          <Button size="sm" icon={<Icon name="trash" size={16} />} onClick={onDelete}>
            {t('Delete')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
