/** The lifestyle answers' addresses and the fits they give. */
import { apiPaths } from '../api-paths';
import type { FitView, MyLifestyle } from '../schemas/lifestyle';
import { del, enc, get, put } from './call';

export const lifestyleApi = {
  mine: () => get<MyLifestyle>(apiPaths.myLifestyle),
  /** Body: { answers }. */
  save: () => put<MyLifestyle>(apiPaths.myLifestyle),
  remove: () => del<{ deleted: boolean }>(apiPaths.myLifestyle),
  postingFit: (postingId: string) => get<FitView>(`/api/postings/${enc(postingId)}/fit`),
  pingFit: (pingId: string) => get<FitView>(`/api/pings/${enc(pingId)}/fit`),
} as const;
