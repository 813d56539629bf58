/** The pings' addresses: send one, the inbox and outbox, answer one, the navbar's count. */

import { apiPaths } from '../api-paths';
import type { PingPage, ReceivedPing, SentPing } from '../schemas/ping';
import type { CountAnswer } from '../schemas/ping-answers';
import { enc, get, patch, post } from './call';

export const pingsApi = {
  /** Body: { message }. */
  send: (postingId: string) => post<SentPing>(`/api/postings/${enc(postingId)}/pings`),
  received: (cursor?: string | null) => get<PingPage<ReceivedPing>>(apiPaths.pings('received', cursor)),
  sent: (cursor?: string | null) => get<PingPage<SentPing>>(apiPaths.pings('sent', cursor)),
  /** The admin accepts or declines. Body: { status }. */
  answer: (id: string) => patch<ReceivedPing>(`/api/pings/${enc(id)}`),
  awaitingCount: () => get<CountAnswer>(apiPaths.awaitingCount),
} as const;
