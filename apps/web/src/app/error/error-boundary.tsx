import { Component, type ErrorInfo, type ReactNode } from "react";

type ErrorBoundaryProps = {
  children: ReactNode;
  /** Shown instead of the children once an error has been caught. */
  fallback: ReactNode;
  /**
   * The owner's view of whether an error is being shown. The boundary reverts to its children only when
   * this goes from true to false (the spec's reset rule); any other change leaves the fallback up.
   */
  hasError: boolean;
  onError: (error: unknown, info: ErrorInfo) => void;
};

type ErrorBoundaryState = { hasError: boolean };

/** Catches uncaught render errors below it and shows the fallback until its owner resets it. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError(error, info);
  }

  override componentDidUpdate(previousProps: ErrorBoundaryProps): void {
    if (this.state.hasError && previousProps.hasError && !this.props.hasError) {
      this.setState({ hasError: false });
    }
  }

  override render(): ReactNode {
    return this.state.hasError ? this.props.fallback : this.props.children;
  }
}
