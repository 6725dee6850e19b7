import { EVENT_STATUS_OPTIONS, MAINTENANCE_FILTER_OPTIONS, nextSlaFilter, type EventStatusValue } from '@relevo/domain';
import { Button, Icon, NativeSelectField, TextField, type SelectOption } from '@relevo/ui';
import { useEffect, useRef, useState } from 'react';
import { FilterPanel } from '../../shell/filter-panel';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { EventCalls, FilterChoice } from './event-calls';
import { NO_FILTERS, withApplication, type EventFilters as Filters } from './event-filters';
import { slaFilterLabel } from './event-texts';

export interface EventFiltersProps {
  filters: Filters;
  onChange: (next: Filters) => void;
  calls: Pick<EventCalls, 'applications' | 'modules'>;
  /** YYYY-MM-DD: no later day can be picked (docs/product.md#events) */
  today: string;
}

const options = (placeholder: string, choices: FilterChoice[]): SelectOption[] => [
  { value: null, text: placeholder },
  ...choices.map((choice) => ({ value: choice.id, text: choice.name })),
];

/** A domain's option list with its texts in the active language. */
const translated = <Value,>(list: { value: Value; text: string }[]) =>
  list.map((option) => ({ ...option, text: t(option.text) }));

/** Loads a filter's choices for `key` (none while it is null); a failed load leaves them empty and says so (docs/product.md#messages). */
function useChoices(
  key: number | 'all' | null,
  load: (signal: AbortSignal) => Promise<FilterChoice[]>,
): FilterChoice[] {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [loaded, setLoaded] = useState<{ key: number | 'all' | null; choices: FilterChoice[] }>({
    key: null,
    choices: [],
  });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (choices) => setLoaded({ key, choices }),
      (error: unknown) => {
        if (!controller.signal.aborted) reportError(error);
      },
    );
    return () => controller.abort();
  }, [key]);
  return key !== null && loaded.key === key ? loaded.choices : [];
}

/**
 * docs/product.md#events filters: the application first (the module is disabled until one is chosen, and a
 * new application clears it), the SLA compliance cycling YES, NO, none on each click, the status,
 * and creation days that cannot be in the future.
 */
export function EventFilters({ filters, onChange, calls, today }: EventFiltersProps) {
  const applications = useChoices('all', calls.applications);
  const applicationId = filters.applicationId;
  const modules = useChoices(applicationId, (signal) => calls.modules(applicationId!, signal));
  const isFiltered = Object.values(filters).some((value) => value !== null);

  return (
    <FilterPanel label={t('Event filters')} active={Object.values(filters).filter((value) => value !== null).length}>
      <NativeSelectField
        label={t('Application')}
        name="application"
        options={options(t('All applications'), applications)}
        value={filters.applicationId}
        onChange={(value) => onChange(withApplication(filters, value === null ? null : Number(value)))}
      />
      <NativeSelectField
        label={t('Module')}
        name="module"
        options={options(filters.applicationId === null ? t('Choose an application first') : t('All modules'), modules)}
        value={filters.moduleId}
        disabled={filters.applicationId === null}
        onChange={(value) => onChange({ ...filters, moduleId: value === null ? null : Number(value) })}
      />
      <div className="events-filters__sla">
        <span className="events-filters__label" id="events-sla-label">
          {t('SLA compliance')}
        </span>
        <Button
          aria-describedby="events-sla-label"
          className="events-filters__sla-button"
          onClick={() => onChange({ ...filters, sla: nextSlaFilter(filters.sla) })}
        >
          {slaFilterLabel(filters.sla)}
        </Button>
      </div>
      <NativeSelectField
        label={t('Status')}
        name="status"
        options={translated(EVENT_STATUS_OPTIONS)}
        value={filters.status}
        onChange={(value) => onChange({ ...filters, status: (value as EventStatusValue | null) ?? null })}
      />
      <NativeSelectField
        label={t('Maintenance')}
        name="maintenance"
        options={translated(MAINTENANCE_FILTER_OPTIONS)}
        value={filters.maintenance}
        onChange={(value) => onChange({ ...filters, maintenance: value === 'Y' || value === 'N' ? value : null })}
      />
      <TextField
        label={t('Created from')}
        name="from"
        type="date"
        max={filters.to ?? today}
        value={filters.from ?? ''}
        onValueChange={(value) =>
          onChange({
            ...filters,
            from: value && value <= today ? value : null,
            to: filters.to && value && filters.to < value ? null : filters.to,
          })
        }
      />
      <TextField
        label={t('Created to')}
        name="to"
        type="date"
        min={filters.from ?? undefined}
        max={today}
        value={filters.to ?? ''}
        onValueChange={(value) =>
          onChange({
            ...filters,
            to: value && value <= today && (!filters.from || value >= filters.from) ? value : null,
          })
        }
      />
      <Button
        variant="ghost"
        icon={<Icon name="close" size={16} />}
        disabled={!isFiltered}
        onClick={() => onChange(NO_FILTERS)}
        className="events-filters__clear"
      >
        {t('Clear filters')}
      </Button>
    </FilterPanel>
  );
}
