import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { IconButton } from '../button/Button';
import { Icon } from '../icon/Icon';
import { Spinner } from '../spinner/Spinner';
import { uiText } from '../text/ui-text';
import './Widget.css';

// the dialog (Radix's focus trap, scroll lock and layers) loads when a widget first goes full
// screen, not with every dashboard
const WidgetDialog = lazy(() => import('./WidgetDialog').then(({ WidgetDialog }) => ({ default: WidgetDialog })));

/** docs/product.md#dashboard: a widget is shown in place, collapsed to its header, or over the whole screen. */
export type WidgetDisplay = 'default' | 'collapse' | 'fullscreen';

/** What the widget's content is doing: loading it, showing it, or it could not be loaded. */
export type WidgetStatus = 'loading' | 'ready' | 'failed';

export interface WidgetProps {
  title: string;
  /** controls of the header besides collapse and full screen (a period choice) */
  controls?: ReactNode;
  status?: WidgetStatus;
  /** ready but with nothing to show: `emptyText` instead of the content */
  isEmpty?: boolean;
  emptyText?: string;
  failedText?: string;
  /**
   * What the content looks like while it loads, without its numbers (the same size): shown instead
   * of the spinner, so nothing below moves when the content arrives
   */
  placeholder?: ReactNode;
  /** the display state, when the caller keeps it; otherwise the widget keeps its own from `defaultDisplay` */
  display?: WidgetDisplay;
  defaultDisplay?: WidgetDisplay;
  onDisplayChange?: (display: WidgetDisplay) => void;
  className?: string;
  /** the content; a function gets whether it is drawn full screen (charts draw taller there) */
  children: ReactNode | ((fullscreen: boolean) => ReactNode);
}

/**
 * A dashboard widget (docs/product.md#dashboard): a card with its title, its controls, and buttons to collapse it
 * to its header and to show it full screen. Full screen is a modal dialog over the page (focus
 * stays inside, Escape or the button leaves it) while the card in place shows its header only.
 * Loading, failure and an empty answer have their own text, so a chart never draws nothing.
 */
export function Widget({
  title,
  controls,
  status = 'ready',
  isEmpty = false,
  emptyText,
  failedText,
  placeholder,
  display,
  defaultDisplay = 'default',
  onDisplayChange,
  className,
  children,
}: WidgetProps) {
  const [own, setOwn] = useState<WidgetDisplay>(defaultDisplay);
  const shown = display ?? own;
  const change = (next: WidgetDisplay) => {
    if (display === undefined) setOwn(next);
    onDisplayChange?.(next);
  };
  const bodyId = useId();
  const titleId = useId();
  const collapsed = shown === 'collapse';
  const fullscreen = shown === 'fullscreen';

  const loadingText = uiText('Loading {title}', { title });
  const loading = placeholder ? (
    <>
      <span role="status" className="rl-visually-hidden">
        {loadingText}
      </span>
      {placeholder}
    </>
  ) : (
    <div className="rl-widget__state">
      <Spinner label={loadingText} />
    </div>
  );

  const body = (inDialog: boolean) => (
    <div className="rl-widget__body" aria-busy={status === 'loading' || undefined}>
      {status === 'loading' ? (
        loading
      ) : status === 'failed' ? (
        <p className="rl-widget__state rl-widget__state--failed">{failedText ?? uiText('This could not be loaded.')}</p>
      ) : isEmpty ? (
        <p className="rl-widget__state">{emptyText ?? uiText('Nothing to show yet.')}</p>
      ) : (
        // a chart whose code is still on its way (charts/lazy-charts.ts) keeps the loading state
        <Suspense fallback={loading}>{typeof children === 'function' ? children(inDialog) : children}</Suspense>
      )}
    </div>
  );

  /** the header in place, or in the dialog with the dialog's title */
  const header = (dialogTitle?: ReactNode) => {
    const inDialog = dialogTitle !== undefined;
    return (
      <header className="rl-panel__bar rl-widget__header">
        {inDialog ? (
          dialogTitle
        ) : (
          <h2 className="rl-widget__title" id={titleId}>
            {title}
          </h2>
        )}
        <div className="rl-widget__controls">
          {controls}
          {inDialog ? null : (
            <IconButton
              size="sm"
              label={collapsed ? uiText('Expand {title}', { title }) : uiText('Collapse {title}', { title })}
              icon={<Icon name={collapsed ? 'chevron-down' : 'chevron-up'} size={16} />}
              aria-expanded={!collapsed && !fullscreen}
              aria-controls={bodyId}
              onClick={() => change(collapsed ? 'default' : 'collapse')}
            />
          )}
          <IconButton
            size="sm"
            label={
              fullscreen ? uiText('Exit full screen: {title}', { title }) : uiText('Full screen: {title}', { title })
            }
            icon={<Icon name={fullscreen ? 'minimize' : 'maximize'} size={16} />}
            onClick={() => change(fullscreen ? 'default' : 'fullscreen')}
          />
        </div>
      </header>
    );
  };

  return (
    <section
      className={['rl-panel', 'rl-widget', `rl-widget--${shown}`, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      {header()}
      <div id={bodyId} hidden={collapsed || fullscreen}>
        {collapsed || fullscreen ? null : body(false)}
      </div>
      {fullscreen ? (
        <Suspense fallback={null}>
          <WidgetDialog title={title} onClose={() => change('default')}>
            {(dialogTitle) => (
              <>
                {header(dialogTitle)}
                {body(true)}
              </>
            )}
          </WidgetDialog>
        </Suspense>
      ) : null}
    </section>
  );
}
