/**
 * The cache keys of the profile's sections (query-keys.ts's rules), apart from query-keys.ts so that
 * only the pages that draw these sections carry them.
 */
/** The groups a student is invited to or joined, and what they share with them (the profile). */
export const groupKeys = {
  invitations: ['groups', 'invitations'] as const,
  invitationCount: ['groups', 'invitations', 'count'] as const,
  invitation: (token: string) => ['groups', 'invitation', token] as const,
  mine: ['groups', 'mine'] as const,
  sharing: ['groups', 'sharing'] as const,
};

/** The student's saved searches (the profile). */
export const savedSearchKeys = { all: ['saved-searches'] as const };
