import { Component, type ReactNode } from 'react';
import buttonStyles from './Button.module.css';

// Worded here, not in shared/messages.ts: not strings of docs/product-spec.md, and only needed when a page fails.
export const pageFailedText = {
  title: 'This page could not be shown',
  message: 'Its code or data did not arrive. Check your connection, then try again.',
  retry: 'Try again',
};

interface Props {
  children: ReactNode;
  /** How to retry: 'reloading' when it reloads the page (code that failed to load); else the children are drawn again. */
  onRetry: () => 'reloading' | 'redraw';
}

/**
 * Catches a page that throws while drawing, or whose code chunk failed to load, and shows a clear
 * message with a retry in its place instead of a blank page (React logs the error to the console).
 * It is in the first load of every page, so it is kept small: global styles, no module of its own.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-failed" role="alert">
        <h1>{pageFailedText.title}</h1>
        <p>{pageFailedText.message}</p>
        <button
          type="button"
          className={buttonStyles.button}
          onClick={() => this.props.onRetry() === 'reloading' || this.setState({ failed: false })}
        >
          {pageFailedText.retry}
        </button>
      </div>
    );
  }
}
