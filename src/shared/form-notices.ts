/**
 * What a page says after one of its plain forms was answered by the server (form-posts.ts): the
 * redirect names a code, never words, so a link made elsewhere cannot make a page of ours say
 * anything but these. The words are the spec's where it has them (docs/product-spec.md, section 8).
 * A refusal whose code is not here is told with its form's own failure.
 */
import { accountMessages } from './account-messages';
import { agreementMessages as am, CLAUSE_MAX_LENGTH } from './agreement-signatures';
import { conversationMessages } from './conversation-messages';
import { AGREEMENT_MAX_VERSIONS, limitMessages, STUDENT_LIMITS } from './limits';
import { messages } from './messages';
import { moderationMessages, REPORT_DETAILS_MAX_LENGTH } from './moderation';
import { PING_MESSAGE_MAX_LENGTH } from './options';
import { pingMessages } from './ping-messages';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX, savedSearchMessages } from './saved-searches';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schemas/auth-constants';
import { groupMessages } from './schemas/groups';

export interface FormNotice {
  tone: 'success' | 'error';
  title?: string;
  message: string;
}

export const FORM_NOTICES = {
  BOOKMARK_UNSIGNED: { tone: 'error', message: messages.bookmark.unsigned },
  BOOKMARK_FAILED: { tone: 'error', message: messages.bookmark.failed },
  OWN_POSTING: { tone: 'error', message: messages.bookmark.ownPost },
  POSTING_GONE: { tone: 'error', message: messages.api.postingGone },
  SIGN_IN_FIRST: { tone: 'error', ...messages.api.unauthorized },
  EMAIL_NOT_VERIFIED: { tone: 'error', ...messages.auth.notVerified },
  TERMS_NOT_ACCEPTED: {
    tone: 'error',
    title: 'Terms & Conditions',
    message: 'You must accept the Terms & Conditions to continue.',
  },
  RATE_LIMITED: { tone: 'error', ...messages.api.rateLimited },
  PING_UNSIGNED: { tone: 'error', ...pingMessages.unsigned },
  PING_SENT: { tone: 'success', title: pingMessages.sent, message: pingMessages.sentDetail },
  PING_OWN_POST: { tone: 'error', ...pingMessages.ownPost },
  POSTING_FULFILLED: { tone: 'error', ...pingMessages.fulfilled },
  PING_SENDER_BLOCKED: { tone: 'error', ...pingMessages.youBlocked },
  PING_ALREADY_PENDING: { tone: 'error', ...pingMessages.alreadyPending },
  PING_MESSAGE_TOO_LONG: {
    tone: 'error',
    title: pingMessages.failed,
    message: pingMessages.messageTooLong(PING_MESSAGE_MAX_LENGTH),
  },
  PING_FAILED: { tone: 'error', title: pingMessages.failed, message: pingMessages.tryAgain },
  PING_ANSWERED: { tone: 'success', message: 'Your answer is saved. We e-mailed the student to let them know.' },
  PING_ALREADY_ANSWERED: {
    tone: 'error',
    title: pingMessages.alreadyAnsweredTitle,
    message: 'This ping has already been answered.',
  },
  NOT_POSTING_ADMIN: { tone: 'error', message: pingMessages.notAdmin },
  PING_NOT_FOUND: { tone: 'error', ...pingMessages.notFound },
  PING_ANSWER_FAILED: { tone: 'error', message: pingMessages.answerFailed },
  MESSAGE_EMPTY: { tone: 'error', title: conversationMessages.sendFailedTitle, message: conversationMessages.empty },
  MESSAGE_TOO_LONG: {
    tone: 'error',
    title: conversationMessages.sendFailedTitle,
    message: conversationMessages.tooLong,
  },
  WAIT_FOR_GROUP: {
    tone: 'error',
    title: conversationMessages.sendFailedTitle,
    message: conversationMessages.waitForGroup,
  },
  CONVERSATION_CLOSED: {
    tone: 'error',
    title: conversationMessages.sendFailedTitle,
    message: conversationMessages.closed.unavailable,
  },
  CONVERSATION_NOT_FOUND: { tone: 'error', ...conversationMessages.notFound },
  POSTING_UNSIGNED: { tone: 'error', ...messages.submit.notSignedIn },
  MESSAGE_FAILED: { tone: 'error', title: conversationMessages.sendFailedTitle, message: pingMessages.tryAgain },
  REPORT_SENT: { tone: 'success', title: 'Report Sent', message: moderationMessages.reported },
  REPORT_OWN_POSTING: {
    tone: 'error',
    title: moderationMessages.reportFailedTitle,
    message: moderationMessages.ownPosting,
  },
  ALREADY_REPORTED: {
    tone: 'error',
    title: moderationMessages.reportFailedTitle,
    message: moderationMessages.alreadyReported,
  },
  REPORT_REASON_MISSING: {
    tone: 'error',
    title: moderationMessages.reportFailedTitle,
    message: moderationMessages.reasonMissing,
  },
  REPORT_DETAILS_TOO_LONG: {
    tone: 'error',
    title: moderationMessages.reportFailedTitle,
    message: `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters.`,
  },
  REPORT_FAILED: { tone: 'error', title: moderationMessages.reportFailedTitle, message: pingMessages.tryAgain },
  STATUS_UPDATED: { tone: 'success', message: messages.status.updated },
  STATUS_UNSIGNED: {
    tone: 'error',
    title: messages.status.failed.title,
    message: messages.postingAccess.statusUnsigned,
  },
  STATUS_INVALID: { tone: 'error', title: messages.status.failed.title, message: messages.postingAccess.badStatus },
  STATUS_FAILED: { tone: 'error', ...messages.status.failed },
  POSTING_ADMIN_ONLY: { tone: 'error', title: messages.api.forbidden.title, message: messages.postingAccess.notAdmin },
  DELETE_UNSIGNED: { tone: 'error', title: 'Delete Failed', message: messages.deletePosting.unsigned },
  DELETE_FAILED: { tone: 'error', title: 'Delete Failed', message: messages.deletePosting.failed },
  POSTING_DELETED: { tone: 'success', message: messages.deletePosting.done },
  SEARCH_SAVED: { tone: 'success', message: savedSearchMessages.savedWithoutName },
  TOO_MANY_SAVED_SEARCHES: {
    tone: 'error',
    title: savedSearchMessages.failedTitle,
    message: savedSearchMessages.tooMany(SAVED_SEARCHES_MAX),
  },
  SAVE_SEARCH_FAILED: { tone: 'error', title: savedSearchMessages.failedTitle, message: pingMessages.tryAgain },
  PASSWORD_CHANGED: { tone: 'success', message: accountMessages.passwordChanged },
  CURRENT_PASSWORD_REQUIRED: { tone: 'error', message: accountMessages.currentPasswordRequired },
  CURRENT_PASSWORD_WRONG: { tone: 'error', message: accountMessages.currentPasswordWrong },
  NEW_PASSWORD_TOO_SHORT: { tone: 'error', message: messages.auth.passwordTooShort(PASSWORD_MIN_LENGTH) },
  NEW_PASSWORD_TOO_LONG: { tone: 'error', message: messages.auth.passwordTooLong(PASSWORD_MAX_LENGTH) },
  NEW_PASSWORDS_DIFFER: { tone: 'error', message: messages.auth.passwordsDiffer },
  PASSWORD_UNCHANGED: { tone: 'error', message: accountMessages.passwordUnchanged },
  ACCOUNT_DELETED: { tone: 'success', message: accountMessages.deleted },
  DELETE_CONFIRM_MISMATCH: {
    tone: 'error',
    title: accountMessages.deleteConfirmTitle,
    message: accountMessages.deleteConfirmMismatch,
  },
  ACCOUNT_DELETE_FAILED: { tone: 'error', message: accountMessages.deleteFailed },
  CLAUSE_SAVED: { tone: 'success', message: am.clauseSaved },
  SIGNATURES_CLEARED: { tone: 'success', title: am.clauseSaved, message: am.signaturesCleared },
  AGREEMENT_SIGNED: { tone: 'success', message: am.signed },
  AGREEMENT_CHANGED: { tone: 'error', title: am.failedTitle, message: am.changedSinceOpened },
  CLAUSE_NOT_FOUND: { tone: 'error', title: am.failedTitle, message: am.clauseNotFound },
  CLAUSE_EMPTY: { tone: 'error', title: am.failedTitle, message: am.clauseEmpty },
  CLAUSE_TOO_LONG: { tone: 'error', title: am.failedTitle, message: am.clauseTooLong(CLAUSE_MAX_LENGTH) },
  CONFIRMATION_REQUIRED: { tone: 'error', title: am.notSignedTitle, message: am.confirmToSign },
  NAME_MISMATCH: { tone: 'error', title: am.notSignedTitle, message: am.nameMismatch },
  ALREADY_SIGNED: { tone: 'error', title: am.notSignedTitle, message: am.alreadySigned },
  AGREEMENT_RATE_LIMITED: {
    tone: 'error',
    title: STUDENT_LIMITS.agreementEdits.title,
    message: STUDENT_LIMITS.agreementEdits.message(STUDENT_LIMITS.agreementEdits.max),
  },
  AGREEMENT_VERSIONS_FULL: {
    tone: 'error',
    title: limitMessages.agreementVersions.title,
    message: limitMessages.agreementVersions.message(AGREEMENT_MAX_VERSIONS),
  },
  AGREEMENT_FAILED: { tone: 'error', title: am.failedTitle, message: pingMessages.tryAgain },
  // The profile's other sections (saved searches, groups, sharing, messages) as forms.
  SEARCH_DELETED: { tone: 'success', message: 'The saved search is deleted.' },
  SAVED_SEARCH_NOT_FOUND: {
    tone: 'error',
    title: savedSearchMessages.failedTitle,
    message: 'That saved search is not there any more.',
  },
  ALERT_UPDATED: { tone: 'success', message: savedSearchMessages.alertUpdated },
  SEARCH_UPDATED: { tone: 'success', message: 'The saved search is changed.' },
  SAVED_SEARCH_NAME_REQUIRED: {
    tone: 'error',
    title: savedSearchMessages.failedTitle,
    message: savedSearchMessages.nameRequired,
  },
  SAVED_SEARCH_NAME_TOO_LONG: {
    tone: 'error',
    title: savedSearchMessages.failedTitle,
    message: savedSearchMessages.nameTooLong(SAVED_SEARCH_NAME_MAX),
  },
  SAVED_SEARCH_BAD_ALERT: {
    tone: 'error',
    title: savedSearchMessages.failedTitle,
    message: savedSearchMessages.badAlert,
  },
  INVITATION_JOINED: {
    tone: 'success',
    title: 'You joined the group',
    message: 'You are now a member of the group. Choose what you share with your groups on your profile.',
  },
  INVITATION_DECLINED: { tone: 'success', message: 'Invitation declined. You were not added to the group.' },
  INVITATION_NOT_FOUND: {
    tone: 'error',
    title: groupMessages.invitationTitle,
    message: groupMessages.invitationNotFound,
  },
  INVITATION_USED: { tone: 'error', title: groupMessages.invitationTitle, message: groupMessages.invitationUsed },
  INVITATION_EXPIRED: { tone: 'error', title: groupMessages.invitationTitle, message: groupMessages.invitationExpired },
  INVITATION_WITHDRAWN: {
    tone: 'error',
    title: groupMessages.invitationTitle,
    message: groupMessages.invitationWithdrawn,
  },
  INVITATION_OTHER_ACCOUNT: {
    tone: 'error',
    title: groupMessages.invitationTitle,
    message: groupMessages.invitationOtherAccount,
  },
  GROUP_LEFT: { tone: 'success', message: 'You left the group.' },
  ADMIN_CANNOT_LEAVE: { tone: 'error', title: groupMessages.failedTitle, message: groupMessages.adminCannotLeave },
  NOT_A_MEMBER: { tone: 'error', title: groupMessages.failedTitle, message: groupMessages.notAMember },
  GROUP_NOT_CHANGED: { tone: 'error', title: groupMessages.failedTitle, message: pingMessages.tryAgain },
  SHARING_SAVED: { tone: 'success', message: 'Saved. The members of your groups now see only what you turned on.' },
  SHARING_FAILED: {
    tone: 'error',
    title: groupMessages.sharingTitle,
    message:
      'Check the details you share: a valid phone number and Instagram handle, and a gender described for Other.',
  },
  UNREAD_EMAIL_ON: { tone: 'success', message: 'E-mails about unread messages are on.' },
  UNREAD_EMAIL_OFF: { tone: 'success', message: 'E-mails about unread messages are off.' },
  STUDENT_UNBLOCKED: { tone: 'success', message: conversationMessages.unblocked },
  UNBLOCK_FAILED: { tone: 'error', title: conversationMessages.blockTitle, message: pingMessages.tryAgain },
  SETTINGS_FAILED: { tone: 'error', title: conversationMessages.settingsTitle, message: pingMessages.tryAgain },
} as const satisfies Record<string, FormNotice>;

export type FormNoticeCode = keyof typeof FORM_NOTICES;

export function isFormNoticeCode(code: unknown): code is FormNoticeCode {
  return typeof code === 'string' && Object.hasOwn(FORM_NOTICES, code);
}
