import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

export interface TabItem {
  /** unique key, also the tab's text unless `label` is given */
  id: string;
  label?: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  /** accessible name of the tab list */
  label: string;
  tabs: TabItem[];
  /** the shown tab's id */
  value: string;
  onValueChange: (id: string) => void;
}

/**
 * WAI-ARIA tabs: a tablist of buttons and the shown panel. Arrow keys move between tabs (and show
 * them), Home and End go to the first and last; only the shown tab is in the Tab order.
 */
export function Tabs({ label, tabs, value, onValueChange }: TabsProps) {
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === value),
  );
  const shown = tabs[index];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onValueChange(tab.id);
    buttons.current[next]?.focus();
  };

  return (
    <div className="rl-tabs">
      <div role="tablist" aria-label={label} className="rl-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, position) => {
          const selected = position === index;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[position] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${position}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'rl-tabs__tab rl-tabs__tab--selected' : 'rl-tabs__tab'}
              onClick={() => onValueChange(tab.id)}
            >
              {tab.label ?? tab.id}
            </button>
          );
        })}
      </div>
      {shown ? (
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${index}`}
          tabIndex={0}
          className="rl-tabs__panel"
        >
          {shown.content}
        </div>
      ) : null}
    </div>
  );
}
