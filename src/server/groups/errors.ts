/** The errors the groups feature answers with, in the words of docs/product-spec.md (shared/schemas/groups.ts). */

import { messages } from '../../shared/messages';
import { groupMessages } from '../../shared/schemas/groups';
import { AppError, errors } from '../http/errors';
import type * as q from './queries';

const invitationError = (status: number, code: string, message: string) =>
  new AppError(status, code, groupMessages.invitationTitle, message);
export const groupError = (status: number, code: string, message: string) =>
  new AppError(status, code, groupMessages.failedTitle, message);

export const invitationNotFound = () => invitationError(404, 'INVITATION_NOT_FOUND', groupMessages.invitationNotFound);
export const invitationUsed = () => invitationError(410, 'INVITATION_USED', groupMessages.invitationUsed);
export const invitationExpired = () => invitationError(410, 'INVITATION_EXPIRED', groupMessages.invitationExpired);
export const invitationWithdrawn = () =>
  invitationError(410, 'INVITATION_WITHDRAWN', groupMessages.invitationWithdrawn);
export const invitationOtherAccount = () =>
  invitationError(403, 'INVITATION_OTHER_ACCOUNT', groupMessages.invitationOtherAccount);
export const postingNotFound = () =>
  errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
export const onlyAdmin = () => groupError(403, 'NOT_GROUP_ADMIN', groupMessages.onlyAdmin);
export const memberNotFound = () => groupError(404, 'MEMBER_NOT_FOUND', groupMessages.memberNotFound);
export const alreadyJoined = () => groupError(409, 'MEMBER_ALREADY_JOINED', groupMessages.memberAlreadyJoined);
export const notJoined = () => groupError(409, 'MEMBER_NOT_JOINED', groupMessages.notJoined);

/** Why a spent link stopped working, as the student is told. */
export function spentError(reason: q.MemberRow['spentReason']): AppError {
  if (reason === 'joined' || reason === 'declined') return invitationUsed();
  if (reason === 'withdrawn') return invitationWithdrawn();
  return invitationNotFound();
}

export function submissionFailed(details: string[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', messages.submit.failedTitle, details.join('\n'), details);
}
