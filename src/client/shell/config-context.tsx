import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { messages } from '../../shared/first-load-messages';
import type { PublicConfig } from '../../shared/schemas/college';
import { api } from '../api/client';
import { useDrawing } from './drawing';

type ConfigState = { status: 'loading' } | { status: 'ready'; config: PublicConfig } | { status: 'error' };

// The college's public configuration never changes while a page is open: read once, kept here
// (not in TanStack Query, so the sign-in page paints without it; decision 0009).
let state: ConfigState = { status: 'loading' };
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: ConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

function applyTheme(theme: PublicConfig['theme']): void {
  const root = document.documentElement.style;
  root.setProperty('--color-primary', theme.primary);
  root.setProperty('--color-primary-dark', theme.primaryDark);
  root.setProperty('--color-accent', theme.accent);
  root.setProperty('--color-on-primary', theme.onPrimary);
}

/** GET /api/config with up to three retries; starts at most one load at a time. */
export function loadConfig(): Promise<void> {
  loading ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const config = await api.get('/api/config');
        applyTheme(config.theme);
        setState({ status: 'ready', config });
        return;
      } catch {
        if (attempt >= 3) {
          setState({ status: 'error' });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt)); // 1, 2, 4 s
      }
    }
  })().finally(() => {
    loading = null;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

/**
 * The configuration as this tree reads it: on the server the drawing's own (drawing.ts), in the
 * browser the page's store, also while it takes a drawn page over.
 */
function useConfigState(): ConfigState {
  const config = useDrawing()?.config;
  const stored = useSyncExternalStore(subscribe, snapshot, snapshot);
  return config ? { status: 'ready', config } : stored;
}

/** Loads the college's public configuration once; nothing renders before it is known. */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const current = useConfigState();
  useEffect(() => {
    if (state.status === 'loading') void loadConfig();
  }, []);
  if (current.status === 'ready') return children;
  if (current.status === 'error') {
    return (
      <main className="app-status" role="alert">
        <h1>{messages.api.unavailable.title}</h1>
        <p>{messages.api.unavailable.message}</p>
        <button
          type="button"
          onClick={() => {
            setState({ status: 'loading' });
            void loadConfig();
          }}
        >
          Try again
        </button>
      </main>
    );
  }
  return (
    <p className="app-status" role="status">
      {messages.loading}
    </p>
  );
}

export function useCollege(): PublicConfig {
  const current = useConfigState();
  if (current.status !== 'ready') throw new Error('useCollege must be used inside ConfigProvider');
  return current.config;
}
