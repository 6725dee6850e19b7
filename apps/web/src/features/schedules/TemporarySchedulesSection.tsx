import {
  SCHEDULE_SCREEN_TEXTS,
  mayAddTemporary,
  scheduleWithoutTemporary,
  type Resource,
  type Schedule,
} from '@relevo/domain';
import { Button, Card, Icon, IconButton, LazyConfirmDialog, toast } from '@relevo/ui';
import { Suspense, lazy, useCallback, useState } from 'react';
import { t } from '../../shell/i18n';
import { useRemoval } from '../../shell/removal';
import type { ScheduleCalls } from './schedule-calls';
import { periodIn, rangeIn } from './schedule-texts';

// the window loads when it opens, not with the page
const TemporaryScheduleModal = lazy(() =>
  import('./TemporaryScheduleModal').then(({ TemporaryScheduleModal }) => ({ default: TemporaryScheduleModal })),
);

export interface TemporarySchedulesSectionProps {
  schedule: Schedule;
  /** now: a temporary schedule over is marked Past, one under way Under way */
  now: number;
  /** a Customer Root adds, edits and removes temporary schedules */
  canEdit: boolean;
  resources: Resource[] | null;
  viewerZone: string;
  calls: Pick<ScheduleCalls, 'update'>;
  /** the schedule changed (read it and its shifts again) */
  onChanged: () => void;
}

/**
 * A schedule's temporary schedules (docs/product.md#schedules), soonest first: each period with
 * its own shifts, which replace every rotation over it, in the schedule's zone (as they are edited,
 * whichever zone the timeline shows). Those over stay listed, marked Past (they count towards the
 * schedule's 20 until removed); Add, Edit and Remove for a Customer Root.
 */
export function TemporarySchedulesSection({
  schedule,
  now,
  canEdit,
  resources,
  viewerZone,
  calls,
  onChanged,
}: TemporarySchedulesSectionProps) {
  const zone = schedule.time_zone;
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const close = useCallback(() => setEditing(null), []);
  // stable: the window tells its save once, on the render it saved in
  const saved = useCallback(() => {
    toast.success(t(SCHEDULE_SCREEN_TEXTS.temporarySaved));
    setEditing(null);
    onChanged();
  }, [onChanged]);
  const removal = useRemoval(
    (index: number) => calls.update(schedule.schedule_id, scheduleWithoutTemporary(schedule, index)),
    t(SCHEDULE_SCREEN_TEXTS.temporaryRemoved),
    onChanged,
  );
  const rows = schedule.temporary_schedules
    .map((temporary, index) => ({
      temporary,
      index,
      start: Date.parse(temporary.start),
      end: Date.parse(temporary.end),
    }))
    .sort((a, b) => a.start - b.start);
  const nameOf = (id: number, name: string | undefined) =>
    name || resources?.find((resource) => resource.resource_id === id)?.resource_fullname || t('Resource {id}', { id });

  return (
    <Card
      title={t('Temporary schedules')}
      className="schedule-page__section"
      actions={
        canEdit ? (
          <Button
            variant="primary"
            size="sm"
            icon={<Icon name="plus" size={16} />}
            disabled={!mayAddTemporary(schedule)}
            onClick={() => setEditing({ index: null })}
          >
            {t('Add temporary schedule')}
          </Button>
        ) : null
      }
    >
      {rows.length === 0 ? (
        <p className="schedule-page__empty">{t(SCHEDULE_SCREEN_TEXTS.noTemporary)}</p>
      ) : (
        <>
          <p className="schedule-page__note">
            {t(
              'Over its period a temporary schedule’s shifts replace every rotation; where they leave a gap nobody is on call, but overrides still apply. Times in the schedule’s zone ({zone}).',
              { zone },
            )}
          </p>
          <ul className="temporaries" aria-label={t('Temporary schedules')}>
            {rows.map(({ temporary, index, start, end }) => {
              const period = periodIn(zone, temporary);
              const state = end <= now ? 'past' : start <= now ? 'underway' : null;
              const shifts = [...temporary.shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
              return (
                <li
                  key={`${temporary.start}-${index}`}
                  className={`temporaries__item${state === 'past' ? ' temporaries__item--past' : ''}`}
                >
                  <div className="rotations__head">
                    <h3 className="rotations__title">
                      {state ? (
                        <>
                          <span className="rotations__layer">
                            {t('{state, select, past {Past} other {Under way}}', { state })}
                          </span>{' '}
                        </>
                      ) : null}
                      {period}
                    </h3>
                    {canEdit ? (
                      <span className="rotations__actions">
                        <IconButton
                          size="sm"
                          label={t('Edit temporary schedule {period}', { period })}
                          icon={<Icon name="edit" size={16} />}
                          onClick={() => setEditing({ index })}
                        />
                        <IconButton
                          size="sm"
                          label={t('Remove temporary schedule {period}', { period })}
                          icon={<Icon name="trash" size={16} />}
                          onClick={() => removal.ask(index)}
                        />
                      </span>
                    ) : null}
                  </div>
                  {shifts.length === 0 ? (
                    <p className="rotations__summary">{t(SCHEDULE_SCREEN_TEXTS.noTemporaryShifts)}</p>
                  ) : (
                    <ul
                      className="temporaries__shifts"
                      aria-label={t('Shifts of the temporary schedule {period}', { period })}
                    >
                      {shifts.map((shift, position) => (
                        <li key={`${shift.start}-${position}`} className="temporaries__shift">
                          <span className="overrides__who">{nameOf(shift.resource_id, shift.resource_fullname)}</span>
                          <span className="overrides__when">
                            {rangeIn(zone, Date.parse(shift.start), Date.parse(shift.end))}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <TemporaryScheduleModal
            key={editing.index ?? 'new'}
            schedule={schedule}
            index={editing.index}
            resources={resources}
            viewerZone={viewerZone}
            now={now}
            calls={calls}
            onClose={close}
            onSaved={saved}
          />
        </Suspense>
      ) : null}
      <LazyConfirmDialog {...removal.dialog} message={t(SCHEDULE_SCREEN_TEXTS.confirmRemoveTemporary)} />
    </Card>
  );
}
