import {
  SCHEDULE_SCREEN_TEXTS,
  mayAddRotation,
  scheduleWithoutRotation,
  type Resource,
  type Schedule,
} from '@relevo/domain';
import { Button, Card, LazyConfirmDialog, Icon, IconButton, toast } from '@relevo/ui';
import { Suspense, lazy, useCallback, useState } from 'react';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { ScheduleCalls } from './schedule-calls';
import { restrictionLine, rotationLine, rotationName } from './schedule-texts';

// the window loads when it opens, not with the page
const RotationModal = lazy(() => import('./RotationModal').then(({ RotationModal }) => ({ default: RotationModal })));

export interface RotationsSectionProps {
  schedule: Schedule;
  /** a Customer Root adds, edits and removes rotations */
  canEdit: boolean;
  resources: Resource[] | null;
  today: string;
  calls: Pick<ScheduleCalls, 'update'>;
  /** the schedule changed (read it and its shifts again) */
  onChanged: () => void;
}

/**
 * The rotations of a schedule, lowest layer first (docs/product.md#schedules: a later rotation is
 * on call where it covers a moment, the earlier ones show through its gaps), each with its people
 * in order, its shifts and its windows; Add, Edit and Remove for a Customer Root.
 */
export function RotationsSection({ schedule, canEdit, resources, today, calls, onChanged }: RotationsSectionProps) {
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const rotations = schedule.rotations;
  const close = useCallback(() => setEditing(null), []);
  // stable: the window tells its save once, on the render it saved in
  const saved = useCallback(() => {
    toast.success(t(SCHEDULE_SCREEN_TEXTS.rotationSaved));
    setEditing(null);
    onChanged();
  }, [onChanged]);

  const remove = async (index: number) => {
    setBusy(true);
    try {
      await calls.update(schedule.schedule_id, scheduleWithoutRotation(schedule, index));
      toast.success(t(SCHEDULE_SCREEN_TEXTS.rotationRemoved));
      onChanged();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <Card
      title={t('Rotations')}
      className="schedule-page__section"
      actions={
        canEdit ? (
          <Button
            variant="primary"
            size="sm"
            icon={<Icon name="plus" size={16} />}
            disabled={!mayAddRotation(schedule)}
            onClick={() => setEditing({ index: null })}
          >
            {t('Add rotation')}
          </Button>
        ) : null
      }
    >
      {rotations.length === 0 ? (
        <p className="schedule-page__empty">{t(SCHEDULE_SCREEN_TEXTS.noRotations)}</p>
      ) : (
        <>
          <p className="schedule-page__note">
            {t('A later rotation is on call wherever it covers a moment; the ones before it show through its gaps.')}
          </p>
          <ol className="rotations" aria-label={t('Rotations, lowest layer first')}>
            {rotations.map((rotation, index) => {
              const title = rotationName(rotation, index);
              return (
                <li key={rotation.rotation_id} className="rotations__item">
                  <div className="rotations__head">
                    <h3 className="rotations__title">
                      <span className="rotations__layer">{t('Layer {number}', { number: index + 1 })}</span> {title}
                    </h3>
                    {canEdit ? (
                      <span className="rotations__actions">
                        <IconButton
                          size="sm"
                          label={t('Edit rotation {title}', { title })}
                          icon={<Icon name="edit" size={16} />}
                          onClick={() => setEditing({ index })}
                        />
                        <IconButton
                          size="sm"
                          label={t('Remove rotation {title}', { title })}
                          icon={<Icon name="trash" size={16} />}
                          onClick={() => setRemoving(index)}
                        />
                      </span>
                    ) : null}
                  </div>
                  <p className="rotations__summary">{rotationLine(rotation)}</p>
                  <ol className="rotations__people" aria-label={t('Participants of {title}, in order', { title })}>
                    {rotation.participants.map((participant, position) => (
                      <li key={`${position}-${participant.resource_id}`}>{participant.resource_fullname}</li>
                    ))}
                  </ol>
                  <p className="rotations__windows">
                    {rotation.restrictions.length
                      ? t('Only {windows}', { windows: rotation.restrictions.map(restrictionLine).join('; ') })
                      : t('Every hour of the week')}
                  </p>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <RotationModal
            key={editing.index ?? 'new'}
            schedule={schedule}
            index={editing.index}
            resources={resources}
            today={today}
            calls={calls}
            onClose={close}
            onSaved={saved}
          />
        </Suspense>
      ) : null}
      <LazyConfirmDialog
        open={removing !== null}
        busy={busy}
        message={t(SCHEDULE_SCREEN_TEXTS.confirmRemoveRotation)}
        onOpenChange={(open) => {
          if (!open && !busy) setRemoving(null);
        }}
        onContinue={() => {
          if (removing !== null) void remove(removing);
        }}
      />
    </Card>
  );
}
