import { messages } from '../../shared/messages';
import type { Me } from '../../shared/schemas/me';
import { guardError } from '../auth/guard';
import type { Viewer } from '../auth/session';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { recordTermsAcceptance } from './queries';

export function toMe(viewer: Viewer): Me {
  return {
    isModerator: viewer.isModerator,
    id: viewer.id,
    name: viewer.name,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    termsAccepted: viewer.termsAccepted,
  };
}

/** Records that the viewer accepted the terms; only the version currently in force can be accepted. */
export async function acceptTerms(db: Database, viewer: Viewer, version: string, currentVersion: string): Promise<Me> {
  if (!viewer.emailVerified) throw guardError('unverified');
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
  return toMe({ ...viewer, termsAcceptedAt: at, termsVersion: currentVersion, termsAccepted: true });
}
