import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Header, type HeaderProps } from '../header/Header';
import { Sidebar, type NavEntry, type RenderLink } from '../sidebar/Sidebar';
import { EDGE_SWIPE_ZONE, NARROW_QUERY, swipeDirection, type Point } from './gestures';
import { useMediaQuery } from './use-media-query';
import { uiText } from '../text/ui-text';
import './AppShell.css';

export interface AppShellProps {
  brand: ReactNode;
  entries: readonly NavEntry[];
  renderLink?: RenderLink;
  header: Omit<HeaderProps, 'sidebarId' | 'sidebarExpanded' | 'onToggleSidebar' | 'children'>;
  /** shown in the header's middle */
  headerContent?: ReactNode;
  /** shown above the page content (the breadcrumb) */
  top?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
  /** start with the desktop sidebar as a rail */
  initiallyCollapsed?: boolean;
}

const SIDEBAR_ID = 'app-sidebar';

/**
 * The layout of docs/product.md#layout: sidebar, header, content and footer. Wide screens: the header toggles the
 * sidebar between full width and a rail that widens on hover; a swipe collapses or expands it.
 * 768 px or less: the sidebar is an overlay, closed by default, opened by the header or a swipe
 * from the left edge, closed by a swipe, the backdrop, Escape or choosing an entry.
 */
export function AppShell({
  brand,
  entries,
  renderLink,
  header,
  headerContent,
  top,
  footer,
  children,
  initiallyCollapsed = false,
}: AppShellProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const edgeStart = useRef<Point | null>(null);

  // docs/product.md#layout: the sidebar closes at widths of 768 or less
  useEffect(() => {
    if (narrow) setOverlayOpen(false);
  }, [narrow]);

  useEffect(() => {
    if (!narrow || !overlayOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOverlayOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [narrow, overlayOpen]);

  const expanded = narrow ? overlayOpen : !collapsed;
  const toggle = () => (narrow ? setOverlayOpen((open) => !open) : setCollapsed((rail) => !rail));
  const onSwipe = (direction: 'left' | 'right') => {
    if (narrow) setOverlayOpen(direction === 'right');
    else setCollapsed(direction === 'left');
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    edgeStart.current = touch && touch.clientX <= EDGE_SWIPE_ZONE ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!edgeStart.current || !touch) return;
    if (swipeDirection(edgeStart.current, { x: touch.clientX, y: touch.clientY }) === 'right') onSwipe('right');
    edgeStart.current = null;
  };

  return (
    <div className="rl-shell" data-collapsed={!narrow && collapsed} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <a className="rl-shell__skip" href="#main-content">
        {uiText('Skip to content')}
      </a>
      <Sidebar
        id={SIDEBAR_ID}
        entries={entries}
        brand={brand}
        collapsed={!narrow && collapsed}
        open={narrow && overlayOpen}
        onNavigate={() => narrow && setOverlayOpen(false)}
        onSwipe={onSwipe}
        renderLink={renderLink}
      />
      {narrow && overlayOpen ? (
        <div className="rl-shell__backdrop" aria-hidden="true" onClick={() => setOverlayOpen(false)} />
      ) : null}
      <div className="rl-shell__column">
        <Header
          sidebarId={SIDEBAR_ID}
          sidebarExpanded={expanded}
          onToggleSidebar={toggle}
          renderLink={renderLink}
          {...header}
        >
          {headerContent}
        </Header>
        <main id="main-content" className="rl-shell__main" tabIndex={-1}>
          {top ? <div className="rl-shell__top">{top}</div> : null}
          {children}
        </main>
        {footer}
      </div>
    </div>
  );
}
