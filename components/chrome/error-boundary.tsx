'use client';

import { usePathname } from 'next/navigation';
import { Component, type ReactNode } from 'react';

import { LazyErrorFallback } from './lazy-error-fallback';

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null; resetKey: string };

class Boundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating elsewhere gives the new page a fresh chance to render.
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error) {
    console.error(error);
  }

  render() {
    return this.state.error ? <LazyErrorFallback error={this.state.error} /> : this.props.children;
  }
}

/** Wraps a page so a failing client component shows the fallback panel instead of a blank screen. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary resetKey={usePathname()}>{children}</Boundary>;
}
