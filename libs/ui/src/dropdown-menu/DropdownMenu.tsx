import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import './DropdownMenu.css';

export interface DropdownMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}

export interface DropdownMenuProps {
  /** one focusable element, usually an IconButton or a Button */
  trigger: ReactElement<TriggerProps>;
  items: readonly DropdownMenuItem[];
  /** a heading inside the menu (e.g. the signed-in user's name) */
  heading?: ReactNode;
  align?: 'start' | 'center' | 'end';
}

interface TriggerProps {
  id?: string;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

/**
 * A menu button (WAI-ARIA "menu button" pattern) in plain markup: the menu opens under its trigger,
 * arrow keys, Home and End move between the items, Enter or Space chooses one, Escape closes it and
 * gives focus back to the trigger, Tab or a click elsewhere closes it. A short menu in the header
 * needs no positioning engine nor focus trap, and every signed-in screen loads this one.
 */
export function DropdownMenu({ trigger, items, heading, align = 'end' }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  /** the item to focus when the menu opens: the first or, opened with ArrowUp, the last */
  const [entry, setEntry] = useState<'first' | 'last'>('first');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const rootRef = useRef<HTMLSpanElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const menuId = useId();

  const enabledItems = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []),
  ];
  const focusTrigger = () => rootRef.current?.querySelector<HTMLElement>(`[id="${CSS.escape(triggerId)}"]`)?.focus();
  const close = (returnFocus: boolean) => {
    setOpen(false);
    setHighlighted(null);
    if (returnFocus) focusTrigger();
  };

  // focus moves into the menu as it appears, before it is painted
  useLayoutEffect(() => {
    if (!open) return;
    const list = enabledItems();
    (entry === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open, entry]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // close only sets state and focuses the trigger by its id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const openWith = (from: 'first' | 'last') => {
    setEntry(from);
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    trigger.props.onKeyDown?.(event);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = enabledItems();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  const choose = (item: DropdownMenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  };

  return (
    <span className="rl-menu-root" ref={rootRef}>
      {cloneElement(trigger, {
        id: triggerId,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : undefined,
        onClick: () => {
          trigger.props.onClick?.();
          if (open) close(false);
          else openWith('first');
        },
        onKeyDown: onTriggerKeyDown,
      })}
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          className={`rl-menu rl-menu--${align}`}
          onKeyDown={onMenuKeyDown}
        >
          {heading ? (
            <>
              <div className="rl-menu__heading">{heading}</div>
              <div role="separator" className="rl-menu__separator" />
            </>
          ) : null}
          {items.map((item) => (
            <div
              key={item.key}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              data-disabled={item.disabled ? '' : undefined}
              data-highlighted={highlighted === item.key ? '' : undefined}
              className={`rl-menu__item rl-menu__item--${item.tone ?? 'default'}`}
              onFocus={() => setHighlighted(item.key)}
              onBlur={() => setHighlighted((current) => (current === item.key ? null : current))}
              onPointerMove={(event) => {
                if (!item.disabled && document.activeElement !== event.currentTarget) event.currentTarget.focus();
              }}
              onClick={() => choose(item)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(item);
                }
              }}
            >
              {item.icon ? <span className="rl-menu__icon">{item.icon}</span> : null}
              {item.label}
            </div>
          ))}
        </div>
      ) : null}
    </span>
  );
}
