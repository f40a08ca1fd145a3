import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage.tsx';

interface Props {
  /** A new key (the next page's path) clears the error and renders the children again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/**
 * Shows RouteErrorPage instead of the app when rendering a page throws, or its chunk cannot be fetched (an
 * address opened after a release, a lost connection). Going to another page tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorPage />;
  }
}
