import { useRef, type ReactNode, type TouchEvent } from 'react';
import { swipeDirection, type Point } from '../app-shell/gestures';
import { uiText } from '../text/ui-text';
import './Sidebar.css';

export interface NavEntry {
  key: string;
  label: string;
  href: string;
  icon?: ReactNode;
  active?: boolean;
}

export interface LinkRenderProps {
  href: string;
  className: string;
  children: ReactNode;
  'aria-current'?: 'page';
  'aria-label'?: string;
  title?: string;
  onClick?: () => void;
}

/** lets the app use its router's link without this library depending on a router */
export type RenderLink = (props: LinkRenderProps) => ReactNode;

export const defaultRenderLink: RenderLink = ({ children, ...props }) => <a {...props}>{children}</a>;

export interface SidebarProps {
  id: string;
  entries: readonly NavEntry[];
  brand: ReactNode;
  /** desktop: a narrow rail of icons that widens while hovered or focused */
  collapsed: boolean;
  /** narrow screens: the sidebar is an overlay, shown only while open */
  open: boolean;
  onNavigate?: () => void;
  onSwipe?: (direction: 'left' | 'right') => void;
  renderLink?: RenderLink;
  label?: string;
}

export function Sidebar({
  id,
  entries,
  brand,
  collapsed,
  open,
  onNavigate,
  onSwipe,
  renderLink = defaultRenderLink,
  label,
}: SidebarProps) {
  const start = useRef<Point | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!start.current || !touch) return;
    const direction = swipeDirection(start.current, { x: touch.clientX, y: touch.clientY });
    start.current = null;
    if (direction) onSwipe?.(direction);
  };
  return (
    <aside
      id={id}
      className="rl-sidebar"
      data-collapsed={collapsed}
      data-open={open}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="rl-sidebar__brand">{brand}</div>
      <nav aria-label={label ?? uiText('Main menu')} className="rl-sidebar__nav">
        <ul className="rl-sidebar__list">
          {entries.map((entry) => (
            <li key={entry.key}>
              {renderLink({
                href: entry.href,
                className: ['rl-sidebar__link', entry.active && 'rl-sidebar__link--active'].filter(Boolean).join(' '),
                ...(entry.active ? { 'aria-current': 'page' as const } : {}),
                title: entry.label,
                onClick: onNavigate,
                children: (
                  <>
                    <span className="rl-sidebar__icon" aria-hidden="true">
                      {entry.icon}
                    </span>
                    <span className="rl-sidebar__label">{entry.label}</span>
                  </>
                ),
              })}
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
