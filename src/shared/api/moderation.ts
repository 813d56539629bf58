/** The moderation addresses: a student's report, and the moderators' queue, log and actions. */
import type { AuditEntry, MODERATION_ACTIONS, QueueItem } from '../moderation';
import type { ModerationDone, ReportAnswer } from '../schemas/moderation-answers';
import { enc, get, post } from './call';

export const moderationApi = {
  /** Body: { reason, details? }. */
  report: (postingId: string) => post<ReportAnswer>(`/api/postings/${enc(postingId)}/reports`),
  queue: () => get<{ items: QueueItem[] }>('/api/moderation/queue'),
  actions: () => get<{ items: AuditEntry[] }>('/api/moderation/actions'),
  /** Body: { reason }. */
  act: (postingId: string, action: (typeof MODERATION_ACTIONS)[number]) =>
    post<ModerationDone>(`/api/moderation/postings/${enc(postingId)}/${action}`),
} as const;
