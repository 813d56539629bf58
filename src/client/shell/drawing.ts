/**
 * What one drawing of a page on the server reads (src/client/entry-server.tsx): the college's
 * configuration, the session, the moment it is drawn at and its own query cache, given to the tree
 * through React context, so drawings in one process share nothing and need not wait on each other.
 * In the browser there is no drawing: the stores are the page's own (config-context.tsx,
 * session.tsx, clock.ts, query-client.tsx), one per page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/schemas/college';
import type { MeResponse } from '../../shared/schemas/me';
import type { Clock } from './clock';

export interface Drawing {
  config: PublicConfig;
  me: MeResponse;
  /** The moment of the drawing, in UTC: dates are written from it (clock.ts). */
  clock: Clock;
  queryClient: QueryClient;
  /** The document's title the page set as it was drawn (use-page-title.ts). */
  title?: string;
}

export const DrawingContext = createContext<Drawing | undefined>(undefined);

/** The server's drawing this tree is, or undefined in the browser. */
export function useDrawing(): Drawing | undefined {
  return useContext(DrawingContext);
}
