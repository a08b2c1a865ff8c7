import { Component, type ReactNode } from 'react';

type Props = { resetKey: string; children: ReactNode };
type State = { error: unknown; resetKey: string };

/** Keeps a failing screen (a chunk that did not load, a render error) from taking the header down. */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating elsewhere gives the next screen a fresh start.
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Screen failed:', error);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <section className="screen screen-error" role="alert">
        <h1>This page failed to load</h1>
        <p>It may have been updated since you opened the app. Reloading usually fixes it.</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}
