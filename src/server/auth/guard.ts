/**
 * One guard for every route (issue 31, item 5; decision 0042): it asks the shared vocabulary what
 * the viewer alone decides of the route's action (src/shared/authorization.ts) and refuses in the
 * API's words. What depends on the resource (the posting's group, the conversation) is asked of the
 * same `can` by the services, once they have read it.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Action, type Refusal, viewerRefusal } from '../../shared/authorization';
import { messages } from '../../shared/messages';
import { AppError, errors } from '../http/errors';

export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
export const TERMS_NOT_ACCEPTED = 'TERMS_NOT_ACCEPTED';

/** The words of a route's refusals where the spec has its own (else the API's). */
export interface GuardWords {
  /** For a visitor who is not signed in. */
  signedOut?: { message: string; title?: string };
  /** For a member who is not a moderator. */
  notModerator?: string;
}

/** The API's refusal for what the viewer alone decides. */
export function guardError(reason: Refusal, words: GuardWords = {}): AppError {
  switch (reason) {
    case 'signed-out':
      return errors.unauthorized(words.signedOut?.message, words.signedOut?.title);
    case 'unverified':
      return new AppError(403, EMAIL_NOT_VERIFIED, messages.auth.notVerified.title, messages.auth.notVerified.message);
    case 'terms-not-accepted':
      return new AppError(
        403,
        TERMS_NOT_ACCEPTED,
        'Terms & Conditions',
        'You must accept the Terms & Conditions to continue.',
      );
    case 'not-moderator':
      return errors.forbidden(words.notModerator, undefined, 'NOT_MODERATOR');
    default:
      // Resource refusals are the services' to word; a guard never meets one.
      return errors.forbidden();
  }
}

/** A route's guard, naming its action (the authorization matrix reads it from the registered route). */
export type Guard = preHandlerAsyncHookHandler & { readonly action: Action };

/** A route's preValidation hook: the viewer may attempt `action` at all, or the request is refused. */
export function guard(action: Action, words?: GuardWords): Guard {
  const hook: preHandlerAsyncHookHandler = async function guardAction(request: FastifyRequest) {
    const reason = viewerRefusal(request.viewer, action);
    if (reason) throw guardError(reason, words);
  };
  return Object.assign(hook, { action });
}
