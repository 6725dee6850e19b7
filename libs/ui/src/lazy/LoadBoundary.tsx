import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '../alert/Alert';
import { Button } from '../button/Button';
import { uiText } from '../text/ui-text';

export interface LoadBoundaryProps {
  children: ReactNode;
  /** when it changes (the next location), the children get another chance */
  resetKey: string;
  /** called once per failure (the app logs it) */
  onError?: (error: unknown) => void;
}

interface State {
  failed: boolean;
  key: string;
}

/**
 * Where a screen's code could not be loaded (the network dropped, or a new version of the app
 * replaced the files the page was built from): a message and a way to load the page again,
 * instead of a blank page. Another location tries again.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: LoadBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError?.(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="rl-page-spinner">
        <Alert variant="error" title={uiText('This page could not be loaded')}>
          <p>{uiText('The connection may have dropped, or a new version of Relevo was installed meanwhile.')}</p>
          <Button onClick={() => window.location.reload()}>{uiText('Reload the page')}</Button>
        </Alert>
      </div>
    );
  }
}
