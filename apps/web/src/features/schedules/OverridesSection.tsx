import { SCHEDULE_SCREEN_TEXTS, type ScheduleOverride } from '@relevo/domain';
import { Button, Card, LazyConfirmDialog, Icon, IconButton, Spinner } from '@relevo/ui';
import { t } from '../../shell/i18n';
import type { Loaded } from '../../shell/loaded';
import { useRemoval } from '../../shell/removal';
import type { ScheduleCalls } from './schedule-calls';
import { rangeIn } from './schedule-texts';

export interface OverridesSectionProps {
  scheduleId: number;
  /** the overrides from now on */
  overrides: Loaded<ScheduleOverride[]>;
  /** the zone the times are read in */
  zone: string;
  canAdd: boolean;
  canRemove: boolean;
  onAdd: () => void;
  calls: Pick<ScheduleCalls, 'removeOverride'>;
  onChanged: () => void;
}

/** The overrides still to come or under way (docs/product.md#schedules), soonest first; Add override and Remove. */
export function OverridesSection({
  scheduleId,
  overrides,
  zone,
  canAdd,
  canRemove,
  onAdd,
  calls,
  onChanged,
}: OverridesSectionProps) {
  const removal = useRemoval(
    (override: ScheduleOverride) => calls.removeOverride(scheduleId, override.override_id),
    t(SCHEDULE_SCREEN_TEXTS.overrideRemoved),
    onChanged,
  );
  const rows =
    overrides.state === 'loaded' ? [...overrides.value].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)) : [];

  return (
    <Card
      title={t('Overrides')}
      className="schedule-page__section"
      actions={
        canAdd ? (
          <Button variant="primary" size="sm" icon={<Icon name="plus" size={16} />} onClick={onAdd}>
            {t('Add override')}
          </Button>
        ) : null
      }
    >
      {overrides.state === 'loading' ? (
        <Spinner label={t('Loading overrides')} />
      ) : overrides.state === 'failed' ? (
        <p className="schedule-page__empty">{t('The overrides could not be loaded.')}</p>
      ) : rows.length === 0 ? (
        <p className="schedule-page__empty">{t(SCHEDULE_SCREEN_TEXTS.noOverrides)}</p>
      ) : (
        <ul className="overrides" aria-label={t('Upcoming overrides')}>
          {rows.map((override) => {
            const when = rangeIn(zone, Date.parse(override.start), Date.parse(override.end));
            return (
              <li key={override.override_id} className="overrides__item">
                <span className="overrides__badge">{t('Override')}</span>
                <span className="overrides__who">{override.resource_fullname}</span>
                <span className="overrides__when">{when}</span>
                {override.override_createby ? (
                  <span className="overrides__by">{t('set by {name}', { name: override.override_createby })}</span>
                ) : null}
                {canRemove ? (
                  <IconButton
                    size="sm"
                    label={t('Remove override of {name}, {when}', { name: override.resource_fullname, when })}
                    icon={<Icon name="trash" size={16} />}
                    onClick={() => removal.ask(override)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <LazyConfirmDialog {...removal.dialog} message={t(SCHEDULE_SCREEN_TEXTS.confirmRemoveOverride)} />
    </Card>
  );
}
