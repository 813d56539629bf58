import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { messages } from '../../shared/messages';
import type { PublicConfig } from '../../shared/schemas/college';
import { apiFetch } from '../api/client';

const ConfigContext = createContext<PublicConfig | null>(null);

/** Loads the college's public configuration once; nothing renders before it is known. */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const query = useQuery({
    queryKey: ['config'],
    queryFn: () => apiFetch<PublicConfig>('/api/config'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 3,
  });

  useEffect(() => {
    const theme = query.data?.theme;
    if (!theme) return;
    const root = document.documentElement.style;
    root.setProperty('--color-primary', theme.primary);
    root.setProperty('--color-primary-dark', theme.primaryDark);
    root.setProperty('--color-accent', theme.accent);
    root.setProperty('--color-on-primary', theme.onPrimary);
  }, [query.data]);

  if (query.data) return <ConfigContext.Provider value={query.data}>{children}</ConfigContext.Provider>;
  if (query.isError) {
    return (
      <main className="app-status" role="alert">
        <h1>{messages.api.unavailable.title}</h1>
        <p>{messages.api.unavailable.message}</p>
        <button type="button" onClick={() => void query.refetch()}>
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
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useCollege must be used inside ConfigProvider');
  return config;
}
