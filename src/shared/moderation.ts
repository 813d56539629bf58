/** What students and moderators are told (not in the catalogue of docs/product-spec.md; kept out of messages.ts). */
export const moderationMessages = {
  reportFailedTitle: 'Report Not Sent',
  alreadyReported: 'You have already reported this posting. A moderator will look at it.',
  ownPosting: 'You cannot report your own posting.',
  reported: 'Thank you. Your report was sent to the moderators.',
  notModerator: 'Only moderators can open the moderation queue.',
  reasonRequired: 'Please say why, in a few words.',
  reasonMissing: 'Please choose a reason for the report.',
  cannotSuspendModerator: "A moderator's account cannot be suspended.",
  hiddenNotice: (reason: string) =>
    `This posting is hidden from other students. Reason: ${reason} Edit the posting to appeal: a moderator will review it.`,
  appealPending: 'You edited this posting: a moderator will review it and can show it again.',
  autoHiddenReason: 'Several students reported this posting. It is hidden until a moderator has looked at it.',
  suspendedReason: "Its admin's account was suspended.",
};

export const REPORT_REASONS = ['scam', 'inappropriate', 'wrong-info', 'filled', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fake',
  inappropriate: 'Inappropriate content',
  'wrong-info': 'Wrong information',
  filled: 'Already filled',
  other: 'Other',
};
export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const MODERATION_REASON_MAX_LENGTH = 1000;
/**
 * Reports from this many different students hide a posting until a moderator looks, counting only
 * students whose accounts were AUTO_HIDE_MIN_ACCOUNT_AGE_HOURS old when they reported (decision
 * 0022): three accounts made a minute ago cannot hide anyone's posting; their reports still reach
 * the moderators' queue.
 */
export const AUTO_HIDE_REPORTERS = 3;
export const AUTO_HIDE_MIN_ACCOUNT_AGE_HOURS = 24;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number] | 'auto-hide';
export const MODERATION_ACTION_LABELS: Record<ModerationActionKind, string> = {
  dismiss: 'Dismissed the reports',
  hide: 'Hid the posting',
  suspend: 'Suspended the account',
  'auto-hide': 'Hidden automatically',
};

// What the API answers about moderation: the types of the schemas its routes declare.
export type { AuditEntry, QueueItem, QueueReport } from './schemas/moderation-answers';
export type { PostingModerationView } from './schemas/posting-answers';
