/**
 * The roommate agreement's signature rule (issue 34): a signature covers the SHA-256 of the exact
 * text of one version (agreementText, hashed by the server); an edit makes a new version, so every
 * earlier signature stops counting; a member who leaves is no longer a party (their signature is
 * not listed, the others' still count); a member who joins after a signature needs a new round
 * (a signature counts only if everyone who is now a party was one when it was made).
 */

/** A clause as stored in a version. */
export interface AgreementClause {
  key: string;
  title: string;
  status: 'agreed' | 'to-discuss' | 'standing';
  text: string;
  difference?: string;
}

/** The exact text a version's hash covers: its number, then each clause's title and text. */
export function agreementText(version: number, clauses: readonly Pick<AgreementClause, 'title' | 'text'>[]): string {
  return [`Roommate agreement, version ${version}`, ...clauses.map((c) => `${c.title}\n${c.text}`)].join('\n\n');
}

/** A party: the group's admin or a member who joined. */
export interface AgreementParty {
  userId: string;
  name: string;
}

export interface SignatureRecord {
  userId: string;
  version: number;
  textHash: string;
  /** The parties (user ids) when it was signed. */
  parties: readonly string[];
  signedAt: Date;
}

/** Whether `signature` counts for the current version, text and parties. */
export function signatureCounts(
  signature: SignatureRecord,
  current: { version: number; textHash: string; parties: readonly AgreementParty[] },
): boolean {
  return (
    signature.version === current.version &&
    signature.textHash === current.textHash &&
    current.parties.some((p) => p.userId === signature.userId) &&
    current.parties.every((p) => signature.parties.includes(p.userId))
  );
}

export interface SignatureStanding {
  /** Each party, in order, with when their signature that counts was made (null: not signed). */
  parties: { userId: string; name: string; signedAt: Date | null }[];
  /** When the last party signed, once every party has; else null. */
  signedByAllAt: Date | null;
}

export function signatureStanding(
  signatures: readonly SignatureRecord[],
  current: { version: number; textHash: string; parties: readonly AgreementParty[] },
): SignatureStanding {
  const counting = signatures.filter((s) => signatureCounts(s, current));
  const parties = current.parties.map((p) => ({
    userId: p.userId,
    name: p.name,
    signedAt: counting.find((s) => s.userId === p.userId)?.signedAt ?? null,
  }));
  const allSigned = parties.length > 0 && parties.every((p) => p.signedAt !== null);
  const last = Math.max(...parties.map((p) => p.signedAt?.getTime() ?? 0));
  return { parties, signedByAllAt: allSigned ? new Date(last) : null };
}

/** The typed name matches the account's name: the same words, whatever the case and spacing. */
export function sameName(typed: string, accountName: string): boolean {
  const normal = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return normal(typed) !== '' && normal(typed) === normal(accountName);
}

/** How long a clause may be. */
export const CLAUSE_MAX_LENGTH = 2000;

/** The agreement's words (issue 34). */
export const agreementMessages = {
  pageTitle: 'Roommate agreement',
  toDiscuss: 'To discuss',
  signedByAll: 'Signed by all',
  notALease: 'This is an agreement between roommates, not a lease.',
  failedTitle: 'The Agreement Was Not Changed',
  notSignedTitle: 'The Agreement Was Not Signed',
  clauseSaved: 'Your change to the agreement is saved.',
  signed: 'Your signature is saved.',
  editClears: 'Saving a change makes a new version: every signature is cleared and everyone signs again.',
  confirmLabel: 'I have read every clause of this version and agree to it.',
  changedSinceOpened: 'The agreement changed since you opened it. Read it again before you change or sign it.',
  nameMismatch: 'Type your name as it is on your account to sign.',
  confirmToSign: 'Confirm that you agree to every clause to sign.',
  clauseNotFound: 'This clause is not in the agreement.',
  alreadySigned: 'You have already signed this version.',
  signaturesCleared: 'The agreement changed, so every signature was cleared: everyone signs again.',
  clauseTooLong: (max: number) => `A clause may be at most ${max} characters.`,
  clauseEmpty: 'Write the clause, or keep it as it was.',
  textHashInvalid: 'Open the agreement again: this page does not say which version you read.',
} as const;
