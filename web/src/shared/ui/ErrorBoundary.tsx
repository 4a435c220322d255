import { Component, type ErrorInfo, type ReactNode } from "react";

interface ErrorBoundaryProps {
  /** What shows instead of the children once they threw while rendering (e.g. a query failed). */
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
  /** When any of these change, a shown fallback gives way to the children again (e.g. a new query reference). */
  resetKeys?: readonly unknown[];
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
  keys: readonly unknown[] | undefined;
}

/** Catches a failure in one part of a page (a section's data, a dialog's list) so the rest stays usable. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    const changed =
      props.resetKeys !== state.keys &&
      (props.resetKeys?.length !== state.keys?.length || props.resetKeys?.some((key, i) => !Object.is(key, state.keys?.[i])));
    return changed ? { error: null, keys: props.resetKeys } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
