import { messages } from '../../shared/messages';
import type { Me } from '../../shared/schemas/me';
import { EMAIL_NOT_VERIFIED, hasAcceptedTerms, type Viewer } from '../auth/session';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { recordTermsAcceptance } from './queries';

export function toMe(viewer: Viewer, termsVersion: string, isModerator = false): Me {
  return {
    isModerator,
    id: viewer.id,
    name: viewer.name,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    termsAccepted: hasAcceptedTerms(viewer, termsVersion),
  };
}

/** Records that the viewer accepted the terms; only the version currently in force can be accepted. */
export async function acceptTerms(
  db: Database,
  viewer: Viewer,
  version: string,
  currentVersion: string,
  isModerator = false,
): Promise<Me> {
  if (!viewer.emailVerified) {
    throw new AppError(403, EMAIL_NOT_VERIFIED, messages.auth.notVerified.title, messages.auth.notVerified.message);
  }
  if (version !== currentVersion) {
    throw new AppError(
      409,
      'TERMS_VERSION_CHANGED',
      messages.auth.termsChanged.title,
      messages.auth.termsChanged.message,
    );
  }
  const at = new Date();
  await recordTermsAcceptance(db, viewer.id, currentVersion, at);
  return toMe({ ...viewer, termsAcceptedAt: at, termsVersion: currentVersion }, currentVersion, isModerator);
}
