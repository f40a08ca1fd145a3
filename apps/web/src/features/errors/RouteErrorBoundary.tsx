import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage.tsx';

interface Props {
  /** A new key (the next page's path) clears the error and renders the children again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** The key the state was last seen with. */
  key: string;
}

/**
 * Shows RouteErrorPage instead of the app when rendering a page throws, or its chunk cannot be fetched (an
 * address opened after a release, a lost connection). Going to another page tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
