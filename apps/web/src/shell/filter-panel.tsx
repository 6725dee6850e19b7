import { Button, Icon } from '@relevo/ui';
import { useId, useState, type ReactNode } from 'react';
import { numberText, t } from './i18n';
import './filter-bar.css';

export interface FilterPanelProps {
  /** the filters' accessible name ("Event filters") */
  label: string;
  /** how many filters are set: the button shows it while the panel is folded */
  active?: number;
  /** the fields and the Clear button */
  children: ReactNode;
}

/**
 * The filters above a list (the Events and Audit screens), as a `.filter-bar` group. On a wide
 * screen they show as they are; where the menu is folded too (768 px or less) they fold into a
 * panel that a "Filters" button opens and closes (aria-expanded, aria-controls), with the number
 * of filters set on the button so a narrowed list does not pass for the whole one.
 */
export function FilterPanel({ label, active = 0, children }: FilterPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="filter-panel" data-open={open}>
      <Button
        className="filter-panel__toggle"
        aria-expanded={open}
        aria-controls={id}
        icon={<Icon name={open ? 'chevron-up' : 'chevron-down'} size={16} />}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('Filters')}
        {active > 0 ? (
          <>
            <span className="filter-panel__count" aria-hidden="true">
              {numberText(active)}
            </span>
            <span className="rl-visually-hidden">
              {t('{count, plural, one {# filter set} other {# filters set}}', { count: active })}
            </span>
          </>
        ) : null}
      </Button>
      <div id={id} className="filter-bar" role="group" aria-label={label}>
        {children}
      </div>
    </div>
  );
}
