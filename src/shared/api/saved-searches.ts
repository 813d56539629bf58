/** The saved searches' addresses, and their e-mails' unsubscribe link. */
import type { SavedSearchView, UnsubscribeView } from '../schemas/saved-search';
import { del, enc, get, patch, post } from './call';

const unsubscribe = (id: string, token: string) => `/api/saved-searches/unsubscribe?id=${enc(id)}&token=${enc(token)}`;

export const savedSearchesApi = {
  list: () => get<{ items: SavedSearchView[] }>('/api/saved-searches'),
  /** Body: { name, filters, alert }. */
  create: () => post<SavedSearchView>('/api/saved-searches'),
  /** Body: { name?, alert? }. */
  update: (id: string) => patch<SavedSearchView>(`/api/saved-searches/${enc(id)}`),
  /** Answers 204, no body. */
  remove: (id: string) => del<null>(`/api/saved-searches/${enc(id)}`),
  /** What an unsubscribe link is about; changes nothing. */
  describeUnsubscribe: (id: string, token: string) => get<UnsubscribeView>(unsubscribe(id, token)),
  unsubscribe: (id: string, token: string) => post<UnsubscribeView>(unsubscribe(id, token)),
} as const;
